/**
 * Alpha Vantage states no currency. market.quote's fallback to it gave currency null for every
 * listing, and market.ohlcv for every one outside the US, though the market its spelling names
 * settles it for Xetra (EUR), Bombay (INR) and Shanghai/Shenzhen A shares (CNY). The answers are
 * shaped as Alpha Vantage's GLOBAL_QUOTE.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { avCurrency } from "../../providers/market_b/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const GLOBAL = {
  "Global Quote": {
    "01. symbol": "SAP.DEX",
    "02. open": "180.1000",
    "03. high": "182.4000",
    "04. low": "179.5000",
    "05. price": "181.9000",
    "06. volume": "1523000",
    "07. latest trading day": "2024-03-05",
    "08. previous close": "180.0000",
    "09. change": "1.9000",
    "10. change percent": "1.0556%",
  },
};

Deno.test("market.quote: Alpha Vantage's fallback quote of a Xetra listing is in EUR", async () => {
  const fetch = fakeMarket(undefined, {
    "alphavantage.co": () =>
      new Response(JSON.stringify(GLOBAL), { headers: { "content-type": "application/json" } }),
  });
  const { envelope } = await run("market.quote", { symbol: "SAP.DE" }, {
    fetch,
    env: { ALPHA_VANTAGE_API_KEY: "k" },
    now: "2024-03-06T12:00:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.provider, "market_b");
  assert.equal(d.provider_symbol, "SAP.DEX");
  assert.equal(d.price, 181.9);
  assert.equal(d.currency, "EUR");
});

Deno.test("avCurrency: the markets that settle a currency, and those that do not", () => {
  assert.equal(avCurrency("AAPL"), "USD");
  assert.equal(avCurrency("BRK.B"), "USD");
  assert.equal(avCurrency("SAP.DEX"), "EUR");
  assert.equal(avCurrency("RELIANCE.BSE"), "INR");
  assert.equal(avCurrency("600519.SHH"), "CNY");
  assert.equal(avCurrency("000001.SHZ"), "CNY");
  assert.equal(avCurrency("900901.SHH"), null, "a Shanghai B share trades in USD");
  assert.equal(avCurrency("TSCO.LON"), null, "pence or pounds");
  assert.equal(avCurrency("RY.TRT"), null, "CAD or USD lines");
});
