/**
 * The views by name. A command picks its view with `view:` beside its schema (core/command.ts);
 * a result whose command is unknown (a notebook given only an envelope) is recognised by shape;
 * everything else gets the generic view.
 */
import type { ViewName } from "../../core/command.ts";
import { backtestView, strategiesView, tuneView } from "./backtest.ts";
import { kpiHistoryView, kpiView, qaView } from "./evidence.ts";
import { genericView } from "./generic.ts";
import {
  filingsView,
  newsAnalysisView,
  newsView,
  scanView,
  screenView,
  transcriptsView,
} from "./lists.ts";
import { contextView, isContextData, movesView } from "./price.ts";
import { tablesView } from "./tables_view.ts";
import { type Block, isRecord, type View } from "./model.ts";
import { fundamentalsView, statementView } from "./statement.ts";
import { factsView, framesView, historyView } from "./facts.ts";
import { reportView } from "./report.ts";
import { sectorHeatView, sectorOverviewView, sectorTableView } from "./market.ts";
import { regimeView } from "./regime.ts";
import { snapshotView } from "./market_snapshot.ts";
import { earningsView, marketStatusView } from "./calendar.ts";
import { ohlcvView } from "./bars.ts";
import { quoteView } from "./quote.ts";

/** Every named view. */
export const VIEWS: Record<ViewName, View> = {
  statement: statementView,
  fundamentals: fundamentalsView,
  sector_heat: sectorHeatView,
  scan: scanView,
  news: newsView,
  filings: filingsView,
  transcripts: transcriptsView,
  screen: screenView,
  tables: tablesView,
  backtest: backtestView,
  tune: tuneView,
  kpi: kpiView,
  qa: qaView,
  moves: movesView,
  kpi_history: kpiHistoryView,
  news_analysis: newsAnalysisView,
  history: historyView,
  facts: factsView,
  frames: framesView,
  report: reportView,
  sector_overview: sectorOverviewView,
  sector_table: sectorTableView,
  regime: regimeView,
  snapshot: snapshotView,
  strategies: strategiesView,
  earnings: earningsView,
  market_status: marketStatusView,
  context: contextView,
  ohlcv: ohlcvView,
  quote: quoteView,
};

/** Guesses the view from the data's shape, for envelopes shown without their command. */
export function viewByShape(data: unknown): ViewName | undefined {
  if (!isRecord(data)) return undefined;
  if (Array.isArray(data.rows) && Array.isArray(data.periods) && isRecord(data.filing)) {
    return "statement";
  }
  if (data.run_type === "backtest") return "backtest";
  if (data.run_type === "tune") return "tune";
  if (Array.isArray(data.matches) && "page_count" in data) return "scan";
  if (Array.isArray(data.tables) && "total_detected" in data) return "tables";
  if (Array.isArray(data.kpis) && Array.isArray(data.documents)) return "kpi";
  if (Array.isArray(data.qa_pairs)) return "qa";
  if (Array.isArray(data.moves) && "threshold_pct" in data) return "moves";
  if (isContextData(data)) return "context";
  if (Array.isArray(data.articles) && typeof data.request_url === "string") return "news";
  if (Array.isArray(data.filings) && typeof data.cik === "string") return "filings";
  if (Array.isArray(data.transcripts)) return "transcripts";
  if (Array.isArray(data.quotes) && "total" in data) return "screen";
  return undefined;
}

/** The blocks of a result: the named view, else the generic one. */
export function viewBlocks(data: unknown, view?: ViewName): Block[] {
  if (view) {
    const blocks = VIEWS[view](data);
    if (blocks.length) return blocks;
  }
  return genericView(data);
}
