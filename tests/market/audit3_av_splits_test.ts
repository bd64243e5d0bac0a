/**
 * Alpha Vantage's daily adjusted series gives raw OHLC with each day's split coefficient and
 * dividend beside them. The series came back with splits [] and dividends [] whatever they said,
 * so a 4-for-1 split inside the window was a 75% fall in the closes with nothing to explain it.
 * The answer is shaped as Alpha Vantage's TIME_SERIES_DAILY_ADJUSTED.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { splitOf } from "../../providers/market_b/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** [day, close, adjusted close, dividend, split coefficient] */
const DAYS: [string, number, number, number, number][] = [
  ["2020-08-27", 500.04, 124.42, 0, 1],
  ["2020-08-28", 499.23, 124.22, 0, 1],
  ["2020-08-31", 129.04, 128.43, 0, 4],
  ["2020-09-01", 134.18, 133.55, 0, 1],
];

function answer(): Record<string, unknown> {
  const series: Record<string, Record<string, string>> = {};
  for (const [day, close, adj, div, split] of DAYS) {
    series[day] = {
      "1. open": String(close),
      "2. high": String(close * 1.01),
      "3. low": String(close * 0.99),
      "4. close": String(close),
      "5. adjusted close": String(adj),
      "6. volume": "1000000",
      "7. dividend amount": String(div),
      "8. split coefficient": String(split),
    };
  }
  return { "Meta Data": { "2. Symbol": "AAPL" }, "Time Series (Daily)": series };
}

const fetch = (() =>
  Promise.resolve(
    new Response(JSON.stringify(answer()), { headers: { "content-type": "application/json" } }),
  )) as typeof globalThis.fetch;

Deno.test("market.ohlcv market_b: a split in the window is listed and its raw prices said", async () => {
  const { envelope } = await run("market.ohlcv", {
    symbols: "AAPL",
    provider: "market_b",
    start_date: "2020-08-27",
    end_date: "2020-09-01",
  }, { fetch, env: { ALPHA_VANTAGE_API_KEY: "k" }, now: "2020-09-02T12:00:00Z" });
  const d = dataOf(envelope) as Any;
  assert.equal(d.count, 4);
  assert.deepEqual(d.splits, [{ date: "2020-08-31", ratio: 4, numerator: 4, denominator: 1 }]);
  assert.deepEqual(d.dividends, []);
  const w = envelope.warnings.find((x) => /^AAPL: Alpha Vantage's open/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /4-for-1 split on 2020-08-31/);
  assert.match(w!, /use adj_close/);
});

Deno.test("market.ohlcv market_b: a window after the split says nothing of it", async () => {
  const { envelope } = await run("market.ohlcv", {
    symbols: "AAPL",
    provider: "market_b",
    start_date: "2020-08-31",
    end_date: "2020-09-01",
  }, { fetch, env: { ALPHA_VANTAGE_API_KEY: "k" }, now: "2020-09-02T12:00:00Z" });
  const d = dataOf(envelope) as Any;
  assert.equal(d.count, 2);
  assert.equal(d.splits.length, 1, "the split of the window's first day is listed");
  assert.ok(!envelope.warnings.some((x) => /not adjusted for the/.test(x)));
});

Deno.test("splitOf: forward, reverse and fractional coefficients", () => {
  assert.equal(splitOf("2024-01-02", 1), null);
  assert.equal(splitOf("2024-01-02", null), null);
  assert.deepEqual(splitOf("2024-01-02", 0.1), {
    date: "2024-01-02",
    ratio: 0.1,
    numerator: 1,
    denominator: 10,
  });
  const s = splitOf("2024-01-02", 1.5)!;
  assert.deepEqual([s.numerator, s.denominator], [3, 2]);
});

Deno.test("market.ohlcv market_b 1wk: a split its adjusted closes show is said; no ex-dates made up", async () => {
  // the weekly adjusted series: a bar's dividend, no split coefficient (AAPL's 2020 split)
  const weeks: [string, number, number][] = [
    ["2020-08-21", 497.48, 123.79],
    ["2020-08-28", 499.23, 124.22],
    ["2020-09-04", 120.96, 120.39],
    ["2020-09-11", 112.0, 111.47],
  ];
  const series: Record<string, Record<string, string>> = {};
  for (const [day, close, adj] of weeks) {
    series[day] = {
      "1. open": String(close),
      "2. high": String(close),
      "3. low": String(close),
      "4. close": String(close),
      "5. adjusted close": String(adj),
      "6. volume": "1000000",
      "7. dividend amount": day === "2020-08-28" ? "0.8200" : "0.0000",
    };
  }
  const body = { "Meta Data": {}, "Weekly Adjusted Time Series": series };
  const weekly = (() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    )) as typeof globalThis.fetch;
  const { envelope } = await run("market.ohlcv", {
    symbols: "AAPL",
    provider: "market_b",
    timeframe: "1wk",
    start_date: "2020-08-21",
    end_date: "2020-09-11",
  }, { fetch: weekly, env: { ALPHA_VANTAGE_API_KEY: "k" }, now: "2020-09-12T12:00:00Z" });
  const d = dataOf(envelope) as Any;
  assert.equal(d.count, 4);
  assert.deepEqual(d.dividends, [], "a weekly bar's date is not the dividend's ex-date");
  const w = envelope.warnings.find((x) => /^AAPL: Alpha Vantage's 1wk open/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /between 2020-08-28 and 2020-09-04/);
});
