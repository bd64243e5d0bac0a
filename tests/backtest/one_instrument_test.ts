/**
 * One stock under two spellings (BRK.B and BRK-B, which the provider reads as one symbol) is held
 * once, not bought twice from the same bars; a symbol listed twice is said so.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { parseSymbols } from "../../analysis/backtest/data.ts";
import { foldSpellings } from "../../analysis/backtest/load.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;
const base = { start_date: "2023-03-01", end_date: "2023-06-30", provider: "market_a" };

Deno.test("backtest.run buy_hold BRK.B,BRK-B: one instrument, bought once, warned", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...base,
    strategy: "buy_hold",
    symbols: "BRK.B,BRK-B",
  }, replay);
  const d = dataOf(env);
  assert.deepEqual(d.config.symbols, ["BRK.B"]);
  assert.deepEqual(Object.keys(d.data.sources), ["BRK.B"]);
  assert.equal(d.orders.length, 1, JSON.stringify(d.orders));
  const note = env.warnings.find((w) => w.includes("one instrument"));
  assert.ok(note, env.warnings.join("\n"));
  assert.match(note!, /BRK-B and BRK\.B are one instrument/);
  assert.match(note!, /taken once, as BRK\.B/);
  // the same run as BRK.B alone
  const alone = dataOf(
    await envelope<Data>(
      "backtest.run",
      { ...base, strategy: "buy_hold", symbols: "BRK.B" },
      replay,
    ),
  );
  assert.equal(d.metrics.total_return_pct, alone.metrics.total_return_pct);
});

Deno.test("backtest.tune and factor.payload fold the two spellings too", async () => {
  const tune = await envelope<Data>("backtest.tune", {
    ...base,
    strategy: "sma_cross",
    symbols: "BRK.B,AAPL,BRK-B",
    grid: { fast: [5], slow: [20] },
  }, replay);
  assert.deepEqual(dataOf(tune).data.symbols, ["BRK.B", "AAPL"]);
  assert.ok(tune.warnings.some((w) => w.includes("BRK-B and BRK.B are one instrument")));
  const factor = await envelope<Data>("backtest.factor.payload", {
    ...base,
    factor_name: "reversal",
    symbols: "BRK-B,AAPL,BRK.B",
  }, replay);
  assert.deepEqual(dataOf(factor).config.symbols, ["BRK-B", "AAPL"]);
  assert.ok(factor.warnings.some((w) => w.includes("BRK.B and BRK-B are one instrument")));
});

Deno.test("backtest.run AAPL,aapl: a symbol listed twice is taken once and said so", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...base,
    strategy: "buy_hold",
    symbols: "AAPL,aapl",
  }, replay);
  assert.deepEqual(dataOf(env).config.symbols, ["AAPL"]);
  assert.ok(env.warnings.includes("symbols: AAPL is listed 2 times; it is taken once"));
});

Deno.test("parseSymbols warns of repeats only when asked; foldSpellings keys by the instrument", () => {
  const said: string[] = [];
  assert.deepEqual(parseSymbols("msft, AAPL,aapl,MSFT", (n) => said.push(n)), ["MSFT", "AAPL"]);
  assert.deepEqual(said, [
    "symbols: MSFT is listed 2 times, AAPL is listed 2 times; each is taken once",
  ]);
  const stooq = (url: string) => ({
    ok: true,
    data: { provider: "stooq", provider_symbol: url.split("=")[1], source_urls: [url] },
  });
  const fold = foldSpellings(
    [stooq("s=aapl.us"), stooq("s=msft.us"), stooq("s=aapl.us"), { ok: false }, { ok: false }],
    ["AAPL", "MSFT", "AAPL.US", "ZZZZ", "ZZZZ.US"],
  );
  assert.deepEqual(fold.keep, [0, 1, 3, 4], "failed answers are each kept, to be named");
  assert.equal(fold.notes.length, 1);
  assert.match(fold.notes[0], /^AAPL\.US and AAPL are one instrument \(stooq's aapl\.us/);
});
