/** Grid search: expand a grid, evaluate each combination on one panel, rank by a metric. */
import { InputError } from "../../core/errors.ts";
import { resolveParams } from "./params.ts";
import { simulateRows } from "./engine.ts";
import type { OrderRows } from "./rows.ts";
import {
  benchmarkCurve,
  computeMetrics,
  METRIC_DIRECTION,
  type Metrics,
  periodsPerYear,
} from "./metrics.ts";
import { round6 } from "./report.ts";
import type { IndicatorCache, Panel, Params, SimConfig, SimResult, StrategyDef } from "./types.ts";
import { checkpoint } from "../../core/cancel.ts";

export interface GridPlan {
  combos: Params[];
  skipped: { params: Record<string, unknown>; reason: string }[];
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
  const walk = (i: number, acc: Record<string, unknown>) => {
    if (i === keys.length) {
      try {
        combos.push(resolveParams(def, acc));
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
    throw new InputError(
      `unknown metric "${metric}"; rank by one of ${Object.keys(METRIC_DIRECTION).join(", ")}`,
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
 * ranks them: best first in the metric's own direction, nulls last, ties in grid order.
 */
export function runGrid(
  panel: Panel,
  def: StrategyDef,
  combos: Params[],
  sim: SimConfig,
  timeframe: string,
  metric: string,
  onProgress?: (done: number, total: number) => void,
): TuneRow[] {
  const dir = checkMetric(metric);
  const cache: IndicatorCache = new Map();
  const benchmark = benchmarkCurve(panel.close, panel.start, sim.initialCash);
  const periods = periodsPerYear(timeframe);
  // Metrics need trades, not orders: the runs of a tune do not record them.
  const runConfig: SimConfig = { ...sim, recordOrders: false };
  // One set of order rows for all runs: each run's rows are consumed by its simulation before
  // the next run overwrites them. The previous run's equity and exposure arrays are reused the
  // same way once it is measured.
  let orders: OrderRows | undefined;
  let last: SimResult | undefined;
  const rows = combos.map((params, i) => {
    checkpoint(); // a tune of many sets stops at the call's time limit
    orders = def.orders(panel, params, cache, orders);
    const result = simulateRows(panel, orders, runConfig, last);
    last = result;
    const metrics = computeMetrics(result, panel.dates, panel.start, benchmark, periods, []);
    onProgress?.(i + 1, combos.length);
    const raw = (metrics as unknown as Record<string, number | null>)[metric];
    return { i, params, metrics, score: Number.isFinite(raw) ? raw : null };
  });
  rows.sort((a, b) => {
    if (a.score === null || b.score === null) {
      return a.score === b.score ? a.i - b.i : a.score === null ? 1 : -1;
    }
    const d = dir === "higher" ? b.score - a.score : a.score - b.score;
    return d || a.i - b.i;
  });
  return rows.map((r, k) =>
    round6({ rank: k + 1, params: r.params, score: r.score, metrics: r.metrics })
  );
}
