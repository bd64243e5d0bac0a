/**
 * Attacks on what the servers echo and merge: the shared cache's password given as a query
 * (`redis://host?password=`) must not show on /health; MCP names and URIs of half a megabyte
 * must not come back whole (nor twice); a `__proto__` beside finance_run's command must be an
 * argument refused as unknown, not the prototype of the merged arguments; deeply nested JSON
 * and duplicate keys get envelopes. Real servers on loopback.
 */
import assert from "node:assert/strict";
import { envelopeOf, freePort, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

const PASSWORD = "hunter2secretPW";

Deno.test("attack2: /health does not show the shared cache's password given as a query", async () => {
  // nobody listens on the port: the status says it is down, with its address, password hidden
  const s = await spawnFinance(["serve"], {
    FINANCE_CACHE: `redis://127.0.0.1:${freePort()}/0?password=${PASSWORD}`,
  });
  try {
    const res = await rawRequest(s.port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1");
    assert.equal(res.status, 200);
    assert.ok(!res.body.includes(PASSWORD), res.body);
    const health = JSON.parse(res.body);
    assert.match(health.cache.shared.url, /password=\*\*\*/);
  } finally {
    await s.stop();
  }
});

Deno.test("attack2: sources.status over HTTP does not show the shared cache's password given as a query", async () => {
  const s = await spawnFinance(["serve"], {
    FINANCE_CACHE: `redis://127.0.0.1:${freePort()}/0?password=${PASSWORD}`,
  });
  try {
    const res = await rawRequest(
      s.port,
      "POST /commands/sources.status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
      "{}",
    );
    assert.equal(res.status, 200, res.body);
    assert.ok(!res.body.includes(PASSWORD), res.body);
    assert.match(res.body, /password=\*\*\*/);
  } finally {
    await s.stop();
  }
});

const MCP = "Host: 127.0.0.1\r\nContent-Type: application/json\r\n" +
  "Accept: application/json, text/event-stream";

function rpc(s: Spawned, method: string, params: unknown) {
  return rawRequest(
    s.port,
    `POST /mcp HTTP/1.1\r\n${MCP}`,
    JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  );
}

Deno.test("attack2: MCP names, URIs and keys of half a megabyte are not echoed back", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  const huge = "x".repeat(500_000);
  try {
    const cases: [string, string, unknown, RegExp][] = [
      ["tool name", "tools/call", { name: huge, arguments: {} }, /unknown tool/],
      ["prompt", "prompts/get", { name: huge }, /unknown prompt/],
      ["resource", "resources/read", { uri: huge }, /Resource not found/],
      [
        "argument name",
        "tools/call",
        { name: "finance_search", arguments: { [huge]: 1 } },
        /unknown argument/,
      ],
      [
        "command name",
        "tools/call",
        { name: "finance_run", arguments: { command: huge } },
        /unknown command/,
      ],
    ];
    for (const [what, method, params, said] of cases) {
      const res = await rpc(s, method, params);
      assert.equal(res.status, 200, what);
      assert.ok(res.body.length < 5_000, `${what}: a ${res.body.length}-character answer`);
      assert.match(res.body, said, what);
    }
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});

Deno.test("attack2: __proto__, duplicate keys and deep nesting in arguments (mcp --http and serve)", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  try {
    const call = (body: string) => rawRequest(s.port, `POST /mcp HTTP/1.1\r\n${MCP}`, body);
    const structured = (body: string) => JSON.parse(body).result.structuredContent;
    // beside the command, in `arguments`, and as the command's own body: never read as a value
    const beside = await call(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":' +
        '{"command":"formula.cagr","__proto__":{"start":100},"end":150,"periods":3}}}',
    );
    // (the MCP SDK's own schema reads tool arguments by assignment, so there the key is gone
    // before finance sees it: what matters is that start=100 is never taken from it)
    assert.equal(structured(beside.body).ok, false);
    assert.match(structured(beside.body).error, /unknown argument `__proto__`|`start`/);
    const inside = await call(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":' +
        '{"command":"formula.cagr","arguments":{"__proto__":{"start":100},"end":150,"periods":3}}}}',
    );
    assert.match(structured(inside.body).error, /unknown argument `__proto__`/);
    const direct = await rawRequest(
      s.port,
      "POST /commands/document.read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
      '{"__proto__":{"source":"/etc/passwd"}}',
    );
    assert.equal(direct.status, 422);
    assert.match(envelopeOf(direct).error!, /unknown argument `__proto__`/);
    // a key named twice is refused before either value is read
    const twice = await rawRequest(
      s.port,
      "POST /commands/document.read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
      '{"source":"https://example.com/a.pdf","source":"/etc/passwd"}',
    );
    assert.equal(envelopeOf(twice).ok, false);
    assert.match(envelopeOf(twice).error!, /refused/);
    // 200,000 levels of nesting: an envelope, quickly, the server still up
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    for (const path of ["/commands/formula.cagr", "/commands/document.read"]) {
      const started = performance.now();
      const res = await rawRequest(
        s.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json`,
        `{"start":${deep},"source":${deep}}`,
      );
      assert.equal(res.status, 422, path);
      assert.equal(envelopeOf(res).ok, false);
      assert.ok(performance.now() - started < 5_000);
    }
    const nested = await call(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":{"command":"formula.cagr","arguments":{"start":${deep}}}}}`,
    );
    assert.equal(structured(nested.body).ok, false);
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});
