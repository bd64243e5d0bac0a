/**
 * A `__proto__` key inside an argument's object (`scores: {"__proto__": 5, ...}`): JSON.parse
 * makes it an own property, the schemas' records dropped it without a word (the score vanished
 * from backtest.factor.weights' ranking over HTTP and MCP). It is refused, naming where.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../adapters/http.ts";
import { ToolCalls } from "../../adapters/mcp_calls.ts";
import { parseToolSet } from "../../adapters/mcp_tools.ts";
import { reservedKeyIn } from "../../core/args.ts";
import { testSession } from "../_helpers.ts";

const BODY = '{"factor_name":"m","scores":{"__proto__":5,"A":1,"B":2}}';

Deno.test("attack: a __proto__ key inside an argument is refused over HTTP, never dropped", async () => {
  const handle = createHandler({ session: testSession() });
  const post = (body: string) =>
    handle(
      new Request("http://127.0.0.1:8765/commands/backtest.factor.weights", {
        method: "POST",
        headers: { host: "127.0.0.1:8765", "content-type": "application/json" },
        body,
      }),
    );
  const res = await post(BODY);
  assert.equal(res.status, 422);
  const env = await res.json();
  assert.equal(env.ok, false);
  assert.match(env.error, /^scores: the key `__proto__` is not accepted/);
  // the name as a value is only text: answered
  const fine = await post('{"factor_name":"__proto__","scores":{"A":1,"B":2}}');
  assert.equal(fine.status, 200);
  assert.equal((await fine.json()).ok, true);
});

Deno.test("attack: a __proto__ key inside an argument is refused over MCP", async () => {
  const calls = new ToolCalls(parseToolSet("core"), { session: testSession() });
  const env = await calls.runCommand("backtest.factor.weights", JSON.parse(BODY));
  assert.equal(env.ok, false);
  assert.match(env.error!, /^scores: the key `__proto__` is not accepted/);
});

Deno.test("reservedKeyIn finds the key at any depth, in arrays too, and nothing else", () => {
  assert.equal(reservedKeyIn(JSON.parse('{"a":[{"b":{"__proto__":1}}]}')), "a[0].b");
  // at the top it is an argument name, refused as unknown by the schema with the closest name
  assert.equal(reservedKeyIn(JSON.parse('{"__proto__":{}}')), null);
  assert.equal(reservedKeyIn({ a: "__proto__", b: [1, { c: null }] }), null);
  assert.equal(reservedKeyIn({ a: { constructor: 1, prototype: 2 } }), null);
});
