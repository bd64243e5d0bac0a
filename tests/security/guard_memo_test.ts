/**
 * The guard remembers the last Host and Content-Type that passed, so the hot path tests each once:
 * a different value after one that passed is still checked, on the same handler.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../mod.ts";

function call(
  handle: ReturnType<typeof createHandler>,
  url: string,
  headers: Record<string, string>,
) {
  return handle(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: '{"start":100,"end":150,"periods":3}',
    }),
  );
}

Deno.test("guard: a Host refused after one that passed, and passed again after the refusal", async () => {
  const handle = createHandler({});
  const good = "http://127.0.0.1:8765/commands/formula.cagr";
  const steps: [string, Record<string, string>, number][] = [
    [good, { host: "127.0.0.1:8765" }, 200],
    ["http://evil.example/commands/formula.cagr", { host: "evil.example" }, 421],
    [good, { host: "127.0.0.1:8765" }, 200],
    // the request URL names another host than the Host header (absolute form): both are checked
    ["http://evil.example/commands/formula.cagr", { host: "127.0.0.1:8765" }, 421],
    [good, { host: "127.0.0.1:8765" }, 200],
    [good, { host: "127.0.0.1:8765", "content-type": "text/plain" }, 415],
    [good, { host: "127.0.0.1:8765", "content-type": "application/json; charset=utf-8" }, 200],
    [good, { host: "127.0.0.1:8765", "content-type": "application/x-www-form-urlencoded" }, 415],
  ];
  for (const [url, headers, status] of steps) {
    const res = await call(handle, url, headers);
    assert.equal(res.status, status, `${url} ${JSON.stringify(headers)}`);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
    const body = await res.json();
    assert.equal(body.ok, status === 200);
  }
});

Deno.test("guard: refusals keep their own headers beside the JSON ones", async () => {
  const handle = createHandler({ maxBodyBytes: 10 });
  const res = await call(handle, "http://127.0.0.1:8765/commands/formula.cagr", {
    host: "127.0.0.1:8765",
  });
  assert.equal(res.status, 413);
  assert.equal(res.headers.get("connection"), "close");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
  await res.body?.cancel();
});
