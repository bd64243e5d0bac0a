/**
 * audit11: MCP over stdio refuses a JSON-RPC message naming a key twice, as /mcp over HTTP does
 * (the SDK's stdio transport parsed each line itself and kept the last value without a word).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const enc = new TextEncoder();

// deno-lint-ignore no-explicit-any
type Answer = any;

async function stdioSession(
  chunks: string[],
): Promise<{ answers: Map<unknown, Answer>; err: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  for (const c of chunks) {
    await w.write(enc.encode(c));
    await new Promise((r) => setTimeout(r, 20));
  }
  await w.close();
  const out = await child.output();
  const answers = new Map<unknown, Answer>();
  for (const l of new TextDecoder().decode(out.stdout).split("\n")) {
    if (!l.trim()) continue;
    const m = JSON.parse(l);
    answers.set(m.id, m);
  }
  return { answers, err: new TextDecoder().decode(out.stderr) };
}

const call = (id: number, args: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":${args}}}\n`;

Deno.test("audit11 mcp stdio: a tool call naming an argument twice is refused with a JSON-RPC error naming it", async () => {
  const { answers, err } = await stdioSession([
    // `end` twice: it used to run on 150 (the last) without a word
    call(1, `{"start":100,"end":999,"periods":3,"end":150}`),
    // a clean line after it still runs, and one split across two writes is put back together
    call(2, `{"start":100,"end":150,"periods":3}`),
    ...((l) => [l.slice(0, 60), l.slice(60)])(
      call(3, `{"start":100,"end":150,"periods":3,"periods":2}`),
    ),
  ]);
  const refused = answers.get(1);
  assert.ok(refused, err);
  assert.equal(refused.result, undefined, JSON.stringify(refused));
  assert.equal(refused.error.code, -32600);
  assert.match(refused.error.message, /names the key `end` twice/);
  assert.match(refused.error.message, /send each key once/);
  const ok = answers.get(2);
  assert.ok(ok?.result, JSON.stringify(ok));
  assert.equal(ok.result.structuredContent.ok, true);
  const split = answers.get(3);
  assert.ok(split?.error, JSON.stringify(split));
  assert.match(split.error.message, /`periods` twice/);
});

Deno.test("audit11 mcp stdio: an id named twice is refused with a null id, not answered to either", async () => {
  const { answers, err } = await stdioSession([
    `{"jsonrpc":"2.0","id":7,"id":8,"method":"tools/list"}\n`,
  ]);
  assert.ok(!answers.has(7) && !answers.has(8), JSON.stringify([...answers.values()]));
  const refused = answers.get(null);
  assert.ok(refused, err);
  assert.match(refused.error.message, /names the key `id` twice/);
});
