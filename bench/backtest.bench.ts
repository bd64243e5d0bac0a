/**
 * Backtests. Engine: backtest.tune's 100 sma_cross combinations over 10 symbols × 2,720 daily
 * bars (2,520 evaluated after 200 warm-up bars; synthetic random walks, data loading excluded)
 * against a hand-written loop doing the same walk with none of the bookkeeping (goal: at least
 * 50 million bar-steps a second, bar-step = one bar of one symbol under one parameter set, so
 * 2.72 M bar-steps in at most 54 ms). End to end: the same 100 combinations over the ten years
 * of AAPL and TSM in the shared Stooq cassette, in a fresh process, against an empty script
 * (goal: at most 0.1 s above it, as the issue measured it: on a slower machine, at most 0.57x of the
 * code the issue timed, which bench/tune_cpu.ts --root measures in the same alternation); and over
 * the four symbols with ten years of daily Stooq bars in the shared fixtures (AAPL and TSM, and MSFT and TSLA from the Polish-locale downloads, not
 * in the cassette: a cassette in a temporary folder names the four files where they are).
 */
import { join } from "node:path";
import { planGrid, runGrid } from "../analysis/backtest/tune.ts";
import { findStrategy } from "../analysis/backtest/strategies.ts";
import { sma } from "../analysis/backtest/indicators.ts";
import { simulate } from "../analysis/backtest/engine.ts";
import { resolveParams } from "../analysis/backtest/params.ts";
import { randomPanel } from "../tests/backtest/_bars.ts";
import type { Panel, SimConfig } from "../analysis/backtest/types.ts";
import { deno, SHARED } from "./_spawn.ts";

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

/**
 * The floor: per combination one pass over the bars, crosses from shared moving averages,
 * equal weights among held symbols filled at the next open with proportional fees, equity
 * marked at every close. No orders, trades, cash limit or metrics.
 */
function handWritten(p: Panel, combos: { fast: number; slow: number }[]): number {
  const n = p.dates.length;
  const m = p.symbols.length;
  const avg = new Map<number, Float64Array[]>();
  const smas = (w: number) => {
    let a = avg.get(w);
    if (!a) avg.set(w, a = p.close.map((c) => sma(c, w)));
    return a;
  };
  let check = 0;
  const qty = new Float64Array(m);
  const held = new Uint8Array(m);
  for (const { fast, slow } of combos) {
    const f = smas(fast);
    const s = smas(slow);
    qty.fill(0);
    held.fill(0);
    let cash = sim.initialCash;
    let equity = cash;
    let rebalance = false;
    for (let t = p.start; t < n; t++) {
      if (rebalance) {
        let k = 0;
        for (let j = 0; j < m; j++) k += held[j];
        let value = cash;
        for (let j = 0; j < m; j++) value += qty[j] * p.open[j][t];
        for (let j = 0; j < m; j++) {
          const want = held[j] ? value / k / p.open[j][t] : 0;
          const d = want - qty[j];
          cash -= d * p.open[j][t] + Math.abs(d) * p.open[j][t] * sim.fees;
          qty[j] = want;
        }
        rebalance = false;
      }
      equity = cash;
      for (let j = 0; j < m; j++) {
        equity += qty[j] * p.close[j][t];
        const d = f[j][t] - s[j][t];
        const before = f[j][t - 1] - s[j][t - 1];
        if (!held[j] && d > 0 && before <= 0) held[j] = 1, rebalance = true;
        else if (held[j] && d < 0 && before >= 0) held[j] = 0, rebalance = true;
      }
    }
    check += equity;
  }
  return check;
}

const combos = plan.combos.map((c) => ({ fast: Number(c.fast), slow: Number(c.slow) }));

Deno.bench({
  name: "hand-written loop: 100 sma_cross sets × 10 symbols × 2,720 bars",
  group: "engine",
  baseline: true,
  fn: () => {
    handWritten(panel, combos);
  },
});

Deno.bench({
  name: "backtest.tune engine, same work (goal ≥ 50 M bar-steps/s: ≤ 54 ms)",
  group: "engine",
  fn: () => {
    runGrid(panel, def, plan.combos, sim, "1d", "sharpe_ratio");
  },
});

const mom = findStrategy("momentum_top_n")!;
const momPlan = planGrid(mom, {
  lookback: [21, 42, 63, 126, 189],
  top_n: [1, 2, 3, 4, 5],
  rebalance: ["D", "W", "M", "D"],
}, 100);
Deno.bench({
  name: "backtest.tune momentum_top_n: 100 sets × 10 symbols × 2,720 bars (no goal)",
  group: "engine",
  fn: () => {
    runGrid(panel, mom, momPlan.combos, sim, "1d", "sharpe_ratio");
  },
});

const one = resolveParams(def, { fast: 20, slow: 100 });
const targets = def.targets(panel, one, new Map());
Deno.bench("simulate only: one run × 10 symbols × 2,720 bars", () => {
  simulate(panel, targets, sim);
});

const stooq = SHARED ? join(SHARED, "cassettes", "stooq") : null;
if (!stooq) console.log("skipped the end-to-end tune bench: ../shared/fixtures is absent");

Deno.bench({
  name: "deno run empty script",
  group: "tune end to end",
  baseline: true,
  ignore: !stooq,
  fn: async () => await deno(["run", "-A", "bench/empty.ts"]),
});

const four = SHARED ? await fourSymbolCassette(SHARED) : null;

/** A cassette of the four 10-year Stooq files of the shared fixtures (they stay where they are). */
async function fourSymbolCassette(shared: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-bench-stooq4-" });
  const files: Record<string, string> = {
    "aapl.us": "aapl_us_d.csv",
    "tsm.us": "tsm_us_d.csv",
    "msft.us": "polish-locale/msft_us_d.csv",
    "tsla.us": "polish-locale/tsla_us_d.csv",
  };
  const entries = Object.entries(files).map(([symbol, file]) => ({
    method: "GET",
    url: `https://stooq.com/q/d/l/?s=${symbol}&i=d`,
    status: 200,
    headers: { "content-type": "text/csv" },
    file: join(shared, "stooq", file),
  }));
  await Deno.writeTextFile(
    join(dir, "index.json"),
    JSON.stringify({ version: 1, description: "four 10-year Stooq histories", entries }),
  );
  return dir;
}

Deno.bench({
  name: "finance backtest.tune, 100 sets × AAPL,TSM 2015–2024, replayed Stooq (goal ≤ +0.1 s)",
  group: "tune end to end",
  ignore: !stooq,
  fn: async () =>
    await deno([
      "run",
      "-A",
      "mod.ts",
      "backtest.tune",
      "sma_cross",
      "AAPL,TSM",
      "2015-01-01",
      "2024-12-31",
      "provider=stooq",
      `grid=${JSON.stringify(grid)}`,
      "top=3",
    ], { FINANCE_REPLAY: stooq! }),
});

Deno.bench({
  name:
    "finance backtest.tune, 100 sets × AAPL,TSM,MSFT,TSLA 2013–2022, replayed Stooq (goal +0.1 s on the issue's machine: ≤ 0.57x of the issue's tree, bench/tune_cpu.ts --four --root)",
  group: "tune end to end",
  ignore: !four,
  fn: async () =>
    await deno([
      "run",
      "-A",
      "mod.ts",
      "backtest.tune",
      "sma_cross",
      "AAPL,TSM,MSFT,TSLA",
      "2013-01-01",
      "2022-12-31",
      "provider=stooq",
      `grid=${JSON.stringify(grid)}`,
      "top=3",
    ], { FINANCE_REPLAY: four! }),
});
