/**
 * The buy-and-hold benchmark a run is measured against. It is bought the way the strategy's
 * orders are: decided on the first evaluation bar's close and filled at the next bar's open (or
 * close, with fill=next_close), paying the same fees and slippage, then held without
 * rebalancing. Its return and the strategy's then start at the same instant and price, so a
 * buy-and-hold strategy has no excess return over it; a benchmark bought at the first bar's close
 * would start a bar earlier, at a price no order could get.
 */
import { simulateRows } from "./engine.ts";
import { OrderRows } from "./rows.ts";
import type { Panel, SimConfig } from "./types.ts";

/** What a result's config says the benchmark is. */
export const BENCHMARK_TEXT =
  "equal-weight buy-and-hold of all symbols, bought like the strategy's orders: decided on the " +
  "first bar's close and filled at the next bar (the fill setting's price) with the same fees " +
  "and slippage, then held without rebalancing";

/** Equity at each bar's close of the equal-weight buy-and-hold (initial cash before its fill). */
export function benchmarkEquity(panel: Panel, cfg: SimConfig): Float64Array {
  const m = panel.symbols.length;
  const rows = new OrderRows(m, 1);
  if (panel.start < panel.dates.length) {
    const at = rows.add(panel.start);
    for (let s = 0; s < m; s++) rows.weights[at + s] = 1 / m;
  }
  return simulateRows(panel, rows, { ...cfg, recordOrders: false }).equity;
}
