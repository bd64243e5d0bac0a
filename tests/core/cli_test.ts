import assert from "node:assert/strict";
import { main, parseTokens } from "../../adapters/cli.ts";
import { loadCommand } from "../../commands/registry.ts";
import { UsageError } from "../../core/errors.ts";
import { setDefaultSession } from "../../core/session.ts";
import { COMMAND_COUNT, testSession } from "../_helpers.ts";

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  setDefaultSession(testSession());
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  setDefaultSession(null);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("cli: unknown key suggests the closest name and exits 2", async () => {
  const r = await cli("filings.recent", "AAPL", "froms=10-K");
  assert.equal(r.code, 2);
  const env = JSON.parse(r.out);
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(env.error, /unknown argument `froms`.*did you mean `forms`\?/);
});

Deno.test("cli: unknown command suggests, --list lists every command, help works", async () => {
  const bad = await cli("filings.recnt", "AAPL");
  assert.equal(bad.code, 2);
  assert.match(JSON.parse(bad.out).error, /did you mean `filings.recent`/);
  const list = await cli("--list");
  assert.equal(list.code, 0);
  assert.equal(list.out.trim().split("\n").length, COMMAND_COUNT);
  const help = await cli("filings.statement", "--help");
  assert.equal(help.code, 0);
  assert.match(help.out, /Usage: finance filings.statement/);
  assert.match(help.out, /statement\s+enum.*one of income\|balance\|cashflow/);
  assert.match(help.out, /Side effects: network_read_only/);
  const ns = await cli("help", "formula");
  assert.match(ns.out, /Commands under `formula`/);
  assert.equal((await cli("help", "nothing.here")).code, 2);
});

Deno.test("cli: token rules — repeated keys, empty keys, stray positionals, both forms", async () => {
  const def = await loadCommand("sources.test");
  assert.throws(() => parseTokens(def, ["symbol=A", "symbol=B"]), /given twice/);
  assert.throws(() => parseTokens(def, ["=x"]), /no argument name/);
  assert.throws(() => parseTokens(def, ["a", "b"]), UsageError);
  assert.throws(() => parseTokens(def, ["all", "source=all"]), /both positionally/);
  assert.deepEqual({ ...parseTokens(def, ["all", "timeout=5", "symbol=msft"]) }, {
    source: "all",
    timeout: 5,
    symbol: "msft",
  });
  const url = await loadCommand("document.read");
  // a positional URL with "=" in its query is still the positional
  assert.deepEqual({ ...parseTokens(url, ["https://x.test/a?b=c"]) }, {
    source: "https://x.test/a?b=c",
  });
});

Deno.test("cli: exit codes and output modes", async () => {
  const ok = await cli("sources.status", "--output", "compact");
  assert.equal(ok.code, 0);
  assert.match(ok.out, /^total=|name=market_a/m);
  const text = await cli("sources.status", "--output", "text");
  assert.match(text.out, /summary\.total: +12/);
  const failed = await cli("sources.test", "filings_a", "timeout=5");
  assert.equal(failed.code, 0, "a failed probe is a failed row, not a failed command");
  assert.match(JSON.parse(failed.out).data.results[0].error, /network/);
  const badMode = await cli("sources.list", "--output", "xml");
  assert.equal(badMode.code, 2);
  const version = await cli("--version");
  assert.match(version.out, /^finance \d+\.\d+\.\d+$/);
});

Deno.test("cli: a screen query given positionally is refused with the query= form to copy", async () => {
  const query = 'region=us AND sector="Technology" AND intradaymarketcap>10B';
  const r = await cli("screen.run", query);
  assert.equal(r.code, 2);
  const env = JSON.parse(r.out);
  assert.equal(env.ok, false);
  assert.ok(env.error.includes(`query='${query}'`), env.error);
  // a misspelt argument name still gets its closest name, not the query hint
  const typo = await cli("filings.recent", "froms=10-K 10-Q", "NVDA");
  assert.match(JSON.parse(typo.out).error, /did you mean `forms`\?/);
});
