/**
 * The symbol parser read a "/" as a dot, so the part after it could be taken for an exchange:
 * MKC/V (McCormick's voting class, Yahoo's MKC-V) became MKC.V, a TSX Venture listing, and
 * XYZ/T a Tokyo one; and any two three-letter parts made an exchange rate (ABC/WTS: ABCWTS=X).
 * A "/" is now a share class, or a pair of two currencies (EUR/USD) or a coin and a currency
 * (BTC/USD); market.ohlcv asks its provider for the listing so mapped.
 */
import assert from "node:assert/strict";
import { parseSymbol } from "../../core/symbols.ts";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";

const read = (s: string) => {
  const p = parseSymbol(s);
  return `${p.canonical} ${p.kind} ${p.suffix}`;
};

Deno.test("parseSymbol: a '/' is a share class, never an exchange suffix", () => {
  assert.equal(read("MKC/V"), "MKC-V equity null");
  assert.equal(read("XYZ/T"), "XYZ-T equity null");
  assert.equal(read("SHEL/L"), "SHEL-L equity null");
  assert.equal(read("BRK/B"), "BRK-B equity null");
  assert.equal(read("BAC/PL"), "BAC-PL equity null");
  // a class of a listing with an exchange suffix, and Stooq's spelling
  assert.equal(read("RCI/B.TO"), "RCI-B.TO equity TO");
  assert.equal(read("brk/b.us"), "BRK-B equity null");
  // the dot keeps its meaning: an exchange suffix
  assert.equal(read("MKC.V"), "MKC.V equity V");
});

Deno.test("parseSymbol: '/' makes an exchange rate of two currencies only", () => {
  assert.equal(read("ABC/WTS"), "ABC-WTS equity null");
  assert.equal(read("EUR/USD"), "EURUSD=X fx null");
  assert.equal(read("USD/TND"), "USDTND=X fx null");
  assert.equal(read("XAU/USD"), "XAUUSD=X fx null");
  assert.equal(read("BTC/USD"), "BTC-USD crypto null");
});

Deno.test("market.ohlcv MKC/V asks Yahoo for MKC-V, not the TSX Venture MKC.V", async () => {
  const asked: string[] = [];
  const base = fakeMarket();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    asked.push(sym);
    const body = chartBody(
      sym,
      Number(url.searchParams.get("period1")),
      Number(url.searchParams.get("period2")),
      100,
      0.001,
    );
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  };
  const { envelope } = await run("market.ohlcv", {
    symbols: "MKC/V",
    start_date: "2025-10-01",
    end_date: "2025-10-10",
    provider: "market_a",
  }, { fetch, now: "2025-11-21T21:00:00Z" });
  const d = dataOf(envelope) as { symbol: string };
  assert.equal(d.symbol, "MKC-V");
  assert.deepEqual([...new Set(asked)], ["MKC-V"]);
});
