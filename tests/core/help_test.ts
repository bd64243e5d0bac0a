/**
 * Help, --list and completions come from the generated manifest commands/help.json: it must be
 * fresh, agree with the registry, and answer without loading zod (hence no command module).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../adapters/cli.ts";
import { commandHelp, helpEntries, mainHelp } from "../../adapters/help.ts";
import { helpManifestText } from "../../adapters/help_manifest.ts";
import { commandNames, namespaces } from "../../commands/registry.ts";
import { cliInFreshProcess, ROOT } from "../_helpers.ts";

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("help manifest: commands/help.json is generated from the registry and up to date", async () => {
  const current = readFileSync(join(ROOT, "commands", "help.json"), "utf8");
  const fresh = await helpManifestText();
  const parsed = JSON.parse(fresh);
  assert.deepEqual(parsed.commands.map((c: { name: string }) => c.name), commandNames());
  assert.ok(current === fresh, "commands/help.json is stale: run `deno task docs`");
});

Deno.test("help: finance --help shows usage, every namespace, the environment and the servers", async () => {
  for (const argv of [["--help"], [], ["help"], ["-h"]]) {
    const r = await cli(...argv);
    assert.equal(r.code, 0, argv.join(" "));
    assert.match(r.out, /^Usage:/m);
    for (const ns of namespaces()) assert.match(r.out, new RegExp(`^  ${ns}\\s`, "m"), ns);
    assert.match(r.out, /^Environment:/m);
    assert.match(r.out, /FINANCE_FILINGS_USER_AGENT/);
    assert.match(r.out, /finance serve \[--port N\]/);
    assert.match(r.out, /finance mcp \[--http\]/);
  }
  const list = await cli("--list");
  assert.equal(list.out.split("\n").length, commandNames().length);
});

Deno.test("help: serve --help and mcp --help print help and start nothing", async () => {
  const serve = await cli("serve", "--help");
  assert.equal(serve.code, 0);
  assert.match(serve.out, /^finance serve \[--port N\] \[--host ADDRESS\]/);
  assert.match(serve.out, /FINANCE_ADAPTER_TOKEN/);
  const mcp = await cli("mcp", "--http", "-h");
  assert.equal(mcp.code, 0);
  assert.match(mcp.out, /^finance mcp \[--http\]/);
  assert.equal((await cli("help", "serve")).out, serve.out);
});

Deno.test("help: a command's help lists its arguments with descriptions and examples", async () => {
  const r = await cli("backtest.tune", "--help");
  assert.equal(r.code, 0);
  assert.match(r.out, /^Usage: finance backtest\.tune/m);
  assert.match(r.out, /^ {2}strategy\s+string, required, positional/m);
  assert.match(r.out, /^Examples:/m);
  const viaHelp = await cli("help", "backtest.tune");
  assert.equal(viaHelp.out, r.out);
  const unknown = await cli("help", "backtest.tunr");
  assert.equal(unknown.code, 2);
  assert.match(JSON.parse(unknown.out).error, /did you mean `backtest.tune`/);
});

Deno.test("help: prose is wrapped to the terminal's width; usage and example lines stay whole", () => {
  const long = (text: string, width: number) =>
    text.split("\n").filter((l) =>
      // one word longer than the width (an enum's values) stays whole, as a URL does
      l.length > width && !/^(Usage: | {2}finance )/.test(l) && /\S\s+\S/.test(l)
    );
  assert.deepEqual(long(mainHelp(), 100), []);
  for (const entry of helpEntries()) {
    const text = commandHelp(entry, 72);
    assert.deepEqual(long(text, 72), [], entry.name);
    // nothing lost: the same words as the description and argument descriptions
    const words = (s: string) => s.split(/\s+/).filter(Boolean).join(" ");
    assert.ok(words(text).includes(words(entry.description ?? "")), entry.name);
    for (const a of entry.args) assert.ok(words(text).includes(words(a.description ?? "")), a.name);
  }
});

Deno.test("help: completions offer commands first, then the command's name= arguments", async () => {
  const bash = await cli("completions", "bash");
  assert.equal(bash.code, 0);
  assert.match(bash.out, /filings\.recent\) args="[^"]*\bforms= /);
  const fish = await cli("completions", "fish");
  assert.match(fish.out, /__fish_seen_subcommand_from market\.quote" -a "symbol="/);
  assert.equal((await cli("completions", "tcsh")).code, 2);
});

Deno.test("help: --help, --list, command help and completions load no zod", async () => {
  const run = async (argv: string[]) => {
    const { code, zod } = await cliInFreshProcess(argv, { FINANCE_CACHE: "off" });
    return { code, zod };
  };
  for (
    const argv of [
      ["--help"],
      ["--list"],
      ["filings.statement", "--help"],
      ["help", "backtest"],
      ["completions", "bash"],
    ]
  ) {
    assert.deepEqual(await run(argv), { code: 0, zod: false }, argv.join(" "));
  }
  // the probe can fail: running a command does load zod
  assert.deepEqual(await run(["sources.list"]), { code: 0, zod: true });
});
