/** Checks that a market result holds no ratio across two currencies (shared by the tests). */
import assert from "node:assert/strict";
import { majorOf } from "../../analysis/market/currency.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(1e-4, Math.abs(b) * 1e-6);

/**
 * Checks a symbol.snapshot result: every non-null ratio compares amounts in one currency, either
 * because both sides are in it or because the cited rate converted one side; per-share ratios
 * only when the price's and the filer's currencies agree.
 */
export function assertSnapshotOneCurrency(d: Any, where: string) {
  const cap = d.figure_currencies.market_cap ?? majorOf(d.currency);
  const fin = d.financial_currency;
  const bridged = fin === cap || (d.fx && d.fx.from === fin && d.fx.to === cap);
  const v = d.valuation;
  for (const k of ["price_to_sales_ttm", "ev_to_revenue", "ev_to_ebitda"]) {
    if (v[k] !== null) assert.ok(bridged, `${where}: ${k} across ${cap} and ${fin} without a rate`);
  }
  if (v.price_to_sales_ttm !== null && fin !== cap) {
    const expect = d.market_cap / (d.total_revenue_ttm * d.fx.rate);
    assert.ok(near(v.price_to_sales_ttm, Math.round(expect * 1e4) / 1e4), `${where}: P/S`);
  }
  if (d.enterprise_value !== null && fin !== null && fin !== cap) {
    assert.ok(d.fx, `${where}: enterprise value across currencies without a rate`);
    assert.ok(near(d.enterprise_value, d.market_cap + d.net_debt * d.fx.rate), `${where}: EV`);
  }
  for (const k of ["trailing_pe", "forward_pe", "price_to_book"]) {
    if (v[k] !== null) {
      assert.equal(fin, majorOf(d.currency), `${where}: ${k} across ${d.currency} and ${fin}`);
    }
  }
}

/** The same for valuation.multiples: each multiple of sales in one currency. */
export function assertMultiplesOneCurrency(d: Any, where: string) {
  const cap = d.market_cap_currency;
  const rev = d.revenue_currency;
  for (const k of ["price_to_sales", "ev_to_sales"]) {
    if (d.multiples[k] === null) continue;
    if (rev !== cap) {
      assert.ok(d.fx && d.fx.from === rev && d.fx.to === cap, `${where}: ${k} without a rate`);
      assert.ok(near(d.revenue_in_market_currency, d.revenue * d.fx.rate), `${where}: converted`);
    }
    const num = k === "price_to_sales" ? d.market_cap : d.enterprise_value;
    assert.ok(near(d.multiples[k], Math.round(num / d.revenue_in_market_currency * 1e4) / 1e4));
  }
}
