/**
 * A refused call shows the command's usage line on the CLI's lean path (adapters/lean.ts) as it does
 * through the runner; a command calling another (`ctx.call`) gets the inner refusal without one.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runLeanTokens } from "../../adapters/lean.ts";
import { leanEntry } from "../../adapters/lean.ts";
import { FIXTURES, testSession } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "backtest", "cassette");

Deno.test("lean: a refused argument ends with the command's usage line, once", async () => {
  const session = testSession({ replay: [CASSETTE], now: "2026-03-10T21:00:00Z" });
  const answer = await runLeanTokens(
    "backtest.tune",
    [
      "sma_cross",
      "AAPL",
      "2020-01-01",
      "2021-01-01",
      'grid={"fast":[5],"slow":[20]}',
      "timeframe=1M",
    ],
    { session, surface: "cli" },
  );
  assert.ok(answer, "the lean path answers a refusal itself");
  assert.equal(answer.status, "usage");
  const error = answer.envelope.error ?? "";
  assert.match(error, /timeframe=1mo/);
  const usage = `(usage: ${leanEntry("backtest.tune")!.usage})`;
  assert.ok(error.endsWith(usage), error);
  assert.equal(error.split("(usage: ").length, 2, "one usage line");
});
