/**
 * The "orders fall after end_date" warning is for targets the last bar changes: a monthly
 * rebalance counts the last bar as its month's end and repeats its targets there, which every
 * momentum run ending mid-month warned about though no target changed.
 */
import assert from "node:assert/strict";
import { changedOnLastBar } from "../../analysis/backtest/rows.ts";

const row = (...v: number[]) => Float64Array.from(v);

Deno.test("changedOnLastBar: the same targets repeated on the last bar are no change", () => {
  assert.equal(changedOnLastBar([row(NaN, 0.5, NaN, 0.5), row(NaN, 0.5, NaN, 0.5)]), false);
  // no order on the last bar at all
  assert.equal(changedOnLastBar([row(1, NaN, NaN, NaN)]), false);
});

Deno.test("changedOnLastBar: a new weight, or a first order, on the last bar is a change", () => {
  assert.equal(changedOnLastBar([row(NaN, 0.5, NaN, 0.5), row(NaN, 0.5, NaN, 0)]), true);
  // a symbol never held before, bought on the last bar
  assert.equal(changedOnLastBar([row(NaN, NaN, NaN, 1)]), true);
});
