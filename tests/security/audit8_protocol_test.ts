/**
 * audit8: request bodies a hostile caller words so that the call would run on something it did
 * not plainly send, on both doors of a real `finance mcp --http` (/commands and /mcp):
 *
 * - a key named twice in one object (`{"start":100,"start":200}`, a tool call naming `name`
 *   twice): JSON.parse keeps the last value without a word, so the call ran on one of the two;
 * - bytes that are not UTF-8 (a Latin-1 "Nestlé"): the body was decoded with U+FFFD in place of
 *   each bad byte and the call ran on text the caller never sent.
 *
 * Both are now refused with an envelope that says what to send, whether the body's length is
 * declared or it comes chunked. Deep nesting and the other framing lies are answered as before.
 */
import assert from "node:assert/strict";
import {
  envelopeOf,
  type RawResponse,
  readResponse,
  type Spawned,
  spawnFinance,
} from "./_spawn.ts";
import { duplicateKey } from "../../adapters/json_keys.ts";

const TOKEN = "audit8-protocol-token-0123";
const KEY = "AVAUDIT8PROTOKEY0123456";

/** Sends raw bytes as a body (declared length, or chunked), reads the answer. */
async function send(
  s: Spawned,
  path: string,
  body: Uint8Array,
  chunked = false,
): Promise<RawResponse> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${s.port}`,
      `Authorization: Bearer ${TOKEN}`,
      "Content-Type: application/json",
      "Accept: application/json, text/event-stream",
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n");
    const enc = new TextEncoder();
    await conn.write(enc.encode(head));
    if (chunked) {
      // two chunks, the second starting inside a character when the body is UTF-8
      const cut = Math.floor(body.length / 2);
      for (const part of [body.subarray(0, cut), body.subarray(cut)]) {
        await conn.write(enc.encode(`${part.length.toString(16)}\r\n`));
        await conn.write(part);
        await conn.write(enc.encode("\r\n"));
        await new Promise((r) => setTimeout(r, 20));
      }
      await conn.write(enc.encode("0\r\n\r\n"));
    } else await conn.write(body);
    return await readResponse(conn);
  } finally {
    try {
      conn.close();
    } catch { /* closed by the server */ }
  }
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function tool(name: string, args: string, extra = ""): string {
  return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}",${extra}"arguments":${args}}}`;
}

/** The answer is our refusal envelope, saying `says`, with no key, token or stack. */
function refused(res: RawResponse, status: number, says: RegExp, what: string) {
  assert.equal(res.status, status, `${what}: ${res.status} ${res.body.slice(0, 300)}`);
  const env = envelopeOf(res);
  assert.equal(env.ok, false, what);
  assert.equal(env.data, null, what);
  assert.match(env.error!, says, `${what}: ${env.error}`);
  for (const bad of [TOKEN, KEY, "    at ", "TypeError", "SyntaxError"]) {
    assert.ok(!res.body.includes(bad), `${what}: the answer holds ${bad}: ${res.body}`);
  }
}

Deno.test("audit8 protocol: a key named twice or a body that is not UTF-8 is refused, never run on a guess", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_ADAPTER_TOKEN: TOKEN,
    ALPHA_VANTAGE_API_KEY: KEY,
  });
  try {
    const twice = /names the key `(start|name)` twice.*send each key once/;
    for (const chunked of [false, true]) {
      const how = chunked ? "chunked" : "declared length";
      // /commands: the calculator ran on start=200 (cagr -9.1%) when the caller may mean 100
      refused(
        await send(
          s,
          "/commands/formula.cagr",
          utf8('{"start":100,"end":150,"start":200,"periods":3}'),
          chunked,
        ),
        422,
        twice,
        `/commands duplicate (${how})`,
      );
      // a key spelled with an escape is the same key
      refused(
        await send(
          s,
          "/commands/formula.cagr",
          utf8('{"start":100,"end":150,"\\u0073tart":200,"periods":3}'),
          chunked,
        ),
        422,
        twice,
        `/commands escaped duplicate (${how})`,
      );
      // /mcp: a tool call naming two tools, or two values of one argument
      refused(
        await send(
          s,
          "/mcp",
          utf8(
            tool("formula.cagr", '{"start":100,"end":150,"periods":3}', '"name":"formula.margin",'),
          ),
          chunked,
        ),
        400,
        twice,
        `/mcp two tool names (${how})`,
      );
      refused(
        await send(
          s,
          "/mcp",
          utf8(tool("formula.cagr", '{"start":100,"start":200,"end":150,"periods":3}')),
          chunked,
        ),
        400,
        /names the key `start` twice in one object \(inside `params.arguments`\)/,
        `/mcp duplicate argument (${how})`,
      );
      // Latin-1 bytes: é is 0xE9, not UTF-8
      const notUtf8 = /not UTF-8 text.*send the JSON encoded as UTF-8/;
      refused(
        await send(
          s,
          "/commands/formula.cagr",
          latin1('{"start":100,"end":150,"periods":3,"note":"Nestl\xe9"}'),
          chunked,
        ),
        400,
        notUtf8,
        `/commands Latin-1 (${how})`,
      );
      refused(
        await send(
          s,
          "/mcp",
          latin1(tool("document.scan", '{"source":"x","query":"Soci\xe9t\xe9 G\xe9n\xe9rale"}')),
          chunked,
        ),
        400,
        notUtf8,
        `/mcp Latin-1 (${how})`,
      );
      // the same calls, well formed, run: é in UTF-8 (split across the two chunks), a repeated
      // value inside a list, and the same key in two objects
      const ok = await send(
        s,
        "/commands/formula.cagr",
        utf8('{"start":100,"end":150,"periods":3}'),
        chunked,
      );
      assert.equal(ok.status, 200, ok.body);
      assert.equal(envelopeOf(ok).ok, true, ok.body);
      const list = await send(
        s,
        "/commands/valuation.npv",
        utf8('{"discount_rate":"10%","cashflows":[-100,60,60],"label":"Société Générale é"}'),
        chunked,
      );
      assert.notEqual(list.status, 400, list.body);
      assert.ok(!/twice|UTF-8/.test(list.body), list.body);
      const mcp = await send(
        s,
        "/mcp",
        utf8(tool("formula.cagr", '{"start":100,"end":150,"periods":3}')),
        chunked,
      );
      assert.equal(mcp.status, 200, mcp.body);
      assert.match(mcp.body, /"cagr\\?":0\.144/, mcp.body);
    }
  } finally {
    await s.stop();
  }
  assert.ok(!s.stderr().includes("internal error"), s.stderr());
});

Deno.test("audit8 protocol: duplicateKey reads keys, not text inside strings, in one pass at any depth", () => {
  assert.equal(duplicateKey("{}"), null);
  assert.equal(duplicateKey('{"a":1,"b":{"a":2},"c":[{"a":1},{"a":1}]}'), null);
  assert.equal(
    duplicateKey('{"s":"a\\":1,\\"s\\":2","k":["a","a"]}'),
    null,
    "text inside a string",
  );
  assert.equal(duplicateKey('{"a\\"":1,"a":2}'), null, "a key ending in an escaped quote");
  assert.deepEqual(duplicateKey('{"a" : 1 ,\n "a" : 2}'), { key: "a", path: [] });
  assert.deepEqual(duplicateKey('{"x":[{"y":1,"y":2}]}'), { key: "y", path: ["x", "[]"] });
  assert.deepEqual(duplicateKey('{"\\u0061":1,"a":2}'), { key: "a", path: [] });
  // 200,000 levels of nesting: no recursion, no stack overflow
  const deep = `{"a":${"[".repeat(200_000)}${"]".repeat(200_000)},"b":{"c":1,"c":2}}`;
  assert.deepEqual(duplicateKey(deep), { key: "c", path: ["b"] });
});
