/**
 * A custom strategy's NaN or infinite weight is an error naming the symbol and bar date (JSON
 * would have turned it into null, "no order"), and a sandbox refusal is said in the sandbox's
 * words: the module may read only its own file; data comes in as parameters.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
const base = {
  strategy: "custom",
  symbols: "AAPL",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};

/** Writes `source` as a strategy module in a fresh temporary folder; returns its path. */
async function module(source: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-bt-custom-" });
  const file = join(dir, "rule.ts");
  await Deno.writeTextFile(file, source);
  return file;
}

for (const value of ["NaN", "Infinity", "-Infinity"]) {
  Deno.test(`backtest.run custom: a ${value} weight is refused with its symbol and date`, async () => {
    const file = await module(
      `export function generateWeights(ctx) {
        const out = {};
        for (const s of ctx.symbols) {
          out[s] = ctx.dates.map((_d, t) => (t === ctx.start + 2 ? ${value} : t === ctx.start ? 1 : null));
        }
        return out;
      }`,
    );
    try {
      const env = await envelope("backtest.run", { ...base, strategy_file: file }, replay);
      assert.equal(env.ok, false, "a non-finite weight must not pass as no order");
      assert.match(
        env.error!,
        new RegExp(
          `weights\\.AAPL\\[\\d+\\] \\(AAPL on 2023-03-03\\) is ${value.replace("-", "\\-")}`,
        ),
      );
      assert.match(env.error!, /finite number, or null for no order/);
    } finally {
      await Deno.remove(join(file, ".."), { recursive: true });
    }
  });
}

Deno.test("backtest.run custom: reading another file is refused in the sandbox's words", async () => {
  const file = await module(
    `export function generateWeights() { return { AAPL: Deno.readTextFileSync("/etc/hostname") }; }`,
  );
  try {
    const env = await envelope("backtest.run", { ...base, strategy_file: file }, replay);
    assert.equal(env.ok, false);
    assert.match(env.error!, /the module tried to read \/etc\/hostname/);
    assert.match(env.error!, /read access to its own file \(strategy_file\) only/);
    assert.match(env.error!, /pass what the rule needs as parameters/);
    assert.doesNotMatch(env.error!, /NotCapable|PermissionDenied|--allow-read|run again/);
  } finally {
    await Deno.remove(join(file, ".."), { recursive: true });
  }
});

Deno.test("backtest.run custom: reading the environment is refused in the sandbox's words", async () => {
  const file = await module(
    `export function generateWeights() { Deno.env.get("HOME"); return {}; }`,
  );
  try {
    const env = await envelope("backtest.run", { ...base, strategy_file: file }, replay);
    assert.equal(env.ok, false);
    assert.match(env.error!, /the module tried to read the environment \(HOME\)/);
    assert.doesNotMatch(env.error!, /NotCapable|--allow-env|run again/);
  } finally {
    await Deno.remove(join(file, ".."), { recursive: true });
  }
});
