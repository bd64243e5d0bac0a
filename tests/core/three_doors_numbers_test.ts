/**
 * The same argument text through the three doors (a real `finance serve` on loopback, the
 * library, the command line) gives the same answer or the same refusal. Before: the command line
 * refused `ebit=1e6` that a JSON 1e6 was taken as; "0x0A" was read as 10 and "1,0" as 10 for a
 * whole-number argument (news asked GDELT for 16 records on max_records=0x10); a JSON 1 for a
 * boolean was refused where classify=1 on the command line was read as true.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";
import { spawnFinance } from "../security/_spawn.ts";
import { command } from "../security/_cpu.ts";
import { main } from "../../adapters/cli.ts";
import { type ArgShape, tokensToArgs } from "../../core/args.ts";

/** The CLI's envelope for `argv` (JSON output). */
async function cli(argv: string[]) {
  const out: string[] = [];
  await main([...argv, "--output", "json"], { out: (t) => out.push(t), err: () => {} });
  return JSON.parse(out.join("\n"));
}

/** The envelope's answer without the usage line, which only the surfaces word alike. */
const answer = (e: { ok: boolean; data: unknown; error: string | null }) =>
  e.ok ? JSON.stringify(e.data) : String(e.error).replace(/ \(usage: .*$/s, "");

Deno.test("args: a whole-number text is read by decimal grammar only", () => {
  const shape: ArgShape = { name: "t.x", usage: "t.x", keys: ["limit"], positional: [] };
  const read = (v: string) => tokensToArgs(shape, [`limit=${v}`], () => "integer").limit;
  assert.equal(read("10"), 10);
  assert.equal(read(" 10 "), 10);
  assert.equal(read("1,000"), 1000);
  assert.equal(read("1e1"), 10);
  assert.equal(read("+5"), 5);
  // not numbers as a person writes them: left as text for the schema to refuse
  for (const v of ["0x0A", "0b11", "0o7", "1,0", "7,5", "1,00,0", "e5", ".", "Infinity", "1e400"]) {
    assert.equal(read(v), v, v);
  }
});

Deno.test("args: a JSON 0 or 1 for a boolean reads as the command line's classify=1 does", async () => {
  const shape: ArgShape = { name: "t.x", usage: "t.x", keys: ["flag"], positional: [] };
  assert.equal(tokensToArgs(shape, ["flag=1"], () => "boolean").flag, true);
  // the library and HTTP doors: a number for the same argument
  const lib = async (flag: unknown) =>
    await envelope("backtest.run", {
      strategy: "no_such_strategy",
      symbols: "AAPL",
      start_date: "2020-01-01",
      end_date: "2020-12-31",
      drop_missing: flag,
    });
  for (const flag of [1, 0, "1", "yes"]) {
    const e = await lib(flag);
    assert.equal(e.ok, false);
    // the refusal is of the strategy, not of drop_missing
    assert.match(String(e.error), /unknown strategy "no_such_strategy"/, String(flag));
  }
  const two = await lib(2);
  assert.match(String(two.error), /drop_missing.*true or false/);
});

Deno.test("args: hex and decimal-comma whole numbers are refused before any request", async () => {
  for (const limit of ["0x0A", "1,0"]) {
    const e = await envelope("market.ohlcv", { symbols: "AAPL", limit });
    assert.equal(e.ok, false);
    assert.equal(e.data, null);
    // the refusal names the argument; no provider was asked (the test session has no network)
    assert.match(String(e.error), /argument `limit`: expected number, got "/, limit);
  }
});

Deno.test("three doors: the same number text gives the same answer or refusal", async () => {
  // replay: a request that slips past the argument checks fails on a missing recording, never
  // goes to the network
  const server = await spawnFinance(["serve"], {
    FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
  });
  try {
    const cases: [string, Record<string, string>][] = [
      ["formula.ebitda", { ebit: "1.5e9", d_and_a: "2237" }],
      ["formula.ebitda", { ebit: "1e309", d_and_a: "2237" }],
      ["formula.ebitda", { ebit: "1e-400", d_and_a: "2237" }],
      ["formula.ebitda", { ebit: "0x10", d_and_a: "2237" }],
      ["formula.margin", { numerator: "2.5E-3", denominator: "1" }],
      ["market.ohlcv", { symbols: "AAPL", limit: "0x0A" }],
      ["market.ohlcv", { symbols: "AAPL", limit: "1,0" }],
      ["sources.test", { source: "stooq", timeout: "0b1" }],
      ["backtest.factor.weights", {
        factor_name: "value",
        scores: "AAPL=1,MSFT=2",
        top_pct: "0x1",
      }],
    ];
    for (const [name, args] of cases) {
      const http = await command(server, name, args);
      const lib = await envelope(name, args);
      const line = await cli([name, ...Object.entries(args).map(([k, v]) => `${k}=${v}`)]);
      const label = `${name} ${JSON.stringify(args)}`;
      assert.equal(answer(http), answer(lib), `${label}: HTTP vs library`);
      assert.equal(answer(line), answer(lib), `${label}: CLI vs library`);
    }
    // and the answers themselves
    const big = await envelope("formula.ebitda", { ebit: "1.5e9", d_and_a: "2237" });
    assert.equal((big.data as { ebitda: number }).ebitda, 1_500_002_237);
    const over = await envelope("formula.ebitda", { ebit: "1e309", d_and_a: "2237" });
    assert.match(String(over.error), /`ebit`: "1e309" is beyond the largest number/);
    const under = await envelope("formula.ebitda", { ebit: "1e-400", d_and_a: "2237" });
    assert.match(String(under.error), /`ebit`: "1e-400" is too small .* write 0/);
    const hex = await envelope("sources.test", { source: "stooq", timeout: "0b1" });
    assert.match(String(hex.error), /argument `timeout`: expected number, got "0b1"/);
  } finally {
    await server.stop();
  }
});
