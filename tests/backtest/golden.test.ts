/**
 * The engine answers exactly as recorded in tests/fixtures/backtest/golden.json (digests of
 * every simulation, leaderboard and command envelope, written by the engine before its speed-up).
 */
import assert from "node:assert/strict";
import { commandCases, goldenCases } from "../fixtures/backtest/golden.ts";
import golden from "../fixtures/backtest/golden.json" with { type: "json" };
import { SHARED } from "../_helpers.ts";

const expected = golden as Record<string, string>;

Deno.test("backtest golden: every strategy's simulations and leaderboards are unchanged", async () => {
  const fresh = await goldenCases();
  assert.ok(Object.keys(fresh).length >= 30);
  for (const [name, digest] of Object.entries(fresh)) {
    assert.equal(digest, expected[name], `${name} changed`);
  }
});

Deno.test("backtest golden: backtest.run and backtest.tune envelopes on recorded bars are unchanged", async () => {
  if (!SHARED) console.log("stooq cases skipped: ../shared/fixtures is absent (fresh clone)");
  const fresh = await commandCases();
  assert.ok(Object.keys(fresh).length >= 3);
  for (const [name, digest] of Object.entries(fresh)) {
    assert.equal(digest, expected[name], `${name} changed`);
  }
});
