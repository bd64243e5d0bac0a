import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;

const BASE = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  // slow values ≤ 20 keep the warm-up inside the cassette's window.
  grid: { fast: [2, 3, 5, 8, 19], slow: [8, 12, 20] },
};

Deno.test("backtest.tune max_drawdown_pct ranks the lowest drawdown first", async () => {
  const d = dataOf(
    await envelope<Data>("backtest.tune", { ...BASE, metric: "max_drawdown_pct" }, replay),
  );
  assert.equal(d.config.direction, "lower");
  assert.equal(d.combinations, 15);
  // fast ≥ slow pairs are skipped, not run: (8,8), (19,8), (19,12)
  assert.equal(d.skipped.length, 3);
  assert.equal(d.runs, 12);
  const scores = d.leaderboard.map((r: Data) => r.score);
  assert.deepEqual(scores, [...scores].sort((a: number, b: number) => a - b));
  assert.deepEqual(d.best, d.leaderboard[0]);
  assert.equal(d.best.score, d.best.metrics.max_drawdown_pct);
});

Deno.test("backtest.tune sharpe_ratio ranks highest first; same result as backtest.run", async () => {
  const d = dataOf(await envelope<Data>("backtest.tune", BASE, replay));
  const scores = d.leaderboard.map((r: Data) => r.score).filter((s: number | null) => s !== null);
  assert.deepEqual(scores, [...scores].sort((a: number, b: number) => b - a));
  const best = d.best;
  // The winner rerun alone gives the same metrics (the warm-up is the grid's largest, 20).
  const { grid: _grid, ...runArgs } = BASE;
  const single = dataOf(
    await envelope<Data>("backtest.run", {
      ...runArgs,
      params: best.params,
      warmup_bars: 20,
    }, replay),
  );
  assert.deepEqual(single.metrics, best.metrics);
});

Deno.test("backtest.tune: unknown metric lists the valid ones; too many runs is refused", async () => {
  const bad = await envelope("backtest.tune", { ...BASE, metric: "sharpe" }, replay);
  assert.equal(bad.ok, false);
  assert.match(
    bad.error!,
    /unknown metric "sharpe" \(did you mean sharpe_ratio\?\); rank by one of .*max_drawdown_pct.*sharpe_ratio/,
  );
  const many = await envelope("backtest.tune", { ...BASE, max_runs: 10 }, replay);
  assert.match(many.error!, /grid has 15 combinations, above max_runs=10/);
  const key = await envelope("backtest.tune", { ...BASE, grid: { speed: [1] } }, replay);
  assert.match(
    key.error!,
    /grid key `speed` is not a parameter of sma_cross; its parameters are fast, slow/,
  );
});

Deno.test("backtest.tune top=N returns the first N rows of the full ranking and counts every run", async () => {
  const all = dataOf(await envelope<Data>("backtest.tune", BASE, replay));
  const top = dataOf(await envelope<Data>("backtest.tune", { ...BASE, top: 3 }, replay));
  assert.equal(all.leaderboard.length, 12);
  assert.equal(top.leaderboard.length, 3);
  assert.equal(top.runs, 12);
  assert.deepEqual(top.leaderboard, all.leaderboard.slice(0, 3));
  assert.deepEqual(top.best, all.best);
});
