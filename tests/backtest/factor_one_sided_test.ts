/**
 * A long_short factor basket that cannot be long/short says so: with one scored symbol (or
 * top_pct taking them all) the weights were 100% long whatever the score, without a word.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

async function weights(args: Record<string, unknown>) {
  const e = await envelope("backtest.factor.weights", { factor_name: "momentum", ...args });
  assert.equal(e.ok, true, String(e.error));
  return e;
}

Deno.test("factor.weights: one symbol under long_short is said to be long only", async () => {
  const e = await weights({ scores: { AAPL: -3.5 } });
  assert.deepEqual((e.data as { weights: Record<string, number> }).weights, { AAPL: 1 });
  assert.ok(
    e.warnings.some((w) => /no symbol is left for the short basket .* 100% net long/.test(w)),
    JSON.stringify(e.warnings),
  );
});

Deno.test("factor.weights: top_pct=1 under long_short is said to be long only", async () => {
  const e = await weights({ scores: { A: 1, B: 2, C: 3 }, top_pct: 1 });
  assert.ok(e.warnings.some((w) => /no symbol is left for the short basket/.test(w)));
});

Deno.test("factor.weights: overlapping quantiles say the short basket is smaller", async () => {
  const e = await weights({ scores: { A: 1, B: 2, C: 3, D: 4 }, top_pct: 0.5, bottom_pct: 0.75 });
  assert.ok(
    e.warnings.some((w) => /add up to more than 1: 1 of the 3 .* short basket holds 2/.test(w)),
    JSON.stringify(e.warnings),
  );
});

Deno.test("factor.weights: a real long/short basket and long_only carry no such note", async () => {
  for (
    const args of [
      { scores: { A: 1, B: 2, C: 3, D: 4, E: 5 } },
      { scores: { A: 1 }, direction: "long_only" },
    ]
  ) {
    const e = await weights(args);
    assert.ok(!e.warnings.some((w) => /short basket/.test(w)), JSON.stringify(e.warnings));
  }
});

Deno.test({
  name: "factor.payload: one symbol under long_short is said once, with the rebalances",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("factor.payload one-sided note");
    if (!shared) return;
    const e = await envelope("backtest.factor.payload", {
      factor_name: "momentum",
      symbols: "AAPL",
      start_date: "2019-01-01",
      end_date: "2019-06-30",
    }, { replay: [join(shared, "cassettes", "stooq")] });
    assert.equal(e.ok, true, String(e.error));
    const notes = e.warnings.filter((w) => /short basket/.test(w));
    assert.deepEqual(notes.length, 1, JSON.stringify(e.warnings));
    assert.match(notes[0], /^6 of 6 rebalances \(2019-01-31 to 2019-06-28\): direction=long_short/);
  },
});
