/** Symbol forms per provider, the positional `=` symbol rule of the CLI, currency units. */
import assert from "node:assert/strict";
import { parseSymbol } from "../../core/symbols.ts";
import { stooqSymbol } from "../../providers/stooq/client.ts";
import { avSymbol } from "../../providers/market_b/client.ts";
import { tokensToArgs } from "../../core/args.ts";
import { ratioOf, unitOf } from "../../analysis/market/currency.ts";

Deno.test("one symbol, typed many ways, is one canonical (Yahoo) form", () => {
  const cases: [string, string, string][] = [
    ["BRK.B", "BRK-B", "equity"],
    ["brk.b", "BRK-B", "equity"],
    ["BRK-B", "BRK-B", "equity"],
    ["BRK/B", "BRK-B", "equity"],
    ["RCI.B.TO", "RCI-B.TO", "equity"],
    ["shel.l", "SHEL.L", "equity"],
    ["7203.t", "7203.T", "equity"],
    ["0700.HK", "0700.HK", "equity"],
    ["^gspc", "^GSPC", "index"],
    ["eurusd=x", "EURUSD=X", "fx"],
    ["EUR/USD", "EURUSD=X", "fx"],
    ["gc=f", "GC=F", "future"],
    ["btc-usd", "BTC-USD", "crypto"],
    // Stooq's own spellings are read too
    ["aapl.us", "AAPL", "equity"],
    ["brk-b.us", "BRK-B", "equity"],
    ["shel.uk", "SHEL.L", "equity"],
    ["7203.jp", "7203.T", "equity"],
    ["700.hk", "0700.HK", "equity"],
    ["^spx", "^GSPC", "index"],
    ["^ukx", "^FTSE", "index"],
  ];
  for (const [typed, canonical, kind] of cases) {
    const p = parseSymbol(typed);
    assert.equal(p.canonical, canonical, typed);
    assert.equal(p.kind, kind, typed);
  }
  assert.throws(() => parseSymbol("AAPL MSFT"), /not a symbol/);
  // Malformed spellings are refused here, not sent to a provider as typed.
  for (const bad of ["AAPL.", "XX..Y", "BRK--B", "^^", "A^B", "=X", "EUR=USD", "^", ".L"]) {
    assert.throws(() => parseSymbol(bad), /not a symbol/, bad);
  }
  assert.equal(parseSymbol("^SP500-45").canonical, "^SP500-45");
});

Deno.test("Stooq and Alpha Vantage spell the canonical form their own way or refuse by name", () => {
  const stooq: [string, string][] = [
    ["AAPL", "aapl.us"],
    ["BRK-B", "brk-b.us"],
    ["SHEL.L", "shel.uk"],
    ["SAP.DE", "sap.de"],
    ["7203.T", "7203.jp"],
    ["0700.HK", "700.hk"],
    ["^GSPC", "^spx"],
    ["^N225", "^nkx"],
    ["EURUSD=X", "eurusd"],
    ["JPY=X", "usdjpy"],
    ["GC=F", "gc.f"],
    ["BTC-USD", "btcusd"],
  ];
  for (const [yahoo, form] of stooq) assert.equal(stooqSymbol(yahoo), form, yahoo);
  assert.throws(() => stooqSymbol("RY.TO"), /stooq cannot serve RY\.TO.*\.TO market.*aapl\.us/);
  assert.throws(() => stooqSymbol("^VXAPL"), /stooq cannot serve \^VXAPL.*\^GSPC/);
  assert.equal(avSymbol("BRK-B"), "BRK.B");
  assert.equal(avSymbol("SHEL.L"), "SHEL.LON");
  assert.equal(avSymbol("RY.TO"), "RY.TRT");
  assert.throws(() => avSymbol("EURUSD=X"), /market_b cannot serve EURUSD=X: not an equity/);
  assert.throws(() => avSymbol("0700.HK"), /market_b cannot serve 0700\.HK.*\.HK market/);
  // Crypto pairs in any quote currency are crypto, not a share class (BTC-JPY is not BTC.JPY).
  for (const pair of ["BTC-JPY", "ETH-USDT", "BTC-CAD"]) {
    assert.throws(() => avSymbol(pair), /market_b cannot serve .*: not an equity/, pair);
  }
  assert.throws(() => stooqSymbol("BTC-CAD"), /stooq cannot serve BTC-CAD: .*crypto pairs/);
  assert.equal(stooqSymbol("BTC-PLN"), "btcpln");
});

Deno.test("CLI: EURUSD=X and GC=F are positional symbols, real key=value stays named", () => {
  const shape = {
    name: "market.quote",
    usage: "finance market.quote SYMBOL",
    keys: ["symbol"],
    positional: ["symbol"],
  };
  const kind = () => "passthrough" as const;
  assert.deepEqual({ ...tokensToArgs(shape, ["EURUSD=X"], kind) }, { symbol: "EURUSD=X" });
  assert.deepEqual({ ...tokensToArgs(shape, ["symbol=GC=F"], kind) }, { symbol: "GC=F" });
  const ohlcv = {
    name: "market.ohlcv",
    usage: "finance market.ohlcv SYMBOLS",
    keys: ["symbols", "timeframe", "limit"],
    positional: ["symbols"],
  };
  assert.deepEqual(
    { ...tokensToArgs(ohlcv, ["GC=F", "limit=5"], kind) },
    { symbols: "GC=F", limit: "5" },
  );
  // A key that names an argument is never a symbol, even when it looks like one.
  assert.deepEqual({ ...tokensToArgs(ohlcv, ["timeframe=1d"], kind) }, { timeframe: "1d" });
  // A typo with a long value stays an unknown argument (the runner names the closest one).
  assert.deepEqual({ ...tokensToArgs(shape, ["sybol=AAPL"], kind) }, { sybol: "AAPL" });
  // A command gathering unknown keys keeps rebalance=M as an argument, GC=F as a symbol.
  const gather = {
    name: "backtest.run",
    usage: "finance backtest.run STRATEGY SYMBOLS",
    keys: ["strategy", "symbols", "params"],
    positional: ["strategy", "symbols"],
    extra_into: "params",
  };
  assert.deepEqual(
    { ...tokensToArgs(gather, ["sma_cross", "GC=F", "rebalance=M"], kind) },
    { strategy: "sma_cross", symbols: "GC=F", rebalance: "M" },
  );
  // No positional slot: stays named (and is refused later as unknown).
  const none = { name: "market.status", usage: "finance market.status", keys: [], positional: [] };
  assert.deepEqual({ ...tokensToArgs(none, ["GC=F"], kind) }, { GC: "F" });
});

Deno.test("currency units: pence and cents are 1/100 of the major unit, never a mismatch", () => {
  assert.deepEqual(unitOf("GBp"), { code: "GBp", major: "GBP", factor: 0.01 });
  assert.deepEqual(unitOf("GBX"), { code: "GBX", major: "GBP", factor: 0.01 });
  assert.deepEqual(unitOf("ZAc"), { code: "ZAc", major: "ZAR", factor: 0.01 });
  assert.deepEqual(unitOf("ILA"), { code: "ILA", major: "ILS", factor: 0.01 });
  assert.equal(unitOf("USD")!.factor, 1);
  assert.equal(unitOf(null), null);
  const notes: string[] = [];
  // 308.8 GBp over 1.668 GBP of book per share is 1.8513, not Yahoo's 185.
  assert.equal(
    ratioOf("price_to_book", { value: 308.8, currency: "GBp" }, {
      value: 1.668,
      currency: "GBP",
    }, notes),
    1.8513,
  );
  assert.equal(
    ratioOf("p_s", { value: 130e9, currency: "USD" }, { value: 15.6e9, currency: "EUR" }, notes),
    null,
  );
  assert.equal(notes.length, 1);
  assert.match(notes[0], /p_s: USD over EUR without an exchange rate/);
});

Deno.test("market.quote: Alpha Vantage never stands in for a form it cannot serve", async () => {
  const { run } = await import("../_helpers.ts");
  const { offline } = await import("./_fake.ts");
  const out = await run("market.quote", { symbol: "EURUSD=X" }, {
    fetch: offline,
    env: { ALPHA_VANTAGE_API_KEY: "demo-key-1234" },
  });
  assert.equal(out.envelope.ok, false);
  assert.match(out.envelope.error!, /market_a: .*no fallback: market_b cannot serve EURUSD=X/);
});
