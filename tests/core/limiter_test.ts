import assert from "node:assert/strict";
import { sleep } from "../../core/limiter.ts";

Deno.test("limiter: a wait under a signal that has already aborted rejects at once", async () => {
  // before, the abort event had fired already and the wait ran its whole length
  await assert.rejects(sleep(600_000, AbortSignal.abort()), { name: "AbortError" });
  const late = new AbortController();
  const waiting = sleep(600_000, late.signal);
  late.abort();
  await assert.rejects(waiting, { name: "AbortError" });
});
