/**
 * metrics.profit_factor null: the reason says whether any trade closed (buy_hold closes none)
 * or every closed trade won.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;
const base = { start_date: "2023-03-01", end_date: "2023-06-30", provider: "market_a" };

Deno.test("backtest.run buy_hold: profit_factor is null because no trade closed", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...base,
    strategy: "buy_hold",
    symbols: "AAPL",
  }, replay);
  const d = dataOf(env);
  assert.equal(d.metrics.closed_trades, 0);
  assert.equal(d.metrics.profit_factor, null);
  assert.ok(env.warnings.includes("metrics.profit_factor is null: no trade was closed"));
  assert.ok(
    !env.warnings.some((w) => w.includes("no closed trade lost money")),
    env.warnings.join("\n"),
  );
});

Deno.test("backtest.run: profit_factor null with only winning closed trades says so", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...base,
    strategy: "sma_cross",
    symbols: "AAPL,MSFT",
    params: { fast: 5, slow: 20 },
  }, replay);
  const d = dataOf(env);
  assert.ok(d.metrics.closed_trades > 0);
  assert.equal(d.metrics.profit_factor, null);
  assert.ok(env.warnings.includes("metrics.profit_factor is null: no closed trade lost money"));
});
