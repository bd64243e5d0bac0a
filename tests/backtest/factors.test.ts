import assert from "node:assert/strict";
import { basketWeights } from "../../analysis/backtest/factors.ts";

Deno.test("five symbols at 20%/20%: one long at +0.5, one short at −0.5", () => {
  const b = basketWeights(
    [["AAPL", 1.2], ["MSFT", 0.4], ["NVDA", 2.0], ["TSLA", -1.0], ["META", 0.9]],
    0.2,
    0.2,
    "long_short",
  );
  assert.deepEqual(b.long.map((x) => [x.symbol, x.weight]), [["NVDA", 0.5]]);
  assert.deepEqual(b.short.map((x) => [x.symbol, x.weight]), [["TSLA", -0.5]]);
  assert.equal(b.gross_exposure, 1);
  assert.equal(b.net_exposure, 0);
  assert.deepEqual(b.weights, { AAPL: 0, MSFT: 0, NVDA: 0.5, TSLA: -0.5, META: 0 });
});

Deno.test("long_only: the long basket carries the whole book", () => {
  const b = basketWeights(
    [["A", 3], ["B", 2], ["C", 1], ["D", 0], ["E", -1], ["F", -2], ["G", -3], ["H", -4], [
      "I",
      -5,
    ], ["J", -6]],
    0.2,
    0.2,
    "long_only",
  );
  assert.deepEqual(b.long.map((x) => [x.symbol, x.weight]), [["A", 0.5], ["B", 0.5]]);
  assert.equal(b.short.length, 0);
  assert.equal(b.net_exposure, 1);
});

Deno.test("ties keep input order; a symbol never sits in both baskets", () => {
  const b = basketWeights([["X", 1], ["Y", 1], ["Z", 1]], 0.34, 0.34, "long_short");
  assert.deepEqual(b.long.map((x) => x.symbol), ["X"]);
  // Lowest-first with ties in input order is X, which is already long: no short remains,
  // so the long side takes the full book.
  assert.equal(b.short.length, 0);
  assert.equal(b.long[0].weight, 1);
});

Deno.test("fewer than 1/top_pct symbols still gives one long and one short", () => {
  const b = basketWeights([["A", 2], ["B", 1]], 0.2, 0.2, "long_short");
  assert.deepEqual(b.weights, { A: 0.5, B: -0.5 });
});
