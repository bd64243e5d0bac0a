/**
 * The command registry: every command of the contract, loaded on first use so a call pays
 * only for the modules it needs.
 */
import type { CommandDef } from "../core/command.ts";
import { lazyImport } from "../core/lazy.ts";

type Loader = () => Promise<{ default: CommandDef }>;

/** Command name → module loader, in display order. */
export const COMMANDS: Record<string, Loader> = {
  "market.ohlcv": () => lazyImport(new URL("./market/ohlcv.ts", import.meta.url)),
  "market.quote": () => lazyImport(new URL("./market/quote.ts", import.meta.url)),
  "market.regime": () => lazyImport(new URL("./market/regime.ts", import.meta.url)),
  "market.sector_heat": () => lazyImport(new URL("./market/sector_heat.ts", import.meta.url)),
  "market.status": () => lazyImport(new URL("./market/status.ts", import.meta.url)),
  "sources.list": () => lazyImport(new URL("./sources/list.ts", import.meta.url)),
  "sources.status": () => lazyImport(new URL("./sources/status.ts", import.meta.url)),
  "sources.test": () => lazyImport(new URL("./sources/test.ts", import.meta.url)),
  "calendar.company": () => lazyImport(new URL("./calendar/company.ts", import.meta.url)),
  "calendar.earnings": () => lazyImport(new URL("./calendar/earnings.ts", import.meta.url)),
  "symbol.profile": () => lazyImport(new URL("./symbol/profile.ts", import.meta.url)),
  "symbol.snapshot": () => lazyImport(new URL("./symbol/snapshot.ts", import.meta.url)),
  "sector.industries": () => lazyImport(new URL("./sector/industries.ts", import.meta.url)),
  "sector.keys": () => lazyImport(new URL("./sector/keys.ts", import.meta.url)),
  "sector.overview": () => lazyImport(new URL("./sector/overview.ts", import.meta.url)),
  "sector.table": () => lazyImport(new URL("./sector/table.ts", import.meta.url)),
  "industry.keys": () => lazyImport(new URL("./industry/keys.ts", import.meta.url)),
  "industry.overview": () => lazyImport(new URL("./industry/overview.ts", import.meta.url)),
  "industry.table": () => lazyImport(new URL("./industry/table.ts", import.meta.url)),
  "screen.predefined": () => lazyImport(new URL("./screen/predefined.ts", import.meta.url)),
  "screen.run": () => lazyImport(new URL("./screen/run.ts", import.meta.url)),
  "news.analyze": () => lazyImport(new URL("./news/analyze.ts", import.meta.url)),
  "news.search": () => lazyImport(new URL("./news/search.ts", import.meta.url)),
  "price.context": () => lazyImport(new URL("./price/context.ts", import.meta.url)),
  "price.moves": () => lazyImport(new URL("./price/moves.ts", import.meta.url)),
  "estimates.compare": () => lazyImport(new URL("./estimates/compare.ts", import.meta.url)),
  "estimates.consensus": () => lazyImport(new URL("./estimates/consensus.ts", import.meta.url)),
  "filings.read": () => lazyImport(new URL("./filings/read.ts", import.meta.url)),
  "filings.recent": () => lazyImport(new URL("./filings/recent.ts", import.meta.url)),
  "filings.report": () => lazyImport(new URL("./filings/report.ts", import.meta.url)),
  "filings.reports": () => lazyImport(new URL("./filings/reports.ts", import.meta.url)),
  "filings.sections": () => lazyImport(new URL("./filings/sections.ts", import.meta.url)),
  "filings.statement": () => lazyImport(new URL("./filings/statement.ts", import.meta.url)),
  "filings.facts": () => lazyImport(new URL("./filings/facts.ts", import.meta.url)),
  "filings.history": () => lazyImport(new URL("./filings/history.ts", import.meta.url)),
  "filings.frames": () => lazyImport(new URL("./filings/frames.ts", import.meta.url)),
  "transcripts.qa": () => lazyImport(new URL("./transcripts/qa.ts", import.meta.url)),
  "transcripts.read": () => lazyImport(new URL("./transcripts/read.ts", import.meta.url)),
  "transcripts.search": () => lazyImport(new URL("./transcripts/search.ts", import.meta.url)),
  "fundamentals.statement": () =>
    lazyImport(new URL("./fundamentals/statement.ts", import.meta.url)),
  "kpi.extract": () => lazyImport(new URL("./kpi/extract.ts", import.meta.url)),
  "kpi.history": () => lazyImport(new URL("./kpi/history.ts", import.meta.url)),
  "valuation.dcf": () => lazyImport(new URL("./valuation/dcf.ts", import.meta.url)),
  "valuation.irr": () => lazyImport(new URL("./valuation/irr.ts", import.meta.url)),
  "valuation.multiples": () => lazyImport(new URL("./valuation/multiples.ts", import.meta.url)),
  "valuation.npv": () => lazyImport(new URL("./valuation/npv.ts", import.meta.url)),
  "valuation.scenario": () => lazyImport(new URL("./valuation/scenario.ts", import.meta.url)),
  "valuation.wacc": () => lazyImport(new URL("./valuation/wacc.ts", import.meta.url)),
  "formula.adjusted_ebitda": () =>
    lazyImport(new URL("./formula/adjusted_ebitda.ts", import.meta.url)),
  "formula.cagr": () => lazyImport(new URL("./formula/cagr.ts", import.meta.url)),
  "formula.capm": () => lazyImport(new URL("./formula/capm.ts", import.meta.url)),
  "formula.days": () => lazyImport(new URL("./formula/days.ts", import.meta.url)),
  "formula.ebitda": () => lazyImport(new URL("./formula/ebitda.ts", import.meta.url)),
  "formula.enterprise_value": () =>
    lazyImport(new URL("./formula/enterprise_value.ts", import.meta.url)),
  "formula.lease_equivalent": () =>
    lazyImport(new URL("./formula/lease_equivalent.ts", import.meta.url)),
  "formula.margin": () => lazyImport(new URL("./formula/margin.ts", import.meta.url)),
  "formula.net_debt": () => lazyImport(new URL("./formula/net_debt.ts", import.meta.url)),
  "formula.operating_cash": () =>
    lazyImport(new URL("./formula/operating_cash.ts", import.meta.url)),
  "formula.operating_current_assets": () =>
    lazyImport(new URL("./formula/operating_current_assets.ts", import.meta.url)),
  "formula.operating_current_liabilities": () =>
    lazyImport(new URL("./formula/operating_current_liabilities.ts", import.meta.url)),
  "formula.roic": () => lazyImport(new URL("./formula/roic.ts", import.meta.url)),
  "formula.turnover": () => lazyImport(new URL("./formula/turnover.ts", import.meta.url)),
  "formula.wacc": () => lazyImport(new URL("./formula/wacc.ts", import.meta.url)),
  "formula.working_capital": () =>
    lazyImport(new URL("./formula/working_capital.ts", import.meta.url)),
  "research.plan": () => lazyImport(new URL("./research/plan.ts", import.meta.url)),
  "backtest.describe": () => lazyImport(new URL("./backtest/describe.ts", import.meta.url)),
  "backtest.factor.payload": () =>
    lazyImport(new URL("./backtest/factor.payload.ts", import.meta.url)),
  "backtest.factor.weights": () =>
    lazyImport(new URL("./backtest/factor.weights.ts", import.meta.url)),
  "backtest.run": () => lazyImport(new URL("./backtest/run.ts", import.meta.url)),
  "backtest.strategies": () => lazyImport(new URL("./backtest/strategies.ts", import.meta.url)),
  "backtest.strategy.payload": () =>
    lazyImport(new URL("./backtest/strategy.payload.ts", import.meta.url)),
  "backtest.tune": () => lazyImport(new URL("./backtest/tune.ts", import.meta.url)),
  "ir.presentations": () => lazyImport(new URL("./ir/presentations.ts", import.meta.url)),
  "ir.read": () => lazyImport(new URL("./ir/read.ts", import.meta.url)),
  "document.ocr": () => lazyImport(new URL("./document/ocr.ts", import.meta.url)),
  "document.read": () => lazyImport(new URL("./document/read.ts", import.meta.url)),
  "document.scan": () => lazyImport(new URL("./document/scan.ts", import.meta.url)),
  "document.tables": () => lazyImport(new URL("./document/tables.ts", import.meta.url)),
  "document.window": () => lazyImport(new URL("./document/window.ts", import.meta.url)),
};
