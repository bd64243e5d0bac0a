/**
 * The /commands door refuses what /mcp refuses: a compressed body is answered 415 before it is
 * read (it was parsed as JSON and called "not valid JSON"); with browser origins allowed, a
 * preflight still passes the Host and Origin checks first (it was answered before them, a
 * foreign origin with an empty 403).
 */
import assert from "node:assert/strict";
import { createHandler } from "../../mod.ts";

const URL_ = "http://127.0.0.1:8765/commands/formula.cagr";

Deno.test("serve: a compressed body is refused before it is read, saying to send it plain", async () => {
  const handle = createHandler({});
  const gz = await new Response(
    new Blob(['{"start":100,"end":150,"periods":3}']).stream().pipeThrough(
      new CompressionStream("gzip"),
    ),
  ).bytes();
  for (const coding of ["gzip", "deflate", "br", "GZIP, identity"]) {
    const res = await handle(
      new Request(URL_, {
        method: "POST",
        headers: {
          host: "127.0.0.1:8765",
          "content-type": "application/json",
          "content-encoding": coding,
        },
        body: gz,
      }),
    );
    assert.equal(res.status, 415, coding);
    assert.equal(res.headers.get("accept-encoding"), "identity");
    const body = await res.json();
    assert.equal(body.ok, false);
    assert.match(body.error, /never decompressed: send the JSON uncompressed/);
  }
  const plain = await handle(
    new Request(URL_, {
      method: "POST",
      headers: {
        host: "127.0.0.1:8765",
        "content-type": "application/json",
        "content-encoding": "identity",
      },
      body: '{"start":100,"end":150,"periods":3}',
    }),
  );
  assert.equal(plain.status, 200);
  await plain.body?.cancel();
});

Deno.test("serve: with CORS on, a preflight passes the Host and Origin checks first", async () => {
  const handle = createHandler({ corsOrigins: ["https://app.example"] });
  const preflight = (host: string, origin: string) =>
    handle(
      new Request(URL_.replace("127.0.0.1:8765", host), {
        method: "OPTIONS",
        headers: { host, origin, "access-control-request-method": "POST" },
      }),
    );
  const rebound = await preflight("evil.example", "https://app.example");
  assert.equal(rebound.status, 421);
  assert.match((await rebound.json()).error, /does not answer to the host name `evil\.example`/);
  const foreign = await preflight("127.0.0.1:8765", "https://other.example");
  assert.equal(foreign.status, 403);
  assert.match((await foreign.json()).error, /Origin: https:\/\/other\.example/);
  const listed = await preflight("127.0.0.1:8765", "https://app.example");
  assert.equal(listed.status, 204);
  assert.equal(listed.headers.get("access-control-allow-origin"), "https://app.example");
});
