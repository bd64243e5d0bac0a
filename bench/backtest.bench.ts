/**
 * backtest.tune speed: 100 sma_cross combinations over 10 years of daily bars for 10 symbols
 * (synthetic random walks; data loading excluded). Target: under 0.5 s per tune.
 * Bar-steps = combinations × bars × symbols = 100 × 2520 × 10 = 2.52 M per iteration.
 */
import { planGrid, runGrid } from "../analysis/backtest/tune.ts";
import { findStrategy } from "../analysis/backtest/strategies.ts";
import { simulate } from "../analysis/backtest/engine.ts";
import { resolveParams } from "../analysis/backtest/params.ts";
import { randomPanel } from "../tests/backtest/_bars.ts";
import type { SimConfig } from "../analysis/backtest/types.ts";

const panel = randomPanel(10, 2520 + 200);
panel.start = 200; // warm-up bars, as the loader would provide
const def = findStrategy("sma_cross")!;
const grid = {
  fast: [5, 8, 10, 12, 15, 20, 25, 30, 40, 50],
  slow: [60, 80, 100, 120, 140, 150, 160, 180, 190, 200],
};
const plan = planGrid(def, grid, 100);
const sim: SimConfig = {
  initialCash: 100000,
  fees: 0.001,
  fixedFees: 1,
  slippage: 0.0005,
  fill: "next_open",
  leverage: 1,
};

Deno.bench("backtest.tune sma_cross: 100 runs × 10 symbols × 2520 bars", () => {
  runGrid(panel, def, plan.combos, sim, "1d", "sharpe_ratio");
});

const mom = findStrategy("momentum_top_n")!;
const momPlan = planGrid(mom, {
  lookback: [21, 42, 63, 126, 189],
  top_n: [1, 2, 3, 4, 5],
  rebalance: ["D", "W", "M", "D"],
}, 100);
Deno.bench("backtest.tune momentum_top_n: 100 runs × 10 symbols × 2520 bars", () => {
  runGrid(panel, mom, momPlan.combos, sim, "1d", "sharpe_ratio");
});

const one = resolveParams(def, { fast: 20, slow: 100 });
const targets = def.targets(panel, one, new Map());
Deno.bench("simulate only: one run × 10 symbols × 2520 bars", () => {
  simulate(panel, targets, sim);
});
