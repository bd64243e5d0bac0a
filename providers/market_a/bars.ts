/** Yahoo chart answers → the project's bar shape (shared by every OHLCV provider). */
import type { ChartResult } from "./schemas.ts";

export interface Bar {
  /** YYYY-MM-DD for daily and longer bars, ISO datetime (UTC) for intraday. */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  adj_close: number | null;
  volume: number | null;
}

export interface Split {
  date: string;
  ratio: number;
  numerator: number;
  denominator: number;
}

export interface Dividend {
  date: string;
  amount: number;
}

export interface Bars {
  symbol: string;
  currency: string | null;
  exchange: string | null;
  timezone: string | null;
  /** Yahoo's instrumentType (EQUITY, ETF, CURRENCY, INDEX, MUTUALFUND, ...), when stated. */
  instrument_type: string | null;
  rows: Bar[];
  splits: Split[];
  dividends: Dividend[];
}

/** True for bar sizes below one day. */
export function isIntraday(interval: string): boolean {
  return /^\d+(m|h|min|hour)$/i.test(interval);
}

/**
 * The calendar date of a bar in the exchange's own time zone: Yahoo stamps a daily bar at the
 * session open (e.g. 13:30 UTC for New York), so the UTC date is right for the Americas but
 * not for Asia; the exchange offset fixes that.
 */
export function barDate(epochSec: number, gmtoffset: number, intraday: boolean): string {
  if (intraday) return new Date(epochSec * 1000).toISOString().replace(".000Z", "Z");
  return new Date((epochSec + gmtoffset) * 1000).toISOString().slice(0, 10);
}

const clean = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

export function chartToBars(r: ChartResult, interval: string): Bars {
  const intraday = isIntraday(interval);
  const off = r.meta.gmtoffset ?? 0;
  const q = r.indicators.quote[0] ?? {};
  const adj = r.indicators.adjclose?.[0]?.adjclose;
  const rows: Bar[] = [];
  (r.timestamp ?? []).forEach((t, i) => {
    if (t === null) return;
    const close = clean(q.close?.[i]);
    const open = clean(q.open?.[i]);
    // Yahoo pads holidays and the live session with all-null bars; they are not prices.
    if (close === null && open === null) return;
    rows.push({
      date: barDate(t, off, intraday),
      open,
      high: clean(q.high?.[i]),
      low: clean(q.low?.[i]),
      close,
      adj_close: adj ? clean(adj[i]) : close,
      volume: clean(q.volume?.[i]),
    });
  });
  const splits: Split[] = Object.values(r.events?.splits ?? {})
    .filter((s) => s.date !== null && s.denominator !== 0)
    .map((s) => ({
      date: barDate(s.date!, off, false),
      ratio: s.numerator / s.denominator,
      numerator: s.numerator,
      denominator: s.denominator,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const dividends: Dividend[] = Object.values(r.events?.dividends ?? {})
    .filter((d) => d.date !== null)
    .map((d) => ({ date: barDate(d.date!, off, false), amount: d.amount }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    symbol: r.meta.symbol,
    currency: r.meta.currency ?? null,
    exchange: r.meta.exchangeName ?? null,
    timezone: r.meta.exchangeTimezoneName ?? null,
    instrument_type: r.meta.instrumentType ?? null,
    rows: dedupe(rows),
    splits,
    dividends,
  };
}

/** Keeps the last bar per date (Yahoo may repeat the live bar), ascending. */
export function dedupe(rows: Bar[]): Bar[] {
  const byDate = new Map<string, Bar>();
  for (const r of rows) byDate.set(r.date, r);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
