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

Deno.test("annualisation: daily bars that include weekends count 365 a year (crypto), others 252", async () => {
  const { panelPeriodsPerYear, weekendShare } = await import("../../analysis/backtest/metrics.ts");
  const { evaluate } = await import("../../analysis/backtest/pipeline.ts");
  const { findStrategy } = await import("../../analysis/backtest/strategies.ts");
  const everyDay = Array.from(
    { length: 731 },
    (_, i) => new Date(Date.UTC(2022, 0, 3) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const weekdays = everyDay.filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
  assert.ok(Math.abs(weekendShare(everyDay, 0) - 2 / 7) < 0.01);
  assert.equal(panelPeriodsPerYear(weekdays, 0, "1d"), 252);
  assert.equal(panelPeriodsPerYear(everyDay, 0, "1d"), 365);
  assert.equal(panelPeriodsPerYear(everyDay, 0, "2d"), 182.5);
  assert.equal(panelPeriodsPerYear(everyDay, 0, "1wk"), 52, "weekly bars: 52 whatever their days");
  assert.equal(panelPeriodsPerYear(everyDay, 0, "1h"), 8760, "around the clock");
  assert.equal(panelPeriodsPerYear(everyDay, 0, "15m"), 35040);
  assert.equal(panelPeriodsPerYear(weekdays, 0, "1h"), 252 * 6.5, "a stock's session");
  // 10% a year, compounded over calendar days, held two years: the CAGR says 10%, not 6.8%
  const close = everyDay.map((_, i) => 100 * 1.1 ** (i / 365));
  const panel = {
    symbols: ["BTC-USD"],
    dates: everyDay,
    open: [Float64Array.from(close)],
    high: [Float64Array.from(close)],
    low: [Float64Array.from(close)],
    close: [Float64Array.from(close)],
    volume: [new Float64Array(close.length)],
    start: 0,
  };
  const def = findStrategy("buy_hold")!;
  const cfg = {
    initialCash: 1000,
    fees: 0,
    fixedFees: 0,
    slippage: 0,
    fill: "next_close" as const,
    leverage: 1,
  };
  const ev = evaluate(panel, def.targets(panel, {}, new Map()), cfg, "1d");
  assert.equal(ev.metrics.periods_per_year, 365);
  assert.ok(Math.abs(ev.metrics.cagr_pct! - 10) < 0.1, `CAGR ${ev.metrics.cagr_pct}`);
});

Deno.test("annualisation of intraday bars counts the bars a day the data has", async () => {
  const { panelPeriodsPerYear } = await import("../../analysis/backtest/metrics.ts");
  // seven hourly bars a day (09:30 … 15:30), five weekdays
  const dates: string[] = [];
  for (const day of ["2024-01-08", "2024-01-09", "2024-01-10", "2024-01-11", "2024-01-12"]) {
    for (let h = 0; h < 7; h++) dates.push(`${day}T${String(14 + h).padStart(2, "0")}:30:00Z`);
  }
  assert.equal(panelPeriodsPerYear(dates, 0, "1h"), 252 * 7);
  // 15-minute bars: 26 a day
  const quarters: string[] = [];
  for (const day of ["2024-01-08", "2024-01-09", "2024-01-10"]) {
    for (let q = 0; q < 26; q++) {
      const t = Date.parse(`${day}T14:30:00Z`) + q * 15 * 60_000;
      quarters.push(new Date(t).toISOString());
    }
  }
  assert.equal(panelPeriodsPerYear(quarters, 0, "15m"), 252 * 26);
});
