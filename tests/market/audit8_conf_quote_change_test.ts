/**
 * market.quote: Yahoo's change that is not the price minus the previous close beside it (a
 * cryptocurrency's 24-hour change beside its 00:00 UTC "previous close") is said, not left for
 * a reader to take as the move since that close. Shaped as Yahoo's BTC-USD answer of
 * 2025-02-17 (change -1225.8906 beside a price 60.43 below the previous close).
 */
import assert from "node:assert/strict";
import { quoteRow } from "../../providers/market_a/schemas.ts";
import { readYahooQuote } from "../../analysis/market/quote_row.ts";
import { plainQuoteRow } from "../../providers/market_a/quote_direct.ts";

const btc = {
  symbol: "BTC-USD",
  quoteType: "CRYPTOCURRENCY",
  currency: "USD",
  marketState: "REGULAR",
  regularMarketTime: 1739789580,
  regularMarketPrice: 96077.45,
  regularMarketChange: -1225.8906,
  regularMarketChangePercent: -1.2598631,
  regularMarketPreviousClose: 96137.88,
  regularMarketOpen: 96137.88,
  regularMarketDayHigh: 96581.79,
  regularMarketDayLow: 95934.96,
  regularMarketVolume: 21228961792,
  marketCap: 1904783523840,
};

Deno.test("market.quote: a crypto change over 24 hours beside a 00:00 UTC close is said", () => {
  for (const row of [quoteRow.parse(btc), plainQuoteRow(btc)!]) {
    const { quote, notes } = readYahooQuote(row);
    // Yahoo's figures are kept as they are
    assert.equal(quote.price, 96077.45);
    assert.equal(quote.change, -1225.8906);
    assert.equal(quote.change_pct, -1.2598631);
    assert.equal(quote.previous_close, 96137.88);
    const note = notes.find((n) => /is not the price/.test(n));
    assert.ok(note, notes.join("\n"));
    assert.match(note, /change -1225\.8906 \(-1\.2598631%\) is not the price 96077\.45 minus/);
    assert.match(note, /previous close 96137\.88 \(-60\.43\)/);
    assert.match(note, /last 24 hours.*00:00 UTC/);
  }
});

Deno.test("market.quote: a change that is the price minus the previous close is not noted", () => {
  // AAPL's recorded row: 244.6 - 241.53 = 3.07, Yahoo's 3.0700073 (float rounding)
  const { notes } = readYahooQuote(quoteRow.parse({
    symbol: "AAPL",
    quoteType: "EQUITY",
    currency: "USD",
    regularMarketPrice: 244.6,
    regularMarketChange: 3.0700073,
    regularMarketChangePercent: 1.2710667,
    regularMarketPreviousClose: 241.53,
  }));
  assert.ok(!notes.some((n) => /is not the price/.test(n)), notes.join("\n"));
  // an equity whose change is of another session is said too, in its own words
  const other = readYahooQuote(quoteRow.parse({
    symbol: "XYZ",
    quoteType: "EQUITY",
    currency: "USD",
    regularMarketPrice: 50,
    regularMarketChange: 5,
    regularMarketChangePercent: 11.11,
    regularMarketPreviousClose: 50,
  })).notes.find((n) => /is not the price/.test(n));
  assert.match(other!, /different sessions or moments/);
});
