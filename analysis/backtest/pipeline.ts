/**
 * One backtest from aligned bars to a report, shared by backtest.run and backtest.tune. Data
 * loading stays outside: callers pass a panel built by data.ts.
 */
import { computeMetrics, drawdown, type Metrics, panelPeriodsPerYear } from "./metrics.ts";
import { simulate } from "./engine.ts";
import { benchmarkEquity } from "./benchmark.ts";
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
  const notes: string[] = [];
  // weights asking for more gross exposure than leverage allows (a custom long-short at +1 and
  // -1 is 2x): scaled down on those bars, since a short's proceeds would otherwise fund the longs
  const scaled = capGross(targets, cfg.leverage);
  if (scaled.bars) {
    notes.push(
      `the strategy's weights asked for up to ${
        scaled.most.toFixed(2)
      }x gross exposure on ${scaled.bars} bar(s), more than leverage=${cfg.leverage} allows: those bars' weights were scaled down to it (pass a larger leverage to run them as given)`,
    );
  }
  const sim = simulate(panel, targets, cfg);
  // bought as the strategy's orders are: same fill bar, price and costs (benchmark.ts)
  const benchmark = benchmarkEquity(panel, cfg);
  // an order filled on a day the symbol had no bar of its own traded at its carried close
  const stale = sim.orders.filter((o) => panel.carried?.[o.symbol]?.[o.bar] === 1);
  if (stale.length) {
    const o = stale[0];
    notes.push(
      `${stale.length} order(s) filled on a day their symbol had no bar of its own (first ${
        panel.symbols[o.symbol]
      } on ${
        panel.dates[o.bar].slice(0, 10)
      }): at its last close carried from before, a price that was not there`,
    );
  }
  // the benchmark's one fill, on the bar after the first: at a carried close for a symbol
  // without a bar of its own that day (its market's holiday)
  const bought = panel.start + 1;
  const carried = panel.symbols.filter((_s, s) => panel.carried?.[s]?.[bought] === 1);
  if (carried.length && bought < panel.dates.length) {
    notes.push(
      `the benchmark bought ${carried.join(", ")} on ${panel.dates[bought].slice(0, 10)}, a day ${
        carried.length > 1 ? "they" : "it"
      } had no bar of ${
        carried.length > 1 ? "their" : "its"
      } own: at the last close carried from before, a price that was not there`,
    );
  }
  if (sim.belowFixedFee) {
    notes.push(
      `${sim.belowFixedFee} sale(s) whose proceeds after fees did not cover fixed_fees=${cfg.fixedFees} were not placed (each would take cash down, below zero in a fully invested account); those holdings stayed as they were`,
    );
  }
  // an account that lost everything: metrics past it have no meaning
  const wiped = sim.equity.findIndex((v, t) => t >= panel.start && v <= 0);
  if (wiped >= 0) {
    notes.push(
      `equity fell to ${sim.equity[wiped].toFixed(2)} on ${
        panel.dates[wiped]
      }: the account was wiped out there; returns, drawdown and ratios after it describe no account that could exist`,
    );
  }
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

/**
 * Scales each bar's weights (those set on it; NaN is no order) so their gross Σ|w| stays within
 * `leverage`; the bars scaled and the largest gross asked for.
 */
export function capGross(targets: Targets, leverage: number): { bars: number; most: number } {
  const n = targets[0]?.length ?? 0;
  let bars = 0;
  let most = 0;
  for (let t = 0; t < n; t++) {
    let gross = 0;
    for (const row of targets) if (!Number.isNaN(row[t])) gross += Math.abs(row[t]);
    if (gross > leverage * (1 + 1e-9)) {
      const k = leverage / gross;
      for (const row of targets) if (!Number.isNaN(row[t])) row[t] *= k;
      bars++;
      most = Math.max(most, gross);
    }
  }
  return { bars, most };
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
