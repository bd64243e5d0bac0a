/**
 * The CLI's pure-calculation path (adapters/pure.ts) must answer exactly as the runner does, or hand
 * the call to the runner; and it must not load zod, which is what makes it fast.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main, parseTokens } from "../../adapters/cli.ts";
import { pureManifest, pureManifestText } from "../../adapters/pure_manifest.ts";
import { type PureArg, pureEntry, runPureTokens } from "../../adapters/pure.ts";
import { loadAllCommands, loadCommand } from "../../commands/registry.ts";
import { execute, type Outcome } from "../../core/runner.ts";
import { describeError, UsageError } from "../../core/errors.ts";
import { failure } from "../../core/envelope.ts";
import { cliInFreshProcess, ROOT } from "../_helpers.ts";

/** What the CLI's ordinary path answers for these tokens. */
async function ordinary(name: string, tokens: string[]): Promise<Outcome> {
  const def = await loadCommand(name);
  let args: Record<string, unknown>;
  try {
    args = parseTokens(def, tokens);
  } catch (err) {
    return {
      envelope: failure(describeError(err)),
      status: err instanceof UsageError ? "usage" : "failed",
    };
  }
  return await execute(name, args, { surface: "cli", validateData: true });
}

const VALUES: Record<PureArg["kind"], string[]> = {
  amount: ["1", "0", "-3", "2.5B", "-1,234.5", "$3k", "12M", "x", "", "1e3", "NaN"],
  rate: ["8%", "0.08", "8", "1", "0", "-50%", "-150%", "150", "abc", "", "2.5%"],
  list: ["1,2,3", "-100M,30M,40M,50M", "-100,60,60", "", "5", "1,x", "[1,2]", " 1 , 2 "],
  enum: ["bogus", ""],
  ticker: ["aapl", " brk-b ", "^VIX", "EURUSD=X", "", "a b", "x".repeat(33), "sap.de", "$$"],
  string: ["sma_cross", " Momentum_Top_N ", "custom", "", "  ", "nope"],
  // kinds of the lean manifest (tests/core/lean_test.ts), should a calculator use one
  number: ["3", "0", "-1", "2.5", "x", ""],
  boolean: ["true", "false", "yes", "maybe", ""],
  date: ["2023-03-01", "2023-02-30", "x", ""],
  comma_text: ["AAPL,MSFT", "", ","],
  json_object: ['{"a":1}', "a=1", "{bad", ""],
};

/** Token lists for one command: its examples, then each argument varied, dropped, misspelt. */
function corpus(name: string, examples: string[]): string[][] {
  const entry = pureEntry(name)!;
  const out: string[][] = [];
  const bases = examples.map((e) => e.split(/\s+/).slice(2));
  for (const base of bases) out.push(base);
  const base = bases[0];
  for (const [key, spec] of Object.entries(entry.args)) {
    const values = spec.kind === "enum" ? [...spec.values, ...VALUES.enum] : VALUES[spec.kind];
    const others = base.filter((t) => !t.startsWith(`${key}=`));
    for (const v of values) out.push([...others, `${key}=${v}`]);
    out.push(others);
    out.push([...base, `${key}=1`]);
  }
  out.push([...base, "bogus=1"], [...base, "positional"], [...base, "=x"]);
  return out;
}

Deno.test("pure path: commands/pure.json is generated from the command files and up to date", async () => {
  const current = readFileSync(join(ROOT, "commands", "pure.json"), "utf8");
  assert.ok(
    current === await pureManifestText(),
    "commands/pure.json is stale: run `deno task docs`",
  );
  const listed = Object.keys((await pureManifest()).commands);
  assert.ok(listed.length >= 20, `only ${listed.length} pure calculators listed`);
  for (const def of await loadAllCommands()) {
    if (def.compute) assert.ok(listed.includes(def.name), def.name);
  }
});

Deno.test("pure path: answers exactly as the runner, and only when the runner succeeds", async () => {
  let answered = 0;
  let handedOver = 0;
  for (const def of await loadAllCommands()) {
    if (!pureEntry(def.name)) continue;
    const examples = [...(def.examples ?? [])].filter((e) => !/[\[|'"]/.test(e));
    assert.ok(examples.length, `${def.name} has a plain example`);
    for (const tokens of corpus(def.name, examples)) {
      const label = `${def.name} ${tokens.join(" ")}`;
      const pure = await runPureTokens(def.name, tokens);
      const full = await ordinary(def.name, tokens);
      if (full.status === "ok") {
        assert.ok(pure, `${label}: the runner succeeds but the pure path handed the call over`);
        assert.deepEqual(pure, full.envelope, label);
        answered++;
      } else {
        assert.equal(
          pure,
          null,
          `${label}: the runner fails (${full.envelope.error}) but pure answered`,
        );
        handedOver++;
      }
    }
    for (const example of examples) {
      assert.ok(await runPureTokens(def.name, example.split(/\s+/).slice(2)), example);
    }
  }
  console.log(
    `pure path: ${answered} calls answered identically, ${handedOver} handed to the runner`,
  );
  assert.ok(answered > 200, `answered ${answered}`);
  assert.ok(handedOver > 100, `handed over ${handedOver}`);
});

Deno.test("pure path: the CLI keeps the runner's errors and exit codes", async () => {
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await main(argv, { out: (t) => out.push(t), err: () => {} });
    return { code, env: JSON.parse(out.join("\n")) };
  };
  const ok = await run("formula.margin", "numerator=11969", "denominator=254453");
  assert.equal(ok.code, 0);
  assert.equal(ok.env.data.margin, 0.04703815635893466);
  const typo = await run("formula.margin", "numerator=1", "denominatr=4");
  assert.equal(typo.code, 2);
  assert.match(typo.env.error, /unknown argument `denominatr`.*did you mean `denominator`/);
  const bad = await run("formula.margin", "numerator=lots", "denominator=4");
  assert.equal(bad.code, 2);
  assert.match(bad.env.error, /argument `numerator`: invalid number "lots"/);
  const domain = await run("formula.cagr", "start=-5", "end=10", "periods=2");
  assert.equal(domain.env.ok, false);
  assert.match(domain.env.error, /start/);
  const zero = await run("formula.margin", "numerator=1", "denominator=0");
  assert.equal(zero.code, 0);
  assert.equal(zero.env.data.margin, null);
  assert.equal(zero.env.warnings.length, 1);
});

Deno.test("pure path: a pure calculation from the CLI does not load zod", async () => {
  const run = async (argv: string[]) => {
    const { code, zod } = await cliInFreshProcess(argv, { FINANCE_CACHE: "off" }, { mod: true });
    return { code, zod };
  };
  assert.deepEqual(await run(["formula.margin", "numerator=1", "denominator=4"]), {
    code: 0,
    zod: false,
  });
  // the check can fail: the ordinary path (a bad value) does load zod
  assert.deepEqual(await run(["formula.margin", "numerator=x", "denominator=4"]), {
    code: 2,
    zod: true,
  });
});

Deno.test("pure path: command modules are imported lazily (a literal import() is preloaded)", () => {
  const index = readFileSync(join(ROOT, "commands", "index.ts"), "utf8");
  assert.doesNotMatch(index, /\bimport\(/, "commands/index.ts: use lazyImport(new URL(...))");
});
