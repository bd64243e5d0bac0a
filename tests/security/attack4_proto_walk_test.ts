/**
 * A `__proto__` key hidden behind a big array. The walk that finds it stopped after 100,000
 * values, so `{"scores":[0,0,...200,000 times...,{"__proto__":5}]}` was not refused: the key
 * reached the schemas, which drop it without a word. Now every value is walked (cheaply: only
 * objects and arrays are pushed, the path made into text on a hit), bounded by the body cap.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../adapters/http.ts";
import { ToolCalls } from "../../adapters/mcp_calls.ts";
import { parseToolSet } from "../../adapters/mcp_tools.ts";
import { reservedKeyIn } from "../../core/args.ts";
import { testSession } from "../_helpers.ts";

const ZEROS = Array(200_000).fill("0").join(",");
const HIDDEN =
  `{"factor_name":"m","scores":{"A":1,"B":2},"extra":[${ZEROS},{"x":{"__proto__":5}}]}`;

Deno.test("attack4: a __proto__ key after 200,000 values is found, with its path", () => {
  assert.equal(reservedKeyIn(JSON.parse(HIDDEN)), "extra[200000].x");
  // behind 200,000 empty objects too, and at the top of an array
  const objects = `{"a":[${Array(200_000).fill("{}").join(",")},{"__proto__":1}]}`;
  assert.equal(reservedKeyIn(JSON.parse(objects)), "a[200000]");
  assert.equal(reservedKeyIn(JSON.parse('[1,[{"k":{"__proto__":1}}]]')), "[1][0].k");
  // nested 100,000 deep: no stack overflow, the path found
  const deep = `{"a":${'{"b":'.repeat(100_000)}{"__proto__":1}${"}".repeat(100_000)}}`;
  const path = reservedKeyIn(JSON.parse(deep));
  assert.ok(path?.startsWith("a.b.b.b") && path.endsWith(".b"));
  assert.equal(path!.length, 1 + 2 * 100_000);
});

Deno.test("attack4: the walk over a full 1 MB body stays quick", () => {
  // the worst a body under the cap can hold: about 330,000 empty objects, none with the key
  const body = `{"a":[${Array(330_000).fill("{}").join(",")}]}`;
  assert.ok(body.length < 1_000_000);
  const value = JSON.parse(body);
  const started = performance.now();
  assert.equal(reservedKeyIn(value), null);
  assert.ok(performance.now() - started < 1_000, `${performance.now() - started} ms`);
});

Deno.test("attack4: over HTTP and MCP, the hidden __proto__ is refused (422), never dropped", async () => {
  const handle = createHandler({ session: testSession() });
  const res = await handle(
    new Request("http://127.0.0.1:8765/commands/backtest.factor.weights", {
      method: "POST",
      headers: { host: "127.0.0.1:8765", "content-type": "application/json" },
      body: HIDDEN,
    }),
  );
  assert.equal(res.status, 422);
  assert.match(
    (await res.json()).error,
    /^extra\[200000\]\.x: the key `__proto__` is not accepted/,
  );
  const calls = new ToolCalls(parseToolSet("core"), { session: testSession() });
  const env = await calls.runCommand("backtest.factor.weights", JSON.parse(HIDDEN));
  assert.equal(env.ok, false);
  assert.match(env.error!, /^extra\[200000\]\.x: the key `__proto__` is not accepted/);
});
