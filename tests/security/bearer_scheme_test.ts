/**
 * The bearer scheme is case-insensitive (RFC 9110 11.1): clients that send "bearer" or
 * "BEARER" with the right token are let in; another scheme or no token is still 401. Every JSON
 * answer carries nosniff, so a browser never reads one as HTML or script.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../mod.ts";

const TOKEN = "right-token-123456";

function ask(handle: ReturnType<typeof createHandler>, authorization: string) {
  return handle(
    new Request("http://127.0.0.1:8765/commands/formula.cagr", {
      method: "POST",
      headers: { host: "127.0.0.1:8765", "content-type": "application/json", authorization },
      body: '{"start":100,"end":150,"periods":3}',
    }),
  );
}

Deno.test("serve: the bearer scheme is read in any case; other schemes stay refused", async () => {
  const handle = createHandler({ token: TOKEN });
  for (
    const auth of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER ${TOKEN}`, `Bearer  ${TOKEN}`]
  ) {
    const res = await ask(handle, auth);
    assert.equal(res.status, 200, auth);
    const body = await res.json();
    assert.equal(body.ok, true, auth);
  }
  for (
    const auth of [`Basic ${TOKEN}`, `Bearer${TOKEN}`, `${TOKEN}`, "Bearer ", `Bearer x${TOKEN}`]
  ) {
    const res = await ask(handle, auth);
    assert.equal(res.status, 401, auth);
    await res.body?.cancel();
  }
});

Deno.test("serve: JSON answers, refusals included, carry x-content-type-options: nosniff", async () => {
  const handle = createHandler({ token: TOKEN });
  for (const auth of [`Bearer ${TOKEN}`, "Bearer wrong"]) {
    const res = await ask(handle, auth);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff", auth);
    await res.body?.cancel();
  }
});
