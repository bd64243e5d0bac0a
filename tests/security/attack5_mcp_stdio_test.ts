/**
 * attack5: MCP over stdio, whose lines the SDK read leniently and without limits. Each line is
 * now read as strict UTF-8 (a Latin-1 "Nestlé" ran as "Nestl\ufffd"), at most
 * FINANCE_MAX_BODY_BYTES long (a line without end was kept in memory for as long as it grew),
 * without a lone surrogate; at most FINANCE_MAX_CONNECTIONS requests run at once (10,000 lines
 * written without waiting all ran together); and calls still running when stdin closes are
 * answered before the server exits (their answers were lost).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import { silentServer } from "./_silent_server.ts";
import { StdioLines } from "../../adapters/mcp_stdio_lines.ts";

const enc = new TextEncoder();

// deno-lint-ignore no-explicit-any
type Answer = any;

/** An MCP stdio session fed `chunks`, and every answer it wrote, by id (null: no id). */
async function stdio(
  chunks: (string | Uint8Array)[],
  env: Record<string, string> = {},
): Promise<{ answers: Answer[]; err: string; code: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1", ...env },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  for (const c of chunks) {
    await w.write(typeof c === "string" ? enc.encode(c) : c);
    await new Promise((r) => setTimeout(r, 20));
  }
  await w.close();
  const out = await child.output();
  const answers = new TextDecoder().decode(out.stdout).split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  return { answers, err: new TextDecoder().decode(out.stderr), code: out.code };
}

const cagr = (id: number, args: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"finance_formula_cagr","arguments":${args}}}\n`;

Deno.test("attack5 mcp stdio: a lone surrogate is refused to its id; a pair runs", async () => {
  const { answers, err } = await stdio([
    cagr(1, String.raw`{"start":100,"end":150,"periods":3,"note":"\ud800"}`),
    cagr(2, `{"start":100,"end":150,"periods":3}`),
  ]);
  const refused = answers.find((a) => a.id === 1);
  assert.ok(refused, err);
  assert.equal(refused.result, undefined, JSON.stringify(refused));
  assert.equal(refused.error.code, -32600);
  assert.match(refused.error.message, /lone UTF-16 surrogate .* in `params\.arguments\.note`/);
  assert.equal(answers.find((a) => a.id === 2)?.result?.structuredContent?.ok, true, err);
});

Deno.test("attack5 mcp stdio: a line that is not UTF-8 is refused, not run on U+FFFD", async () => {
  // "Nestlé" in Latin-1: the é is the single byte 0xE9, which is no UTF-8
  const line = enc.encode(
    `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"finance_search","arguments":{"query":"Nestl_"}}}\n`,
  );
  line[line.indexOf(0x5f)] = 0xe9;
  const { answers, err } = await stdio([line, cagr(6, `{"start":100,"end":150,"periods":3}`)]);
  assert.ok(!answers.some((a) => a.id === 5), JSON.stringify(answers));
  const refused = answers.find((a) => a.id === null);
  assert.ok(refused, err);
  assert.equal(refused.error.code, -32700);
  assert.match(refused.error.message, /not UTF-8/);
  assert.equal(answers.find((a) => a.id === 6)?.result?.structuredContent?.ok, true);
});

Deno.test("attack5 mcp stdio: a message over FINANCE_MAX_BODY_BYTES is dropped as it arrives, and the session goes on", async () => {
  // 3 MB of one line in 64 KB writes, then its end, then a good call
  const piece = "x".repeat(65_536);
  const flood = [`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"`];
  for (let i = 0; i < 48; i++) flood.push(piece);
  const { answers, err, code } = await stdio(
    [...flood, `"}}\n`, cagr(10, `{"start":100,"end":150,"periods":3}`)],
    { FINANCE_MAX_BODY_BYTES: "1000000" },
  );
  assert.equal(code, 0, err);
  const refused = answers.filter((a) => a.id === null);
  assert.equal(refused.length, 1, JSON.stringify(answers));
  assert.match(refused[0].error.message, /over the 1000000-byte limit was dropped unread/);
  assert.match(refused[0].error.message, /FINANCE_MAX_BODY_BYTES/);
  assert.ok(!answers.some((a) => a.id === 9));
  assert.equal(answers.find((a) => a.id === 10)?.result?.structuredContent?.ok, true, err);
});

Deno.test("attack5 mcp stdio: a bad FINANCE_MAX_BODY_BYTES is said, never replaced", async () => {
  const { code, err } = await stdio([], { FINANCE_MAX_BODY_BYTES: "lots" });
  assert.equal(code, 2);
  assert.match(err, /FINANCE_MAX_BODY_BYTES must be a positive whole number, not lots/);
});

Deno.test("attack5 mcp stdio: calls written and stdin closed at once are all answered before exit", async () => {
  // `printf ... | finance mcp`: the server was closed as soon as stdin ended, and calls still
  // running were never answered
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    enc.encode([1, 2, 3].map((id) => cagr(id, `{"start":100,"end":150,"periods":${id}}`)).join("")),
  );
  await w.close();
  const out = await child.output();
  const answers = new TextDecoder().decode(out.stdout).split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  assert.equal(out.code, 0);
  assert.deepEqual(
    answers.map((a) => a.id).sort(),
    [1, 2, 3],
    new TextDecoder().decode(out.stderr),
  );
  assert.ok(answers.every((a) => a.result?.structuredContent?.ok === true));
});

Deno.test("attack5 mcp stdio: calls past FINANCE_MAX_CONNECTIONS at once are answered busy and never run; a cancel frees a place", async () => {
  const silent = silentServer();
  try {
    const slow = (id: number) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"finance_document_read","arguments":{"source":"http://127.0.0.1:${silent.port}/doc.pdf"}}}\n`;
    const cancel = (id: number) =>
      `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id}}}\n`;
    const { answers, err, code } = await stdio(
      [
        slow(1),
        slow(2),
        slow(3), // a third at once: busy
        slow(2), // the same id again must not slip past the count
        cancel(1),
        cagr(4, `{"start":100,"end":150,"periods":3}`), // the cancelled call's place
      ],
      {
        FINANCE_MAX_CONNECTIONS: "2",
        FINANCE_ALLOW_PRIVATE_URLS: "1",
        FINANCE_REQUEST_TIMEOUT_MS: "3000",
      },
    );
    assert.equal(code, 0, err);
    const of = (id: number) => answers.filter((a) => a.id === id);
    const busy = [...of(3), ...of(2).filter((a) => a.error)];
    assert.equal(busy.length, 2, JSON.stringify(answers));
    for (const b of busy) {
      assert.equal(b.error.code, -32000);
      assert.match(
        b.error.message,
        /server busy: 2 requests are in progress, .*FINANCE_MAX_CONNECTIONS/,
      );
    }
    assert.equal(of(1).length, 0, "a cancelled call is not answered (MCP)");
    assert.equal(of(4)[0]?.result?.structuredContent?.ok, true, JSON.stringify(answers));
    // the slow call that kept its place ran to its time limit and was answered before exit
    const timed = of(2).find((a) => a.result);
    assert.equal(timed?.result?.structuredContent?.ok, false, JSON.stringify(answers));
    assert.ok(silent.state.opened <= 2, `${silent.state.opened} connections to the upstream`);
  } finally {
    silent.close();
  }
});

Deno.test("attack5 mcp stdio: the line reader splits, joins and drops lines at the limit exactly", () => {
  const passed: string[] = [];
  const refused: string[] = [];
  const reader = new StdioLines(
    40,
    (line) => passed.push(new TextDecoder().decode(line)),
    (m) => refused.push((m as unknown as { error: { message: string } }).error.message),
  );
  // a message of `n` bytes: {"jsonrpc":"2.0","method":"xx…"}
  const msg = (n: number) => `{"jsonrpc":"2.0","method":"${"x".repeat(n - 29)}"}`;
  assert.equal(msg(40).length, 40);
  // two lines in one chunk, one split over three chunks, one of exactly the limit
  reader.push(enc.encode(`${msg(31)}\n${msg(32)}\n${msg(33).slice(0, 5)}`));
  reader.push(enc.encode(msg(33).slice(5, 20)));
  reader.push(enc.encode(`${msg(33).slice(20)}\n${msg(40)}\n`));
  assert.deepEqual(passed, [msg(31), msg(32), msg(33), msg(40)].map((m) => `${m}\n`));
  // 41 bytes in one chunk, then 41 arriving in pieces: each refused once, its rest dropped
  reader.push(enc.encode(`${msg(41)}\n${msg(34)}\n`));
  reader.push(enc.encode(msg(41).slice(0, 30)));
  reader.push(enc.encode(msg(41).slice(30)));
  reader.push(enc.encode("x".repeat(100)));
  reader.push(enc.encode(`xx\n${msg(35)}`));
  reader.end();
  assert.equal(refused.length, 2, JSON.stringify(refused));
  assert.ok(refused.every((r) => /over the 40-byte limit was dropped unread/.test(r)));
  assert.deepEqual(passed.slice(4), [`${msg(34)}\n`, msg(35)]);
});

Deno.test("attack5 mcp stdio: a batch, a line that is not JSON and one without jsonrpc are answered, not dropped", async () => {
  // the SDK dropped each of these without a word: the client waited for ever for its answer
  const { answers, err } = await stdio([
    `[${cagr(1, `{"start":100,"end":150,"periods":3}`).trim()}]\n`,
    `{"jsonrpc":"2.0","id":2,"method":\n`,
    `{"id":3,"method":"ping"}\n`,
    "\n  \r\n", // blank lines: no message, no answer
    `{"jsonrpc":"2.0","id":4,"method":"ping"}\n`,
  ]);
  const unanswered = answers.filter((a) => a.id === null);
  assert.equal(unanswered.length, 2, JSON.stringify(answers));
  assert.match(unanswered[0].error.message, /batch is not read over stdio/);
  assert.equal(unanswered[1].error.code, -32700);
  assert.match(unanswered[1].error.message, /not JSON/);
  assert.ok(!answers.some((a) => a.id === 1), "the batch's call never ran");
  assert.match(
    answers.find((a) => a.id === 3)?.error?.message ?? "",
    /not a JSON-RPC 2\.0 message/,
  );
  assert.deepEqual(answers.find((a) => a.id === 4)?.result, {}, err);
  assert.equal(answers.length, 4);
});
