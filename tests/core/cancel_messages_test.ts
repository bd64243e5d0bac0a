/**
 * A call its caller stops (a client gone, a cancellation) says it was stopped: it was told the
 * network failed ("offline or unreachable", "check the URL in a browser"); and a caller's signal
 * aborted before the call starts stops it too (it ran on to the time limit).
 */
import assert from "node:assert/strict";
import { execute } from "../../core/runner.ts";
import { testSession } from "../_helpers.ts";

/** A fetch that answers nothing until its signal aborts. */
const hang = ((_input: unknown, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    const s = init?.signal;
    const stop = () => reject(new DOMException("The signal has been aborted", "AbortError"));
    if (s?.aborted) stop();
    s?.addEventListener("abort", stop);
  })) as typeof fetch;

const ARGS = { source: "https://docs.example.com/report.html" };

Deno.test("cancel: a call stopped by its caller says so, not that the network failed", async () => {
  const session = testSession({ fetch: hang });
  const controller = new AbortController();
  const running = execute("document.read", ARGS, {
    session,
    signal: controller.signal,
    timeoutMs: 60_000,
  });
  setTimeout(() => controller.abort(), 50);
  const { envelope } = await running;
  assert.equal(envelope.ok, false);
  assert.match(envelope.error!, /stopped before an answer came/);
  assert.doesNotMatch(envelope.error!, /offline|unreachable|check the URL|did not finish within/);
});

Deno.test("cancel: a caller's signal aborted before the call starts stops it at once", async () => {
  const session = testSession({ fetch: hang });
  const { envelope } = await execute("document.read", ARGS, {
    session,
    signal: AbortSignal.abort(),
    timeoutMs: 60_000,
  });
  assert.equal(envelope.ok, false);
  assert.match(envelope.error!, /stopped before an answer came/);
  assert.doesNotMatch(envelope.error!, /did not finish within/);
});
