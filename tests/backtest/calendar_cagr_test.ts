/**
 * cagr_pct compounds over the calendar span (first to last bar date, 365.25-day years) for daily
 * bars: a year of a stock's bars with March missing is still a year, not 0.91 of one (whose
 * CAGR, 90%, was above the year's 80% total return). Volatility keeps 252 bars a year, and the
 * gap is said with what it does to each figure.
 */
import assert from "node:assert/strict";
import { computeMetrics } from "../../analysis/backtest/metrics.ts";
import { loadPanel } from "../../analysis/backtest/load.ts";
import type { SimResult } from "../../analysis/backtest/types.ts";
import type { Context } from "../../core/context.ts";

/** Weekdays of 2020 from 01-02 to 12-31, without March (a provider's hole). */
function yearWithoutMarch(): string[] {
  const out: string[] = [];
  for (
    let day = Date.parse("2020-01-02T00:00:00Z");
    day <= Date.parse("2020-12-31T00:00:00Z");
    day += 86_400_000
  ) {
    const d = new Date(day);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() % 6 && !iso.startsWith("2020-03")) out.push(iso);
  }
  return out;
}

Deno.test("cagr_pct of daily bars with a month missing follows the calendar, not the bar count", () => {
  const dates = yearWithoutMarch();
  const n = dates.length;
  assert.ok(n < 240, `${n} bars: well under the 252 of a year`);
  // up 80% over the year, in equal daily steps with a dip every fifth bar (a volatility)
  const equity = Float64Array.from(
    dates.map((_d, i) => 100000 * 1.8 ** (i / (n - 1)) * (i % 5 === 2 ? 0.99 : 1)),
  );
  const sim: SimResult = {
    equity,
    exposure: new Float64Array(n).fill(1),
    orders: [],
    trades: [],
    feesPaid: 0,
    unfilledAtEnd: 0,
  };
  const notes: string[] = [];
  const m = computeMetrics(sim, dates, 0, equity, 252, notes);
  const total = (equity[n - 1] / equity[0] - 1) * 100;
  const years = (Date.parse("2020-12-31") - Date.parse("2020-01-02")) / 86_400_000 / 365.25;
  const calendar = ((1 + total / 100) ** (1 / years) - 1) * 100;
  assert.ok(Math.abs(m.cagr_pct! - calendar) < 1e-9, `cagr ${m.cagr_pct}, calendar ${calendar}`);
  // the bar count's CAGR would be well above the year's return
  const byBars = ((1 + total / 100) ** (252 / (n - 1)) - 1) * 100;
  assert.ok(byBars - m.cagr_pct! > 5, `${byBars} vs ${m.cagr_pct}`);
  assert.ok(m.cagr_pct! - total < 1, "a year's CAGR is about its return");
  // volatility is still annualised by bars: √252 times the bar returns' deviation
  let sum = 0;
  const r: number[] = [];
  for (let i = 1; i < n; i++) r.push(equity[i] / equity[i - 1] - 1), sum += r.at(-1)!;
  const mean = sum / r.length;
  const sd = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1));
  assert.ok(Math.abs(m.volatility_pct! - sd * Math.sqrt(252) * 100) < 1e-9);
  // a calendar year is not said to extrapolate "0.91 of a year"
  assert.ok(!notes.some((w) => /of a year\): cagr_pct/.test(w)), notes.join("\n"));
});

Deno.test("a run's short window states its calendar span in the extrapolation note", () => {
  const dates = yearWithoutMarch().filter((d) => d >= "2020-04-01" && d <= "2020-06-30");
  const n = dates.length;
  const equity = Float64Array.from(dates.map((_d, i) => 100 + i + (i % 3)));
  const sim: SimResult = {
    equity,
    exposure: new Float64Array(n).fill(1),
    orders: [],
    trades: [],
    feesPaid: 0,
    unfilledAtEnd: 0,
  };
  const notes: string[] = [];
  computeMetrics(sim, dates, 0, equity, 252, notes);
  assert.ok(
    notes.some((w) =>
      w.startsWith(`the run covers ${n - 1} bar returns over 90 calendar days (0.25 of a year)`)
    ),
    notes.join("\n"),
  );
});

Deno.test("loadPanel: a gap in daily bars is said with what it does to each annualised figure", async () => {
  const rows = yearWithoutMarch().map((date, i) => {
    const close = 100 + i / 10;
    return { date, open: close, high: close, low: close, close, adj_close: close };
  });
  const warnings: string[] = [];
  const ctx = {
    warn: (w: string) => warnings.push(w),
    call: () =>
      Promise.resolve({
        ok: true,
        data: { symbol: "X", provider: "test", currency: "USD", rows },
        error: null,
        warnings: [],
      }),
  } as unknown as Context;
  await loadPanel(ctx, {
    symbols: ["X"],
    startDate: "2020-01-02",
    endDate: "2020-12-31",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  const gap = warnings.find((w) => /gap of more than 7 days/.test(w));
  assert.ok(gap, warnings.join("\n"));
  assert.match(gap!, /from 2020-02-28 to 2020-04-01/);
  assert.match(
    gap!,
    /the window has \d+ bar returns where 1\.00 calendar years hold about 251 at 252 a year: volatility_pct and the Sharpe and Sortino ratios annualise per bar/,
  );
  assert.match(gap!, /cagr_pct compounds over the calendar span/);
});
