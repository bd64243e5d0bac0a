/**
 * Attack: a request line in absolute form (`GET http://evil.example/openapi.json HTTP/1.1`) with
 * an allowed `Host`. Deno takes the request's URL from the request line, so the guard passed the
 * Host header while the routes used the other name: /openapi.json answered 200 with
 * `servers: [{url: "http://evil.example:9"}]`, the address the /docs page sends its reader's
 * token to. Both names are checked now. Real servers on loopback.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";
import { createHandler } from "../../adapters/http.ts";

for (const args of [["serve"], ["mcp", "--http"]]) {
  Deno.test(`attack: an absolute-form request line naming another host is refused (finance ${args.join(" ")})`, async () => {
    const s = await spawnFinance(args);
    try {
      const host = `Host: 127.0.0.1:${s.port}`;
      for (const target of ["/openapi.json", "/health", "/docs", "/mcp"]) {
        const res = await rawRequest(
          s.port,
          `GET http://evil.example:9${target} HTTP/1.1\r\n${host}`,
        );
        assert.equal(res.status, 421, `${target}: ${res.body.slice(0, 200)}`);
        assert.ok(!res.body.includes('"servers"'), target);
        assert.match(envelopeOf(res).error!, /host name `evil\.example`/);
      }
      const post = await rawRequest(
        s.port,
        `POST http://evil.example/commands/formula.margin HTTP/1.1\r\n${host}\r\nContent-Type: application/json`,
        '{"numerator":1,"denominator":4}',
      );
      assert.equal(post.status, 421);
      // the same request in absolute form naming this server is answered as before
      const own = await rawRequest(
        s.port,
        `GET http://127.0.0.1:${s.port}/openapi.json HTTP/1.1\r\n${host}`,
      );
      assert.equal(own.status, 200);
      assert.match(
        own.body,
        new RegExp(`"servers":\\[\\{"url":"http://127\\.0\\.0\\.1:${s.port}"`),
      );
      const plain = await rawRequest(s.port, `GET /health HTTP/1.1\r\n${host}`);
      assert.equal(plain.status, 200);
    } finally {
      await s.stop();
    }
  });
}

Deno.test("attack: the handler checks the request URL's host beside the Host header", async () => {
  const handler = createHandler();
  const refused = await handler(
    new Request("http://evil.example/openapi.json", { headers: { host: "127.0.0.1" } }),
  );
  assert.equal(refused.status, 421);
  await refused.body?.cancel();
  const allowed = await handler(
    new Request("http://127.0.0.1:8765/health", { headers: { host: "LOCALHOST:8765" } }),
  );
  assert.equal(allowed.status, 200);
  await allowed.body?.cancel();
});
