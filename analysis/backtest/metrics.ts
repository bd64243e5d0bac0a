/**
 * Performance metrics of an equity curve and its trades. Returns are per bar. Volatility and the
 * Sharpe and Sortino ratios annualise by the bar frequency's periods per year (252 trading days
 * for daily bars, 52 for weekly…), as empyrical and vectorbt do. cagr_pct (and calmar_ratio)
 * compound over the calendar instead, first to last bar date in years of 365.25 days, as ffn and
 * QuantStats do, for bars of a day or longer: a window with bars missing (a halt, a hole in the
 * provider's history) is still the time it spans, where a count of bars would shorten it and
 * raise the CAGR above what a year of holding gave. Intraday bars keep the bar count. A value
 * that is infinite or undefined is null, with a reason.
 */
import type { SimResult, Trade } from "./types.ts";

/** Metric names and whether a higher value is better (tune ranks by this). */
export const METRIC_DIRECTION: Record<string, "higher" | "lower"> = {
  end_value: "higher",
  total_return_pct: "higher",
  cagr_pct: "higher",
  excess_return_pct: "higher",
  max_drawdown_pct: "lower",
  volatility_pct: "lower",
  sharpe_ratio: "higher",
  sortino_ratio: "higher",
  calmar_ratio: "higher",
  omega_ratio: "higher",
  total_trades: "higher",
  win_rate_pct: "higher",
  profit_factor: "higher",
  expectancy: "higher",
  exposure_pct: "higher",
  total_fees_paid: "lower",
};

export interface Metrics {
  start_value: number;
  end_value: number;
  total_return_pct: number;
  cagr_pct: number | null;
  benchmark_return_pct: number;
  excess_return_pct: number;
  max_drawdown_pct: number;
  max_drawdown_peak_date: string | null;
  max_drawdown_trough_date: string | null;
  max_drawdown_recovery_date: string | null;
  volatility_pct: number | null;
  sharpe_ratio: number | null;
  sortino_ratio: number | null;
  calmar_ratio: number | null;
  omega_ratio: number | null;
  total_trades: number;
  closed_trades: number;
  win_rate_pct: number | null;
  profit_factor: number | null;
  expectancy: number | null;
  exposure_pct: number;
  total_fees_paid: number;
  bars: number;
  periods_per_year: number;
}

/** Periods per year of a timeframe: 1d → 252, 1wk → 52, 1mo → 12, 1h → 252 × 6.5 (US session). */
export function periodsPerYear(timeframe: string): number {
  const m = /^(\d*)\s*(m|min|h|d|wk|w|mo)$/i.exec(timeframe.trim());
  if (!m) return 252;
  const k = m[1] ? Number(m[1]) : 1;
  switch (m[2].toLowerCase()) {
    case "m":
    case "min":
      return (252 * 390) / k;
    case "h":
      return (252 * 6.5) / k;
    case "d":
      return 252 / k;
    case "wk":
    case "w":
      return 52 / k;
    default:
      return 12 / k;
  }
}

/** Share of the dates from `from` on that fall on a Saturday or Sunday. */
export function weekendShare(dates: string[], from: number): number {
  let weekend = 0;
  for (let t = from; t < dates.length; t++) {
    const day = new Date(`${dates[t].slice(0, 10)}T00:00:00Z`).getUTCDay();
    if (day === 0 || day === 6) weekend++;
  }
  return dates.length > from ? weekend / (dates.length - from) : 0;
}

/**
 * Periods per year for a panel's bars: as {@link periodsPerYear}, except that bars which include
 * weekends (a market that trades every day and around the clock, such as crypto) count 365 days a
 * year, intraday ones 24 hours a day; at 252 days of 6.5 hours a year of them would read as 1.45
 * years or more (a CAGR far too low, a volatility too low).
 */
export function panelPeriodsPerYear(dates: string[], from: number, timeframe: string): number {
  const m = /^(\d*)\s*(d|m|min|h)$/i.exec(timeframe.trim());
  const k = m?.[1] ? Number(m[1]) : 1;
  const unit = m?.[2].toLowerCase();
  if (!tradesEveryDay(dates, from, timeframe)) {
    // intraday bars on trading days: as many a day as the data has (Yahoo's hourly session
    // bars are seven a day, 09:30 to 15:30, not 6.5)
    if (unit === "h" || unit === "m" || unit === "min") {
      const perDay = barsPerDay(dates, from);
      if (perDay !== null) return 252 * perDay;
    }
    return periodsPerYear(timeframe);
  }
  // every day, and intraday around the clock: 365 days of 24 hours
  return unit === "d" ? 365 / k : unit === "h" ? (365 * 24) / k : (365 * 1440) / k;
}

/**
 * True when daily or intraday bars from `from` on come from a market that trades every day (their
 * dates include weekends, as crypto's do): {@link panelPeriodsPerYear} then counts 365 days a year.
 */
export function tradesEveryDay(dates: string[], from: number, timeframe: string): boolean {
  const m = /^(\d*)\s*(d|m|min|h)$/i.exec(timeframe.trim());
  if (!m) return false;
  const k = m[1] ? Number(m[1]) : 1;
  const unit = m[2].toLowerCase();
  if (unit === "d") return includesWeekends(dates, from, k);
  if (!includesWeekends(dates, from, 0)) return false;
  // around the clock is some 24 hours of bars a day: a market open Sunday to Thursday (Riyadh's)
  // dates a fifth of its bars on a weekend too, but has one session a day
  const perDay = barsPerDay(dates, from);
  return perDay === null || perDay * (unit === "h" ? 60 * k : k) >= 20 * 60;
}

/** The median number of bars a day from `from` on (intraday dates); null under three days. */
function barsPerDay(dates: string[], from: number): number | null {
  const counts = new Map<string, number>();
  for (let i = from; i < dates.length; i++) {
    const day = dates[i].slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  if (counts.size < 3) return null;
  const sorted = [...counts.values()].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  // one bar a day is no intraday series to count from
  return median >= 2 ? median : null;
}

/**
 * True when the bars from `from` on include weekends. Bars of `daysPerBar` days are told by their
 * number against the calendar days they span, without reading every date (a tune's start-up
 * pays for each date read): more than six days' worth a week is a market that trades every day,
 * one that rests at weekends has at most five; then a weekend date is looked for (a market that
 * trades every day has one in its first week; a few weekdays in a row have none). Intraday bars (`daysPerBar` 0): more than a tenth
 * of them dated on a weekend.
 */
function includesWeekends(dates: string[], from: number, daysPerBar: number): boolean {
  const n = dates.length - from;
  if (n < 2) return false;
  if (!daysPerBar) return weekendShare(dates, from) > 0.1;
  const days = (Date.parse(dates.at(-1)!.slice(0, 10)) - Date.parse(dates[from].slice(0, 10))) /
    86_400_000;
  // a few weekdays in a row count as many bars as days too: a weekend date must be among them
  return days > 0 && ((n - 1) * daysPerBar) / days > 6 / 7 && anyWeekend(dates, from);
}

/** True when a date from `from` on is a Saturday or Sunday (stops at the first). */
function anyWeekend(dates: string[], from: number): boolean {
  for (let t = from; t < dates.length; t++) {
    const day = new Date(`${dates[t].slice(0, 10)}T00:00:00Z`).getUTCDay();
    if (day === 0 || day === 6) return true;
  }
  return false;
}

/** Drawdown at each bar as a positive percent below the running peak, and the worst one. */
export function drawdown(equity: Float64Array, from = 0) {
  const dd = new Float64Array(equity.length);
  return { dd, ...worstDrawdown(equity, from, dd) };
}

/** The worst drawdown of {@link drawdown} without the per-bar array (`dd` receives it if given). */
export function worstDrawdown(equity: Float64Array, from = 0, dd: Float64Array | null = null) {
  const at = new Int32Array([-1, -1]);
  const maxPct = drawdownLoop(equity, from, dd, at);
  const worstPeak = at[0];
  const worstTrough = at[1];
  return {
    maxPct,
    peak: worstPeak,
    trough: worstTrough,
    recovery: recoveryBar(equity, worstPeak, worstTrough),
  };
}

/** The first bar after `trough` back at `peak`'s equity, or −1 (no trough or no recovery). */
function recoveryBar(equity: Float64Array, peak: number, trough: number): number {
  if (trough < 0) return -1;
  for (let t = trough + 1; t < equity.length; t++) if (equity[t] >= equity[peak]) return t;
  return -1;
}

/**
 * The running-peak loop of {@link drawdown}, alone in its function so its optimised code is not
 * thrown away at every call by the code after it. Returns the worst drawdown; `at` receives
 * its peak and trough bars.
 */
function drawdownLoop(
  equity: Float64Array,
  from: number,
  dd: Float64Array | null,
  at: Int32Array,
) {
  let peak = -Infinity;
  let peakAt = from;
  let worst = 0;
  for (let t = from; t < equity.length; t++) {
    if (equity[t] > peak) {
      peak = equity[t];
      peakAt = t;
    }
    const d = peak > 0 ? (1 - equity[t] / peak) * 100 : 0;
    if (dd) dd[t] = d;
    if (d > worst) {
      worst = d;
      at[0] = peakAt;
      at[1] = t;
    }
  }
  return worst;
}

/**
 * The shortest window whose figures are annualised: a month of bars (21 daily, 4 weekly, one
 * monthly return). Under it cagr_pct and calmar_ratio are null: a few days' return compounded
 * over a year is a number in the thousands of percent (or Infinity) that happened nowhere.
 */
export const MIN_YEARS = 1 / 12;

/**
 * Fewest bar returns whose volatility, Sharpe and Sortino ratios are annualised; with fewer (or
 * under {@link MIN_YEARS}) they are null: a standard deviation of a handful of returns times
 * √(periods a year) is noise.
 */
export const MIN_RETURNS = 20;

/** Mean and sample standard deviation (n − 1) of per-bar returns. */
export function meanStd(r: Float64Array): { mean: number; std: number } {
  const n = r.length;
  if (n === 0) return { mean: NaN, std: NaN };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += r[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (r[i] - mean) ** 2;
  return { mean, std: n > 1 ? Math.sqrt(ss / (n - 1)) : NaN };
}

/** Annualised Sharpe ratio with a zero risk-free rate: mean / std × √periods. */
export function sharpe(r: Float64Array, periods: number): number | null {
  const { mean, std } = meanStd(r);
  return std > 0 ? (mean / std) * Math.sqrt(periods) : null;
}

/** Sortino: annualised mean over annualised downside deviation √mean(min(r, 0)²). */
export function sortino(r: Float64Array, periods: number): number | null {
  if (!r.length) return null;
  let sum = 0;
  let down = 0;
  for (const x of r) {
    sum += x;
    if (x < 0) down += x * x;
  }
  const dd = Math.sqrt(down / r.length);
  return dd > 0 ? ((sum / r.length) * periods) / (dd * Math.sqrt(periods)) : null;
}

/** Omega at threshold 0: Σ gains / Σ |losses|. */
export function omega(r: Float64Array): number | null {
  let up = 0;
  let down = 0;
  for (const x of r) x > 0 ? (up += x) : (down -= x);
  return down > 0 ? up / down : null;
}

/**
 * {@link sharpe}, {@link sortino}, {@link omega} and the standard deviation of {@link meanStd}
 * in two passes over the returns instead of five. Every sum runs in the same order as in those
 * functions, so the results are identical to the last bit.
 */
export function returnStats(r: Float64Array, periods: number) {
  const n = r.length;
  if (n === 0) return { std: NaN, sharpe: null, sortino: null, omega: null };
  let sum = 0;
  let down2 = 0;
  let up = 0;
  let down = 0;
  for (let i = 0; i < n; i++) {
    const x = r[i];
    sum += x;
    if (x < 0) down2 += x * x;
    x > 0 ? (up += x) : (down -= x);
  }
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (r[i] - mean) ** 2;
  const std = n > 1 ? Math.sqrt(ss / (n - 1)) : NaN;
  const dd = Math.sqrt(down2 / n);
  return {
    std,
    sharpe: std > 0 ? (mean / std) * Math.sqrt(periods) : null,
    sortino: dd > 0 ? ((sum / n) * periods) / (dd * Math.sqrt(periods)) : null,
    omega: down > 0 ? up / down : null,
  };
}

/**
 * {@link returnStats} of {@link barReturns}`(equity, from)`: the returns are worked out once into
 * a buffer kept between calls (the same divisions, so the same values).
 */
export function equityReturnStats(equity: Float64Array, from: number, periods: number) {
  const n = Math.max(0, equity.length - from - 1);
  if (n === 0) return { std: NaN, sharpe: null, sortino: null, omega: null };
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  const sums = new Float64Array(7);
  returnSums(equity, from, n, sums, scratch);
  return statsOf(sums, squaredDeviations(scratch, n, sums[3] / n), n, periods);
}

/**
 * The statistics of {@link equityReturnStats} from the sums at `sums[3…6]` (Σr, Σr² over r < 0,
 * Σr over r > 0, Σ|r| over r ≤ 0) of `n` returns and `ss`, Σ(r − mean)² of them.
 */
function statsOf(sums: Float64Array, ss: number, n: number, periods: number) {
  if (n === 0) return { std: NaN, sharpe: null, sortino: null, omega: null };
  const sum = sums[3];
  const down2 = sums[4];
  const up = sums[5];
  const down = sums[6];
  const mean = sum / n;
  const std = n > 1 ? Math.sqrt(ss / (n - 1)) : NaN;
  const dd = Math.sqrt(down2 / n);
  return {
    std,
    sharpe: std > 0 ? (mean / std) * Math.sqrt(periods) : null,
    sortino: dd > 0 ? ((sum / n) * periods) / (dd * Math.sqrt(periods)) : null,
    omega: down > 0 ? up / down : null,
  };
}

/** Returns of the last {@link equityReturnStats}, kept for its second pass (grown as needed). */
let scratch = new Float64Array(0);

/** Σr, Σr² over r < 0, Σr over r > 0 and Σ|r| over r ≤ 0 into `out[3…6]`; each r into `r`. */
function returnSums(
  equity: Float64Array,
  from: number,
  n: number,
  out: Float64Array,
  r: Float64Array,
): void {
  let sum = 0;
  let down2 = 0;
  let up = 0;
  let down = 0;
  for (let i = 0; i < n; i++) {
    const x = equity[from + i + 1] / equity[from + i] - 1;
    r[i] = x;
    sum += x;
    if (x < 0) down2 += x * x;
    x > 0 ? (up += x) : (down -= x);
  }
  out[3] = sum;
  out[4] = down2;
  out[5] = up;
  out[6] = down;
}

/** What {@link computeMetrics} reads from the curve (see {@link scanEquity}), kept between calls. */
const sums = new Float64Array(9);

/**
 * {@link drawdownLoop}, {@link returnSums} and a count of the bars from `from` with a position
 * (exposure above 1e-9) in one pass (one loop for V8
 * to warm up instead of three): the same operations in the same order, so the same values.
 * `out` receives the worst drawdown %, its peak and trough bars (−1: none), the four return
 * sums of returnSums and the exposed bars; `r` each return.
 */
function scanEquity(
  equity: Float64Array,
  exposure: Float64Array,
  from: number,
  out: Float64Array,
  r: Float64Array,
): void {
  let peak = -Infinity;
  let peakAt = from;
  let worst = 0;
  let worstPeak = -1;
  let worstTrough = -1;
  let sum = 0;
  let down2 = 0;
  let up = 0;
  let down = 0;
  let exposed = 0;
  const n = equity.length;
  for (let t = from; t < n; t++) {
    const e = equity[t];
    if (e > peak) {
      peak = e;
      peakAt = t;
    }
    const d = peak > 0 ? (1 - e / peak) * 100 : 0;
    if (d > worst) {
      worst = d;
      worstPeak = peakAt;
      worstTrough = t;
    }
    if (exposure[t] > 1e-9) exposed++;
    if (t + 1 < n) {
      const x = equity[t + 1] / e - 1;
      r[t - from] = x;
      sum += x;
      if (x < 0) down2 += x * x;
      x > 0 ? (up += x) : (down -= x);
    }
  }
  out[0] = worst;
  out[1] = worstPeak;
  out[2] = worstTrough;
  out[3] = sum;
  out[4] = down2;
  out[5] = up;
  out[6] = down;
  out[7] = exposed;
}

function squaredDeviations(r: Float64Array, n: number, mean: number): number {
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (r[i] - mean) ** 2;
  return ss;
}

/** Per-bar simple returns of an equity curve from bar `from`. */
export function barReturns(equity: Float64Array, from: number): Float64Array {
  const n = Math.max(0, equity.length - from - 1);
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = equity[from + i + 1] / equity[from + i] - 1;
  return r;
}

/**
 * All metrics. `notes` receives one sentence per metric reported as null, so a user sees why
 * (e.g. no losing bars → Sortino undefined).
 */
export function computeMetrics(
  sim: SimResult,
  dates: string[],
  from: number,
  benchmark: Float64Array,
  periods: number,
  notes: string[],
): Metrics {
  const eq = sim.equity;
  const n = Math.max(0, eq.length - from - 1);
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, scratch.length * 2));
  scanEquity(eq, sim.exposure, from, sums, scratch);
  sums[8] = n > 0 ? squaredDeviations(scratch, n, sums[3] / n) : 0;
  const run: RunScan = {
    bars: eq.length,
    start: eq[from],
    end: eq[eq.length - 1],
    sums,
    recovery: recoveryBar(eq, sums[1], sums[2]),
    trades: sim.trades,
    feesPaid: sim.feesPaid,
  };
  return metricsOf(run, dates, from, benchmark, periods, notes);
}

/**
 * What {@link computeMetrics} reads of a run, however it was worked out (from the run's curve,
 * or on the way by a tune's one-pass simulation: simulateGrid in engine.ts).
 */
export interface RunScan {
  /** Bars in the curve (panel.start and the warm-up bars before it included). */
  bars: number;
  /** Equity at `from` and at the last bar. */
  start: number;
  end: number;
  /**
   * Worst drawdown %, its peak and trough bars (−1: none), Σr, Σr² over r < 0, Σr over r > 0,
   * Σ|r| over r ≤ 0 of the bar returns, the bars with exposure above 1e-9, Σ(r − mean)².
   */
  sums: Float64Array;
  /** The first bar after the trough back at the peak's equity, or −1. */
  recovery: number;
  trades: Trade[];
  feesPaid: number;
}

/** The metrics of a scanned run (see {@link computeMetrics}); `notes` null: no reasons wanted. */
export function metricsOf(
  run: RunScan,
  dates: string[],
  from: number,
  benchmark: Float64Array,
  periods: number,
  notes: string[] | null,
): Metrics {
  const { sums, start, end } = run;
  const last = run.bars - 1;
  const n = Math.max(0, run.bars - from - 1);
  const barYears = n / periods;
  // the CAGR's years: the calendar's for bars of a day or longer (module note), else the bars'
  const calendar = calendarYears(dates, from, last, periods);
  const years = calendar ?? barYears;
  const dd = {
    maxPct: sums[0],
    peak: sums[1],
    trough: sums[2],
    recovery: run.recovery,
  };
  // too short a window to annualise: its figures would be a few bars' noise raised to a year
  const shortSpan = years < MIN_YEARS * (1 - 1e-9);
  const shortBars = barYears < MIN_YEARS * (1 - 1e-9);
  // equity at or below zero (a drawdown of 100% or more): the account was wiped out, and a
  // "return" on a non-positive equity is no return (−171 to −693 reads as +304%); the figures
  // made of returns would be numbers of no account, so they are null (said by explainNulls)
  const wiped = sums[0] >= 100;
  const fewReturns = shortSpan || shortBars || n < MIN_RETURNS || wiped;
  const all = statsOf(sums, sums[8], n, periods);
  // Omega is a ratio of the returns' sums, annualised nowhere: kept
  const stats = fewReturns
    ? { std: NaN, sharpe: null, sortino: null, omega: wiped ? null : all.omega }
    : all;
  const std = stats.std;
  const grown = !shortSpan && !wiped && end > 0 ? ((end / start) ** (1 / years) - 1) * 100 : NaN;
  const cagr = Number.isFinite(grown) ? grown : null;
  tradeSums(run.trades, totals);
  const closed = totals[0];
  const wins = totals[1];
  const gain = totals[2];
  const loss = totals[3];
  const pnl = totals[4];
  const exposed = sums[7];
  const benchReturn = (benchmark[last] / benchmark[from] - 1) * 100;
  const totalReturn = (end / start - 1) * 100;
  const m: Metrics = {
    start_value: start,
    end_value: end,
    total_return_pct: totalReturn,
    cagr_pct: cagr,
    benchmark_return_pct: benchReturn,
    excess_return_pct: totalReturn - benchReturn,
    max_drawdown_pct: dd.maxPct,
    max_drawdown_peak_date: dd.peak >= 0 ? dates[dd.peak] : null,
    max_drawdown_trough_date: dd.trough >= 0 ? dates[dd.trough] : null,
    max_drawdown_recovery_date: dd.recovery >= 0 ? dates[dd.recovery] : null,
    volatility_pct: Number.isFinite(std) ? std * Math.sqrt(periods) * 100 : null,
    sharpe_ratio: stats.sharpe,
    sortino_ratio: stats.sortino,
    calmar_ratio: cagr !== null && dd.maxPct > 0 ? cagr / dd.maxPct : null,
    omega_ratio: stats.omega,
    total_trades: run.trades.length,
    closed_trades: closed,
    win_rate_pct: closed ? (wins / closed) * 100 : null,
    profit_factor: loss > 0 ? gain / loss : null,
    expectancy: closed ? pnl / closed : null,
    exposure_pct: last >= from ? (exposed / (last - from + 1)) * 100 : 0,
    total_fees_paid: run.feesPaid,
    bars: last - from + 1,
    periods_per_year: periods,
  };
  if (notes) explainNulls(m, notes, shortSpan, fewReturns && !wiped, wiped);
  // the ratios' risk-free rate is said by the command, once (riskFreeNote)
  if (notes) {
    notes.push(...windowNotes(n, periods, m.cagr_pct !== null, false, calendar ?? undefined));
  }
  return m;
}

/**
 * Years from bar `from` to bar `last` by their dates (365.25 days a year), for bars of a day or
 * longer (`periods` at most 366 a year); null for intraday bars or dates that do not parse.
 */
export function calendarYears(
  dates: string[],
  from: number,
  last: number,
  periods: number,
): number | null {
  if (!(periods <= 366) || last < from || !dates[from] || !dates[last]) return null;
  const days = dayOf(dates[last]) - dayOf(dates[from]);
  return Number.isFinite(days) && days >= 0 ? days / 365.25 : null;
}

/**
 * The risk-free rate the Sharpe and Sortino ratios are worked out with: none is taken as input,
 * so they are return over risk, not excess return over cash (said with every run that has one).
 */
export const RISK_FREE_RATE_PCT = 0;

/** A run's note on its ratios' risk-free rate, or null when it has neither ratio. */
export function riskFreeNote(m: Pick<Metrics, "sharpe_ratio" | "sortino_ratio">): string | null {
  return m.sharpe_ratio !== null || m.sortino_ratio !== null ? RISK_FREE_NOTE : null;
}

/** What {@link windowNotes} (a tune's) and {@link riskFreeNote} say of the ratios' risk-free rate. */
export const RISK_FREE_NOTE =
  `sharpe_ratio and sortino_ratio are computed with a risk-free rate of ${RISK_FREE_RATE_PCT}% ` +
  "(no rate is subtracted from the bar returns): they measure return, not excess return over " +
  "cash; with cash paying r a year, the Sharpe ratio net of it is lower by about " +
  "r ÷ volatility_pct (4% ÷ 20% = 0.2)";

/**
 * What a window of `n` bar returns at `periods` a year leaves unsaid: the annualised figures
 * nulled as too short (see {@link MIN_YEARS}, {@link MIN_RETURNS}), or a CAGR (`cagr` true: one
 * was given) that extrapolates less than a year; and, when Sharpe or Sortino ratios are given
 * (`ratios`), the risk-free rate they use.
 */
export function windowNotes(
  n: number,
  periods: number,
  cagr: boolean,
  ratios = true,
  calendar?: number,
): string[] {
  // the CAGR's years: the calendar's (bars of a day or longer), else the bars'
  const years = calendar ?? n / periods;
  const cagrShort = years < MIN_YEARS * (1 - 1e-9);
  const fewBars = n / periods < MIN_YEARS * (1 - 1e-9);
  const shortSpan = cagrShort || fewBars;
  const span = calendar === undefined
    ? `${n} bar${n === 1 ? "" : "s"} (${years.toFixed(2)} of a year at ${
      Number(periods.toPrecision(6))
    } bars a year)`
    : `${n} bar return${n === 1 ? "" : "s"} over ${Math.round(calendar * 365.25)} calendar days (${
      years.toFixed(2)
    } of a year)`;
  const notes: string[] = [];
  if (shortSpan || n < MIN_RETURNS) {
    const nulled = [
      ...(cagrShort ? ["cagr_pct"] : []),
      "volatility_pct",
      "sharpe_ratio",
      "sortino_ratio",
      ...(cagrShort ? ["calmar_ratio"] : []),
    ];
    notes.push(
      `the run covers ${span}: ${nulled.join(", ")} are null, since annualising ${
        shortSpan ? "less than a month of bars" : `fewer than ${MIN_RETURNS} bar returns`
      } gives numbers that say nothing about a year; total_return_pct is what happened`,
    );
  }
  // a CAGR of a few weeks' return is that return compounded over a year it did not see
  if (n > 0 && years < 0.99 && cagr && !cagrShort) {
    notes.push(
      `the run covers ${span}: ${
        n < MIN_RETURNS || fewBars
          ? "cagr_pct extrapolates"
          : "cagr_pct, the annualised volatility and the Sharpe and Sortino ratios extrapolate"
      } less than a year to a whole one; total_return_pct is what happened`,
    );
  }
  if (ratios && !shortSpan && n >= MIN_RETURNS) notes.push(RISK_FREE_NOTE);
  return notes;
}

/** Days since 1970 of a date's YYYY-MM-DD part. */
const dayOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/**
 * A note when the bars from `from` on count as a much shorter or longer time at `periods` bars a
 * year than the calendar they span (bars missing for months, a thinly traded listing with a bar
 * only on days it traded, a union of markets with different weekends): the annualised figures
 * count bars, so they are then off. Null when the two agree within 15%, or under two months.
 * Reads the first and last dates only, and every date only when they disagree.
 */
export function calendarNote(dates: string[], from: number, periods: number): string | null {
  const n = dates.length - from - 1;
  if (n < MIN_RETURNS) return null;
  const days = dayOf(dates[dates.length - 1]) - dayOf(dates[from]);
  if (!(days >= 60)) return null;
  const calendarYears = days / 365.25;
  const barYears = n / periods;
  const ratio = barYears / calendarYears;
  if (ratio >= 0.85 && ratio <= 1.15) return null;
  let gap = 0;
  let gapEnd = from;
  let prev = dayOf(dates[from]);
  for (let t = from + 1; t < dates.length; t++) {
    const d = dayOf(dates[t]);
    if (d - prev > gap) gap = d - prev, gapEnd = t;
    prev = d;
  }
  // a gap worth naming: over a week, and over twice the bars' usual spacing (a month's bars)
  const longest = gap > Math.max(7, (2 * 365.25) / periods)
    ? `; the longest gap has no bar between ${dates[gapEnd - 1].slice(0, 10)} and ${
      dates[gapEnd].slice(0, 10)
    } (${gap} days apart)`
    : "";
  return `the ${n + 1} bars from ${dates[from].slice(0, 10)} to ${
    dates[dates.length - 1].slice(0, 10)
  } span ${calendarYears.toFixed(2)} calendar years, but at ${
    Number(periods.toPrecision(6))
  } bars a year they count as ${barYears.toFixed(2)}${longest}: volatility_pct and the ` +
    "Sharpe and Sortino ratios annualise by that count, not by the calendar, so they are not " +
    "the yearly figures they seem (cagr_pct and the Calmar ratio compound over the calendar " +
    "span, for bars of a day or longer), and moves inside a gap are unseen by " +
    "max_drawdown_pct; total_return_pct is what happened";
}

/** What {@link tradeSums} gives {@link computeMetrics}, kept between calls. */
const totals = new Float64Array(5);

/**
 * Over the closed trades, in order: their count, the winners' count, Σ pnl of winners, Σ −pnl of
 * losers and Σ pnl, into `out[0…4]` (one loop instead of filters and reductions per run).
 */
function tradeSums(trades: Trade[], out: Float64Array): void {
  let closed = 0;
  let wins = 0;
  let gain = 0;
  let loss = 0;
  let pnl = 0;
  for (let i = 0; i < trades.length; i++) {
    const t = trades[i];
    if (t.status !== "closed") continue;
    closed++;
    if (t.pnl > 0) {
      wins++;
      gain += t.pnl;
    }
    if (t.pnl < 0) loss -= t.pnl;
    pnl += t.pnl;
  }
  out[0] = closed;
  out[1] = wins;
  out[2] = gain;
  out[3] = loss;
  out[4] = pnl;
}

const WHY: Record<string, string> = {
  cagr_pct: "the window has fewer than two bars or equity fell to zero",
  volatility_pct: "fewer than two bar returns",
  sharpe_ratio: "returns have zero standard deviation (e.g. no position was ever held)",
  sortino_ratio: "no bar had a negative return, so downside deviation is zero",
  calmar_ratio: "there was no drawdown",
  omega_ratio: "no bar had a negative return",
  win_rate_pct: "no trade was closed",
  profit_factor: "no closed trade lost money",
  expectancy: "no trade was closed",
};

/** Figures null because the window is too short to annualise (said once, not per figure). */
const SHORT_SPAN = new Set(["cagr_pct", "calmar_ratio"]);
const FEW_RETURNS = new Set(["volatility_pct", "sharpe_ratio", "sortino_ratio"]);

/** Figures made of bar returns, null when the account was wiped out (said once). */
const WIPED = ["cagr_pct", "volatility_pct", "sharpe_ratio", "sortino_ratio", "calmar_ratio"];

function explainNulls(
  m: Metrics,
  notes: string[],
  shortSpan: boolean,
  fewReturns: boolean,
  wiped = false,
) {
  if (wiped) {
    notes.push(
      `metrics.${
        [...WIPED, "omega_ratio"].join(", ")
      } are null: equity fell to zero or below (max_drawdown_pct ${
        Number(m.max_drawdown_pct.toFixed(2))
      }), and a return on a non-positive equity is no return, so no yearly figure or ratio of this run describes an account; total_return_pct and end_value are what happened`,
    );
  }
  for (const [key, why] of Object.entries(WHY)) {
    if ((shortSpan && SHORT_SPAN.has(key)) || (fewReturns && FEW_RETURNS.has(key))) continue;
    if (wiped && (WIPED.includes(key) || key === "omega_ratio")) continue;
    if ((m as unknown as Record<string, unknown>)[key] === null) {
      // Calmar is CAGR over drawdown: null for want of either; a profit factor is null for want
      // of a closed trade before it is for want of a losing one
      const reason = key === "calmar_ratio" && m.max_drawdown_pct > 0
        ? "cagr_pct is null"
        : key === "profit_factor" && !m.closed_trades
        ? "no trade was closed"
        : why;
      notes.push(`metrics.${key} is null: ${reason}`);
    }
  }
}

/**
 * Equal-weight buy-and-hold of all symbols from bar `from`'s close, without costs: a curve of
 * prices alone. Runs are not measured against it: their benchmark is bought as their orders are
 * (benchmark.ts, benchmarkEquity), a bar later at the fill price, with costs.
 */
export function benchmarkCurve(
  close: Float64Array[],
  from: number,
  initialCash: number,
): Float64Array {
  const n = close[0]?.length ?? 0;
  const out = new Float64Array(n).fill(initialCash);
  const shares = close.map((c) => initialCash / close.length / c[from]);
  for (let t = from; t < n; t++) {
    let v = 0;
    for (let s = 0; s < close.length; s++) v += shares[s] * close[s][t];
    out[t] = v;
  }
  return out;
}

export type { SimResult };
