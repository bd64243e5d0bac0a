import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";

/** Alpha Vantage's daily series without "5. adjusted close" (as its unadjusted series answers). */
const unadjusted: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  const symbol = new URL(url).searchParams.get("symbol")!;
  const day = (close: number) => ({
    "1. open": String(close - 1),
    "2. high": String(close + 1),
    "3. low": String(close - 2),
    "4. close": String(close),
    "5. volume": "1000",
  });
  return Promise.resolve(Response.json({
    "Meta Data": { "2. Symbol": symbol },
    "Time Series (Daily)": { "2024-01-03": day(102), "2024-01-02": day(101) },
  }));
};

Deno.test("market.ohlcv from Alpha Vantage: no adjusted close is made up from the close", async () => {
  const env = await envelope("market.ohlcv", {
    symbols: "AAPL",
    start_date: "2024-01-01",
    end_date: "2024-01-05",
    provider: "market_b",
  }, {
    fetch: unadjusted,
    env: { ALPHA_VANTAGE_API_KEY: "demo-key-123456" },
    now: "2024-01-10T00:00:00Z",
  });
  // deno-lint-ignore no-explicit-any
  const d = dataOf(env) as any;
  const rows = (d.series?.[0] ?? d).rows as {
    close: number;
    adj_close: number | null;
    volume: number;
  }[];
  assert.deepEqual(rows.map((r) => r.close), [101, 102]);
  assert.deepEqual(rows.map((r) => r.adj_close), [null, null]);
  assert.deepEqual(rows.map((r) => r.volume), [1000, 1000]);
});
