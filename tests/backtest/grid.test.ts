/**
 * The one-pass tune engine (simulateGrid, through gridMetrics, its bar loop in WebAssembly)
 * against one simulation and one measurement per set in JavaScript: every metric of every set
 * identical to the last bit, for every built-in under several costs and fill rules, on panels of
 * 1 to 12 symbols, on a crash that takes leveraged equity below zero, for rows the simulator
 * skips (before the window, on a bar already passed, on the last bar), and a stopped call stops
 * it.
 */
import assert from "node:assert/strict";
import { gridMetrics, planGrid } from "../../analysis/backtest/tune.ts";
import { simulateGrid } from "../../analysis/backtest/engine.ts";
import { OrderRows, RowBlock } from "../../analysis/backtest/rows.ts";
import { STRATEGIES } from "../../analysis/backtest/strategies.ts";
import type { Params, SimConfig, StrategyDef } from "../../analysis/backtest/types.ts";
import { withCallScope } from "../../core/call_scope.ts";
import { panelOf, randomPanel } from "./_bars.ts";

const GRIDS: Record<string, Record<string, unknown[]>> = {
  sma_cross: { fast: [2, 5, 12], slow: [8, 30] },
  rsi_reversion: { window: [3, 14], lower: [30, 45], upper: [50, 65] },
  momentum_top_n: { lookback: [5, 40], top_n: [1, 2], rebalance: ["D", "M"] },
  bollinger_reversion: { window: [5, 20], k: [0.5, 2] },
  donchian_breakout: { window: [3, 20], exit_window: [2, 10] },
};

const CONFIGS: SimConfig[] = [
  { initialCash: 10000, fees: 0, fixedFees: 0, slippage: 0, fill: "next_open", leverage: 1 },
  {
    initialCash: 123456.78,
    fees: 0.002,
    fixedFees: 1.5,
    slippage: 0.0007,
    fill: "next_close",
    leverage: 1,
  },
  { initialCash: 5000, fees: 0.001, fixedFees: 0, slippage: 0, fill: "next_open", leverage: 2 },
];

/** Both paths' metrics, compared with Object.is on every number (NaN, −0 and all). */
function same(def: StrategyDef, combos: Params[], panel = randomPanel(2, 300), label = "") {
  for (const cfg of CONFIGS) {
    const grid = gridMetrics(panel, def, combos, cfg, "1d");
    const each = gridMetrics(panel, def, combos, cfg, "1d", undefined, true);
    assert.deepStrictEqual(grid, each, `${def.name} ${label} ${JSON.stringify(cfg)}`);
  }
}

Deno.test("one-pass tune: every built-in's metrics equal one run per set, 1 to 12 symbols", () => {
  for (const symbols of [1, 2, 3, 4, 5, 7, 12]) {
    const panel = randomPanel(symbols, 420, 40 + symbols);
    panel.start = 60;
    for (const def of STRATEGIES) {
      const grid = GRIDS[def.name];
      const combos = grid ? planGrid(def, grid, 1000).combos : [{}];
      same(def, combos, panel, `${symbols} symbols`);
    }
  }
});

Deno.test("one-pass tune: a crash that takes leveraged equity to zero and below", () => {
  // Equity at or below zero takes the other side of every branch of the metrics' scan (no
  // drawdown from a peak at or below zero, no exposure of a non-positive equity, returns from a
  // negative base); the walk recovers, so the worst drawdown's recovery is looked for too.
  const n = 160;
  const walk = (f: (t: number) => number) => Array.from({ length: n }, (_, t) => f(t));
  const panel = panelOf({
    A: walk((t) => 100 + 10 * Math.sin(t / 5) + (t > 70 && t < 90 ? -99 : 0)),
    B: walk((t) => 50 + t / 4 + 5 * Math.cos(t / 3)),
    C: walk((t) => (t < 80 ? 20 + t : 400 - 3 * t + 20 * Math.sin(t))),
  });
  panel.start = 10;
  const def = STRATEGIES.find((s) => s.name === "sma_cross")!;
  const combos = planGrid(def, { fast: [2, 3, 5], slow: [6, 9, 20] }, 100).combos;
  for (const leverage of [1, 2, 4]) {
    const cfg = { ...CONFIGS[1], fill: "next_open" as const, leverage };
    const grid = gridMetrics(panel, def, combos, cfg, "1d");
    assert.deepStrictEqual(grid, gridMetrics(panel, def, combos, cfg, "1d", undefined, true));
  }
  const cfg = { ...CONFIGS[0], leverage: 4 };
  const low = gridMetrics(panel, def, combos, cfg, "1d").map((m) => m.max_drawdown_pct);
  assert.ok(low.some((d) => d === null || d >= 100), `a set loses everything: ${low}`);
});

Deno.test("one-pass tune: rows the simulator skips are skipped the same way", () => {
  // Rows before the window, a row on a bar already passed (it and every later row never
  // fill), a row on the last bar (never fills), sets without rows.
  const layouts: number[][] = [
    [5, 20, 40, 41, 80],
    [2, 30, 30, 60, 90],
    [25, 70, 50, 110],
    [],
    [20, 119],
    [119],
  ];
  const def: StrategyDef = {
    name: "fixed_rows",
    summary: "",
    rule: "",
    parameters: {},
    warmup: () => 0,
    orders(panel, p, _cache, out) {
      const rows = out ? out.reset(panel.symbols.length) : new OrderRows(panel.symbols.length);
      const m = panel.symbols.length;
      layouts[Number(p.layout)].forEach((t, i) => {
        const at = rows.add(t);
        for (let s = 0; s < m; s++) rows.weights[at + s] = s === i % m ? 0.8 : i % 3 ? NaN : 0.1;
      });
      return rows;
    },
    targets: () => [],
  };
  const panel = randomPanel(3, 120, 5);
  panel.start = 20;
  same(def, layouts.map((_, layout) => ({ layout })), panel, "fixed rows");
});

Deno.test("one-pass tune: a stopped call stops the sets and their simulation", () => {
  const panel = randomPanel(2, 300, 3);
  panel.start = 40;
  const def = STRATEGIES.find((s) => s.name === "sma_cross")!;
  const combos = planGrid(def, GRIDS.sma_cross, 100).combos;
  const stopped = new AbortController();
  stopped.abort();
  assert.throws(
    () =>
      withCallScope(
        "backtest.tune",
        stopped.signal,
        undefined,
        () => gridMetrics(panel, def, combos, CONFIGS[0], "1d"),
      ),
    /backtest\.tune was stopped/,
  );
  const block = new RowBlock(2);
  block.append(def.orders(panel, combos[0], new Map()));
  assert.throws(
    () =>
      withCallScope(
        "backtest.tune",
        stopped.signal,
        undefined,
        () => simulateGrid(panel, block, CONFIGS[0]),
      ),
    /backtest\.tune was stopped/,
  );
  // Outside a call nothing stops it.
  assert.equal(simulateGrid(panel, block, CONFIGS[0]).sets, 1);
});

Deno.test("one-pass tune: more sets than one block give the same metrics", () => {
  const def = STRATEGIES.find((s) => s.name === "sma_cross")!;
  const fast = Array.from({ length: 10 }, (_, i) => i + 2);
  const combos = planGrid(def, { fast, slow: [15, 20, 30, 40, 50, 60, 70] }, 1000).combos;
  assert.ok(combos.length > 64);
  const panel = randomPanel(2, 300, 9);
  panel.start = 70;
  same(def, combos, panel, "70 sets");
});
