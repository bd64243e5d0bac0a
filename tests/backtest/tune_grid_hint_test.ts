/**
 * backtest.tune takes a strategy's parameters inside grid= only: slow=60 beside it was refused as
 * an unknown argument with no word of where it goes. The refusal now writes the grid that fixes
 * it, on the CLI and through the library alike.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";

Deno.test("backtest.tune: a parameter given beside grid= is refused with the grid that fixes it", async () => {
  const { envelope } = await run("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL",
    start_date: "2015-01-01",
    end_date: "2016-12-31",
    grid: { fast: [5, 10] },
    slow: 60,
  });
  assert.equal(envelope.ok, false);
  assert.match(envelope.error!, /unknown argument `slow` for backtest\.tune/);
  assert.match(envelope.error!, /goes inside grid=.*grid='\{"slow":\[60\]\}'/);
  // a near miss of the command's own argument is still named as such
  const typo = await run("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL",
    start_date: "2015-01-01",
    end_date: "2016-12-31",
    grid: { fast: [5, 10] },
    metrc: "sharpe_ratio",
  });
  assert.match(typo.envelope.error!, /did you mean `metric`\?/);
  assert.doesNotMatch(typo.envelope.error!, /goes inside grid=/);
});
