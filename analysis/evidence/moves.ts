/**
 * Close-to-close move detection over a trading window, with the volume and volatility context
 * a reader needs to judge whether a move is unusual. Pure: bars in, moves out.
 */
import { round } from "./windows.ts";

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
}

interface CleanBar {
  date: string;
  close: number;
  volume: number | null;
}

/** Keeps bars with a date and a positive price, preferring the adjusted close; sorted by date. */
export function cleanBars(bars: Bar[]): CleanBar[] {
  const out: CleanBar[] = [];
  for (const b of bars) {
    const close = typeof b.adj_close === "number" && Number.isFinite(b.adj_close)
      ? b.adj_close
      : b.close;
    if (!b.date || typeof close !== "number" || !Number.isFinite(close) || close <= 0) continue;
    const volume = typeof b.volume === "number" && Number.isFinite(b.volume) ? b.volume : null;
    out.push({ date: String(b.date).slice(0, 10), close, volume });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

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
    // The baseline ends where the window starts, so the move never inflates its own yardstick.
    const base = baseline(bars, i - days);
    moves.push({
      start_date: start.date,
      end_date: end.date,
      trading_days: days,
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
): { moves: Move[]; total: number; bars: number } {
  const clean = cleanBars(bars);
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
  };
}
