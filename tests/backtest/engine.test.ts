import assert from "node:assert/strict";
import { simulate, simulateRows } from "../../analysis/backtest/engine.ts";
import { findStrategy, STRATEGIES } from "../../analysis/backtest/strategies.ts";
import { OrderRows, rowsToTargets, targetsToRows } from "../../analysis/backtest/rows.ts";
import { resolveParams } from "../../analysis/backtest/params.ts";
import type { SimConfig } from "../../analysis/backtest/types.ts";
import { panelOf, randomPanel } from "./_bars.ts";

const FREE: SimConfig = {
  initialCash: 1000,
  fees: 0,
  fixedFees: 0,
  slippage: 0,
  fill: "next_open",
  leverage: 1,
};

// Closes 10, 9, 11, 12, 10, 9.5 with SMA(1) vs SMA(2): the fast line crosses above on bar 2
// (11 > 10) and below on bar 4 (10 < 11). Orders fill one bar later, at the open.
const CLOSE = [10, 9, 11, 12, 10, 9.5];
const OPEN = [10, 9.5, 10.5, 11.5, 11, 9.8];

function crossTargets() {
  const panel = panelOf({ AAA: CLOSE }, { AAA: OPEN });
  const def = findStrategy("sma_cross")!;
  const targets = def.targets(panel, resolveParams(def, { fast: 1, slow: 2 }), new Map());
  return { panel, targets };
}

Deno.test("sma_cross signals on the crossing bars and fills at the next open", () => {
  const { panel, targets } = crossTargets();
  assert.deepEqual(Array.from(targets[0]), [NaN, NaN, 1, NaN, 0, NaN]);
  const sim = simulate(panel, targets, FREE);
  assert.equal(sim.orders.length, 2);
  assert.deepEqual(sim.orders.map((o) => [o.bar, o.price]), [[3, 11.5], [5, 9.8]]);
  const shares = 1000 / 11.5;
  assert.ok(Math.abs(sim.orders[0].size - shares) < 1e-9);
  // Equity before the fill is cash; after it, shares marked at each close.
  assert.deepEqual(Array.from(sim.equity.slice(0, 3)), [1000, 1000, 1000]);
  assert.ok(Math.abs(sim.equity[3] - shares * 12) < 1e-9);
  assert.ok(Math.abs(sim.equity[4] - shares * 10) < 1e-9);
  assert.ok(Math.abs(sim.equity[5] - shares * 9.8) < 1e-9);
  assert.equal(sim.trades.length, 1);
  const tr = sim.trades[0];
  assert.equal(tr.status, "closed");
  assert.equal(tr.entryBar, 3);
  assert.equal(tr.exitBar, 5);
  assert.ok(Math.abs(tr.pnl - shares * (9.8 - 11.5)) < 1e-9);
  assert.ok(Math.abs(tr.returnPct - (9.8 / 11.5 - 1) * 100) < 1e-9);
});

Deno.test("next_close fill uses the close of the bar after the signal", () => {
  const { panel, targets } = crossTargets();
  const sim = simulate(panel, targets, { ...FREE, fill: "next_close" });
  assert.deepEqual(sim.orders.map((o) => [o.bar, o.price]), [[3, 12], [5, 9.5]]);
});

Deno.test("fees, fixed fees and slippage: hand-computed cash", () => {
  const { panel, targets } = crossTargets();
  const cfg = { ...FREE, fees: 0.001, fixedFees: 1, slippage: 0.01 };
  const sim = simulate(panel, targets, cfg);
  const buyPx = 11.5 * 1.01;
  // 100% of 1000 plus costs does not fit: the buy is cut so cash ends at exactly 0.
  const q = (1000 - 1) / (buyPx * 1.001);
  assert.ok(Math.abs(sim.orders[0].price - buyPx) < 1e-12);
  assert.ok(Math.abs(sim.orders[0].size - q) < 1e-9);
  assert.equal(sim.orders[0].limited, true);
  const buyFee = q * buyPx * 0.001 + 1;
  assert.ok(Math.abs(sim.orders[0].fees - buyFee) < 1e-9);
  assert.ok(Math.abs(sim.equity[3] - q * 12) < 1e-9, "cash is 0 after the buy");
  const sellPx = 9.8 * 0.99;
  const sellFee = q * sellPx * 0.001 + 1;
  const finalCash = q * sellPx - sellFee;
  assert.ok(Math.abs(sim.equity[5] - finalCash) < 1e-9);
  assert.ok(Math.abs(sim.feesPaid - (buyFee + sellFee)) < 1e-9);
  assert.ok(Math.abs(sim.trades[0].pnl - (finalCash - 1000)) < 1e-9);
});

Deno.test("sells fill before buys within a bar, so a switch is not cash-starved", () => {
  // Bar 0: all in A. Bar 1: all in B. B is listed first, so column order alone would buy B
  // before A's sale freed the cash.
  const panel = panelOf({ B: [10, 10, 10, 10], A: [20, 20, 20, 20] });
  const nan = NaN;
  const targets = [
    Float64Array.from([0, 1, nan, nan]),
    Float64Array.from([1, 0, nan, nan]),
  ];
  const sim = simulate(panel, targets, FREE);
  const atBar2 = sim.orders.filter((o) => o.bar === 2);
  assert.deepEqual(atBar2.map((o) => panel.symbols[o.symbol]), ["A", "B"]);
  assert.ok(atBar2.every((o) => !o.limited));
  assert.ok(Math.abs(atBar2[1].size - 100) < 1e-9);
});

Deno.test("cash never goes negative without leverage; leverage 2 allows it", () => {
  const panel = panelOf({ A: [10, 10, 10] });
  const targets = [Float64Array.from([2, NaN, NaN])];
  const plain = simulate(panel, targets, FREE);
  assert.ok(Math.abs(plain.orders[0].size - 100) < 1e-9, "capped at 100% of equity");
  const geared = simulate(panel, targets, { ...FREE, leverage: 2 });
  assert.ok(Math.abs(geared.orders[0].size - 200) < 1e-9);
});

Deno.test("warm-up bars are never traded", () => {
  const panel = panelOf({ A: [10, 11, 12, 13, 14] }, undefined, 2);
  const targets = [Float64Array.from([1, 1, NaN, NaN, NaN])];
  const sim = simulate(panel, targets, FREE);
  assert.equal(sim.orders.length, 0);
  assert.deepEqual(Array.from(sim.equity), [1000, 1000, 1000, 1000, 1000]);
});

Deno.test("order rows: every built-in's rows are its targets, and simulate the same from either", () => {
  const panel = randomPanel(4, 400, 3);
  panel.start = 60;
  const params: Record<string, Record<string, unknown>> = {
    sma_cross: { fast: 5, slow: 30 },
    rsi_reversion: { window: 5 },
    momentum_top_n: { lookback: 20, top_n: 2, rebalance: "W" },
    bollinger_reversion: { window: 10, k: 1 },
    donchian_breakout: { window: 10, exit_window: 5 },
    buy_hold: {},
  };
  const cfg: SimConfig = { ...FREE, fees: 0.001, fixedFees: 1, recordOrders: true };
  let reused: OrderRows | undefined;
  for (const def of STRATEGIES) {
    const p = resolveParams(def, params[def.name] ?? {});
    const targets = def.targets(panel, p, new Map());
    reused = def.orders(panel, p, new Map(), reused);
    assert.ok(reused.count > 0 && reused.count < panel.dates.length - panel.start, def.name);
    for (let r = 1; r < reused.count; r++) assert.ok(reused.bars[r - 1] < reused.bars[r]);
    assert.deepEqual(rowsToTargets(panel, reused), targets, def.name);
    assert.deepEqual(targetsToRows(panel, targets).count, reused.count, def.name);
    assert.deepEqual(simulateRows(panel, reused, cfg), simulate(panel, targets, cfg), def.name);
  }
});

Deno.test("order rows: marks left by a run stopped part-way do not leak into the next run", () => {
  const panel = randomPanel(3, 300, 5);
  panel.start = 40;
  const def = findStrategy("sma_cross")!;
  const p = resolveParams(def, { fast: 5, slow: 20 });
  const fresh = def.orders(panel, p, new Map());
  const used = new OrderRows(3);
  const stale = used.toggles(300);
  for (let t = 40; t < 300; t += 7) stale.mark(t % 3, t);
  const again = def.orders(panel, p, new Map(), used);
  assert.deepEqual(rowsToTargets(panel, again), rowsToTargets(panel, fresh));
});
