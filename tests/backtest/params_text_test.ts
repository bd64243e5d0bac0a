/**
 * Strategy parameters written as text are read by decimal grammar: before, `fast=0x14` ran with
 * fast=20 (Number() reads hex), `fast=[20]` as 20, and `fast=` (nothing) silently with the default.
 */
import assert from "node:assert/strict";
import { requireStrategy } from "../../analysis/backtest/catalog.ts";
import { resolveParams } from "../../analysis/backtest/params.ts";
import { planGrid } from "../../analysis/backtest/tune.ts";
import { objectFromText } from "../../core/args.ts";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const sma = requireStrategy("sma_cross");

Deno.test("strategy parameters: hex, a list or an empty text are refused, naming the parameter", () => {
  for (const fast of ["0x14", "0b10100", "1,0", [20], "  "]) {
    assert.throws(
      () => resolveParams(sma, { fast, slow: 50 }),
      (e: Error) => /sma_cross parameter `fast`/.test(e.message),
      JSON.stringify(fast),
    );
  }
  assert.throws(
    () => resolveParams(sma, { fast: "" }),
    /`fast` is empty: give a value, or leave it out for the default 20/,
  );
  // what a person writes for a number still reads
  assert.equal(resolveParams(sma, { fast: " 1e1 ", slow: "50" }).fast, 10);
  assert.equal(resolveParams(sma, { fast: 15 }).fast, 15);
  assert.equal(resolveParams(sma, { fast: null }).fast, 20);
});

Deno.test("params text: key=value pairs read numbers by decimal grammar", () => {
  assert.deepEqual(objectFromText("fast=0x14,slow=1e2"), { fast: "0x14", slow: 100 });
});

Deno.test("backtest.run: fast=0x14 is refused before any price is fetched", async () => {
  const e = await envelope("backtest.run", {
    strategy: "sma_cross",
    symbols: "AAPL",
    start_date: "2020-01-01",
    end_date: "2020-12-31",
    fast: "0x14",
  });
  assert.equal(e.ok, false);
  assert.match(String(e.error), /sma_cross parameter `fast` must be an integer, got "0x14"/);
});

Deno.test("backtest.factor.weights: an overflowing score is named as such, not as null", async () => {
  const e = await envelope("backtest.factor.weights", {
    factor_name: "value",
    scores: '{"AAPL":1e400,"MSFT":1}',
  });
  assert.equal(e.ok, false);
  assert.match(String(e.error), /AAPL must be a number .* got a number beyond the largest/);
  assert.doesNotMatch(String(e.error), /got null/);
});

Deno.test("backtest.factor.weights: META=null in key=value text skips META, as the refusal offers", async () => {
  const e = await envelope("backtest.factor.weights", {
    factor_name: "value",
    scores: "AAPL=1,MSFT=2,NVDA=3,AMZN=4,META=null",
  });
  assert.equal(e.ok, true, String(e.error));
  const data = e.data as { skipped: string[]; weights: Record<string, number> };
  assert.deepEqual(data.skipped, ["META"]);
  assert.equal("META" in data.weights, false);
});

Deno.test("strategy parameters: a very long unknown name is cut in the refusal", () => {
  const key = "k".repeat(5000);
  assert.throws(
    () => resolveParams(sma, { [key]: 1 }),
    (e: Error) => e.message.length < 400 && /has no parameter `k{60}…`/.test(e.message),
  );
});

Deno.test("tune grid: a value listed twice runs once, the repeat skipped with why", () => {
  // before: [10, 10] ran twice and the two tied for rank 1; null is the default 20 again
  const plan = planGrid(sma, { fast: [10, 10, 20, null] }, 100);
  assert.deepEqual(plan.combos.map((c) => c.fast), [10, 20]);
  assert.equal(plan.skipped.length, 2);
  assert.match(
    plan.skipped[0].reason,
    /same parameters as an earlier combination \(fast=10 slow=100\)/,
  );
  assert.equal(plan.total, 4);
});

Deno.test("tune grid: an overflowing value is named as such, not as null", () => {
  const plan = planGrid(sma, { fast: [Infinity] }, 100);
  assert.match(plan.skipped[0].reason, /must be an integer, got a number beyond the largest/);
});

Deno.test("backtest.tune: a repeated grid value is said as repeated, runs once, and no tie is claimed", async () => {
  const e = await envelope("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL,MSFT",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    provider: "market_a",
    grid: { fast: [5, 5], slow: [20] },
  }, { replay: [join(FIXTURES, "backtest", "cassette")] });
  assert.equal(e.ok, true, String(e.error));
  const data = e.data as { runs: number; skipped: { params: unknown; reason: string }[] };
  assert.equal(data.runs, 1);
  assert.deepEqual(Object.keys(data.skipped[0]), ["params", "reason"]);
  assert.ok(e.warnings.some((w) => /^1 of 2 combinations repeat an earlier one/.test(w)));
  assert.ok(
    !e.warnings.some((w) => /skipped as invalid|share the best/.test(w)),
    JSON.stringify(e.warnings),
  );
});
