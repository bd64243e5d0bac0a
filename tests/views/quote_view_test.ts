/**
 * market.quote's view opens with one line: whose price, the price in its currency or unit, the
 * move since the previous close and when it was quoted; the fields follow as before.
 */
import assert from "node:assert/strict";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";

const quote = (extra: Record<string, unknown> = {}) => ({
  symbol: "OCDO.L",
  provider_symbol: "OCDO.L",
  company_name: "Ocado Group plc",
  quote_type: "EQUITY",
  exchange: "LSE",
  currency: "GBp",
  price: 308.8,
  change: -6.4,
  change_pct: -2.0318,
  previous_close: 315.2,
  market_state: "REGULAR",
  as_of: "2025-02-17T10:38:44.000Z",
  provider: "market_a",
  source: "Yahoo Finance quote API (v7/finance/quote)",
  source_urls: ["https://query2.finance.yahoo.com/v7/finance/quote?symbols=OCDO.L"],
  ...extra,
});

const head = (data: unknown) => blocksText(viewBlocks(data, "quote"), 200)[0];

Deno.test("quote view: the first line names the company, price, move and time", () => {
  assert.equal(
    head(quote()),
    "OCDO.L (Ocado Group plc, LSE): GBp 308.80, down GBp 6.40 (2.03%) from the previous close, at 2025-02-17 10:38:44 UTC, market open when read",
  );
  assert.match(
    head(quote({ change: 1.5, change_pct: 0.49 })),
    /: GBp 308\.80, up GBp 1\.50 \(0\.49%\)/,
  );
  assert.match(
    head(quote({ change: 0, change_pct: 0 })),
    /: GBp 308\.80, unchanged from the previous close/,
  );
});

Deno.test("quote view: an index's price in points, a missing price and change said so", () => {
  const index = head(quote({
    symbol: "^VXAPL",
    company_name: "CBOE EQUITY VIXON APPLE",
    exchange: "Chicago Options",
    quote_type: "INDEX",
    currency: null,
    price: 23.77,
    change: -0.51,
    change_pct: -2.1,
    previous_close: 24.28,
    market_state: "CLOSED",
  }));
  assert.match(index, /: 23\.77 points, down 0\.51 points \(2\.10%\) from the previous close/);
  assert.match(index, /market closed when read$/);
  const none = head(quote({ price: null, change: null, change_pct: null, market_state: null }));
  assert.equal(
    none,
    "OCDO.L (Ocado Group plc, LSE): no price reported, at 2025-02-17 10:38:44 UTC",
  );
});

Deno.test("quote view: the fields below the line are the generic view's, all of them", () => {
  const text = blocksText(viewBlocks(quote(), "quote"), 200).join("\n");
  assert.match(text, /previous_close: +GBp 315\.20/);
  assert.match(
    text,
    /source_urls: +https:\/\/query2\.finance\.yahoo\.com\/v7\/finance\/quote\?symbols=OCDO\.L/,
  );
});
