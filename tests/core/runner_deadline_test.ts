/**
 * A call's time limit holds for work that never yields: the timer that stops a call cannot fire
 * while a synchronous loop runs, so the runner compares the time taken with the limit when the
 * work ends, and an answer past it is refused as the timer would have refused it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { execute } from "../../core/runner.ts";
import { FIXTURES, testSession } from "../_helpers.ts";

Deno.test("a call past its time limit is refused even when its work never yielded to the timer", async () => {
  const session = testSession({ replay: [join(FIXTURES, "backtest", "cassette")] });
  const args = {
    strategy: "sma_cross",
    symbols: "AAPL,MSFT",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    provider: "market_a",
    params: { fast: 5, slow: 20 },
  };
  try {
    // the bars are read once, so the timed call below is the computation alone
    const warm = await execute("backtest.run", args, { session });
    assert.equal(warm.envelope.ok, true, warm.envelope.error ?? "");
    for (let i = 0; i < 3; i++) {
      const timed = await execute("backtest.run", args, { session, timeoutMs: 1 });
      assert.equal(timed.envelope.ok, false);
      assert.equal(timed.envelope.data, null);
      assert.match(timed.envelope.error!, /did not finish within 1 ms/);
    }
    // a limit the work keeps to still answers
    const roomy = await execute("backtest.run", args, { session, timeoutMs: 60_000 });
    assert.equal(roomy.envelope.ok, true, roomy.envelope.error ?? "");
  } finally {
    session.close();
  }
});
