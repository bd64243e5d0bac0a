/**
 * Attack: a provider answers slowly or never. A request made without its call's signal (a
 * provider call site that forgot to pass it: market_a's domain pages) went on for its own 30 s
 * per attempt, and its retries, after the call it was for had been stopped at its time limit.
 * The client now takes the signal of the call it runs in when the request names none.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { withCallScope } from "../../core/call_scope.ts";

Deno.test("attack: a request without a signal stops when its call is stopped", async () => {
  // accepts connections and never answers
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  (async () => {
    for await (const conn of listener) held.push(conn);
  })().catch(() => {});
  const controller = new AbortController();
  try {
    const client = new HttpClient({ politeness: false, backoffBaseMs: 1 });
    const started = performance.now();
    const call = withCallScope("market.sector_heat", controller.signal, 200, () =>
      client.request({
        provider: "market_a",
        url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/v1/finance/sectors`,
      }));
    setTimeout(() => controller.abort(), 200);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      call.then(() => "answered", () => "stopped"),
      new Promise((r) => timer = setTimeout(() => r("still running"), 5_000)),
    ]);
    clearTimeout(timer);
    assert.equal(outcome, "stopped");
    assert.ok(performance.now() - started < 5_000);
  } finally {
    listener.close();
    for (const c of held) {
      try {
        c.close();
      } catch { /* closed */ }
    }
  }
});
