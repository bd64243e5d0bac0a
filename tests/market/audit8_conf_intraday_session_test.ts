/**
 * market.ohlcv asks Yahoo for the regular session's intraday bars only (includePrePost=false);
 * a pre- or post-market bar Yahoo sends all the same, outside the session it states for that
 * day (meta.tradingPeriods), is left out and said, never passed off as a regular-session bar.
 * A day for which no session is stated keeps its bars.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const period = (start: string, end: string) => ({
  timezone: "EST",
  start: sec(start),
  end: sec(end),
  gmtoffset: -18000,
});

/** A 5m answer of 2025-02-18 (New York, EST): regular session 14:30–21:00 UTC. */
function body(tradingPeriods: unknown) {
  const stamps = [
    "2025-02-18T13:00:00Z", // 08:00 pre-market
    "2025-02-18T14:30:00Z", // 09:30 open
    "2025-02-18T20:55:00Z", // 15:55 last regular bar
    "2025-02-18T21:05:00Z", // 16:05 post-market
  ].map(sec);
  const close = [240, 241, 242, 243];
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "AAPL",
          exchangeName: "NMS",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
          dataGranularity: "5m",
          tradingPeriods,
        },
        timestamp: stamps,
        indicators: {
          quote: [{ open: close, high: close, low: close, close, volume: [5, 6, 7, 8] }],
        },
      }],
      error: null,
    },
  };
}

async function bars(tradingPeriods: unknown) {
  const chart = () => new Response(JSON.stringify(body(tradingPeriods)));
  const out = await run("market.ohlcv", {
    symbols: "AAPL",
    timeframe: "5m",
    start_date: "2025-02-18",
    end_date: "2025-02-18",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": chart }),
    now: "2025-02-20T00:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  return { d: out.envelope.data as Any, warnings: out.envelope.warnings };
}

const regular = [[period("2025-02-18T14:30:00Z", "2025-02-18T21:00:00Z")]];

Deno.test("market.ohlcv 5m: pre- and post-market bars outside the stated session are left out, said", async () => {
  for (const tp of [regular, { pre: [], regular, post: [] }]) {
    const { d, warnings } = await bars(tp);
    assert.deepEqual(d.rows.map((r: Any) => [r.date, r.close, r.volume]), [
      ["2025-02-18T14:30:00Z", 241, 6],
      ["2025-02-18T20:55:00Z", 242, 7],
    ]);
    const w = warnings.find((x) => /outside the regular session/.test(x));
    assert.ok(w, warnings.join("\n"));
    assert.match(w!, /left out 2 5m bar\(s\).*2025-02-18T13:00:00Z, 2025-02-18T21:05:00Z/);
  }
  // a session's end is its last minute (Yahoo's 00:00-23:59 of a market open around the
  // clock): a bar stamped at it is the session's
  const { d } = await bars([[period("2025-02-18T14:30:00Z", "2025-02-18T20:55:00Z")]]);
  assert.deepEqual(d.rows.map((r: Any) => r.close), [241, 242]);
});

Deno.test("market.ohlcv 5m: without a session stated for the day, every bar is kept", async () => {
  for (const tp of [undefined, [], [[period("2025-02-19T14:30:00Z", "2025-02-19T21:00:00Z")]]]) {
    const { d, warnings } = await bars(tp);
    assert.equal(d.rows.length, 4);
    assert.ok(!warnings.some((x) => /outside the regular session/.test(x)));
  }
});
