/**
 * valuation.multiples' text view: a multiple it could not form reads "not computed", with the
 * warning that says why, or with the inputs its formula names that are missing, never "not
 * reported" as if the provider had left out a figure the tool itself forms.
 */
import assert from "node:assert/strict";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";

const data = {
  symbol: "BABA",
  price: 124.73,
  currency: "USD",
  market_cap: 302870626304,
  enterprise_value: null,
  revenue: 981767028736,
  revenue_currency: "CNY",
  revenue_in_market_currency: null,
  fx: null,
  multiples: { price_to_sales: null, ev_to_sales: null, trailing_pe: null, ev_to_ebitda: 9.5 },
  warnings: ["trailing_pe: the price is in USD and per-share figures in CNY; not computed"],
  provider: "market_a",
  method: {
    revenue_in_market_currency: "revenue × fx.rate when revenue_currency is not the market cap's",
    price_to_sales: "market_cap / revenue_in_market_currency",
    ev_to_sales: "enterprise_value / revenue_in_market_currency",
    trailing_pe: "as symbol.snapshot states it",
    ev_to_ebitda: "as symbol.snapshot states it",
  },
};

Deno.test("multiples view: a ratio not formed says not computed, and why", () => {
  const text = blocksText(viewBlocks(data), 200).join("\n");
  assert.match(
    text,
    /multiples\.price_to_sales: +not computed: revenue_in_market_currency is missing\n/,
  );
  assert.match(
    text,
    /multiples\.ev_to_sales: +not computed: enterprise_value and revenue_in_market_currency are missing\n/,
  );
  assert.match(text, /multiples\.trailing_pe: +not computed \(trailing_pe: the price is in USD/);
  assert.match(text, /multiples\.ev_to_ebitda: +9\.50x/);
  // a figure it forms from a rate nobody gave is not computed either; one the provider leaves out
  // is still not reported
  assert.match(text, /\nrevenue_in_market_currency: +not computed: fx is missing\n/);
  assert.match(text, /\nenterprise_value: +not reported\n/);
});
