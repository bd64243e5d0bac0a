/**
 * One backtest from aligned bars to a report, shared by backtest.run and backtest.tune. Data
 * loading stays outside: callers pass a panel built by data.ts.
 */
import {
  benchmarkCurve,
  computeMetrics,
  drawdown,
  type Metrics,
  panelPeriodsPerYear,
} from "./metrics.ts";
import { simulate } from "./engine.ts";
import { capped, equityCurve, orderRows, round6, targetRows, tradeRows } from "./report.ts";
import type { Panel, SimConfig, SimResult, Targets } from "./types.ts";

export interface Evaluation {
  sim: SimResult;
  metrics: Metrics;
  benchmark: Float64Array;
  notes: string[];
}

/** Simulates targets on a panel and measures the result. */
export function evaluate(
  panel: Panel,
  targets: Targets,
  cfg: SimConfig,
  timeframe: string,
): Evaluation {
  const sim = simulate(panel, targets, cfg);
  const benchmark = benchmarkCurve(panel.close, panel.start, cfg.initialCash);
  const notes: string[] = [];
  const metrics = computeMetrics(
    sim,
    panel.dates,
    panel.start,
    benchmark,
    panelPeriodsPerYear(panel.dates, panel.start, timeframe),
    notes,
  );
  return { sim, metrics, benchmark, notes };
}

export interface ReportOptions {
  maxPoints: number;
  maxRecords: number;
}

/** The result sections of backtest.run (config and data sources are added by the command). */
export function reportSections(
  panel: Panel,
  targets: Targets,
  ev: Evaluation,
  opts: ReportOptions,
) {
  const dd = drawdown(ev.sim.equity, panel.start);
  const curve = equityCurve(
    panel,
    ev.sim.equity,
    ev.benchmark,
    dd.dd,
    [dd.peak, dd.trough],
    opts.maxPoints,
  );
  const trades = capped(tradeRows(panel, ev.sim), opts.maxRecords);
  const orders = capped(orderRows(panel, ev.sim), opts.maxRecords);
  const weights = capped(targetRows(panel, targets), opts.maxRecords);
  const limited = ev.sim.orders.filter((o) => o.limited).length;
  return round6({
    metrics: ev.metrics,
    counts: {
      trades: ev.sim.trades.length,
      orders: ev.sim.orders.length,
      target_rows: weights.truncated ? targetRows(panel, targets).length : weights.items.length,
      cash_limited_orders: limited,
      equity_points: curve.length,
    },
    truncated: {
      trades: trades.truncated,
      orders: orders.truncated,
      target_weights: weights.truncated,
    },
    equity_curve: curve,
    trades: trades.items,
    orders: orders.items,
    target_weights: weights.items,
  });
}

export { round6 };

/** Every bar of the equity curve (for charts), rounded like the report. */
export function fullCurve(panel: Panel, ev: Evaluation) {
  const dd = drawdown(ev.sim.equity, panel.start);
  return round6(equityCurve(panel, ev.sim.equity, ev.benchmark, dd.dd, [], 0));
}
