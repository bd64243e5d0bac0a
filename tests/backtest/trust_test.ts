/**
 * Answers that must hold on inputs nobody tuned on: the benchmark starts where the strategy can,
 * a window too short to annualise gives nulls (said) instead of huge numbers, a symbol without
 * a bar on the panel's first date carries its earlier close (not NaN), and a tune's ties share
 * their rank.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { evaluate } from "../../analysis/backtest/pipeline.ts";
import { findStrategy } from "../../analysis/backtest/strategies.ts";
import { alignBars } from "../../analysis/backtest/data.ts";
import { panelPeriodsPerYear } from "../../analysis/backtest/metrics.ts";
import { type RankInfo, runGrid } from "../../analysis/backtest/tune.ts";
import { resolveParams } from "../../analysis/backtest/params.ts";
import type { Panel, SimConfig } from "../../analysis/backtest/types.ts";
import { panelOf, randomPanel } from "./_bars.ts";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;

const FREE: SimConfig = {
  initialCash: 1000,
  fees: 0,
  fixedFees: 0,
  slippage: 0,
  fill: "next_open",
  leverage: 1,
};

const buyHold = (panel: Panel) => findStrategy("buy_hold")!.targets(panel, {}, new Map());

/** A 60-bar panel whose opens gap 5% above the previous close (so close and next open differ). */
function gappy(): Panel {
  const close: number[] = [];
  const open: number[] = [];
  let p = 100;
  for (let i = 0; i < 60; i++) {
    open.push(p * 1.05);
    p = open[i] * (i % 3 ? 0.97 : 1.01);
    close.push(p);
  }
  return panelOf({ A: close }, { A: open });
}

Deno.test("benchmark: bought at the strategy's fill (next open), so buy-and-hold has no excess", () => {
  const panel = gappy();
  const ev = evaluate(panel, buyHold(panel), FREE, "1d");
  const c = panel.close[0];
  const o = panel.open[0];
  // the old benchmark started at bar 0's close, a bar before any order could fill
  const expected = (c[59] / o[1] - 1) * 100;
  assert.ok(Math.abs(ev.metrics.benchmark_return_pct - expected) < 1e-9);
  assert.ok(Math.abs(ev.metrics.total_return_pct - expected) < 1e-9);
  assert.ok(Math.abs(ev.metrics.excess_return_pct) < 1e-9, `${ev.metrics.excess_return_pct}`);
  assert.equal(ev.benchmark[0], 1000, "cash until the fill, as the strategy's equity");
  // with fill=next_close, the next bar's close
  const atClose = evaluate(panel, buyHold(panel), { ...FREE, fill: "next_close" }, "1d");
  assert.ok(Math.abs(atClose.metrics.benchmark_return_pct - (c[59] / c[1] - 1) * 100) < 1e-9);
});

Deno.test("benchmark: pays the run's fees and slippage, so buy-and-hold's excess stays 0 with costs", () => {
  const panel = randomPanel(3, 300, 9);
  panel.start = 20;
  const cfg = { ...FREE, fees: 0.002, fixedFees: 1, slippage: 0.001 };
  const ev = evaluate(panel, buyHold(panel), cfg, "1d");
  assert.ok(Math.abs(ev.metrics.excess_return_pct) < 1e-9, `${ev.metrics.excess_return_pct}`);
  for (let t = 0; t < ev.benchmark.length; t++) {
    assert.ok(Math.abs(ev.benchmark[t] - ev.sim.equity[t]) < 1e-9, `bar ${t}`);
  }
});

Deno.test("backtest.run buy_hold on the project's bars: benchmark return equals the run's, config says how", async () => {
  const env = await envelope<Data>("backtest.run", {
    strategy: "buy_hold",
    symbols: "AAPL,MSFT",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    provider: "market_a",
  }, replay);
  const d = dataOf(env);
  assert.equal(d.metrics.excess_return_pct, 0);
  assert.equal(d.metrics.benchmark_return_pct, d.metrics.total_return_pct);
  assert.equal(d.equity_curve[0].benchmark, 100000);
  assert.match(d.config.benchmark, /filled at the next bar .* same fees and slippage/);
  // each symbol's bars cite the provider URL they were read from (no crumb or key in it)
  for (const sym of ["AAPL", "MSFT"]) {
    const urls = d.data.sources[sym].source_urls;
    assert.equal(urls.length, 1, JSON.stringify(urls));
    assert.match(
      urls[0],
      new RegExp(`^https://query[12]\\.finance\\.yahoo\\.com/v8/finance/chart/${sym}\\?`),
    );
    assert.doesNotMatch(urls[0], /crumb=/);
  }
});

Deno.test("metrics: a few days are not annualised: CAGR, volatility, Sharpe, Sortino null and said", () => {
  // four daily bars up 5% a day: the old CAGR was ~1.4e7 %, the Sharpe huge
  const panel = panelOf({ A: [100, 105, 110.25, 115.76, 121.55] });
  const ev = evaluate(panel, buyHold(panel), { ...FREE, fill: "next_close" }, "1d");
  const m = ev.metrics;
  assert.ok(m.total_return_pct > 10, "what happened is still said");
  for (const k of ["cagr_pct", "volatility_pct", "sharpe_ratio", "sortino_ratio", "calmar_ratio"]) {
    assert.equal((m as unknown as Record<string, unknown>)[k], null, k);
  }
  const notes = ev.notes.join("\n");
  assert.match(
    notes,
    /covers 4 bar returns over 4 calendar days \(0\.01 of a year\): cagr_pct, volatility_pct/,
  );
  assert.match(notes, /less than a month of bars/);
  assert.ok(!/metrics\.cagr_pct is null: the window has fewer than two bars/.test(notes), notes);
});

Deno.test("annualisation: a few weekdays in a row are a stock's days (252 a year), not crypto's", () => {
  const week = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"];
  assert.equal(panelPeriodsPerYear(week, 0, "1d"), 252);
  const everyDay = ["2024-01-05", "2024-01-06", "2024-01-07", "2024-01-08"];
  assert.equal(panelPeriodsPerYear(everyDay, 0, "1d"), 365);
});

Deno.test("metrics: a short intraday window gives null, never Infinity", () => {
  // two days of hourly bars rising 3% an hour: (1.03)^(hours a year) overflows to Infinity
  const closes = Array.from({ length: 14 }, (_, i) => 100 * 1.03 ** i);
  const panel = panelOf({ A: closes });
  panel.dates = panel.dates.map((_d, i) =>
    `2024-01-0${2 + Math.floor(i / 7)}T${String(14 + (i % 7)).padStart(2, "0")}:30:00Z`
  );
  const ev = evaluate(panel, buyHold(panel), FREE, "1h");
  for (const [k, v] of Object.entries(ev.metrics)) {
    if (typeof v === "number") assert.ok(Number.isFinite(v), `${k} = ${v}`);
  }
  assert.equal(ev.metrics.cagr_pct, null);
  assert.equal(ev.metrics.calmar_ratio, null);
});

Deno.test("metrics: a year of monthly bars keeps its CAGR; its 12 returns give no Sharpe", () => {
  const closes = Array.from({ length: 13 }, (_, i) => 100 * (1 + 0.01 * i + (i % 2 ? 0.02 : 0)));
  const panel = panelOf({ A: closes });
  panel.dates = panel.dates.map((_d, i) =>
    `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-28`
  );
  const ev = evaluate(panel, buyHold(panel), { ...FREE, fill: "next_close" }, "1mo");
  assert.equal(ev.metrics.periods_per_year, 12);
  // 12 monthly returns are a year: its CAGR is its return (bought at bar 1's close), compounded
  // over the calendar's 365 days from 2023-01-28 to 2024-01-28 (of a 365.25-day year)
  const total = (closes[12] / closes[1] - 1) * 100;
  assert.ok(Math.abs(ev.metrics.total_return_pct - total) < 1e-9);
  const calendar = ((1 + total / 100) ** (365.25 / 365) - 1) * 100;
  assert.ok(Math.abs(ev.metrics.cagr_pct! - calendar) < 1e-9, `${ev.metrics.cagr_pct}`);
  assert.equal(ev.metrics.sharpe_ratio, null);
  assert.match(ev.notes.join("\n"), /fewer than 20 bar returns/);
});

Deno.test("alignBars: a symbol without a bar on the panel's first date carries its earlier close, not NaN", () => {
  const bar = (date: string, close: number) => ({
    date,
    open: close,
    high: close,
    low: close,
    close,
    adj_close: close,
  });
  // A starts on 01-03; B has 01-02 and 01-04 but no 01-03 (a holiday of its market)
  const out = alignBars(
    {
      A: { rows: [bar("2024-01-03", 10), bar("2024-01-04", 11), bar("2024-01-05", 12)] },
      B: { rows: [bar("2024-01-02", 50), bar("2024-01-04", 52), bar("2024-01-05", 53)] },
    },
    ["A", "B"],
    "2024-01-03",
    "2024-01-05",
  );
  const { panel } = out;
  assert.deepEqual(panel.dates, ["2024-01-03", "2024-01-04", "2024-01-05"]);
  assert.deepEqual(Array.from(panel.close[1]), [50, 52, 53]);
  assert.deepEqual(Array.from(panel.open[1]), [50, 52, 53]);
  assert.equal(panel.carried?.[1]?.[0], 1, "the carried bar is marked");
  assert.match(out.notes.join("\n"), /B: 1 of the 3 evaluated bars are dates it has no bar/);
  const ev = evaluate(panel, buyHold(panel), FREE, "1d");
  assert.ok(Number.isFinite(ev.metrics.benchmark_return_pct));
  assert.ok(ev.sim.equity.every(Number.isFinite));
});

Deno.test("tune: runs with the same score share a rank, and the count at best is given", () => {
  // two symbols, top_n 2: every lookback holds both, so all runs are the same run
  const panel = randomPanel(2, 200, 4);
  panel.start = 30;
  const def = findStrategy("momentum_top_n")!;
  const combos = [5, 10, 20].map((lookback) =>
    resolveParams(def, { lookback, top_n: 2, rebalance: "W" })
  );
  const info: RankInfo = { scored: 0, tiedAtBest: 0 };
  const rows = runGrid(panel, def, combos, FREE, "1d", "sharpe_ratio", undefined, 1, info);
  assert.deepEqual(rows.map((r) => r.rank), [1]);
  assert.deepEqual(info, { scored: 3, tiedAtBest: 3 });
  const all = runGrid(panel, def, combos, FREE, "1d", "sharpe_ratio");
  assert.deepEqual(all.map((r) => r.rank), [1, 1, 1]);
});

Deno.test("backtest.tune: ties at best and a metric no run has are said; no best is invented", async () => {
  // two symbols, top_n 2: every lookback holds both from the first rebalance, the same run
  const args = {
    strategy: "momentum_top_n",
    symbols: "AAPL,MSFT",
    provider: "market_a",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    // the cassette's recorded window (as the other tunes on it)
    warmup_bars: 20,
    grid: { lookback: [5, 10], top_n: [2] },
  };
  const tied = await envelope<Data>("backtest.tune", args, replay);
  assert.deepEqual(dataOf(tied).leaderboard.map((r: Data) => r.rank), [1, 1]);
  assert.ok(
    tied.warnings.some((w) => /2 of 2 runs share the best sharpe_ratio/.test(w)),
    tied.warnings.join("\n"),
  );
  // no trade is ever closed: no run has a win rate, so there is no best to name
  const none = await envelope<Data>("backtest.tune", { ...args, metric: "win_rate_pct" }, replay);
  const d = dataOf(none);
  assert.equal(d.best, null);
  assert.ok(d.leaderboard.every((r: Data) => r.score === null && r.rank === 1));
  assert.match(none.warnings.join("\n"), /no run has a win_rate_pct .* there is no best/);
});

Deno.test("tune: a window too short to annualise gives no score to rank by", () => {
  const info: RankInfo = { scored: 0, tiedAtBest: 0 };
  const panel = randomPanel(2, 30, 6);
  panel.start = 25;
  const def = findStrategy("sma_cross")!;
  const combos = [2, 3].map((fast) => resolveParams(def, { fast, slow: 5 }));
  const rows = runGrid(panel, def, combos, FREE, "1d", "sharpe_ratio", undefined, Infinity, info);
  assert.equal(info.scored, 0);
  assert.ok(rows.every((r) => r.score === null && r.metrics.cagr_pct === null));
});

Deno.test("backtest.factor.weights: a tie across a basket's edge is said, not settled silently", async () => {
  // top_pct 0.34 of 3 symbols: one long; A and B tie for it, so input order alone picked A
  const tied = await envelope<Data>("backtest.factor.weights", {
    factor_name: "m",
    scores: { A: 1, B: 1, C: 0 },
    top_pct: 0.34,
    direction: "long_only",
  });
  assert.deepEqual(dataOf(tied).long.map((x: Data) => x.symbol), ["A"]);
  assert.ok(
    tied.warnings.some((w) => /A and B tie at 1 on the long basket's edge/.test(w)),
    tied.warnings.join("\n"),
  );
  const clear = await envelope<Data>("backtest.factor.weights", {
    factor_name: "m",
    scores: { A: 2, B: 1, C: 0 },
    top_pct: 0.34,
  });
  assert.ok(!clear.warnings.some((w) => /tie at/.test(w)), clear.warnings.join("\n"));
});
