import assert from "node:assert/strict";
import { acquire, sleep, trackedBudgets } from "../../core/limiter.ts";

Deno.test("limiter: a wait under a signal that has already aborted rejects at once", async () => {
  // before, the abort event had fired already and the wait ran its whole length
  await assert.rejects(sleep(600_000, AbortSignal.abort()), { name: "AbortError" });
  const late = new AbortController();
  const waiting = sleep(600_000, late.signal);
  late.abort();
  await assert.rejects(waiting, { name: "AbortError" });
});

Deno.test("limiter: an idle host without a policy leaves no state behind", async () => {
  const before = trackedBudgets();
  for (let i = 0; i < 50; i++) (await acquire(`h${i}.example:8080`))();
  assert.equal(trackedBudgets(), before);
  // a host in use keeps its state (and its waiters) until the last slot is freed
  const held = await acquire("busy.example");
  assert.equal(trackedBudgets(), before + 1);
  held();
  assert.equal(trackedBudgets(), before);
  // SEC keeps its spacing between requests, idle or not
  (await acquire("www.sec.gov"))();
  assert.ok(trackedBudgets() >= 1);
  const spaced = trackedBudgets();
  (await acquire("data.sec.gov"))();
  assert.equal(trackedBudgets(), spaced);
});
