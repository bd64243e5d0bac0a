/**
 * What a person reads keeps every figure with its unit and citation: the newest bars of a long
 * series, KPI points with their sources, both factor baskets, a valuation's headline figures,
 * the earnings surprise, market hours with their time zone, honestly named times, each part of
 * a question with its own offsets, rates as percents.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { recordsTable } from "../../adapters/views/records_table.ts";
import type { Block } from "../../adapters/views/model.ts";
import type { ViewName } from "../../core/command.ts";
import { success } from "../../core/envelope.ts";
import { loadCommand } from "../../commands/registry.ts";
import { FIXTURES, run, SHARED, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const NOW = "2026-02-25T12:00:00Z";
const cassette = (...p: string[]): TestRunOptions => ({ replay: [join(FIXTURES, ...p)], now: NOW });
const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";

/** A command's output as the CLI prints it (text at 100 columns, or a sheet), and its data. */
async function output(
  command: string,
  args: Record<string, unknown>,
  opts: TestRunOptions,
  mode: "text" | "csv",
) {
  const { envelope } = await run(command, args, opts);
  assert.ok(envelope.ok, String(envelope.error));
  const def = await loadCommand(command);
  return { out: renderOutput(envelope, mode, { view: def.view, width: 100 }).out, envelope };
}

/** A sheet as records keyed by its header. */
function parseCsv(text: string): Record<string, string>[] {
  const rows = text.split("\n").map((line) => {
    const cells: string[] = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') (cur += '"', i++);
      else if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) (cells.push(cur), cur = "");
      else cur += ch;
    }
    return [...cells, cur];
  });
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head.map((k, i) => [k, r[i] ?? ""])));
}

const sheet = (data: unknown, view?: ViewName) =>
  parseCsv(renderOutput(success(data), "csv", { view }).out);
const text = (data: unknown, view?: ViewName, width = 100) =>
  renderOutput(success(data), "text", { view, width }).out;

// ------------------------------------------------------------------ 1. newest bars of a series

const bars = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2023, 0, 2 + i)).toISOString().slice(0, 10);
    return { date: d, open: 100 + i, close: 101 + i, volume: 1000 + i };
  });

Deno.test("text: a long time series shows its newest rows and says which older ones are left out", () => {
  const block = recordsTable("rows", bars(60), "USD") as Extract<Block, { kind: "table" }>;
  assert.equal(block.rows.length, 50);
  assert.equal(block.rows[0][0].text, "2023-01-12", "the 11th bar first: the oldest 10 are cut");
  assert.equal(block.rows.at(-1)![0].text, "2023-03-02", "the newest bar is shown, last");
  assert.match(
    block.note ?? "",
    /oldest 10 of 60 rows not shown \(date 2023-01-02 to 2023-01-11\)/,
  );
  assert.match(block.note ?? "", /--output json or csv/);
});

Deno.test("text: a list in any other order (relevance, newest first) keeps its first rows", () => {
  const ranked = Array.from({ length: 60 }, (_, i) => ({ rank: i + 1, name: `hit ${i + 1}` }));
  const r = recordsTable("matches", ranked) as Extract<Block, { kind: "table" }>;
  assert.equal(r.rows[0][0].text, "1");
  assert.match(r.note ?? "", /^10 more rows not shown/);
  const newestFirst = recordsTable("rows", bars(60).reverse()) as Extract<Block, { kind: "table" }>;
  assert.equal(newestFirst.rows[0][0].text, "2023-03-02");
});

Deno.test({
  name: "market.ohlcv text of a year of Stooq bars ends with December, not March",
  ignore: !SHARED,
  fn: async () => {
    const replay = ["yahoo", "stooq"].map((c) => join(SHARED!, "cassettes", c));
    const { out } = await output(
      "market.ohlcv",
      { symbols: "AAPL", start_date: "2023-01-01", end_date: "2023-12-31" },
      { replay },
      "text",
    );
    assert.match(out, /^2023-12-29 /m);
    assert.doesNotMatch(out, /^2023-01-03 /m);
    assert.match(out, /the oldest 200 of 250 rows not shown \(date 2023-01-03 to 2023-10-18\)/);
  },
});

// ------------------------------------------------------------------ 2. kpi.history points

Deno.test("csv: kpi.history is one row per point with its value, unit and citation", async () => {
  const { out } = await output(
    "kpi.history",
    { symbol: "EXSW", metrics: "arr", limit: 2 },
    cassette("evidence", "transcripts"),
    "csv",
  );
  const rows = parseCsv(out);
  assert.equal(rows.length, 2);
  const q3 = rows.find((r) => r.period === "Q3 2025")!;
  assert.equal(q3.metric, "arr");
  assert.equal(q3.value, "3400000000");
  assert.equal(q3.unit, "USD");
  assert.equal(q3.value_text, "$3.4 billion");
  assert.equal(q3.url, CALL_URL);
  assert.equal(q3.start_char, "552");
  assert.equal(q3.end_char, "645");
  assert.equal(q3.published_at, "2025-11-06");
});

// ------------------------------------------------------------------ 3. both factor baskets

Deno.test("csv: factor weights carry the long and the short basket, each row with its side", async () => {
  const { out } = await output(
    "backtest.factor.weights",
    { factor_name: "momentum", scores: { AAPL: 1.2, MSFT: 0.4, NVDA: 2, TSLA: -1, META: 0.9 } },
    {},
    "csv",
  );
  const rows = parseCsv(out);
  // weights in percent, as the text view shows them, the unit in the header
  assert.deepEqual(rows.map((r) => [r.side, r.symbol, r.weight_pct, r.gross_exposure_pct]), [
    ["long", "NVDA", "50", "100"],
    ["short", "TSLA", "-50", "100"],
  ]);
});

Deno.test("csv: factor scores are one row per rebalance and symbol, basket or not", () => {
  const rows = sheet({
    run_type: "factor_scores",
    factor: { name: "momentum", summary: "", lookback: 21 },
    rebalances: [{
      date: "2024-01-31",
      scores: { A: 2, B: 1, C: -1, D: null },
      long: [{ symbol: "A", weight: 0.5, score: 2 }],
      short: [{ symbol: "C", weight: -0.5, score: -1 }],
      weights: { A: 0.5, B: 0, C: -0.5 },
      gross_exposure: 1,
      net_exposure: 0,
      unscored: ["D"],
    }],
  });
  assert.deepEqual(rows.map((r) => [r.date, r.side, r.symbol, r.weight_pct, r.score]), [
    ["2024-01-31", "long", "A", "50", "2"],
    ["2024-01-31", "short", "C", "-50", "-1"],
    ["2024-01-31", "none", "B", "0", "1"],
    ["2024-01-31", "none", "D", "", ""],
  ]);
});

// ------------------------------------------------------------------ 4. valuation headlines

Deno.test("csv: a DCF's sheet carries its enterprise value and rates on every cash-flow row", async () => {
  const { out, envelope } = await output(
    "valuation.dcf",
    { cashflows: [100, 110, 120], discount_rate: 0.09, terminal_growth: 0.02 },
    {},
    "csv",
  );
  const rows = parseCsv(out);
  const data = envelope.data as { enterprise_value: number };
  assert.equal(rows.length, 3);
  for (const r of rows) {
    assert.equal(Number(r.enterprise_value), data.enterprise_value);
    assert.equal(r["inputs.discount_rate"], "0.09");
    assert.equal(r.terminal_method, "gordon_growth");
  }
  assert.equal(rows[0].present_value !== "", true);
});

Deno.test("csv: valuation.npv and a scenario keep their NPV, current price and currency", async () => {
  const npv = await output(
    "valuation.npv",
    { cashflows: [-100, 60, 60], discount_rate: 0.1 },
    {},
    "csv",
  );
  const rows = parseCsv(npv.out);
  assert.equal(Number(rows[0].npv), (npv.envelope.data as { npv: number }).npv);
  const cases = sheet({
    symbol: "AAPL",
    currency: "USD",
    current_price: 244.6,
    shares: 15e9,
    assumptions: { revenue: 4e11, multiple_basis: "price_to_sales" },
    cases: [{ case: "bear", revenue: 4e11, multiple: 6, implied_price: 159.7646 }],
    warnings: [],
  });
  assert.equal(cases[0].implied_price, "159.7646");
  assert.equal(cases[0].current_price, "244.6");
  assert.equal(cases[0].currency, "USD");
  assert.equal(cases[0]["assumptions.multiple_basis"], "price_to_sales");
  // a headline field named like a row field keeps both
  assert.equal(cases[0]["revenue"], "400000000000");
});

// ------------------------------------------------------------------ 5. earnings surprise

const earnings = {
  symbol: "AAPL",
  rows: [
    ["2025-04-30", null, "date_passed", 1.617, null, null, null, true, "2025-05-05"],
    [null, "2024-12-31", "reported", 2.341, 2.4, 0.06, 2.52, null, null],
    [null, "2024-09-30", "reported", 0.9465, 0.97, 0.02, 2.48, null, null],
    [null, "2024-06-30", "reported", 1.3409, 1.4, 0.06, 4.41, null, null],
    [null, "2024-03-31", "reported", 1.4992, 1.53, 0.03, -2.05, null, null],
  ].map(([date, quarter, status, est, act, diff, surprise, isEst, end]) => ({
    quarter_end: quarter,
    earnings_date: date,
    earnings_date_end: end,
    status,
    date_is_estimate: isEst,
    eps_estimate: est,
    eps_actual: act,
    eps_difference: diff,
    surprise_pct: surprise,
    currency: "USD",
  })),
  count: 5,
  provider: "market_a",
  source: "Yahoo Finance quoteSummary (calendarEvents, earningsHistory)",
};

Deno.test("text: calendar.earnings shows the surprise with its % sign and EPS in its currency", () => {
  const out = text(earnings, "earnings");
  assert.match(out, /^2024-12-31 .* 2\.341 +2\.40 +\+2\.52% +0\.06/m);
  assert.match(out, /-2\.05%/);
  assert.match(out, /EPS estimate\n?.*\n.*USD/);
  assert.match(out, /EPS in USD/);
  assert.match(out, /2025-04-30\*.*2025-05-05/);
  assert.doesNotMatch(out, /not shown at this width/);
});

// ------------------------------------------------------------------ 6. market hours

Deno.test("text: market.status says when it opens and closed, in the exchange's time zone", async () => {
  const { out } = await output(
    "market.status",
    {},
    { fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" },
    "text",
  );
  assert.match(out, /opens 2023-11-22 09:30 America\/New_York \(2023-11-22 14:30:00 UTC\)/);
  assert.match(out, /closed 2023-11-21 16:00 America\/New_York \(2023-11-21 21:00:00 UTC\)/);
  assert.match(out, /local time: +Tue 2023-11-21 18:05 America\/New_York/);
});

// ------------------------------------------------------------------ 7. SEC acceptance times

Deno.test("csv: filings.recent names acceptance times honestly (no Eastern time behind a Z)", async () => {
  const { out, envelope } = await output(
    "filings.recent",
    { symbol: "ACME", limit: 3 },
    cassette("filings", "cassette"),
    "csv",
  );
  const head = out.split("\n")[0].split(",");
  assert.ok(!head.includes("acceptance_datetime"), head.join(","));
  const rows = parseCsv(out);
  assert.equal(rows[0].acceptance_datetime_eastern, "2024-04-25T16:05:10.000-04:00");
  assert.equal(rows[0].accepted_at_utc, "2024-04-25T20:05:10.000Z");
  // the JSON keeps SEC's field as SEC wrote it
  const first = (envelope.data as { filings: Record<string, unknown>[] }).filings[0];
  assert.equal(first.acceptance_datetime, "2024-04-25T16:05:10.000Z");
});

Deno.test("csv: an acceptance time of unknown clock keeps SEC's text under a raw name", () => {
  const rows = sheet({
    filings: [
      {
        form: "8-K",
        acceptance_datetime: "2024-04-25T16:05:10.000Z",
        acceptance_datetime_eastern: null,
        accepted_at_utc: null,
        acceptance_clock: null,
      },
    ],
    cik: "1",
  });
  assert.equal(rows[0].acceptance_datetime_sec_raw, "2024-04-25T16:05:10.000Z");
  assert.ok(!("acceptance_datetime" in rows[0]));
});

// ------------------------------------------------------------------ 8. GDELT first-seen times

Deno.test("csv and text: news times are GDELT's first-seen times, named so", async () => {
  const args = { query: "chip export licences", timespan: "7D" };
  const csv = await output("news.search", args, cassette("evidence", "gdelt"), "csv");
  const head = csv.out.split("\n")[0].split(",");
  assert.ok(head.includes("first_seen_at"));
  assert.ok(!head.includes("published_at"), head.join(","));
  const txt = await output("news.search", args, cassette("evidence", "gdelt"), "text");
  assert.match(txt.out, /^first seen 2026-02-24 15:30:00 UTC · example-news\.com/m);
  // a generic table of articles (news.analyze) drops the repeated column as well
  const table = recordsTable("articles", [
    {
      url: "https://a.example/1",
      first_seen_at: "2026-02-24T15:30:00Z",
      published_at: "2026-02-24T15:30:00Z",
    },
  ]) as Extract<Block, { kind: "table" }>;
  assert.deepEqual(table.columns.map((c) => c.name), ["first_seen_at", "url"]);
});

// ------------------------------------------------------------------ 9. question fragments

Deno.test("text: a follow-up merged into a question prints with its own offsets, in call order", async () => {
  const { out } = await output(
    "transcripts.qa",
    { source: CALL_URL },
    cassette("evidence", "transcripts"),
    "text",
  );
  const first = out.indexOf("Q2. Tom Becker (Sample Securities -- Analyst) [chars 1548–1633]");
  const sam = out.indexOf("A. Sam Lee [chars 1733–1801]");
  const follow = out.indexOf(
    "Q2 (follow-up). Tom Becker (Sample Securities -- Analyst) [chars 1847–1888]",
  );
  const jane = out.indexOf("A. Jane Doe (Chief Executive Officer) [chars 1927–1986]");
  assert.ok(first >= 0 && sam > first && follow > sam && jane > follow, out);
  assert.match(out.slice(follow), /^.*\n {2}Thanks\. And a quick follow-up on pricing\?/);
});

// ------------------------------------------------------------------ 10. rates as percents

Deno.test("text: calculators print rates as percents; the JSON keeps fractions", async () => {
  const { out, envelope } = await output(
    "valuation.wacc",
    {
      equity_value: 10e9,
      debt_value: 1e9,
      cost_of_equity: 0.1,
      cost_of_debt: 0.05,
      tax_rate: 0.21,
    },
    {},
    "text",
  );
  assert.match(out, /^wacc: +9\.45%$/m);
  assert.match(out, /^inputs\.tax_rate: +21\.00%$/m);
  assert.match(out, /^inputs\.cost_of_equity: +10\.00%$/m);
  assert.match(out, /^cost_of_debt_after_tax: +3\.95%$/m);
  assert.equal((envelope.data as { wacc: number }).wacc, 0.0945);
  // an input keeps its digits; a money figure named after the rate is not a rate
  const capm = text({ cost_of_equity: 0.0965957, inputs: { risk_free: 0.04617 } });
  assert.match(capm, /cost_of_equity: +9\.66%/);
  assert.match(capm, /inputs\.risk_free: +4\.617%/);
  assert.match(text({ irr: 0.0889634, npv_at_irr: -0.0000016 }), /npv_at_irr: +0$/m);
});

Deno.test("a multiple whose name ends in _return is not read as a rate", async () => {
  const { fieldText } = await import("../../adapters/views/model.ts");
  assert.equal(fieldText("move_vs_20d_avg_abs_return", 3.2), "3.2");
  assert.equal(fieldText("market_return", 0.09), "9.00%");
});

Deno.test("text: a factor basket's members read as symbol and percent, exposures as percents", async () => {
  const { out } = await output(
    "backtest.factor.weights",
    { factor_name: "momentum", scores: { AAPL: 1.2, MSFT: 0.4, NVDA: 2, TSLA: -1, META: 0.9 } },
    {},
    "text",
  );
  assert.match(out, /gross_exposure:\s+100\.00%/);
  assert.match(out, /net_exposure:\s+0\.00%/);
  assert.doesNotMatch(out, /exposure:\s+1\s*$/m);
});
