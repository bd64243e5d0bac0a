/**
 * limit= beside start_date= or years= was ignored without a word (years=2 limit=5 gave two years
 * of bars): now it keeps the last `limit` bars of that window, on every path (library, HTTP, the
 * CLI's lean path); alone, limit sizes the window as before, and nothing given means 200 bars.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const rowsOf = (d: Any): Any[] => d.rows ?? d.bars;

Deno.test("market.ohlcv: limit beside start_date keeps the last bars of the window", async () => {
  const opts = { fetch: fakeMarket(), now: "2023-11-24T22:00:00Z" };
  const all = rowsOf(dataOf<Any>(
    await envelope("market.ohlcv", {
      symbols: "MSFT",
      start_date: "2023-11-01",
      end_date: "2023-11-24",
      provider: "market_a",
    }, opts),
  ));
  assert.ok(all.length >= 3, `the fake serves ${all.length} bars`);
  const cut = rowsOf(dataOf<Any>(
    await envelope("market.ohlcv", {
      symbols: "MSFT",
      start_date: "2023-11-01",
      end_date: "2023-11-24",
      limit: 2,
      provider: "market_a",
    }, opts),
  ));
  assert.deepEqual(cut.map((r: Any) => r.date), all.slice(-2).map((r: Any) => r.date));
});

Deno.test({
  name: "conformance: market.ohlcv years=2 limit=5 over Stooq's AAPL is its last five bars",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Stooq AAPL history")) return;
    const opts = { replay: [join(SHARED!, "cassettes", "stooq")], now: "2022-12-30T22:00:00Z" };
    const args = { symbols: "AAPL", years: 2, provider: "stooq" };
    const whole = rowsOf(dataOf<Any>(await envelope("market.ohlcv", args, opts)));
    assert.ok(whole.length > 400);
    const last = rowsOf(dataOf<Any>(await envelope("market.ohlcv", { ...args, limit: 5 }, opts)));
    assert.deepEqual(last.map((r: Any) => r.date), whole.slice(-5).map((r: Any) => r.date));
    const plain = rowsOf(
      dataOf<Any>(await envelope("market.ohlcv", { symbols: "AAPL", provider: "stooq" }, opts)),
    );
    assert.equal(plain.length, 200);
  },
});

Deno.test("market.ohlcv: a symbol no provider serves is left out and named; the others' bars stand", async () => {
  const base = fakeMarket();
  // Yahoo answers "no data" for ZZZZ, as it does for a symbol it does not know
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/chart/ZZZZ")) {
      return Promise.resolve(Response.json({
        chart: { result: null, error: { code: "Not Found", description: "No data found" } },
      }, { status: 404 }));
    }
    return base(input, init);
  };
  const opts = { fetch, now: "2023-11-24T22:00:00Z" };
  const args = { start_date: "2023-11-01", end_date: "2023-11-24", provider: "market_a" };
  const env = await envelope("market.ohlcv", { ...args, symbols: "MSFT,ZZZZ" }, opts);
  const d = dataOf<Any>(env);
  assert.deepEqual(Object.keys(d.symbols), ["MSFT"]);
  assert.equal(d.missing.length, 1);
  assert.equal(d.missing[0].symbol, "ZZZZ");
  assert.ok(env.warnings.some((w) => /^ZZZZ: left out, no bars from any provider/.test(w)));
  // every symbol unserved: the call fails, as one alone does
  const none = await envelope("market.ohlcv", { ...args, symbols: "ZZZZ" }, opts);
  assert.equal(none.ok, false);
  assert.equal(none.data, null);
});
