/**
 * Close-to-close move detection over a trading window, with the volume and volatility context
 * a reader needs to judge whether a move is unusual. Pure: bars in, moves out.
 */
import { daysBetween, round } from "./windows.ts";

/** One daily bar as market.ohlcv returns it. */
export interface Bar {
  date: string;
  close: number | null;
  adj_close?: number | null;
  volume?: number | null;
}

export interface Move {
  start_date: string;
  end_date: string;
  trading_days: number;
  start_close: number;
  end_close: number;
  return_pct: number;
  direction: "up" | "down";
  volume: number | null;
  /** End-day volume ÷ mean volume of the 20 sessions before the window began (null with fewer). */
  volume_vs_20d: number | null;
  /** Mean |1-day return| (%) over the 20 sessions before the window began. */
  avg_abs_return_20d_pct: number | null;
  /** |return_pct| ÷ avg_abs_return_20d_pct. */
  move_vs_20d_avg_abs_return: number | null;
  /** Other qualifying windows that overlapped this one and were folded into it. */
  overlapping_windows: number;
  /** Sessions before the window the baselines could use (20 at most; the ratios need 20). */
  baseline_sessions: number;
  /** Calendar days from start_date to end_date. */
  calendar_days: number;
  /**
   * Weekdays (Monday to Friday) after start_date up to end_date with no bar at all: holidays,
   * a market closed for days, or bars the provider lacks. 0 for an unbroken window.
   */
  weekdays_without_bar: number;
  /**
   * The longest run of weekdays in a row without a bar between two of the window's bars: above
   * 2 the market was closed for days or the provider lacks bars, and the move covers that time.
   */
  longest_gap_weekdays: number;
}

interface CleanBar {
  date: string;
  close: number;
  volume: number | null;
  /** Index of the bar among every dated bar, priced or not: a session left out still counts. */
  session: number;
}

/**
 * Keeps bars with a date and a positive price, preferring the adjusted close; sorted by date.
 * A dated bar without a usable price is a session all the same: `session` counts it, so a window
 * across it is known to span more sessions than its bars.
 */
export function cleanBars(bars: Bar[]): CleanBar[] {
  const dated = bars.filter((b) => b.date).map((b) => ({ b, date: String(b.date).slice(0, 10) }))
    .sort((x, y) => x.date.localeCompare(y.date));
  const out: CleanBar[] = [];
  let session = -1;
  let prev = "";
  for (const { b, date } of dated) {
    if (date !== prev) session++;
    prev = date;
    const close = typeof b.adj_close === "number" && Number.isFinite(b.adj_close)
      ? b.adj_close
      : b.close;
    if (typeof close !== "number" || !Number.isFinite(close) || close <= 0) continue;
    const volume = typeof b.volume === "number" && Number.isFinite(b.volume) ? b.volume : null;
    // two bars of one day (a provider's repeated row) are one session: the later one is kept
    if (out.at(-1)?.date === date) out.pop();
    out.push({ date, close, volume, session });
  }
  return out;
}

/** Weekdays (Monday to Friday) from 1970-01-05, a Monday, up to and including `date`. */
function weekdayNumber(date: string): number {
  const d = Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse("1970-01-05T00:00:00Z")) /
      86_400_000,
  );
  const weeks = Math.floor(d / 7);
  return weeks * 5 + Math.min(d - weeks * 7 + 1, 5);
}

/** Weekdays after `a` up to and including `b` (both `YYYY-MM-DD`). */
export function weekdaysAfter(a: string, b: string): number {
  return weekdayNumber(b) - weekdayNumber(a);
}

/**
 * The longest run of weekdays without a bar between consecutive bars from `from` to `to`
 * (indices): a session left out for want of a price is a bar, not a gap.
 */
function longestGap(bars: CleanBar[], from: number, to: number): number {
  let most = 0;
  for (let k = from + 1; k <= to; k++) {
    const gap = weekdaysAfter(bars[k - 1].date, bars[k].date) -
      (bars[k].session - bars[k - 1].session);
    if (gap > most) most = gap;
  }
  return most;
}

/**
 * Weekdays in a row without a bar that a window may hold and still be an unbroken run of sessions: two
 * holidays together (Good Friday and Easter Monday, Christmas and Boxing Day) are a market's
 * usual closure; three or more in a row are a closure of days (a Lunar New Year, Golden Week,
 * 11 September 2001) or bars the provider lacks, and the move then covers more time than its
 * sessions say.
 */
export const USUAL_CLOSED_WEEKDAYS = 2;

const BASELINE = 20;

/**
 * The 20 sessions before a window: their mean volume and mean absolute daily return, each null
 * unless all 20 are there (two sessions' average is no 20-day baseline).
 */
function baseline(bars: CleanBar[], startIndex: number) {
  const from = Math.max(0, startIndex - BASELINE);
  const vols: number[] = [];
  const absReturns: number[] = [];
  for (let k = from; k < startIndex; k++) {
    const v = bars[k].volume;
    if (v !== null) vols.push(v);
  }
  for (let k = Math.max(1, startIndex - BASELINE + 1); k <= startIndex; k++) {
    absReturns.push(Math.abs(bars[k].close / bars[k - 1].close - 1) * 100);
  }
  const mean = (xs: number[]) =>
    xs.length >= BASELINE ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
  return { volume: mean(vols), absReturn: mean(absReturns), sessions: startIndex - from };
}

function ratio(num: number | null, den: number | null, dp: number): number | null {
  if (num === null || den === null || den === 0) return null;
  return round(num / den, dp);
}

/**
 * Every window of `days` sessions whose close-to-close return reaches `thresholdPct`, starting on
 * or after `from` (earlier bars only feed the baselines).
 */
export function rawMoves(
  bars: CleanBar[],
  days: number,
  thresholdPct: number,
  from = "",
): Move[] {
  const moves: Move[] = [];
  for (let i = days; i < bars.length; i++) {
    const start = bars[i - days];
    if (start.date < from) continue;
    const end = bars[i];
    const ret = (end.close / start.close - 1) * 100;
    if (Math.abs(ret) < thresholdPct) continue;
    // a session left out for want of a price lies inside: the window spans more sessions
    const sessions = end.session - start.session;
    // The baseline ends where the window starts, so the move never inflates its own yardstick.
    const base = baseline(bars, i - days);
    moves.push({
      start_date: start.date,
      end_date: end.date,
      trading_days: sessions,
      start_close: round(start.close, 4),
      end_close: round(end.close, 4),
      return_pct: round(ret, 2),
      direction: ret > 0 ? "up" : "down",
      volume: end.volume,
      volume_vs_20d: ratio(end.volume, base.volume, 2),
      avg_abs_return_20d_pct: base.absReturn === null ? null : round(base.absReturn, 4),
      move_vs_20d_avg_abs_return: ratio(Math.abs(ret), base.absReturn, 2),
      overlapping_windows: 0,
      baseline_sessions: base.sessions,
      calendar_days: daysBetween(start.date, end.date),
      weekdays_without_bar: Math.max(0, weekdaysAfter(start.date, end.date) - sessions),
      longest_gap_weekdays: longestGap(bars, i - days, i),
    });
  }
  return moves;
}

/**
 * Folds overlapping windows that move the same way into the strongest one, so a 5-day drop does
 * not come back as five near-identical rows. The strongest window is kept first and takes only
 * the windows that share a session with it; a window that overlaps none kept so far is a move of
 * its own, however it links to them through windows in between (a chain of overlaps would hide a
 * large move that shares no session with the one kept). One-day windows never overlap.
 */
export function foldOverlaps(moves: Move[], days: number, dates: string[]): Move[] {
  if (days <= 1) return moves;
  const index = new Map(dates.map((d, i) => [d, i]));
  const at = (m: Move) => index.get(m.end_date)!;
  const bySize = [...moves].sort((a, b) =>
    Math.abs(b.return_pct) - Math.abs(a.return_pct) || a.end_date.localeCompare(b.end_date)
  );
  const kept: Move[] = [];
  for (const m of bySize) {
    const host = kept.find((k) => k.direction === m.direction && Math.abs(at(k) - at(m)) < days);
    if (host) host.overlapping_windows++;
    else kept.push({ ...m, overlapping_windows: 0 });
  }
  return kept.sort((a, b) => a.end_date.localeCompare(b.end_date));
}

/** Detects moves, folds overlaps, sorts by size (largest first) and keeps `limit`. */
export function detectMoves(
  bars: Bar[],
  opts: { days: number; thresholdPct: number; limit: number; from?: string },
): {
  moves: Move[];
  total: number;
  bars: number;
  /** Bar-to-bar steps scanned, and those skipping more than two weekdays in a row. */
  steps: number;
  gapSteps: number;
} {
  const clean = cleanBars(bars);
  let steps = 0;
  let gapSteps = 0;
  for (let k = 1; k < clean.length; k++) {
    if (clean[k - 1].date < (opts.from ?? "")) continue;
    steps++;
    if (longestGap(clean, k - 1, k) > USUAL_CLOSED_WEEKDAYS) gapSteps++;
  }
  const folded = foldOverlaps(
    rawMoves(clean, opts.days, opts.thresholdPct, opts.from),
    opts.days,
    clean.map((b) => b.date),
  );
  const sorted = folded.sort((a, b) =>
    Math.abs(b.return_pct) - Math.abs(a.return_pct) || a.end_date.localeCompare(b.end_date)
  );
  return {
    moves: sorted.slice(0, Math.max(1, opts.limit)),
    total: sorted.length,
    bars: clean.filter((b) => b.date >= (opts.from ?? "")).length,
    steps,
    gapSteps,
  };
}
