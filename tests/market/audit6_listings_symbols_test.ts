/**
 * Pairs typed the other way round: BTC/USD was read as an exchange rate BTCUSD=X (a currency
 * pair for bitcoin) and EUR-USD as a cryptocurrency EUR-USD. A coin over a fiat currency is the
 * crypto pair, two currencies are the exchange rate; share classes stay one listing.
 */
import assert from "node:assert/strict";
import { parseSymbol } from "../../core/symbols.ts";

const read = (s: string) => {
  const p = parseSymbol(s);
  return `${p.canonical} ${p.kind}`;
};

Deno.test("parseSymbol: a coin over a currency is the crypto pair, whichever separator", () => {
  assert.equal(read("BTC/USD"), "BTC-USD crypto");
  assert.equal(read("eth/eur"), "ETH-EUR crypto");
  assert.equal(read("SOL/USDT"), "SOL-USDT crypto");
  assert.equal(read("BTC-USD"), "BTC-USD crypto");
});

Deno.test("parseSymbol: two currencies are the exchange rate, whichever separator", () => {
  assert.equal(read("EUR-USD"), "EURUSD=X fx");
  assert.equal(read("gbp-jpy"), "GBPJPY=X fx");
  assert.equal(read("EUR/USD"), "EURUSD=X fx");
  assert.equal(read("USD/TND"), "USDTND=X fx");
  assert.equal(read("XAU/USD"), "XAUUSD=X fx");
});

Deno.test("parseSymbol: share classes are one listing however written", () => {
  for (const s of ["BRK.B", "BRK/B", "BRK-B", "brk.b"]) assert.equal(read(s), "BRK-B equity");
  assert.equal(read("RCI.B.TO"), "RCI-B.TO equity");
});
