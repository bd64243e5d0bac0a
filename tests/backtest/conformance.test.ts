/**
 * Conformance on real recorded bars (../shared/fixtures; skipped with a reason when absent):
 * a backtest through Apple's 4:1 split of 2020-08-31 has a continuous equity curve.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Data = any;

/** Largest one-bar move of the strategy equity and of the buy-and-hold benchmark, in percent. */
function largestStep(curve: Data[]): number {
  let worst = 0;
  for (let i = 1; i < curve.length; i++) {
    for (const k of ["equity", "benchmark"]) {
      worst = Math.max(worst, Math.abs(curve[i][k] / curve[i - 1][k] - 1) * 100);
    }
  }
  return worst;
}

Deno.test({
  name: "conformance: sma_cross on AAPL through the 2020 split (Stooq bars) is continuous",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("backtest split conformance");
    if (!root) return;
    const env = await envelope<Data>("backtest.run", {
      strategy: "sma_cross",
      symbols: "AAPL",
      start_date: "2020-06-01",
      end_date: "2020-12-31",
      provider: "stooq",
      params: { fast: 5, slow: 20 },
      max_points: 0,
    }, { replay: [join(root, "cassettes", "stooq")] });
    const d = dataOf(env);
    const curve = d.equity_curve;
    assert.ok(curve.some((p: Data) => p.date === "2020-08-28"));
    assert.ok(curve.some((p: Data) => p.date === "2020-08-31"));
    // AAPL moved at most ~10% in a day in 2020 H2; an unadjusted 4:1 split would be −75%.
    assert.ok(largestStep(curve) < 15, `largest one-bar move ${largestStep(curve)}%`);
    assert.ok(d.metrics.total_trades > 0);
  },
});

Deno.test({
  name: "conformance: Yahoo bars starting on the split day run with adjusted prices",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("backtest Yahoo conformance");
    if (!root) return;
    // The recording covers 2020-08-31 … 2020-11-06 exactly, so no warm-up is requested.
    const env = await envelope<Data>("backtest.run", {
      strategy: "buy_hold",
      symbols: "AAPL",
      start_date: "2020-08-31",
      end_date: "2020-11-06",
      provider: "market_a",
      warmup_bars: 0,
      fees: 0,
      max_points: 0,
    }, { replay: [join(root, "cassettes", "yahoo")] });
    const d = dataOf(env);
    assert.equal(d.data.sources.AAPL.price_adjustment, "total_return");
    assert.equal(d.data.first_date, "2020-08-31");
    assert.ok(largestStep(d.equity_curve) < 15);
    // Bought at 2020-09-01's open, scaled to the dividend-adjusted basis (below the raw 132.76).
    assert.equal(d.orders[0].date, "2020-09-01");
    assert.ok(d.orders[0].price < 132.76 && d.orders[0].price > 129);
  },
});

Deno.test({
  name:
    "conformance: a portfolio of AAPL (USD) and OCDO.L (GBp) from recorded Yahoo bars is refused",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("backtest currency conformance");
    if (!root) return;
    const replay = { replay: [join(root, "cassettes", "yahoo")] };
    const args = {
      strategy: "buy_hold",
      start_date: "2020-01-01",
      end_date: "2020-01-02",
      provider: "market_a",
      warmup_bars: 0,
    };
    const both = await envelope<Data>("backtest.run", { ...args, symbols: "AAPL,OCDO.L" }, replay);
    assert.equal(both.ok, false);
    assert.match(both.error!, /AAPL in USD; OCDO\.L in GBp/);
    // each on its own runs, in its own currency
    const alone = await envelope<Data>("backtest.run", { ...args, symbols: "OCDO.L" }, replay);
    assert.equal(alone.ok, true, alone.error ?? "");
    assert.equal(alone.data.data.sources["OCDO.L"].currency, "GBp");
  },
});
