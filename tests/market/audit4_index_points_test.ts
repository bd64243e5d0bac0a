/**
 * market.quote labelled an index's level with Yahoo's currency (^GSPC: USD), so 5,983 points
 * read as 5,983 dollars, an amount to convert or add to others. An index has no currency: it
 * is now null and a warning says the level is in points. Rows shaped as Yahoo's v7 quote.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { readYahooQuote } from "../../analysis/market/quote_row.ts";
import { quoteRow } from "../../providers/market_a/schemas.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const GSPC = {
  symbol: "^GSPC",
  quoteType: "INDEX",
  currency: "USD",
  exchange: "SNP",
  fullExchangeName: "SNP",
  shortName: "S&P 500",
  marketState: "CLOSED",
  regularMarketPrice: 5983.25,
  regularMarketPreviousClose: 6013.13,
  regularMarketChange: -29.88,
  regularMarketChangePercent: -0.4969,
  regularMarketTime: sec("2025-02-24T21:00:00Z"),
  regularMarketVolume: 0,
};

function yahoo(row: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === row.symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    return rest(input, init);
  };
}

Deno.test("market.quote: an index's level has no currency and is said to be in points", async () => {
  const { envelope } = await run("market.quote", { symbol: "^GSPC" }, {
    fetch: yahoo(GSPC),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.price, 5983.25);
  assert.equal(d.currency, null);
  const w = envelope.warnings.find((x) => /^\^GSPC is an index/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /5983\.25 is in points, not in USD/);
});

Deno.test("readYahooQuote (the CLI's direct path too): an index's currency is null, an equity's kept", () => {
  const idx = readYahooQuote(quoteRow.parse(GSPC));
  assert.equal(idx.quote.currency, null);
  assert.ok(idx.notes.some((n) => /in points/.test(n)), idx.notes.join("\n"));
  const eq = readYahooQuote(quoteRow.parse({ ...GSPC, symbol: "SPY", quoteType: "ETF" }));
  assert.equal(eq.quote.currency, "USD");
  assert.ok(!eq.notes.some((n) => /in points/.test(n)));
});

Deno.test("market.quote: a Treasury yield index is in percent, as market.ohlcv says, not points", async () => {
  const TNX = { ...GSPC, symbol: "^TNX", shortName: "CBOE 10Y", regularMarketPrice: 4.25 };
  const { envelope } = await run("market.quote", { symbol: "^TNX" }, {
    fetch: yahoo(TNX),
    now: NOW,
  });
  assert.equal((dataOf(envelope) as Any).currency, null);
  const w = envelope.warnings.find((x) => /^\^TNX is an index/.test(x));
  assert.match(w!, /4\.25 is in percent \(a Treasury yield\), not in USD/);
});
