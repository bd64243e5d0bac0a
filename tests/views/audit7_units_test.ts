/**
 * Prices with no currency read as what they are. market.ohlcv gives an index's bars currency
 * null (points; a Treasury yield index, percent) and a future in index points currency null,
 * market.quote an index's level currency null: the text table said "rows (30)" and the quote
 * "price: 23.77", bare figures a reader takes for money; the sheet had an empty currency and no
 * unit; the chart of ^TNX said "Level (points)" though its price_basis says percent, and a future
 * in points had a bare "Price" axis. Data shaped as the commands answer (market.ohlcv on Yahoo's
 * v8 chart, market.quote on Yahoo's v7 quote of ^VXAPL as recorded).
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { JUPYTER_DISPLAY, show } from "../../adapters/jupyter.ts";
import type { Envelope } from "../../core/envelope.ts";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";
import { run } from "../_helpers.ts";

const ok = (data: unknown, warnings: string[] = []): Envelope =>
  ({ ok: true, data, error: null, warnings }) as unknown as Envelope;

const URL_OF = (s: string) =>
  `https://query2.finance.yahoo.com/v8/finance/chart/${s}?interval=1d&period1=1756684800&period2=1757030400`;

const bars = (level: number) =>
  ["2025-09-02", "2025-09-03", "2025-09-04"].map((date, i) => ({
    date,
    open: level + i,
    high: level + i + 5,
    low: level + i - 5,
    close: level + i + 1,
    adj_close: level + i + 1,
    volume: 1_000_000,
  }));

/** One market.ohlcv series as the command gives it. */
function series(symbol: string, level: number, currency: string | null, basis: string) {
  return {
    symbol,
    provider_symbol: symbol,
    timeframe: "1d",
    provider: "market_a",
    source: "Yahoo Finance chart API (v8/finance/chart)",
    currency,
    ...(symbol.startsWith("^") ? { market_currency: "USD" } : {}),
    price_basis: basis,
    retrieved_at: "2025-11-21T21:00:00.000Z",
    start_date: "2025-09-02",
    end_date: "2025-09-04",
    count: 3,
    splits: [],
    dividends: [],
    source_urls: [URL_OF(symbol)],
    rows: bars(level),
  };
}

const POINTS = "index levels in points, not money; adj_close as Yahoo states it";
const YIELD = "index levels in percent (a Treasury yield), not money; adj_close as Yahoo states it";
const SPLITS = "OHLC adjusted for splits only; adj_close adjusted for splits and dividends";
const GSPC_WARNING = "^GSPC is an index: its levels are in points, not in USD (Yahoo's currency " +
  "is that of its constituents); currency is left null, and a level is no amount of money to " +
  "convert or add to one";
const ES_WARNING = "ES=F is a futures contract: each price is in index points, not in USD (the " +
  "contract settles in USD at a fixed amount per point); currency is left null, and the price " +
  "is no amount of money";

Deno.test("market.ohlcv text: an index's bars say points, a future's with no currency says so", () => {
  const gspc = renderOutput(ok(series("^GSPC", 5000, null, POINTS), [GSPC_WARNING]), "text").out;
  assert.match(gspc, /rows \(3; open, high, low, close, adj_close in points\)/);
  assert.ok(gspc.includes(GSPC_WARNING.slice(0, 60)), gspc);
  // the notebook's HTML says it too
  const bundle = (show(ok(series("^GSPC", 5000, null, POINTS), [GSPC_WARNING]), {
    command: "market.ohlcv",
  }) as unknown as Record<symbol, () => Record<string, string>>)[JUPYTER_DISPLAY]();
  assert.match(bundle["text/html"], /rows \(3; open, high, low, close, adj_close in points\)/);
  const tnx = renderOutput(ok(series("^TNX", 4.2, null, YIELD)), "text").out;
  assert.match(tnx, /rows \(3; open, high, low, close, adj_close in percent\)/);
  const es = renderOutput(ok(series("ES=F", 5000, null, SPLITS), [ES_WARNING]), "text").out;
  assert.match(es, /rows \(3; open, high, low, close, adj_close: no currency stated/);
  assert.doesNotMatch(es, /adj_close in USD/);
  // a stock beside an index: each table in its own unit, the index's never in the stock's USD
  const both = renderOutput(
    ok({
      timeframe: "1d",
      symbols: {
        AAPL: series("AAPL", 230, "USD", SPLITS),
        "^GSPC": series("^GSPC", 5000, null, POINTS),
      },
      count: 6,
    }),
    "text",
  ).out;
  assert.match(both, /symbols\.AAPL\.rows \(3; open, high, low, close, adj_close in USD\)/);
  assert.match(both, /symbols\.\^GSPC\.rows \(3; open, high, low, close, adj_close in points\)/);
});

Deno.test("market.ohlcv csv: a series with no currency has a unit column", () => {
  const out = renderOutput(
    ok({
      timeframe: "1d",
      symbols: {
        AAPL: series("AAPL", 230, "USD", SPLITS),
        "^GSPC": series("^GSPC", 5000, null, POINTS),
      },
      count: 6,
    }),
    "csv",
  ).out;
  const [head, ...rows] = out.split("\n");
  const cols = head.split(",");
  const unit = cols.indexOf("unit");
  const currency = cols.indexOf("currency");
  assert.ok(unit > 0, head);
  const gspc = rows.find((r) => r.startsWith("^GSPC,"))!.split(",");
  const aapl = rows.find((r) => r.startsWith("AAPL,"))!.split(",");
  assert.equal(gspc[currency], "");
  assert.equal(gspc[unit], "points");
  assert.equal(aapl[currency], "USD");
  assert.equal(aapl[unit], "");
  const es = renderOutput(ok(series("ES=F", 5000, null, SPLITS), [ES_WARNING]), "csv").out;
  assert.match(es.split("\n")[1], /,not stated \(see warnings\),/);
});

Deno.test("market.quote text: an index's level reads in points, never bare", () => {
  const quote = {
    symbol: "^VXAPL",
    provider_symbol: "^VXAPL",
    company_name: "CBOE EQUITY VIXON APPLE",
    quote_type: "INDEX",
    exchange: "Chicago Options",
    currency: null,
    price: 23.77,
    change: -0.5100002,
    change_pct: -2.100495,
    previous_close: 24.28,
    open: null,
    market_cap: null,
    market_cap_currency: null,
    market_state: "CLOSED",
    as_of: "2025-02-14T21:02:02.000Z",
    provider: "market_a",
    source: "Yahoo Finance quote API (v7/finance/quote)",
    source_urls: ["https://query2.finance.yahoo.com/v7/finance/quote?symbols=%5EVXAPL"],
  };
  const out = renderOutput(ok(quote), "text").out;
  assert.match(out, /price:\s+23\.77 points/);
  assert.match(out, /change:\s+-0\.51 points/);
  assert.match(out, /previous_close:\s+24\.28 points/);
  assert.match(out, /change_pct:\s+-2\.10%/);
  const future = renderOutput(
    ok({ ...quote, symbol: "ES=F", quote_type: "FUTURE", price: 6010.25 }),
    "text",
  ).out;
  assert.match(future, /price:\s+6,010\.25 \(no currency stated; see the warnings\)/);
  // a quote with a currency is unchanged
  const usd = renderOutput(ok({ ...quote, quote_type: "EQUITY", currency: "USD" }), "text").out;
  assert.match(usd, /price:\s+USD 23\.77/);
  // the sheet: a unit column beside the empty currency (old: an empty currency, nothing else)
  const [head, row] = renderOutput(ok(quote), "csv").out.split("\n").map((l) => l.split(","));
  assert.equal(row[head.indexOf("currency")], "");
  assert.equal(row[head.indexOf("unit")], "points");
  const [h2, r2] = renderOutput(ok({ ...quote, quote_type: "EQUITY", currency: "USD" }), "csv")
    .out.split("\n").map((l) => l.split(","));
  assert.equal(h2.indexOf("unit"), -1);
  assert.equal(r2[h2.indexOf("currency")], "USD");
});

Deno.test("ohlcv chart: the axis says percent for a yield index, no currency for a future", async () => {
  const tnx = await ohlcvChartSvg(series("^TNX", 4.2, null, YIELD));
  assert.match(tnx, /Level \(percent\)/);
  assert.doesNotMatch(tnx, /points/);
  const gspc = await ohlcvChartSvg(series("^GSPC", 5000, null, POINTS));
  assert.match(gspc, /Level \(points\)/);
  const es = await ohlcvChartSvg(series("ES=F", 5000, null, SPLITS));
  assert.match(es, /Price \(no currency stated\)/);
  const ocdo = await ohlcvChartSvg(series("OCDO.L", 1259.5, "GBp", SPLITS));
  assert.match(ocdo, /Price \(GBp, 1\/100 GBP\)/);
  const aapl = await ohlcvChartSvg(series("AAPL", 230, "USD", SPLITS));
  assert.match(aapl, /Price \(USD\)/);
});

Deno.test("estimates.compare text: a consensus with no stated currency is not shown in yours", async () => {
  const { envelope } = await run("estimates.compare", {
    symbol: "TSM",
    eps: 45,
    consensus_eps: 42,
    currency: "TWD",
    revenue: "2.9T",
    consensus_revenue: "2.7T",
  });
  assert.equal((envelope.data as { currency_check: string }).currency_check, "assumed");
  for (const width of [60, 160]) {
    const out = renderOutput(envelope, "text", { width }).out;
    // old: "comparisons (2; user_value, consensus_value in TWD)" and "consensus_value: TWD 42.00"
    assert.match(out, /comparisons \(2; user_value in TWD\)/, out);
    assert.doesNotMatch(out, /consensus_value[^\n]*TWD/, out);
    assert.match(out, /the gaps assume it is\s+TWD/);
  }
  // the sheet keeps each side's currency and the check (old: gaps with no currency at all)
  const [head, row] = renderOutput(envelope, "csv").out.split("\n").map((l) => l.split(","));
  assert.equal(row[head.indexOf("currency")], "TWD");
  assert.equal(row[head.indexOf("consensus_currency")], "");
  assert.equal(row[head.indexOf("currency_check")], "assumed");
  // both stated: each column in its own
  const usd = await run("estimates.compare", {
    eps: 45,
    consensus_eps: 42,
    consensus_currency: "USD",
  });
  assert.match(renderOutput(usd.envelope, "text").out, /comparisons \(1; consensus_value in USD\)/);
});

Deno.test("kpi.extract text: the figure marked is the one read, not its first twin in the sentence", async () => {
  const html = "<html><head><title>Q3 results</title></head><body><p>Volumes were up 12% and " +
    "operating margin was 12% in the quarter.</p><p>Headcount rose 5% while revenue grew 5% to " +
    "$2.1 billion in the quarter.</p></body></html>";
  const fetch: typeof globalThis.fetch = () =>
    Promise.resolve(new Response(html, { headers: { "content-type": "text/html" } }));
  const { envelope } = await run("kpi.extract", {
    symbol: "EXMP",
    source: "https://www.example.com/investors/q3-results.html",
    metrics: "operating_margin,revenue_growth",
  }, { fetch, now: "2025-11-21T12:00:00Z" });
  const out = renderOutput(envelope, "text", { view: "kpi" }).out;
  // old: "Volumes were up »12%« and operating margin was 12%" and "Headcount rose »5%« while"
  assert.match(out, /Volumes were up 12% and operating margin was »12%« in the quarter\./, out);
  assert.match(out, /Headcount rose 5% while revenue grew »5%« to/, out);
});
