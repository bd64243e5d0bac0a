import assert from "node:assert/strict";
import {
  computeMetrics,
  drawdown,
  omega,
  periodsPerYear,
  sharpe,
  sortino,
} from "../../analysis/backtest/metrics.ts";
import type { SimResult } from "../../analysis/backtest/types.ts";

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

Deno.test("drawdown of a known curve: 130 → 65 is 50%, never recovered", () => {
  const eq = Float64Array.from([100, 120, 90, 130, 65, 70]);
  const dd = drawdown(eq);
  assert.ok(close(dd.maxPct, 50));
  assert.equal(dd.peak, 3);
  assert.equal(dd.trough, 4);
  assert.equal(dd.recovery, -1);
  assert.ok(close(dd.dd[2], 25), "90 is 25% below the 120 peak");
});

Deno.test("Sharpe and Sortino of a known return series (252 periods)", () => {
  const r = Float64Array.from([0.01, -0.02, 0.03, 0]);
  // mean 0.005, sample std √(0.0013/3) = 0.0208167; × √252
  assert.ok(Math.abs(sharpe(r, 252)! - 3.812933455813454) < 1e-9);
  // downside deviation √(0.0004/4) = 0.01
  assert.ok(Math.abs(sortino(r, 252)! - 7.93725393319377) < 1e-9);
  assert.ok(close(omega(r)!, 0.04 / 0.02));
  assert.equal(sharpe(Float64Array.from([0.01, 0.01]), 252), null, "zero deviation → null");
});

Deno.test("annualisation follows the bar frequency, not 365 days", () => {
  assert.equal(periodsPerYear("1d"), 252);
  assert.equal(periodsPerYear("1wk"), 52);
  assert.equal(periodsPerYear("1mo"), 12);
  assert.equal(periodsPerYear("1h"), 1638);
});

Deno.test("computeMetrics: nulls come with a reason; CAGR uses 252 bars a year", () => {
  const n = 253;
  const equity = new Float64Array(n);
  for (let i = 0; i < n; i++) equity[i] = 100 * 1.1 ** (i / 252);
  const sim: SimResult = {
    equity,
    exposure: new Float64Array(n).fill(1),
    orders: [],
    trades: [],
    feesPaid: 0,
    unfilledAtEnd: 0,
  };
  const dates = Array.from({ length: n }, (_, i) => `d${i}`);
  const notes: string[] = [];
  const m = computeMetrics(sim, dates, 0, equity, 252, notes);
  assert.ok(Math.abs(m.cagr_pct! - 10) < 1e-9);
  assert.equal(m.max_drawdown_pct, 0);
  assert.equal(m.calmar_ratio, null);
  assert.equal(m.sortino_ratio, null);
  assert.ok(notes.some((s) => s.startsWith("metrics.calmar_ratio is null")));
  assert.equal(m.win_rate_pct, null);
  assert.equal(m.exposure_pct, 100);
});
