/**
 * The CLI's lean path (adapters/lean.ts) must answer exactly as the runner does, or hand the call to
 * the runner; and it must not load zod, which is what makes it fast.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTokens } from "../../adapters/cli.ts";
import { leanManifestText } from "../../adapters/pure_manifest.ts";
import { leanEntry, runLeanTokens } from "../../adapters/lean.ts";
import type { PureArg } from "../../adapters/pure.ts";
import { loadAllCommands, loadCommand } from "../../commands/registry.ts";
import { execute, type Outcome } from "../../core/runner.ts";
import { describeError, UsageError } from "../../core/errors.ts";
import { failure } from "../../core/envelope.ts";
import type { Session } from "../../core/session.ts";
import { cliInFreshProcess, FIXTURES, ROOT, testSession } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "backtest", "cassette");
// synthetic Stooq bars of EXSW (2026-01-01 to 2026-03-04)
const STOOQ = join(FIXTURES, "evidence", "bars");

/** What the CLI's ordinary path answers for these tokens. */
async function ordinary(name: string, tokens: string[], session: Session): Promise<Outcome> {
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
  return await execute(name, args, { session, surface: "cli", validateData: true });
}

/** The envelope with provider attempts' durations (include_attempts=true) set to 0. */
function untimed(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (k, v) => k === "duration_ms" ? 0 : v);
}

const VALUES: Partial<Record<PureArg["kind"], string[]>> = {
  number: ["3", "0", "-1", "2.5", "1e2", "1,000", "x", "", "5001", "20001", " 7 "],
  boolean: ["true", "false", "yes", "0", "maybe", ""],
  date: ["2023-03-01", "2023-02-30", "2023-3-1", " 2023-03-01", "x", ""],
  comma_text: ["AAPL", "AAPL,MSFT", "aapl, msft", "ZZZZ", "", ",", "BRK-B"],
  json_object: ['{"fast":[2,3],"slow":[8]}', "fast=2,slow=8", "{bad", "[1]", "", '{"speed":[1]}'],
  string: ["sma_cross", " SMA_Cross ", "custom", "", "  ", "nope", "market_a", "stooq"],
  enum: ["bogus", ""],
  amount: ["1M", "0", "-5", "x", "2,500"],
  rate: ["0.1%", "0.002", "5", "-1", "abc", "60%"],
};

/** Token lists for one command: its base calls, then each argument varied, dropped, misspelt. */
function corpus(name: string, bases: string[][]): string[][] {
  const entry = leanEntry(name)!;
  const out: string[][] = [...bases];
  const base = bases[0];
  for (const [key, spec] of Object.entries(entry.args)) {
    const values = spec.kind === "enum"
      ? [...spec.values, ...VALUES.enum!]
      : VALUES[spec.kind] ?? [];
    const others = base.filter((t) => !t.startsWith(`${key}=`));
    const position = entry.positional.indexOf(key);
    for (const v of values) {
      if (position < 0) out.push([...others, `${key}=${v}`]);
      else if (v.trim()) out.push(base.map((t, i) => i === position ? v : t));
    }
    if (position < 0) out.push([...base, `${key}=1`]);
  }
  out.push([...base, "bogus=1"], [...base, "positional"], [...base, "=x"], base.slice(0, 2));
  return out;
}

const TUNE = [
  ["sma_cross", "AAPL,MSFT", "2023-03-01", "2023-06-30", "provider=market_a"],
  ["momentum_top_n", "AAPL,MSFT", "2023-03-01", "2023-06-30", "provider=market_a"],
];
const BASES: Record<string, string[][]> = {
  "backtest.tune": [
    [...TUNE[0], 'grid={"fast":[2,3,5,8,19],"slow":[8,12,20]}', "top=3"],
    [...TUNE[0], "grid=fast=2,slow=12", "metric=max_drawdown_pct", "fees=0.2%", "fill=next_close"],
    [...TUNE[0], 'grid={"fast":[2],"slow":[12]}', "drop_missing=true", "initial_cash=1M"],
    [...TUNE[1], 'grid={"lookback":[5,10],"top_n":[1,2]}', "warmup_bars=20"],
    ["sma_cross", "EXSW", "2026-02-01", "2026-03-10", "provider=stooq", "grid=fast=2,slow=5"],
  ],
  "market.ohlcv": [
    ["AAPL", "start_date=2023-03-01", "end_date=2023-06-30", "provider=market_a"],
    ["AAPL,MSFT", "start_date=2023-03-01", "end_date=2023-06-30", "provider=yahoo"],
    ["BRK.B", "start_date=2023-03-01", "end_date=2023-06-30", "include_attempts=true"],
    ["EXSW", "provider=stooq", "limit=10"],
  ],
};

Deno.test("lean path: commands/lean.json is generated from the command files and up to date", async () => {
  const current = readFileSync(join(ROOT, "commands", "lean.json"), "utf8");
  assert.ok(
    current === await leanManifestText(),
    "commands/lean.json is stale: run `deno task docs`",
  );
  const declared = (await loadAllCommands()).filter((d) => d.lean).map((d) => d.name).sort();
  assert.deepEqual(declared, ["backtest.tune", "market.ohlcv", "market.quote"]);
  for (const name of declared) assert.ok(leanEntry(name), name);
});

Deno.test("lean path: answers exactly as the runner, failures included, or hands the call over", async () => {
  const session = testSession({ replay: [CASSETTE, STOOQ], now: "2026-03-10T21:00:00Z" });
  let answered = 0;
  let failedHere = 0;
  let handedOver = 0;
  try {
    for (const [name, bases] of Object.entries(BASES)) {
      for (const tokens of corpus(name, bases)) {
        const label = `${name} ${tokens.join(" ")}`;
        const lean = await runLeanTokens(name, tokens, { session, surface: "cli" });
        const full = await ordinary(name, tokens, session);
        if (full.status === "ok") {
          assert.ok(lean, `${label}: the runner succeeds but the lean path handed the call over`);
        }
        if (!lean) {
          handedOver++;
          continue;
        }
        assert.deepEqual(untimed(lean.envelope), untimed(full.envelope), label);
        assert.equal(lean.status, full.status, label);
        if (full.status === "ok") answered++;
        else failedHere++;
      }
    }
  } finally {
    session.close();
  }
  console.log(
    `lean path: ${answered} calls answered identically, ${failedHere} failures answered ` +
      `identically, ${handedOver} handed to the runner`,
  );
  assert.ok(answered > 40, `answered ${answered}`);
  assert.ok(failedHere > 0, `failures answered ${failedHere}`);
  assert.ok(handedOver > 40, `handed over ${handedOver}`);
});

Deno.test("lean path: a failing provider is asked once, not again by the runner", async () => {
  // a symbol Stooq has no file for: the replayed cassette answers nothing, and the CLI must not
  // repeat the call through the runner after the lean path has seen it fail
  const got = await cliInFreshProcess(
    ["market.ohlcv", "ZZZQ", "provider=stooq", "limit=5"],
    { FINANCE_CACHE: "off", FINANCE_REPLAY: STOOQ },
    { mod: true, countRequests: true },
  );
  assert.equal(got.code, 1, got.out);
  assert.equal(JSON.parse(got.out).ok, false, got.out);
  assert.equal(got.asked, 1, `the provider was asked ${got.asked} times: ${got.out}`);
  assert.equal(got.zod, false, "the failure was answered by the runner");
});

Deno.test("lean path: a tune from the CLI does not load zod; a call it cannot read does", async () => {
  const run = async (argv: string[]) => {
    const { code, zod } = await cliInFreshProcess(
      argv,
      { FINANCE_CACHE: "off", FINANCE_REPLAY: STOOQ },
      { mod: true },
    );
    return { code, zod };
  };
  // Stooq bars: the Yahoo client (market_a) loads zod for its answers' schemas
  const tune = ["sma_cross", "EXSW", "2026-02-01", "2026-03-10", "provider=stooq", "grid=fast=2"];
  assert.deepEqual(await run(["backtest.tune", ...tune]), { code: 0, zod: false });
  assert.deepEqual(await run(["backtest.tune", ...tune, "top=-1"]), { code: 2, zod: true });
});

/** The modules `root` imports statically (runtime imports only), as `deno info` lists them. */
async function staticGraph(root: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", root],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout));
  type Dep = { code?: { specifier?: string }; isDynamic?: boolean };
  const deps = new Map<string, Dep[]>(
    info.modules.map((m: { specifier: string; dependencies?: Dep[] }) => [
      m.specifier,
      m.dependencies ?? [],
    ]),
  );
  // runtime imports only: `import type` has no code specifier
  const seen = new Set<string>();
  const stack: string[] = [info.roots[0]];
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const d of deps.get(s) ?? []) {
      if (!d.isDynamic && d.code?.specifier) stack.push(d.code.specifier);
    }
  }
  return [...seen];
}

Deno.test("lean path: the modules a tune imports load none of Deno's Node layer", async () => {
  // checkpoint() must not bring AsyncLocalStorage (node:async_hooks) with it: call scopes live
  // in core/call_scope.ts, loaded only where one is started.
  const seen = await staticGraph("analysis/backtest/tune_run.ts");
  assert.ok(seen.some((s) => s.endsWith("core/cancel.ts")));
  assert.deepEqual(seen.filter((s) => s.startsWith("node:")), []);
});

Deno.test("lean path: the CLI and the lean path load no renderer, registry, inventory or cache", async () => {
  // A json answer needs none of the text views, a lean call neither the command registry nor
  // the twelve providers' inventory rows, nor the cache backends when there is no cache: they
  // cost a cold start about a third of its modules.
  const seen = [
    // mod.ts registers the provider clients with core (core/provider.ts) before the CLI runs
    ...await staticGraph("mod.ts"),
    ...await staticGraph("adapters/cli.ts"),
    ...await staticGraph("adapters/lean.ts"),
  ].map((s) => s.replace(new URL("../../", import.meta.url).href, ""));
  assert.ok(seen.includes("core/session_core.ts") && seen.includes("providers/clients.ts"));
  const heavy = (s: string) =>
    s.startsWith("adapters/views/") || s === "adapters/render.ts" ||
    s === "commands/registry.ts" || s === "commands/index.ts" ||
    /^providers\/[^/]+\/info\.ts$/.test(s) ||
    ["core/session.ts", "core/cache.ts", "core/cache_shared.ts", "core/fleet.ts"].includes(s);
  assert.deepEqual(seen.filter(heavy), []);
});

Deno.test("lean path: the default session gets its cache backends when the settings use them", async () => {
  const probe = `
    const { loadDefaultSession } = await import(${
    JSON.stringify(new URL("../../core/session_core.ts", import.meta.url).href)
  });
    const s = await loadDefaultSession();
    const { ResponseCache } = await import(${
    JSON.stringify(new URL("../../core/cache.ts", import.meta.url).href)
  });
    console.log(JSON.stringify({ local: s.cache instanceof ResponseCache, replay: !!s.replay }));
    s.close();`;
  const run = async (env: Record<string, string>) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--config", join(ROOT, "deno.json"), probe],
      cwd: ROOT,
      clearEnv: true,
      env: { HOME: Deno.env.get("HOME") ?? "/tmp", ...env },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    return JSON.parse(new TextDecoder().decode(out.stdout).trim());
  };
  const dir = await Deno.makeTempDir();
  try {
    assert.deepEqual(await run({ FINANCE_CACHE_DIR: dir }), { local: true, replay: false });
    assert.deepEqual(await run({ FINANCE_CACHE: "off" }), { local: false, replay: false });
    assert.deepEqual(await run({ FINANCE_CACHE_DIR: dir, FINANCE_REPLAY: STOOQ }), {
      local: false,
      replay: true,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
