/**
 * A price of 0 in Yahoo's bars is its "none" (VFINX's recorded quarterly bar of 2025-04-01: low
 * 0.0 beside an open of 519.79): left null and said, never a low of 0 that a drawdown or a
 * range would read. An index's level of 0 (a T-bill yield, ^IRX) is a level and stays.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

function chart(symbol: string, type: string, low: number, close: number) {
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol,
          instrumentType: type,
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
        },
        timestamp: [1709562600, 1709649000],
        indicators: {
          quote: [{
            open: [519.79, 0],
            high: [523.3, 0],
            low: [low, 0],
            close: [close, 0],
            volume: [100, 0],
          }],
          adjclose: [{ adjclose: [close, 0] }],
        },
      }],
      error: null,
    },
  };
}

async function bars(symbol: string, type: string, low: number, close: number) {
  const answer = () => Response.json(chart(symbol, type, low, close));
  const out = await run("market.ohlcv", {
    symbols: symbol,
    start_date: "2024-03-04",
    end_date: "2024-03-05",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": answer }),
    now: "2024-04-01T00:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  return { d: out.envelope.data as Any, warnings: out.envelope.warnings };
}

Deno.test("market.ohlcv: Yahoo's price of 0 is no price: null, said", async () => {
  const { d, warnings } = await bars("VFINX", "MUTUALFUND", 0, 520.5);
  // the bar of all zeros is no bar; the other keeps its prices and a null low
  assert.deepEqual(d.rows, [{
    date: "2024-03-04",
    open: 519.79,
    high: 523.3,
    low: null,
    close: 520.5,
    adj_close: 520.5,
    volume: 100,
  }]);
  const w = warnings.find((x) => /price of 0/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /in 2 bar\(s\) \(2024-03-04, 2024-03-05\).*left null/);
});

Deno.test("market.ohlcv: an index's level of 0 is a level", async () => {
  const { d, warnings } = await bars("^IRX", "INDEX", 0, 0.005);
  assert.equal(d.rows[0].low, 0);
  assert.equal(d.rows.length, 2);
  assert.equal(d.rows[1].close, 0);
  assert.ok(!warnings.some((x) => /price of 0/.test(x)));
});
