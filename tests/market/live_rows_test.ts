/**
 * Yahoo's weekly, monthly and intraday series while a period is still running: the period's
 * bar and, beside it, a row of the latest trading stamped at the latest trade (a "weekly bar"
 * dated Wednesday after the week's bar dated Monday). Read as it is, a week has two bars. The
 * charts are shaped as Yahoo's v8 answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

interface Row {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

function chart(granularity: string, rows: Row[], adj = true) {
  const ts = rows.map((r) => sec(r.t));
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "TSTW",
          exchangeName: "NMS",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          timezone: "EST",
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: rows.at(-1)!.c,
          regularMarketTime: ts.at(-1),
          dataGranularity: granularity,
        },
        timestamp: ts,
        indicators: {
          quote: [{
            open: rows.map((r) => r.o),
            high: rows.map((r) => r.h),
            low: rows.map((r) => r.l),
            close: rows.map((r) => r.c),
            volume: rows.map((r) => r.v),
          }],
          ...(adj ? { adjclose: [{ adjclose: rows.map((r) => r.c) }] } : {}),
        },
      }],
      error: null,
    },
  };
}

function yahoo(body: unknown): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v8/finance/chart/TSTW") return Promise.resolve(json(body));
    return rest(input, init);
  };
}

Deno.test("market.ohlcv 1wk: Yahoo's live row of this week is part of the week's bar", async () => {
  const weeks: Row[] = [
    { t: "2025-02-03T05:00:00Z", o: 100, h: 104, l: 99, c: 103, v: 5_000_000 },
    { t: "2025-02-10T05:00:00Z", o: 103, h: 106, l: 101, c: 105, v: 4_000_000 },
    { t: "2025-02-18T05:00:00Z", o: 105, h: 107, l: 102, c: 104, v: 3_000_000 },
    // this week's bar (Monday and Tuesday) and Wednesday's live row
    { t: "2025-02-24T05:00:00Z", o: 104, h: 108, l: 103, c: 107, v: 2_000_000 },
    { t: "2025-02-26T20:30:00Z", o: 107, h: 110, l: 106, c: 109, v: 900_000 },
  ];
  const env = (await run("market.ohlcv", {
    symbols: "TSTW",
    timeframe: "1wk",
    start_date: "2025-02-03",
    end_date: "2025-02-26",
    provider: "market_a",
  }, { fetch: yahoo(chart("1wk", weeks)), now: "2025-02-26T21:00:00Z" })).envelope;
  const d = dataOf(env) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), [
    "2025-02-03",
    "2025-02-10",
    "2025-02-18",
    "2025-02-24",
  ]);
  assert.deepEqual(d.rows.at(-1), {
    date: "2025-02-24",
    open: 104,
    high: 110,
    low: 103,
    close: 109,
    adj_close: 109,
    volume: 2_900_000,
  });
});

Deno.test("market.ohlcv 1mo: the live row of the running month is merged; a new month is not", async () => {
  const months: Row[] = [
    { t: "2025-01-01T05:00:00Z", o: 100, h: 110, l: 95, c: 108, v: 50 },
    { t: "2025-02-01T05:00:00Z", o: 108, h: 112, l: 101, c: 102, v: 40 },
    { t: "2025-03-01T05:00:00Z", o: 102, h: 103, l: 97, c: 98, v: 20 },
    { t: "2025-03-12T20:00:00Z", o: 98, h: 99, l: 96, c: 97, v: 3 },
  ];
  const d = dataOf(
    (await run("market.ohlcv", {
      symbols: "TSTW",
      timeframe: "1mo",
      start_date: "2025-01-01",
      end_date: "2025-03-12",
      provider: "market_a",
    }, { fetch: yahoo(chart("1mo", months)), now: "2025-03-12T21:00:00Z" })).envelope,
  ) as Any;
  assert.deepEqual(d.rows.map((r: Any) => [r.date, r.low, r.close, r.volume]), [
    ["2025-01-01", 95, 108, 50],
    ["2025-02-01", 101, 102, 40],
    ["2025-03-01", 96, 97, 23],
  ]);
});

Deno.test("market.ohlcv 5m: a live row stamped inside the last 5-minute bar is merged into it", async () => {
  const bars: Row[] = [
    { t: "2025-02-26T20:45:00Z", o: 100, h: 100.5, l: 99.8, c: 100.2, v: 1000 },
    { t: "2025-02-26T20:50:00Z", o: 100.2, h: 100.6, l: 100.1, c: 100.4, v: 1200 },
    { t: "2025-02-26T20:55:00Z", o: 100.4, h: 100.7, l: 100.3, c: 100.5, v: 1500 },
    // the latest trade, 20:58:31 UTC, inside the 20:55 bar
    { t: "2025-02-26T20:58:31Z", o: 100.5, h: 100.9, l: 100.5, c: 100.8, v: 300 },
  ];
  const d = dataOf(
    (await run("market.ohlcv", {
      symbols: "TSTW",
      timeframe: "5m",
      start_date: "2025-02-26",
      end_date: "2025-02-26",
      provider: "market_a",
    }, { fetch: yahoo(chart("5m", bars, false)), now: "2025-02-26T21:00:00Z" })).envelope,
  ) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), [
    "2025-02-26T20:45:00Z",
    "2025-02-26T20:50:00Z",
    "2025-02-26T20:55:00Z",
  ]);
  assert.deepEqual(d.rows.at(-1), {
    date: "2025-02-26T20:55:00Z",
    open: 100.4,
    high: 100.9,
    low: 100.3,
    close: 100.8,
    adj_close: null,
    volume: 1800,
  });
});
