/**
 * Hostile JSON-RPC messages to a real `finance mcp --http` on loopback: a batch of 10,000 calls,
 * an empty batch, two requests of one batch with the same id, ids JSON cannot carry back, a huge
 * id, params and arguments nested 100,000 levels deep, a method name and a tool name of 1 MB, an
 * unknown tool, `__proto__` and `constructor` keys, a session id never issued. Each answer is
 * a JSON-RPC answer or our envelope that says what to do, never an engine's or the schema
 * library's raw text, never the token, and the server keeps serving.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, type RawResponse, type Spawned, spawnFinance } from "./_spawn.ts";

const TOKEN = "audit6-messages-secret-token";
const HEADERS = [
  "Host: 127.0.0.1",
  `Authorization: Bearer ${TOKEN}`,
  "Content-Type: application/json",
  "Accept: application/json, text/event-stream",
];

function post(s: Spawned, body: string, extra: string[] = []): Promise<RawResponse> {
  return rawRequest(s.port, ["POST /mcp HTTP/1.1", ...HEADERS, ...extra].join("\r\n"), body);
}

function call(name: string, args: unknown, id: unknown = 1): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });
}

/** Nothing an engine or zod says reaches the caller, nor the token. */
function assertClean(res: RawResponse, what: string) {
  assert.ok(!res.body.includes(TOKEN), `${what}: the token leaked`);
  assert.doesNotMatch(
    res.body,
    /Maximum call stack|RangeError|TypeError|"code":\s*"invalid_type"|at file:|\.ts:\d+/,
    `${what}: ${res.body.slice(0, 300)}`,
  );
  assert.equal(res.headers["x-content-type-options"], "nosniff", what);
}

/** The envelope of a tools/call answer. */
function toolEnvelope(res: RawResponse) {
  assert.equal(res.status, 200, res.body.slice(0, 300));
  const result = JSON.parse(res.body).result;
  assert.ok(result, res.body.slice(0, 300));
  return result.structuredContent as { ok: boolean; error: string | null };
}

let server: Spawned | undefined;
async function finance(): Promise<Spawned> {
  return server ??= await spawnFinance(["mcp", "--http"], {
    FINANCE_ADAPTER_TOKEN: TOKEN,
    FINANCE_MAX_BODY_BYTES: "3000000",
  });
}

Deno.test({
  name: "audit6 mcp messages",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const s = await finance();
    try {
      await t.step("a batch of 10,000 calls is refused at once, naming the limit", async () => {
        const batch = Array.from({ length: 10_000 }, (_, i) => ({
          jsonrpc: "2.0",
          id: i + 1,
          method: "tools/call",
          params: { name: "finance_search", arguments: { query: "revenue" } },
        }));
        const started = performance.now();
        const res = await post(s, JSON.stringify(batch));
        assert.ok(performance.now() - started < 5000);
        assert.equal(res.status, 400, res.body);
        const env = envelopeOf(res);
        assert.match(env.error!, /at most 100 messages.*holds 10000.*several requests/);
        assertClean(res, "batch");
        // 101 is one too many; 100 are served
        const over = await post(s, JSON.stringify(batch.slice(0, 101)));
        assert.equal(over.status, 400);
        assert.match(envelopeOf(over).error!, /at most 100/);
      });

      await t.step(
        "a batch of 100 reads of the 350 KB OpenAPI resource: 4 MB at most",
        async () => {
          const read = (id: number) => ({
            jsonrpc: "2.0",
            id,
            method: "resources/read",
            params: { uri: "finance://openapi.json" },
          });
          const res = await post(s, JSON.stringify(Array.from({ length: 100 }, (_, i) => read(i))));
          assert.equal(res.status, 200);
          // 35 MB of answer from 7 KB sent, before
          assert.ok(res.body.length < 6_000_000, `${res.body.length} characters`);
          const answers = JSON.parse(res.body) as {
            result?: unknown;
            error?: { message: string };
          }[];
          assert.equal(answers.length, 100);
          const full = answers.filter((a) => a.result);
          assert.ok(full.length >= 1 && full.length <= 12, `${full.length} full answers`);
          const refused = answers.find((a) => a.error)!;
          assert.match(refused.error!.message, /read each resource once/);
          // one read alone is whole
          const one = await post(s, JSON.stringify(read(1)));
          const doc = JSON.parse(JSON.parse(one.body).result.contents[0].text);
          assert.equal(doc.openapi.slice(0, 3), "3.1");
        },
      );

      await t.step("an empty batch is refused, not accepted as nothing (202)", async () => {
        const res = await post(s, "[]");
        assert.equal(res.status, 400);
        assert.match(envelopeOf(res).error!, /empty JSON-RPC batch/);
      });

      await t.step("two requests of a batch with one id: refused, no answer is lost", async () => {
        const res = await post(
          s,
          JSON.stringify([
            { jsonrpc: "2.0", id: 7, method: "ping" },
            { jsonrpc: "2.0", id: 7, method: "tools/list" },
          ]),
        );
        assert.equal(res.status, 400, res.body.slice(0, 300));
        assert.match(envelopeOf(res).error!, /two requests of the batch have the id 7/);
        // a number and a string of the same digits are two ids
        const two = await post(
          s,
          JSON.stringify([
            { jsonrpc: "2.0", id: 7, method: "ping" },
            { jsonrpc: "2.0", id: "7", method: "ping" },
          ]),
        );
        assert.equal(two.status, 200);
        assert.equal(JSON.parse(two.body).length, 2);
      });

      await t.step("an id JSON cannot carry back exactly is refused, saying so", async () => {
        for (const id of ["12345678901234567890123", "1e400", "-9007199254740993"]) {
          const res = await post(s, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
          assert.equal(res.status, 400, id);
          assert.match(envelopeOf(res).error!, /send the id as a string/, id);
        }
        // a huge string id is echoed as given (the body cap bounds it)
        const big = "i".repeat(900_000);
        const res = await post(s, JSON.stringify({ jsonrpc: "2.0", id: big, method: "ping" }));
        assert.equal(res.status, 200);
        assert.equal(JSON.parse(res.body).id, big);
      });

      await t.step("params and arguments 100,000 levels deep: answered in words", async () => {
        const deepList = "[".repeat(100_000) + "]".repeat(100_000);
        const deepObject = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
        const bodies: [string, string][] = [
          [
            "search query",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_search","arguments":{"query":${deepList}}}}`,
          ],
          [
            "search limit",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_search","arguments":{"limit":${deepList}}}}`,
          ],
          [
            "describe",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_describe","arguments":{"command":${deepList}}}}`,
          ],
          [
            "run command",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":{"command":${deepList}}}}`,
          ],
          [
            "run arguments",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":{"command":"formula.cagr","arguments":${deepObject}}}}`,
          ],
          [
            "command tool",
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":{"start":${deepList}}}}`,
          ],
        ];
        for (const [what, body] of bodies) {
          const res = await post(s, body);
          assertClean(res, what);
          const env = toolEnvelope(res);
          assert.equal(env.ok, false, what);
          assert.ok(env.error!.length < 1000, `${what}: ${env.error!.length} characters`);
        }
        // a flat list of words is still read as the request in words
        const words = toolEnvelope(
          await post(s, call("finance_search", { query: ["revenue", "growth"] })),
        );
        assert.equal(words.ok, true, words.error ?? "");
        // MCP params of the wrong shape deep down: a JSON-RPC error in words
        const prompt = await post(
          s,
          `{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"x","arguments":${deepObject}}}`,
        );
        assertClean(prompt, "prompt");
        const error = JSON.parse(prompt.body).error;
        assert.equal(error.code, -32602);
        assert.match(error.message, /^invalid params for prompts\/get: params\.arguments\.a: /);
        const list = await post(
          s,
          `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${deepObject}}`,
        );
        assert.equal(list.status, 200);
        assert.ok(JSON.parse(list.body).result.tools.length > 0);
      });

      await t.step("a method name and a tool name of 1 MB: short answers", async () => {
        const method = await post(
          s,
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "m".repeat(1_000_000) }),
        );
        assert.equal(method.status, 200);
        assert.equal(JSON.parse(method.body).error.code, -32601);
        assert.ok(method.body.length < 500);
        const started = performance.now();
        const tool = await post(s, call("finance_".repeat(125_000), {}));
        assert.ok(performance.now() - started < 5000);
        const env = toolEnvelope(tool);
        assert.match(env.error!, /^unknown tool `finance_finance_/);
        assert.ok(tool.body.length < 2000, `${tool.body.length}`);
      });

      await t.step("an unknown tool: the closest name is suggested", async () => {
        const env = toolEnvelope(await post(s, call("finance_serch", { query: "revenue" })));
        assert.equal(env.ok, false);
        assert.match(env.error!, /unknown tool `finance_serch`; did you mean `finance_search`\?/);
        const cmd = toolEnvelope(await post(s, call("finance_filings_statment", {})));
        assert.match(cmd.error!, /did you mean `finance_filings_statement`\?/);
      });

      await t.step("__proto__ and constructor keys are refused as arguments", async () => {
        const payloads = [
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":{"__proto__":{"start":1},"start":100,"end":150,"periods":3}}}`,
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":{"command":"formula.cagr","arguments":{"\\u005f_proto__":{"x":1},"start":100,"end":150,"periods":3}}}}`,
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":{"constructor":{"prototype":{"polluted":1}},"start":100,"end":150,"periods":3}}}`,
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_run","arguments":{"command":"formula.cagr start=100 end=150 periods=3","__proto__":{"polluted":1}}}}`,
        ];
        for (const body of payloads) {
          const env = toolEnvelope(await post(s, body));
          assert.equal(env.ok, false, body);
          assert.match(env.error!, /__proto__|constructor/, body);
        }
        // the server's objects were not polluted: a plain call still works
        const env = toolEnvelope(
          await post(s, call("finance_formula_cagr", { start: 100, end: 150, periods: 3 })),
        );
        assert.equal(env.ok, true, env.error ?? "");
        const check = toolEnvelope(await post(s, call("finance_search", { query: "cagr" })));
        assert.ok(!JSON.stringify(check).includes("polluted"));
      });

      await t.step("a session id never issued is neither adopted nor echoed", async () => {
        const res = await post(s, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), [
          "Mcp-Session-Id: stolen-or-made-up-1234",
        ]);
        assert.equal(res.status, 200);
        assert.equal(res.headers["mcp-session-id"], undefined);
        assert.ok(!res.body.includes("stolen-or-made-up"));
      });

      await t.step("the token is in no refusal, nor in the log", async () => {
        const wrong = await rawRequest(
          s.port,
          [
            "POST /mcp HTTP/1.1",
            "Host: 127.0.0.1",
            "Authorization: Bearer nope",
            ...HEADERS.slice(2),
          ]
            .join("\r\n"),
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        );
        assert.equal(wrong.status, 401);
        assert.ok(!wrong.body.includes(TOKEN));
        assert.ok(!s.stderr().includes(TOKEN), s.stderr());
      });
      assert.ok(s.alive());
      assert.ok(s.rss() < 1024 ** 3);
    } finally {
      await s.stop();
    }
  },
});

Deno.test("audit6 mcp: over stdio too, a top-level __proto__ in tool arguments is refused, not dropped", async () => {
  const { join } = await import("node:path");
  const { ROOT } = await import("../_helpers.ts");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  // start comes from the prototype only: it used to run with start=1 read from it
  await w.write(
    new TextEncoder().encode(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":{"__proto__":{"start":1},"end":150,"periods":3}}}\n`,
    ),
  );
  await w.close();
  const out = await child.output();
  const line = new TextDecoder().decode(out.stdout).split("\n").find((l) => l.includes('"id":1'));
  assert.ok(line, new TextDecoder().decode(out.stderr));
  const result = JSON.parse(line).result;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.ok, false);
  assert.match(result.structuredContent.error, /unknown argument `__proto__`.*rename it/);
});

Deno.test("audit6 mcp: a batch of 100 tools/list under --tools all: 4 MB at most, not 29 MB", async () => {
  const s = await spawnFinance(["mcp", "--http"], { FINANCE_MCP_TOOLS: "all" });
  try {
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i,
      method: "tools/list",
    }));
    const started = performance.now();
    const res = await rawRequest(
      s.port,
      ["POST /mcp HTTP/1.1", "Host: 127.0.0.1", ...HEADERS.slice(2)].join("\r\n"),
      JSON.stringify(batch),
    );
    assert.equal(res.status, 200, res.body.slice(0, 300));
    assert.ok(res.body.length < 6_000_000, `${res.body.length} characters`);
    const answers = JSON.parse(res.body) as { result?: { tools: unknown[] }; error?: unknown }[];
    assert.ok(answers[0].result!.tools.length > 70);
    assert.ok(answers.some((a) => a.error));
    assert.ok(performance.now() - started < 30_000);
  } finally {
    await s.stop();
  }
});
