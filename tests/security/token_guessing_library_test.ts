/**
 * The library's createHandler, embedded in another app's Deno.serve: the client's address
 * Deno.serve passes must reach the adapter, or the limit on wrong tokens never counts anyone.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../mod.ts";

Deno.test("library createHandler: wrong tokens from one client end in 429, as under finance serve", async () => {
  const handle = createHandler({ token: "right-token-123456" });
  const info = { remoteAddr: { transport: "tcp" as const, hostname: "10.9.9.9", port: 40000 } };
  const ask = (token: string) =>
    handle(
      new Request("http://127.0.0.1:8765/commands/formula.cagr", {
        method: "POST",
        headers: {
          host: "127.0.0.1:8765",
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
        },
        body: '{"start":100,"end":150,"periods":3}',
      }),
      info,
    );
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await ask(`guess-${i}`);
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
  assert.equal(statuses[10], 429);
  const right = await ask("right-token-123456");
  assert.equal(right.status, 429, "a blocked client is not compared, even with the right token");
  await right.body?.cancel();
});
