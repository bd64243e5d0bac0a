/**
 * Sheets (`--output csv|tsv`) keep where their figures came from: valuation.scenario's rows carry
 * its citations, valuation.multiples' one row reads them as a person does (never
 * `urls=[u1, u2]`), and each kpi.history point names the provider its document was read through
 * and when. Every URL in full.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import type { ViewName } from "../../core/command.ts";
import { success } from "../../core/envelope.ts";
import { loadCommand } from "../../commands/registry.ts";
import { FIXTURES, run } from "../_helpers.ts";

/** The cells of a CSV text (quoted cells with commas, quotes and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"', i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") (row.push(cell), cell = "");
    else if (c === "\n") (row.push(cell), rows.push(row), row = [], cell = "");
    else cell += c;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

/** The sheet as records by column name. */
function sheet(data: unknown, view?: ViewName): Record<string, string>[] {
  const { out } = renderOutput(success(data), "csv", { view });
  const [head, ...rows] = parseCsv(out);
  return rows.map((r) => Object.fromEntries(head.map((k, i) => [k, r[i]])));
}

const QUOTE = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=SPOT";
const QS = "https://query2.finance.yahoo.com/v10/finance/quoteSummary/SPOT?formatted=false&" +
  "modules=financialData";
// a long URL (Yahoo's fundamentals request names a hundred series): never cut
const TS = "https://query1.finance.yahoo.com/ws/fundamentals-timeseries/v1/finance/timeseries/" +
  `SPOT?period1=1605916800&period2=1700611200&type=${
    Array.from({ length: 40 }, (_, i) => `annualSeries${i}`).join("%2C")
  }`;
const FX = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=EURUSD%3DX";

/** valuation.scenario's result, as the command returns it. */
const SCENARIO = {
  symbol: "SPOT",
  currency: "USD",
  current_price: 638.18,
  market_cap: 1.3e11,
  market_cap_currency: "USD",
  revenue_currency: "USD",
  shares: 2.05e8,
  shares_source: { source: "Yahoo sharesOutstanding (quote)", as_of: "2026-02-25T12:00:00Z" },
  assumptions: { revenue: 1.6e10, multiple_basis: "price_to_sales" },
  cases: [
    {
      case: "bear",
      revenue: 1.6e10,
      multiple: 5,
      implied_market_cap: 8e10,
      implied_price: 390.2439,
      upside_pct: -38.85,
    },
    {
      case: "base",
      revenue: 1.6e10,
      multiple: 8,
      implied_market_cap: 1.28e11,
      implied_price: 624.3902,
      upside_pct: -2.16,
    },
  ],
  as_of: "2026-02-25T12:00:00.000Z",
  warnings: [],
  provider: "market_a",
  retrieved_at: "2026-02-25T12:00:00.000Z",
  source_urls: [QUOTE, QS],
  citations: [
    {
      fields: "current_price, market_cap, shares",
      provider: "market_a",
      source: "symbol.snapshot: Yahoo Finance quote and quoteSummary APIs",
      urls: [QUOTE, QS],
    },
    {
      fields: "revenue, bear_multiple, base_multiple, bull_multiple",
      provider: "user_input",
      source: "your arguments",
      urls: [],
    },
  ],
  method: {
    implied_market_cap: "revenue × multiple",
    implied_price: "implied_market_cap / shares",
    upside_pct: "(implied_price / current_price − 1) × 100",
  },
};

Deno.test("valuation.scenario csv: every case row carries its citations, each URL whole", () => {
  const rows = sheet(SCENARIO);
  assert.equal(rows.length, 2);
  const want = "symbol.snapshot: Yahoo Finance quote and quoteSummary APIs (market_a): " +
    `current_price, market_cap, shares: ${QUOTE} ${QS} | ` +
    "your arguments (user_input): revenue, bear_multiple, base_multiple, bull_multiple";
  for (const r of rows) assert.equal(r.citations, want);
  // the figures are still there beside it
  assert.equal(rows[0].implied_price, "390.2439");
  assert.equal(rows[1].source_urls, `${QUOTE}; ${QS}`);
});

/** valuation.multiples' result of an ADR (USD cap, EUR revenue, converted at Yahoo's rate). */
const MULTIPLES = {
  symbol: "SPOT",
  provider_symbol: "SPOT",
  price: 638.18,
  currency: "USD",
  market_cap: 1.3e11,
  market_cap_currency: "USD",
  revenue: 1.57e10,
  revenue_currency: "EUR",
  revenue_in_market_currency: 1.7e10,
  revenue_period: "2024-12-31",
  revenue_period_type: "FY",
  fx: { pair: "EURUSD=X", rate: 1.08, as_of: "2026-02-25T12:00:00.000Z" },
  multiples: { price_to_sales: 7.65, ev_to_ebitda: null },
  as_of: "2026-02-25T12:00:00.000Z",
  sources: ["symbol.snapshot (Yahoo quote and quoteSummary)"],
  warnings: [],
  provider: "market_a",
  retrieved_at: "2026-02-25T12:00:00.000Z",
  source_urls: [QUOTE, QS, TS, FX],
  citations: [
    {
      fields: "price, market_cap",
      provider: "market_a",
      source: "symbol.snapshot: Yahoo Finance quote and quoteSummary APIs",
      urls: [QUOTE, QS],
    },
    {
      fields: "revenue, revenue_period",
      provider: "market_a",
      source: "fundamentals.statement: Yahoo Finance fundamentals time series",
      urls: [TS],
    },
    {
      fields: "fx EURUSD=X (EUR to USD, 2026-02-25)",
      provider: "market_a",
      source: "Yahoo Finance quote of EURUSD=X",
      urls: [FX],
    },
    // a source whose request was not recorded says so, never an empty cell part
    { fields: "multiples.ev_to_ebitda", provider: "market_a", source: "elsewhere", urls: [] },
  ],
  method: { price_to_sales: "market_cap / revenue_in_market_currency" },
};

Deno.test("valuation.multiples csv: the citations cell reads source (provider): fields: urls", () => {
  const [row, ...more] = sheet(MULTIPLES);
  assert.equal(more.length, 0);
  assert.equal(
    row.citations,
    [
      `symbol.snapshot: Yahoo Finance quote and quoteSummary APIs (market_a): price, market_cap: ${QUOTE} ${QS}`,
      `fundamentals.statement: Yahoo Finance fundamentals time series (market_a): revenue, revenue_period: ${TS}`,
      `Yahoo Finance quote of EURUSD=X (market_a): fx EURUSD=X (EUR to USD, 2026-02-25): ${FX}`,
      "elsewhere (market_a): multiples.ev_to_ebitda: no URL recorded",
    ].join(" | "),
  );
  // no key=value pairs, no bracketed list putting a comma after each URL
  assert.doesNotMatch(row.citations, /urls=|fields=|\[|https?:\/\/\S+,/);
  // tsv alike: one cell, every URL whole
  const tsv = renderOutput(success(MULTIPLES), "tsv").out.split("\n");
  const at = tsv[0].split("\t").indexOf("citations");
  assert.equal(tsv[1].split("\t")[at], row.citations);
});

Deno.test("kpi.history csv: each point names the provider its document was read through and when", () => {
  const doc = (ref: number, provider: string | null, at: string, url: string | null) => ({
    doc_ref: ref,
    kind: "transcript",
    title: `call ${ref}`,
    period: null,
    published_at: "2025-11-06",
    url,
    accession_no: null,
    section: null,
    source: ref ? "motley_fool" : "file",
    provider,
    retrieved_at: at,
  });
  const point = (ref: number, n: number) => ({
    period: `Q${ref + 2} 2025`,
    published_at: "2025-11-06",
    qualifier: null,
    note: null,
    value: { raw: `$${n} billion`, number: n * 1e9, unit: "USD" },
    comparison: null,
    confidence: "high",
    doc_ref: ref,
    url: null,
    accession_no: null,
    sentence: `ARR was $${n} billion.`,
    start_char: 0,
    end_char: 20,
  });
  const data = {
    symbol: "EXSW",
    source: "transcripts",
    metrics: ["arr"],
    documents: [
      doc(0, null, "2026-02-24T09:00:00.000Z", null),
      doc(1, "transcripts_a", "2026-02-25T12:00:00.000Z", "https://www.fool.com/x/"),
    ],
    history: [],
    series: [{ metric: "arr", points: [point(0, 3.1), point(1, 3.4)] }],
    count: 2,
  };
  const rows = sheet(data, "kpi_history");
  assert.deepEqual(rows.map((r) => [r.provider, r.retrieved_at, r.url]), [
    ["", "2026-02-24T09:00:00.000Z", ""],
    ["transcripts_a", "2026-02-25T12:00:00.000Z", "https://www.fool.com/x/"],
  ]);
});

Deno.test("kpi.history csv from the recorded transcripts: provider and time read on every row", async () => {
  const outcome = await run("kpi.history", { symbol: "EXSW", metrics: "arr", limit: 2 }, {
    replay: [join(FIXTURES, "evidence", "transcripts")],
    now: "2026-02-25T12:00:00Z",
  });
  assert.equal(outcome.envelope.ok, true, outcome.envelope.error ?? "");
  const def = await loadCommand("kpi.history");
  const csv = renderOutput(outcome.envelope, "csv", { view: def.view }).out;
  const [head, ...rows] = parseCsv(csv);
  assert.ok(rows.length > 0);
  const at = (k: string) => head.indexOf(k);
  assert.ok(at("provider") > at("source") && at("retrieved_at") < at("url"), head.join(","));
  for (const r of rows) {
    assert.equal(r[at("provider")], "transcripts_a");
    assert.equal(r[at("retrieved_at")], "2025-11-20T12:00:00.000Z");
  }
});
