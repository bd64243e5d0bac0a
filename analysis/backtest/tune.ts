/** Grid search: expand a grid, evaluate each combination on one panel, rank by a metric. */
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { resolveParams } from "./params.ts";
import { gridFits, simulateGrid, simulateRows } from "./engine.ts";
import { type OrderRows, RowBlock } from "./rows.ts";
import {
  computeMetrics,
  METRIC_DIRECTION,
  type Metrics,
  metricsOf,
  panelPeriodsPerYear,
} from "./metrics.ts";
import { round6 } from "./report.ts";
import { benchmarkEquity } from "./benchmark.ts";
import type { IndicatorCache, Panel, Params, SimConfig, SimResult, StrategyDef } from "./types.ts";
import { checkpoint } from "../../core/cancel.ts";

export interface GridPlan {
  combos: Params[];
  /** `repeat`: the same parameters as an earlier combination, not an invalid one. */
  skipped: { params: Record<string, unknown>; reason: string; repeat?: boolean }[];
  total: number;
}

/**
 * Cartesian product of the grid in key order. Combinations the strategy rejects (e.g. fast ≥
 * slow) are skipped with their reason; more than `maxRuns` combinations is an error.
 */
export function planGrid(
  def: StrategyDef,
  grid: Record<string, unknown>,
  maxRuns: number,
): GridPlan {
  const keys = Object.keys(grid);
  if (!keys.length) {
    throw new InputError(
      `grid must name at least one parameter of ${def.name}, e.g. grid='{"fast":[5,10]}'`,
    );
  }
  const lists = keys.map((k) => {
    if (!Object.hasOwn(def.parameters, k)) {
      throw new InputError(
        `grid key \`${k}\` is not a parameter of ${def.name}; its parameters are ${
          Object.keys(def.parameters).join(", ") || "none"
        }`,
      );
    }
    const v = grid[k];
    const list = Array.isArray(v) ? v : [v];
    if (!list.length) throw new InputError(`grid value for ${k} must be a non-empty list`);
    return list;
  });
  const total = lists.reduce((n, l) => n * l.length, 1);
  if (total > maxRuns) {
    throw new InputError(
      `grid has ${total} combinations, above max_runs=${maxRuns}; shrink the grid or raise max_runs (at most 5000)`,
    );
  }
  const combos: Params[] = [];
  const skipped: GridPlan["skipped"] = [];
  // a value listed twice ([10, 10], or 20 and null for a default of 20) would run twice and tie
  // with itself for the best rank: the second is skipped, with why
  const seen = new Set<string>();
  const walk = (i: number, acc: Record<string, unknown>) => {
    if (i === keys.length) {
      try {
        const params = resolveParams(def, acc);
        const key = JSON.stringify(params);
        if (seen.has(key)) {
          skipped.push({
            params: { ...acc },
            reason: `the same parameters as an earlier combination (${
              Object.entries(params).map(([k, v]) => `${k}=${v}`).join(" ")
            }): a value is listed twice in the grid`,
            repeat: true,
          });
          return;
        }
        seen.add(key);
        combos.push(params);
      } catch (err) {
        skipped.push({ params: { ...acc }, reason: (err as Error).message });
      }
      return;
    }
    for (const v of lists[i]) walk(i + 1, { ...acc, [keys[i]]: v });
  };
  walk(0, {});
  return { combos, skipped, total };
}

/** The metric name checked against the known ones (error lists them). */
export function checkMetric(metric: string): "higher" | "lower" {
  const dir = METRIC_DIRECTION[metric];
  if (!dir) {
    const near = closest(metric, Object.keys(METRIC_DIRECTION));
    throw new InputError(
      `unknown metric "${metric}"${near ? ` (did you mean ${near}?)` : ""}; rank by one of ${
        Object.keys(METRIC_DIRECTION).join(", ")
      }`,
    );
  }
  return dir;
}

export interface TuneRow {
  rank: number;
  params: Params;
  score: number | null;
  metrics: Metrics;
}

/**
 * Evaluates every combination on the same panel (indicators shared through one cache) and
 * ranks them: best first in the metric's own direction, nulls last, ties in grid order and
 * sharing a rank. The first `keep` ranked rows are returned (all by default): only those are
 * rounded for the reader. `info` receives the count of scored runs and of those tied at best.
 */
export function runGrid(
  panel: Panel,
  def: StrategyDef,
  combos: Params[],
  sim: SimConfig,
  timeframe: string,
  metric: string,
  onProgress?: (done: number, total: number) => void,
  keep = Infinity,
  info?: RankInfo,
): TuneRow[] {
  const dir = checkMetric(metric);
  const rows = gridMetrics(panel, def, combos, sim, timeframe, onProgress).map((metrics, i) => {
    const raw = (metrics as unknown as Record<string, number | null>)[metric];
    return { i, params: combos[i], metrics, score: Number.isFinite(raw) ? raw : null };
  });
  rows.sort((a, b) => {
    if (a.score === null || b.score === null) {
      return a.score === b.score ? a.i - b.i : a.score === null ? 1 : -1;
    }
    const d = dir === "higher" ? b.score - a.score : a.score - b.score;
    return d || a.i - b.i;
  });
  // Runs whose scores read the same (to the 6 decimals shown) share a rank: the first of them
  // in grid order is listed first, but is no better than the others.
  const shown = rows.map((r) => (r.score === null ? null : round6(r.score)));
  if (info) {
    info.scored = rows.filter((r) => r.score !== null).length;
    let tied = 0;
    while (info.scored && tied < rows.length && shown[tied] === shown[0]) tied++;
    info.tiedAtBest = tied;
  }
  let rank = 1;
  return rows.slice(0, keep).map((r, k) => {
    if (k > 0 && shown[k] !== shown[k - 1]) rank = k + 1;
    return round6({ rank, params: r.params, score: r.score, metrics: r.metrics });
  });
}

/** What {@link runGrid} tells of its whole ranking, kept rows or not. */
export interface RankInfo {
  /** Runs with a score (not null). */
  scored: number;
  /** Runs sharing the best score (rank 1); 0 when no run has a score. */
  tiedAtBest: number;
}

/**
 * The metrics of every combination, in grid order: one simulation per set ({@link eachRun},
 * with `each`), or the sets simulated together ({@link gridRuns}, the same values) when the
 * panel suits the one-pass engine.
 */
export function gridMetrics(
  panel: Panel,
  def: StrategyDef,
  combos: Params[],
  sim: SimConfig,
  timeframe: string,
  onProgress?: (done: number, total: number) => void,
  each = false,
): Metrics[] {
  const benchmark = benchmarkEquity(panel, sim);
  const periods = panelPeriodsPerYear(panel.dates, panel.start, timeframe);
  // Metrics need trades, not orders: the runs of a tune do not record them.
  const cfg: SimConfig = { ...sim, recordOrders: false };
  const grid = !each && gridFits(panel);
  return (grid ? gridRuns : eachRun)(panel, def, combos, cfg, benchmark, periods, onProgress);
}

/**
 * Sets whose order rows are held at once: a tune's sets go through simulateGrid in blocks, and
 * its progress (on a terminal) moves on after each block.
 */
const BLOCK_SETS = 64;

/**
 * The sets in blocks: each block's orders are written, then its sets simulated and scanned
 * by simulateGrid (engine.ts), and the metrics taken from the scan. The same values as
 * {@link eachRun}, from fewer and smaller hot loops.
 */
function gridRuns(
  panel: Panel,
  def: StrategyDef,
  combos: Params[],
  cfg: SimConfig,
  benchmark: Float64Array,
  periods: number,
  onProgress?: (done: number, total: number) => void,
): Metrics[] {
  const cache: IndicatorCache = new Map();
  const m = panel.symbols.length;
  const per = BLOCK_SETS;
  const block = new RowBlock(m);
  const sums = new Float64Array(9);
  const out: Metrics[] = [];
  let orders: OrderRows | undefined;
  for (let b = 0; b < combos.length; b += per) {
    const sets = combos.slice(b, b + per);
    block.reset(m);
    for (const params of sets) {
      checkpoint(); // a tune of many sets stops at the call's time limit
      orders = def.orders(panel, params, cache, orders);
      block.append(orders);
    }
    const scan = simulateGrid(panel, block, cfg);
    for (let k = 0; k < sets.length; k++) {
      sums[0] = scan.worst[k];
      sums[1] = scan.worstPeak[k];
      sums[2] = scan.worstTrough[k];
      sums[3] = scan.sum[k];
      sums[4] = scan.down2[k];
      sums[5] = scan.up[k];
      sums[6] = scan.down[k];
      sums[7] = scan.exposed[k];
      sums[8] = scan.squares[k];
      const metrics = metricsOf(
        {
          bars: panel.dates.length,
          start: scan.first[k],
          end: scan.last[k],
          sums,
          recovery: scan.recovery[k],
          trades: scan.trades[k],
          feesPaid: scan.fees[k],
        },
        panel.dates,
        panel.start,
        benchmark,
        periods,
        null,
      );
      out.push(metrics);
      onProgress?.(b + k + 1, combos.length);
    }
  }
  return out;
}

/**
 * One simulation and one measurement per set: simulateRows and computeMetrics, for any panel
 * (gridRuns needs a panel simulateGrid takes: bars to evaluate, and not too large).
 */
function eachRun(
  panel: Panel,
  def: StrategyDef,
  combos: Params[],
  cfg: SimConfig,
  benchmark: Float64Array,
  periods: number,
  onProgress?: (done: number, total: number) => void,
): Metrics[] {
  const cache: IndicatorCache = new Map();
  // One set of order rows for all runs: each run's rows are consumed by its simulation before
  // the next run overwrites them. The previous run's equity and exposure arrays are reused the
  // same way once it is measured.
  let orders: OrderRows | undefined;
  let last: SimResult | undefined;
  return combos.map((params, i) => {
    checkpoint(); // a tune of many sets stops at the call's time limit
    orders = def.orders(panel, params, cache, orders);
    const result = simulateRows(panel, orders, cfg, last);
    last = result;
    const metrics = computeMetrics(result, panel.dates, panel.start, benchmark, periods, []);
    onProgress?.(i + 1, combos.length);
    return metrics;
  });
}
