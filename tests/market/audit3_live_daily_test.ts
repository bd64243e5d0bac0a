/**
 * Yahoo's daily series while the day's session runs: the day's bar (stamped at the open) and,
 * after it, a live row of the same date stamped at the latest trade, a copy of the bar with the
 * volume so far, at times with only a close. Keeping the live row alone lost the day's open, high
 * and low; adding the two volumes would count the day twice. The chart is shaped as Yahoo's v8
 * answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { dedupe } from "../../providers/market_a/bars.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const N = null;
/** [stamp, open, high, low, close, adjclose, volume] */
const ROWS: [string, ...(number | null)[]][] = [
  ["2024-03-04T14:30:00Z", 100, 102, 99, 101, 100.5, 5_000_000],
  ["2024-03-05T14:30:00Z", 101, 104, 100.5, 103, 102.5, 3_100_000],
  // the live row of 2024-03-05 at 18:02 New York: a close and the volume so far only
  ["2024-03-05T23:02:00Z", N, N, N, 103.4, N, 3_200_000],
];

/** Yahoo's currentTradingPeriod of 2024-03-05 in New York (regular 09:30 to 16:00). */
const PERIOD = {
  pre: { timezone: "EST", start: sec("2024-03-05T09:00:00Z"), end: sec("2024-03-05T14:30:00Z") },
  regular: {
    timezone: "EST",
    start: sec("2024-03-05T14:30:00Z"),
    end: sec("2024-03-05T21:00:00Z"),
    gmtoffset: -18000,
  },
  post: { timezone: "EST", start: sec("2024-03-05T21:00:00Z"), end: sec("2024-03-06T01:00:00Z") },
};

function chart(period?: unknown) {
  const col = (i: number) => ROWS.map((r) => r[i] as number | null);
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "TSTD",
          exchangeName: "NMS",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          timezone: "EST",
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: 103.4,
          regularMarketTime: sec(ROWS[2][0]),
          dataGranularity: "1d",
          ...(period ? { currentTradingPeriod: period } : {}),
        },
        timestamp: ROWS.map((r) => sec(r[0])),
        indicators: {
          quote: [{ open: col(1), high: col(2), low: col(3), close: col(4), volume: col(6) }],
          adjclose: [{ adjclose: col(5) }],
        },
      }],
      error: null,
    },
  };
}

function yahoo(period?: unknown): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v8/finance/chart/TSTD") return Promise.resolve(json(chart(period)));
    return rest(input, init);
  };
}

Deno.test("market.ohlcv 1d: the live row of today is one bar with the day's, its volume not added", async () => {
  const { envelope } = await run("market.ohlcv", {
    symbols: "TSTD",
    provider: "market_a",
    start_date: "2024-03-04",
    end_date: "2024-03-05",
  }, { fetch: yahoo(), now: "2024-03-05T23:05:00Z" });
  const d = dataOf(envelope) as Any;
  assert.equal(d.count, 2);
  const today = d.rows[1];
  assert.equal(today.date, "2024-03-05");
  assert.equal(today.open, 101);
  assert.equal(today.high, 104);
  assert.equal(today.low, 100.5);
  assert.equal(today.close, 103.4);
  assert.equal(today.volume, 3_200_000);
  // the day's adjustment (102.5 / 103) applied to the later close
  assert.ok(Math.abs(today.adj_close - 102.5 * 103.4 / 103) < 1e-9, String(today.adj_close));
});

Deno.test("dedupe: a full live row keeps its values; the high and low are the extremes of both", () => {
  const bar = { date: "2024-03-05", open: 101, high: 104, low: 100.5, close: 103, adj_close: 103 };
  const out = dedupe([
    { ...bar, volume: 3_100_000 },
    { ...bar, high: 103.9, low: 100, close: 103.6, adj_close: 103.6, volume: 3_250_000 },
  ]);
  assert.deepEqual(out, [{
    date: "2024-03-05",
    open: 101,
    high: 104,
    low: 100,
    close: 103.6,
    adj_close: 103.6,
    volume: 3_250_000,
  }]);
});

const daily = (now: string, timeframe = "1d") =>
  run("market.ohlcv", {
    symbols: "TSTD",
    provider: "market_a",
    timeframe,
    start_date: "2024-03-04",
    end_date: "2024-03-05",
  }, { fetch: yahoo(PERIOD), now });

Deno.test("market.ohlcv 1d: the bar of a session still open is said to be unfinished", async () => {
  const { envelope } = await daily("2024-03-05T18:00:00Z");
  const d = dataOf(envelope) as Any;
  assert.equal(d.rows.at(-1).close, 103.4);
  const w = envelope.warnings.find((x) => /^TSTD: the last bar \(2024-03-05\)/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /still open \(it ends 21:00 UTC\): its close is the latest price/);
});

Deno.test("market.ohlcv 1d: after the session's end, or for a window before it, nothing is said", async () => {
  for (const now of ["2024-03-05T21:30:00Z", "2024-03-05T12:00:00Z"]) {
    const { envelope } = await daily(now);
    assert.ok(!envelope.warnings.some((x) => /still open/.test(x)), `${now}: ${envelope.warnings}`);
  }
  const { envelope } = await run("market.ohlcv", {
    symbols: "TSTD",
    provider: "market_a",
    start_date: "2024-03-04",
    end_date: "2024-03-04",
  }, { fetch: yahoo(PERIOD), now: "2024-03-05T18:00:00Z" });
  assert.equal((dataOf(envelope) as Any).count, 1);
  assert.ok(!envelope.warnings.some((x) => /still open/.test(x)), envelope.warnings.join("\n"));
});

Deno.test("unfinishedBar: a weekly bar of the running week; a finished week or an intraday bar not", async () => {
  const { unfinishedBar } = await import("../../analysis/market/ohlcv_notes.ts");
  const session = { start: sec("2024-03-06T14:30:00Z"), end: sec("2024-03-06T21:00:00Z") };
  const now = new Date("2024-03-06T16:00:00Z");
  const zone = "America/New_York";
  assert.match(
    unfinishedBar("X", "1wk", "2024-03-04", session, zone, now)!,
    /^X: the last bar \(2024-03-04, a 1wk bar\) takes in the session of 2024-03-06, still open/,
  );
  assert.equal(unfinishedBar("X", "1wk", "2024-02-26", session, zone, now), null);
  assert.equal(unfinishedBar("X", "5m", "2024-03-06T15:55:00Z", session, zone, now), null);
  assert.equal(unfinishedBar("X", "1d", "2024-03-06", null, zone, now), null);
});
