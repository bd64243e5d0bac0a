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
  const scaled = capGross(targets, cfg.leverage, panel.start);
  if (scaled.bars) {
    notes.push(
      `the strategy's weights asked for up to ${
        scaled.most.toFixed(2)
      }x gross exposure (counting positions kept from earlier orders) on ${scaled.bars} bar(s), more than leverage=${cfg.leverage} allows: those bars' new weights were scaled down to fit (pass a larger leverage to run them as given)`,
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
  // a fixed fee above the order it is charged on: placed as the strategy asked, but rarely meant
  const dear = sim.orders.filter((o) => o.fees > Math.abs(o.size * o.price));
  if (dear.length) {
    notes.push(
      `${dear.length} order(s) paid more in fees than they were worth (first ${
        panel.symbols[dear[0].symbol]
      } on ${panel.dates[dear[0].bar].slice(0, 10)}: ${dear[0].fees.toFixed(2)} on ${
        Math.abs(dear[0].size * dear[0].price).toFixed(2)
      }); fixed_fees=${cfg.fixedFees} is large against these orders' size`,
    );
  }
  if (sim.unfundedBuys) {
    notes.push(
      `${sim.unfundedBuys} buy order(s) were not placed: the cash left${
        cfg.fixedFees > 0 ? `, less fixed_fees=${cfg.fixedFees} for each buy of the bar,` : ""
      }${
        cfg.leverage > 1 ? ` with borrowing up to leverage=${cfg.leverage}` : ""
      } could fund none of them, so those targets were not reached${
        cfg.fixedFees > 0 ? " (lower fixed_fees or raise initial_cash)" : ""
      }`,
    );
  }
  // the simulator charges no financing: a leveraged or short book earns as if borrowing were free
  const shorts = sim.trades.some((tr) => tr.direction === "short");
  let most = 0;
  for (let t = panel.start; t < sim.exposure.length; t++) most = Math.max(most, sim.exposure[t]);
  // above 1.01x: buying a full 1x with leverage>1 borrows only the fees, not worth a note
  if (shorts || most > 1.01) {
    notes.push(
      `the run ${
        shorts ? "sold short" : `held up to ${most.toFixed(2)}x its equity`
      }, and no financing cost is charged: no interest on borrowed cash and no borrow fee on shorts, so returns are higher than a broker account would show by about the borrowing rate times the amount borrowed`,
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
 * `leverage`; the bars scaled and the largest gross asked for. A symbol without an order keeps
 * the weight last set for it, and that counts too: +1 on A, then −1 on B alone a few bars later,
 * is 2x, and B's short is cut to what A leaves room for. Bars before `from` never trade.
 */
export function capGross(
  targets: Targets,
  leverage: number,
  from = 0,
): { bars: number; most: number } {
  const n = targets[0]?.length ?? 0;
  const held = new Float64Array(targets.length);
  let bars = 0;
  let most = 0;
  for (let t = from; t < n; t++) {
    let set = 0;
    let kept = 0;
    let any = false;
    targets.forEach((row, s) => {
      if (Number.isNaN(row[t])) kept += Math.abs(held[s]);
      else {
        set += Math.abs(row[t]);
        any = true;
      }
    });
    if (!any) continue;
    if (set + kept > leverage * (1 + 1e-9)) {
      // the kept weights were within leverage when set, so only the new ones are scaled
      const k = set > 0 ? Math.max(0, (leverage - kept) / set) : 1;
      for (const row of targets) if (!Number.isNaN(row[t])) row[t] *= k;
      bars++;
      most = Math.max(most, set + kept);
    }
    targets.forEach((row, s) => {
      if (!Number.isNaN(row[t])) held[s] = row[t];
    });
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
