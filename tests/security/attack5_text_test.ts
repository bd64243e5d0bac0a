/**
 * attack5: text that is not text. A JSON string may spell half of a surrogate pair (`"\ud800"`);
 * JSON.parse accepts it and every later step turns it into U+FFFD, so the call ran on a
 * character the caller never sent. Both HTTP doors (`/commands`, `/mcp`) now refuse it, naming
 * where it is (MCP over stdio: attack5_mcp_stdio_test.ts).
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";
import { loneSurrogate } from "../../adapters/well_formed.ts";

const HEAD = "Host: 127.0.0.1\r\nContent-Type: application/json";
const MCP_HEAD = `${HEAD}\r\nAccept: application/json, text/event-stream`;

Deno.test("attack5: a lone surrogate in an argument is refused by /commands and /mcp, naming it", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  try {
    // /commands: the escape stands alone in `symbol`; the body is sent as the JSON text itself
    const lone = await rawRequest(
      s.port,
      `POST /commands/formula.cagr HTTP/1.1\r\n${HEAD}`,
      String.raw`{"start":100,"end":150,"periods":3,"symbol":"AAPL\ud800"}`,
    );
    assert.equal(lone.status, 400, lone.body);
    const env = envelopeOf(lone);
    assert.equal(env.ok, false);
    assert.equal(env.data, null);
    assert.match(env.error!, /lone UTF-16 surrogate .* in `symbol`/);
    // a low half alone, deep in a list, and a key that is one
    const low = await rawRequest(
      s.port,
      `POST /commands/formula.cagr HTTP/1.1\r\n${HEAD}`,
      String.raw`{"start":100,"end":150,"periods":3,"x":{"y":[1,"\udc00"]}}`,
    );
    assert.match(envelopeOf(low).error!, /in `x\.y\[1\]`/);
    const key = await rawRequest(
      s.port,
      `POST /commands/formula.cagr HTTP/1.1\r\n${HEAD}`,
      String.raw`{"start":100,"end":150,"periods":3,"\udfff":1}`,
    );
    assert.equal(key.status, 400, key.body);
    // controls: a whole pair (an emoji, as ASCII-only encoders write it) and an escaped
    // backslash before "ud800" are text, and reach the argument check as before
    for (
      const body of [
        String.raw`{"start":100,"end":150,"periods":3,"symbol":"\ud83d\ude00"}`,
        String.raw`{"start":100,"end":150,"periods":3,"symbol":"\\ud800"}`,
      ]
    ) {
      const r = await rawRequest(s.port, `POST /commands/formula.cagr HTTP/1.1\r\n${HEAD}`, body);
      assert.equal(r.status, 422, r.body);
      assert.match(envelopeOf(r).error!, /unknown argument `symbol`/);
    }
    const good = await rawRequest(
      s.port,
      `POST /commands/formula.cagr HTTP/1.1\r\n${HEAD}`,
      `{"start":100,"end":150,"periods":3}`,
    );
    assert.equal(envelopeOf(good).ok, true, good.body);

    // /mcp: a tools/call whose query holds one is refused before any tool runs
    const call = await rawRequest(
      s.port,
      `POST /mcp HTTP/1.1\r\n${MCP_HEAD}`,
      String
        .raw`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_search","arguments":{"query":"income statement \ud800"}}}`,
    );
    assert.equal(call.status, 400, call.body);
    assert.match(envelopeOf(call).error!, /in `params\.arguments\.query`/);
    const fine = await rawRequest(
      s.port,
      `POST /mcp HTTP/1.1\r\n${MCP_HEAD}`,
      String
        .raw`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_search","arguments":{"query":"income statement \ud83d\udcc8"}}}`,
    );
    assert.equal(fine.status, 200, fine.body);
  } finally {
    await s.stop();
  }
});

Deno.test("attack5: a lone surrogate 100,000 levels deep is found without a stack overflow", () => {
  const deep = "[".repeat(100_000) + String.raw`"\ud800"` + "]".repeat(100_000);
  assert.equal(loneSurrogate(deep)?.path.length, 100_000);
  const wide = `{${
    Array.from({ length: 100_000 }, (_, i) => `"k${i}":"\\ud83d\\ude00"`).join(",")
  },"last":"\\udbff"}`;
  assert.deepEqual(loneSurrogate(wide)?.path, ["last"]);
});
