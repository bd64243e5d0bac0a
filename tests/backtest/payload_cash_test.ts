/**
 * backtest.strategy.payload takes initial_cash as backtest.run does (one shared schema): "1M"
 * and a cash amount with cents are a run's starting cash, so a payload must not refuse them.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;

for (const [given, cash] of [["1M", 1_000_000], ["100000.5", 100000.5]] as const) {
  Deno.test(`backtest.strategy.payload: initial_cash=${given} is taken as backtest.run takes it`, async () => {
    const env = await envelope<Data>("backtest.strategy.payload", {
      strategy_id: "sma_cross",
      start_date: "2023-03-01",
      end_date: "2023-06-30",
      initial_cash: given,
      symbols: "AAPL",
      parameters: { fast: 5, slow: 20 },
      provider: "market_a",
    });
    const d = dataOf(env);
    assert.equal(d.run_args.initial_cash, cash);
    assert.match(d.cli, new RegExp(`initial_cash=${cash}( |$)`));
    // the payload's arguments run as they are, with the same starting cash
    const ran = dataOf(await envelope<Data>("backtest.run", d.run_args, replay));
    assert.equal(ran.config.initial_cash, cash);
  });
}

Deno.test("backtest.strategy.payload: initial_cash=0 is refused as backtest.run refuses it", async () => {
  const env = await envelope<Data>("backtest.strategy.payload", {
    strategy_id: "sma_cross",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    initial_cash: 0,
  });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /initial_cash/);
});
