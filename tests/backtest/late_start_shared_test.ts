/** backtest.run states where its aligned window starts; market.ohlcv's late-start note (measured
 * from the warm-up's earlier start) is not repeated beside it. */
import assert from "node:assert/strict";
import { sharedWarnings } from "../../analysis/backtest/load.ts";

Deno.test("backtest: market.ohlcv's late-start warning is left to the run's own aligned-window note", () => {
  const late =
    "QQQ: the bars start at 2026-01-20, 384 days after start_date 2025-01-01: the provider has no earlier bars (a listing that began trading then, a provider whose history starts there, or a shorter recording), so the rows cover less than the window asked";
  const out = sharedWarnings([{ warnings: [late, "QQQ: a note of its own"] }], ["QQQ"]);
  assert.deepEqual(out, ["market.ohlcv QQQ: a note of its own"]);
});
