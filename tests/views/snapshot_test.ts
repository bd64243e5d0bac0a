/**
 * Snapshots of the text view (`--output text`) of every command that has a fixture: the
 * project's own cassettes, documents and fake market, plus the shared SEC cassette when present.
 * Review a changed snapshot by reading it; write new ones with `UPDATE_SNAPSHOTS=1`.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { loadCommand } from "../../commands/registry.ts";
import { FIXTURES, ROOT, run, SHARED, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const DIR = join(ROOT, "tests", "views", "snapshots");
const UPDATE = Deno.env.get("UPDATE_SNAPSHOTS") === "1";
const NOW = "2026-02-25T12:00:00Z";
const doc = (name: string) => join(FIXTURES, "document", name);
const cassette = (...p: string[]) => ({ replay: [join(FIXTURES, ...p)], now: NOW });
const market = () => ({ fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" });
const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";
const SMA = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};

interface Case {
  id: string;
  command: string;
  args: Record<string, unknown>;
  opts: () => TestRunOptions;
  shared?: boolean;
}

const CASES: Case[] = [
  // filings: the project's ACME cassette; NVIDIA from the shared SEC cassette
  {
    id: "filings.recent",
    command: "filings.recent",
    args: { symbol: "ACME", limit: 10 },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.statement.acme",
    command: "filings.statement",
    args: { symbol: "ACME" },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.statement.acme_query",
    command: "filings.statement",
    args: { symbol: "ACME", query: "cost", max_rows: 1 },
    opts: () => cassette("filings", "cassette"),
  },
  {
    // a query that matches no line item: a sentence, not an empty grid without a unit
    id: "filings.statement.acme_no_match",
    command: "filings.statement",
    args: { symbol: "ACME", query: "widgets" },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.sections",
    command: "filings.sections",
    args: { symbol: "ACME" },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.read",
    command: "filings.read",
    args: { symbol: "ACME", section: "mda", max_chars: 400 },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.reports",
    command: "filings.reports",
    args: { symbol: "ACME", query: "statements" },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "filings.statement.nvda",
    command: "filings.statement",
    args: { symbol: "NVDA", accession: "0001045810-24-000029", statement: "income" },
    opts: () => ({ replay: [join(SHARED ?? "", "cassettes", "sec")] }),
    shared: true,
  },
  // documents
  {
    id: "document.scan",
    command: "document.scan",
    args: { source: doc("prose.pdf"), query: "effective tax rate" },
    opts: () => ({}),
  },
  {
    id: "document.tables.pdf",
    command: "document.tables",
    args: { source: doc("ruled_table.pdf") },
    opts: () => ({}),
  },
  {
    id: "document.tables.html",
    command: "document.tables",
    args: { source: doc("filing.html") },
    opts: () => ({}),
  },
  {
    id: "document.read",
    command: "document.read",
    args: { source: doc("prose.pdf") },
    opts: () => ({}),
  },
  {
    id: "document.window",
    command: "document.window",
    args: { source: doc("prose.pdf"), match_id: "char_23_41", chars: 200 },
    opts: () => ({}),
  },
  // backtests: the project's bar cassette
  {
    id: "backtest.run",
    command: "backtest.run",
    args: { ...SMA, params: { fast: 5, slow: 20 } },
    opts: () => cassette("backtest", "cassette"),
  },
  {
    id: "backtest.tune",
    command: "backtest.tune",
    args: { ...SMA, grid: { fast: [2, 3, 5], slow: [8, 12, 20] } },
    opts: () => cassette("backtest", "cassette"),
  },
  {
    id: "backtest.describe",
    command: "backtest.describe",
    args: { strategy: "sma_cross" },
    opts: () => ({}),
  },
  // evidence: transcripts, KPIs, news, IR, price moves
  {
    id: "transcripts.search",
    command: "transcripts.search",
    args: { symbol: "EXSW" },
    opts: () => cassette("evidence", "transcripts"),
  },
  {
    id: "transcripts.read",
    command: "transcripts.read",
    args: { source: CALL_URL, max_chars: 600 },
    opts: () => cassette("evidence", "transcripts"),
  },
  {
    id: "transcripts.qa",
    command: "transcripts.qa",
    args: { source: CALL_URL },
    opts: () => cassette("evidence", "transcripts"),
  },
  {
    id: "kpi.extract",
    command: "kpi.extract",
    args: { symbol: "EXSW", source: CALL_URL, limit: 50 },
    opts: () => cassette("evidence", "transcripts"),
  },
  {
    id: "news.search",
    command: "news.search",
    args: { query: "chip export licences", timespan: "7D" },
    opts: () => cassette("evidence", "gdelt"),
  },
  {
    id: "ir.presentations",
    command: "ir.presentations",
    args: { symbol: "EXSW", source: "sec" },
    opts: () => cassette("evidence", "ir"),
  },
  {
    id: "price.moves",
    command: "price.moves",
    args: { symbol: "EXSW", window: "1d", threshold: "5%", years: 1, provider: "stooq" },
    opts: () => ({ replay: [join(FIXTURES, "evidence", "bars")] }),
  },
  // market: the project's fake Yahoo
  { id: "market.quote", command: "market.quote", args: { symbol: "AAPL" }, opts: market },
  { id: "symbol.profile", command: "symbol.profile", args: { symbol: "AAPL" }, opts: market },
  {
    id: "screen.run",
    command: "screen.run",
    args: { query: "day_gainers", count: 2 },
    opts: market,
  },
  { id: "screen.predefined", command: "screen.predefined", args: {}, opts: market },
  {
    id: "calendar.earnings",
    command: "calendar.earnings",
    args: { symbol: "AAPL", limit: 2 },
    opts: market,
  },
  {
    id: "fundamentals.statement",
    command: "fundamentals.statement",
    args: { symbol: "AAPL" },
    opts: market,
  },
  { id: "sector.overview", command: "sector.overview", args: { key: "technology" }, opts: market },
  { id: "market.status", command: "market.status", args: {}, opts: market },
  {
    id: "market.ohlcv",
    command: "market.ohlcv",
    args: {
      symbols: "MSFT",
      start_date: "2023-11-17",
      end_date: "2023-11-21",
      provider: "market_a",
    },
    opts: market,
  },
  { id: "symbol.snapshot", command: "symbol.snapshot", args: { symbol: "AAPL" }, opts: market },
  {
    id: "industry.overview",
    command: "industry.overview",
    args: { key: "semiconductors" },
    opts: market,
  },
  // company facts (the project's FCTS cassette)
  {
    id: "filings.facts",
    command: "filings.facts",
    args: { symbol: "FCTS", concept: "revenue", period: "annual" },
    opts: () => cassette("facts"),
  },
  {
    id: "filings.history",
    command: "filings.history",
    args: { symbol: "FCTS", statement: "income", years: 3 },
    opts: () => cassette("facts"),
  },
  {
    id: "filings.frames",
    command: "filings.frames",
    args: { concept: "Revenues", period: "cy2023", limit: 2 },
    opts: () => cassette("facts"),
  },
  {
    id: "filings.report",
    command: "filings.report",
    args: { symbol: "ACME", report: "consolidated statements of operations", max_rows: 0 },
    opts: () => cassette("filings", "cassette"),
  },
  {
    id: "kpi.history",
    command: "kpi.history",
    args: { symbol: "EXSW", metrics: "arr", limit: 2 },
    opts: () => cassette("evidence", "transcripts"),
  },
  {
    id: "news.analyze",
    command: "news.analyze",
    args: {
      analysis: "timeline",
      symbol: "AAPL",
      start_date: "2026-02-22",
      end_date: "2026-02-24",
    },
    opts: () => cassette("evidence", "gdelt"),
  },
  { id: "backtest.strategies", command: "backtest.strategies", args: {}, opts: () => ({}) },
  // pure calculations
  {
    id: "formula.cagr",
    command: "formula.cagr",
    args: { start: 100, end: 150, periods: 3 },
    opts: () => ({}),
  },
  {
    id: "formula.margin",
    command: "formula.margin",
    args: { numerator: 11969, denominator: 254453 },
    opts: () => ({}),
  },
  {
    id: "valuation.dcf",
    command: "valuation.dcf",
    args: { cashflows: [100, 110, 120], discount_rate: 0.09, terminal_growth: 0.02 },
    opts: () => ({}),
  },
];

/** The text view as a user sees it at 100 columns, with this checkout's path taken out. */
async function textView(c: Case): Promise<string> {
  const outcome = await run(c.command, c.args, c.opts());
  const def = await loadCommand(c.command);
  const r = renderOutput(outcome.envelope, "text", { view: def.view, width: 100 });
  return [r.out, r.err].filter(Boolean).join("\n").replaceAll(ROOT, "<root>/") + "\n";
}

for (const c of CASES) {
  Deno.test({
    name: `text view snapshot: ${c.id}`,
    ignore: c.shared && !SHARED,
    fn: async () => {
      const text = await textView(c);
      const file = join(DIR, `${c.id}.txt`);
      if (UPDATE || !existsSync(file)) {
        if (!UPDATE) {
          throw new Error(`no snapshot ${file}; run with UPDATE_SNAPSHOTS=1 and read it`);
        }
        writeFileSync(file, text);
        return;
      }
      assert.equal(text, readFileSync(file, "utf8"), `text view of ${c.id} changed; review it`);
    },
  });
}
