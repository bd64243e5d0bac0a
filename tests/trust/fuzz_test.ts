/**
 * Property-based fuzzing of every registered command (library, HTTP and CLI surfaces) with
 * random and adversarial arguments. Seeded and bounded: the same seed gives the same calls.
 */
import assert from "node:assert/strict";
import { execute } from "../../core/runner.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import type { CommandDef } from "../../core/command.ts";
import { main } from "../../adapters/cli.ts";
import { createHandler } from "../../adapters/http.ts";
import { setDefaultSession } from "../../core/session.ts";
import { testSession } from "../_helpers.ts";

const SEED = Number(Deno.env.get("FINANCE_FUZZ_SEED") ?? 20261121);
const CASES_PER_COMMAND = Number(Deno.env.get("FINANCE_FUZZ_CASES") ?? 12);

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY: unknown[] = [
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  -1,
  0,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER,
  3.5,
  true,
  null,
  [],
  {},
  [1, "a", null],
  { a: { b: [] } },
  "x".repeat(100_000),
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 \u0000 \u202e",
  "'; DROP TABLE filings; --",
  "$(rm -rf /)",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "/etc/passwd",
  "/proc/self/environ",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/shadow",
  "2024-13-45",
  "2024-02-30",
  "20241301999999",
  "{not json",
  '{"__proto__": {"polluted": true}}',
  "AAPL,MSFT,,,",
  "-5%",
  "150%",
  "2.5B",
  "0",
  "AAPL",
  "10-K",
  "2020-01-01",
  "2019-12-31",
];

function pick<T>(rand: () => number, items: T[]): T {
  return items[Math.floor(rand() * items.length)];
}

function randomArgs(def: CommandDef, rand: () => number): Record<string, unknown> {
  const names = Object.keys(def.args.shape);
  const args: Record<string, unknown> = {};
  for (const name of names) if (rand() < 0.6) args[name] = pick(rand, NASTY);
  if (rand() < 0.2) args[pick(rand, ["bogus", "form", "symbl", "__proto__", "constructor"])] = 1;
  if (names.includes("start_date") && names.includes("end_date") && rand() < 0.3) {
    args.start_date = "2024-06-30"; // end before start
    args.end_date = "2024-01-01";
  }
  return args;
}

function assertFinite(where: string, v: unknown, depth = 0): void {
  if (typeof v === "number") assert.ok(Number.isFinite(v), `${where}: non-finite number in data`);
  else if (v && typeof v === "object" && depth < 50) {
    for (const x of Object.values(v)) assertFinite(where, x, depth + 1);
  }
}

function checkEnvelope(where: string, env: unknown) {
  assert.ok(env && typeof env === "object", `${where}: not an object`);
  const e = env as Record<string, unknown>;
  assert.deepEqual(Object.keys(e).sort(), ["data", "error", "ok", "warnings"], where);
  assert.equal(typeof e.ok, "boolean", where);
  assert.ok(Array.isArray(e.warnings), where);
  if (e.ok) assert.equal(e.error, null, where);
  else {
    assert.equal(e.data, null, where);
    assert.equal(typeof e.error, "string", where);
    assert.doesNotMatch(e.error as string, /\n\s+at |\.ts:\d+:\d+/, `${where}: stack trace leaked`);
  }
  assertFinite(where, e.data);
}

Deno.test("fuzz: every command answers a valid envelope to adversarial arguments", async () => {
  const rand = prng(SEED);
  const defs = await loadAllCommands();
  const session = testSession({ env: { FINANCE_DOCUMENT_ROOTS: Deno.cwd() } });
  let calls = 0;
  const deadline = Date.now() + 120_000;
  for (const def of defs) {
    for (let i = 0; i < CASES_PER_COMMAND && Date.now() < deadline; i++) {
      const args = randomArgs(def, rand);
      const outcome = await execute(def.name, args, {
        session,
        validateData: true,
        timeoutMs: 15_000,
      });
      calls++;
      checkEnvelope(`${def.name} ${JSON.stringify(args).slice(0, 200)}`, outcome.envelope);
      if (outcome.envelope.error?.startsWith("internal error")) {
        assert.fail(
          `${def.name}: internal error for ${
            JSON.stringify(args).slice(0, 300)
          }: ${outcome.envelope.error}`,
        );
      }
    }
  }
  session.close();
  console.log(`fuzz: ${calls} library calls over ${defs.length} commands (seed ${SEED})`);
  assert.ok(calls >= defs.length);
});

Deno.test("fuzz: the HTTP adapter answers envelopes to malformed bodies", async () => {
  const rand = prng(SEED + 1);
  const handler = createHandler({ session: testSession(), timeoutMs: 15_000 });
  const defs = await loadAllCommands();
  const bodies = ["", "null", "[]", "42", '"x"', "{", '{"a":', "\u0000", "{}".repeat(10)];
  let calls = 0;
  for (let i = 0; i < 150; i++) {
    const def = pick(rand, defs);
    const body = rand() < 0.5 ? pick(rand, bodies) : JSON.stringify(randomArgs(def, rand));
    const res = await handler(
      new Request(`http://127.0.0.1/commands/${def.name}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      }),
    );
    calls++;
    assert.ok([200, 400, 413, 415, 422].includes(res.status), `${def.name}: status ${res.status}`);
    checkEnvelope(`http ${def.name} ${body.slice(0, 80)}`, await res.json());
  }
  console.log(`fuzz: ${calls} HTTP adapter calls`);
});

Deno.test("fuzz: CLI token soup never crashes and always prints an envelope", async () => {
  const rand = prng(SEED + 2);
  const defs = await loadAllCommands();
  const tokens = [
    "=",
    "=x",
    "a=b=c",
    "symbol=",
    "symbol=AAPL",
    "symbol=MSFT",
    "stray",
    "x y",
    "--output",
    "json",
    "limit=-1",
    "limit=1e9",
    "limit=abc",
    "forms=,,",
    "😀=1",
    "k e y=v",
  ];
  setDefaultSession(testSession());
  let calls = 0;
  for (let i = 0; i < 150; i++) {
    const def = pick(rand, defs);
    const argv = [def.name];
    const n = Math.floor(rand() * 5);
    for (let j = 0; j < n; j++) argv.push(pick(rand, tokens));
    const out: string[] = [];
    const code = await main(argv, { out: (t) => out.push(t), err: () => {} });
    calls++;
    assert.ok([0, 1, 2].includes(code), `exit ${code} for ${argv.join(" ")}`);
    checkEnvelope(`cli ${argv.join(" ")}`, JSON.parse(out.join("\n")));
  }
  setDefaultSession(null);
  console.log(`fuzz: ${calls} CLI invocations`);
});
