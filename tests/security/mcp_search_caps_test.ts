/**
 * Attacks on MCP discovery: finance_search ranks synchronously, so a query of 900 KB of
 * distinct words held the whole server (every other caller) for about 6 s and came back whole
 * in the answer; an unknown namespace of 900 KB was echoed in full (twice: text and structured
 * content). The query is cut at MAX_QUERY_CHARS with a warning, the namespace clipped.
 */
import assert from "node:assert/strict";
import { MAX_QUERY_CHARS, ToolCalls } from "../../adapters/mcp_calls.ts";
import { parseToolSet } from "../../adapters/mcp_tools.ts";

/** Distinct words of letters (`baab`, `baac`, ...), `chars` characters of them. */
function distinctWords(chars: number): string {
  const words: string[] = [];
  let size = 0;
  for (let i = 26 ** 3; size < chars; i++) {
    let w = "";
    for (let n = i; n > 0; n = Math.floor(n / 26)) w = String.fromCharCode(97 + n % 26) + w;
    words.push(w);
    size += w.length + 1;
  }
  return words.join(" ");
}

Deno.test("attack: a 900 KB finance_search query is cut, answered at once and not echoed", () => {
  const calls = new ToolCalls(parseToolSet("core"), {});
  const query = `balance sheet of a company ${distinctWords(900_000)}`;
  const env = calls.search({ query });
  assert.equal(env.ok, true);
  const data = env.data as { query: string; results: { command: string }[] };
  assert.ok(data.query.length <= MAX_QUERY_CHARS, `${data.query.length} characters echoed`);
  assert.ok(JSON.stringify(env).length < 20_000, `${JSON.stringify(env).length} characters`);
  assert.ok(env.warnings.some((w) => w.includes(`first ${MAX_QUERY_CHARS}`)), env.warnings.join());
  // the start of the request still decides the ranking
  assert.ok(data.results.some((r) => r.command === "filings.statement"), JSON.stringify(data));
  // (the old code took about 6 s here; speed is measured in bench/, not asserted in tests: the
  // test below shows that nothing past the cap is read at all)
});

Deno.test("attack: nothing past the cap is read: 900 KB of another command's words after it change nothing", () => {
  const calls = new ToolCalls(parseToolSet("core"), {});
  const head = "balance sheet of a company";
  const alone = calls.search({ query: head });
  // past the cap, words that would rank the transcript commands first if they were searched
  const filler = " ".repeat(MAX_QUERY_CHARS);
  const tail = "earnings call transcript questions and answers ".repeat(20_000);
  const long = calls.search({ query: `${head}${filler}${tail}` });
  const commands = (env: typeof alone) =>
    (env.data as { results: { command: string }[] }).results.map((r) => r.command);
  assert.ok(commands(alone).length > 0);
  assert.deepEqual(commands(long), commands(alone));
  // and the same tail inside the cap does change the ranking, so the comparison can fail
  const near = calls.search({ query: `${head} ${"earnings call transcript ".repeat(20)}` });
  assert.notDeepEqual(commands(near), commands(alone));
});

Deno.test("attack: a query under the cap is read whole, without a warning", () => {
  const calls = new ToolCalls(parseToolSet("core"), {});
  const query = `balance sheet ${"x".repeat(MAX_QUERY_CHARS - 20)}`;
  const env = calls.search({ query });
  assert.equal((env.data as { query: string }).query, query);
  assert.ok(!env.warnings.some((w) => w.includes("only its first")));
});

Deno.test("attack: an unknown finance_search namespace of 900 KB is not echoed back", () => {
  const calls = new ToolCalls(parseToolSet("core"), {});
  const env = calls.search({ query: "revenue", namespace: `filingz${"q".repeat(900_000)}` });
  assert.equal(env.ok, false);
  assert.match(env.error!, /unknown namespace `filingzq+…`/);
  assert.ok(env.error!.length < 1_000, `${env.error!.length} characters`);
});
