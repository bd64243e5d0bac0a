/**
 * A ticker the provider spells another way (BRK.B, which Yahoo calls BRK-B) is backtested under
 * the name the user gave, not reported missing after its bars were fetched.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;
const base = {
  strategy: "sma_cross",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};

Deno.test("backtest.run: BRK.B is loaded as BRK-B and reported as BRK.B", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...base,
    symbols: "AAPL,BRK.B",
    params: { fast: 5, slow: 20 },
  }, replay);
  const d = dataOf(env);
  assert.deepEqual(d.data.symbols, ["AAPL", "BRK.B"]);
  assert.ok(d.trades.some((t: Data) => t.symbol === "BRK.B"), JSON.stringify(d.trades));
  // the same bars under the provider's own spelling give the same run
  const dash = dataOf(
    await envelope<Data>("backtest.run", {
      ...base,
      symbols: "AAPL,BRK-B",
      params: { fast: 5, slow: 20 },
    }, replay),
  );
  assert.equal(dash.metrics.total_return, d.metrics.total_return);
});

Deno.test("backtest.tune: BRK.B is not a missing symbol", async () => {
  const env = await envelope<Data>("backtest.tune", {
    ...base,
    symbols: "BRK.B",
    grid: { fast: [5, 10], slow: [20] },
  }, replay);
  const d = dataOf(env);
  assert.deepEqual(d.data.symbols, ["BRK.B"]);
  assert.deepEqual(d.data.missing_symbols, []);
  assert.ok(d.leaderboard.length >= 1);
});
