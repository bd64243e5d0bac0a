/**
 * audit8: /mcp of a real `finance mcp --http` under a hostile caller: a tools/call for a tool
 * that does not exist (an unknown name, `__proto__`, `constructor`, `toString`, a 60,000-character
 * name) is a tool error in words that names the way to find a tool, never a stack or a key; batch
 * abuse (101 messages, an empty batch, repeated ids, garbage members) is refused before any call
 * runs; and a session id from another client opens nothing: the server is stateless, issues no
 * session, and answers a request carrying someone else's id as any other.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, type RawResponse, spawnFinance } from "./_spawn.ts";

const TOKEN = "audit8-mcp-token-0123456";
const KEY = "AVAUDIT8MCPKEY012345678";

Deno.test("audit8 mcp: unknown tools, batch abuse and a foreign session id are answered in words", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_ADAPTER_TOKEN: TOKEN,
    ALPHA_VANTAGE_API_KEY: KEY,
  });
  const post = (body: unknown, extra: string[] = []): Promise<RawResponse> =>
    rawRequest(
      s.port,
      [
        "POST /mcp HTTP/1.1",
        `Host: 127.0.0.1:${s.port}`,
        `Authorization: Bearer ${TOKEN}`,
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
        ...extra,
      ].join("\r\n"),
      JSON.stringify(body),
    );
  const clean = (res: RawResponse, what: string) => {
    for (const bad of [KEY, TOKEN, "    at ", "TypeError", "ZodError"]) {
      assert.ok(!res.body.includes(bad), `${what}: holds ${bad}: ${res.body.slice(0, 400)}`);
    }
  };
  try {
    for (const name of ["nope.nope", "__proto__", "constructor", "toString", "n".repeat(60_000)]) {
      const res = await post({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: { key: KEY } },
      });
      const what = `tools/call ${name.slice(0, 20)}`;
      assert.equal(res.status, 200, what);
      clean(res, what);
      const answer = JSON.parse(res.body);
      assert.equal(answer.id, 1, what);
      assert.equal(answer.result?.isError, true, `${what}: ${res.body.slice(0, 300)}`);
      assert.match(
        answer.result.structuredContent.error,
        /unknown tool `.{1,64}` \(finance_search finds a command by what it does; finance_run runs any of them\)/,
        what,
      );
      assert.ok(res.body.length < 2_000, `${what}: the name is echoed whole`);
    }
    // batch abuse: refused as a whole, with what to send instead
    const ping = (id: unknown) => ({ jsonrpc: "2.0", id, method: "ping" });
    const cases: [unknown, RegExp][] = [
      [Array.from({ length: 101 }, (_, i) => ping(i)), /at most 100 messages.*several requests/],
      [[], /empty JSON-RPC batch/],
      [[ping(5), ping(5)], /two requests of the batch have the id 5/],
      [[ping(1), { jsonrpc: "2.0", id: 1, method: "tools/list", id2: 1 }], /have the id 1/],
      [ping(2 ** 60), /not a whole number the answer can carry back exactly/],
    ];
    for (const [body, says] of cases) {
      const res = await post(body);
      const what = JSON.stringify(body).slice(0, 60);
      assert.equal(res.status, 400, `${what}: ${res.body.slice(0, 300)}`);
      const env = envelopeOf(res);
      assert.equal(env.ok, false, what);
      assert.match(env.error!, says, what);
      clean(res, what);
    }
    // garbage members of a batch: a JSON-RPC parse error, no call runs
    const garbage = await post([1, "x", null, ping(3)]);
    assert.equal(garbage.status, 400);
    assert.match(garbage.body, /-32700/);
    clean(garbage, "garbage batch");
    // no session is issued, and another client's session id opens nothing
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "audit8", version: "1" },
      },
    });
    assert.equal(init.status, 200, init.body);
    assert.equal(init.headers["mcp-session-id"], undefined, "a stateless server issues no session");
    const foreign = await post(ping(9), ["Mcp-Session-Id: 0b6c1f1e-someone-elses-session"]);
    assert.equal(foreign.status, 200, foreign.body);
    assert.deepEqual(JSON.parse(foreign.body), { result: {}, jsonrpc: "2.0", id: 9 });
    assert.equal(foreign.headers["mcp-session-id"], undefined);
  } finally {
    await s.stop();
  }
  assert.ok(!s.stderr().includes(KEY), "the log holds the key");
});
