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
  /**
   * The regular session Yahoo was in or next to when it answered (meta.currentTradingPeriod
   * regular, epoch seconds), when it states one.
   */
  session?: { start: number; end: number } | null;
}

/** A stamp of Yahoo's trading periods in seconds: a number, or a Date once converted. */
function stampSec(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (v instanceof Date && Number.isFinite(v.getTime())) return v.getTime() / 1000;
  return null;
}

/**
 * Yahoo's regular session of the day it answered (meta.currentTradingPeriod.regular), start
 * and end in epoch seconds, either null when not stated.
 */
export function regularSession(r: ChartResult): { start: number | null; end: number | null } {
  const period = (r.meta as Record<string, unknown>).currentTradingPeriod;
  const regular = (period as { regular?: { start?: unknown; end?: unknown } } | undefined)
    ?.regular;
  return { start: stampSec(regular?.start), end: stampSec(regular?.end) };
}

/** True for bar sizes below one day. */
export function isIntraday(interval: string): boolean {
  return /^\d+(m|h|min|hour)$/i.test(interval);
}

/** Formatters of calendar dates (YYYY-MM-DD) by IANA zone; null for a zone Intl rejects. */
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of `zone`'s calendar dates (YYYY-MM-DD), or null for a zone Intl rejects. */
export function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let f = DAY_FORMATS.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    } catch {
      f = null;
    }
    DAY_FORMATS.set(zone, f);
  }
  return f;
}

/**
 * The calendar date of a bar in the exchange's own time zone: Yahoo stamps a daily bar at the
 * session open (13:30 UTC for New York) or, for futures and currency pairs, at local midnight
 * (00:00 New York is 05:00 UTC in winter, 04:00 UTC in summer), so the UTC date is wrong for
 * Asia and a fixed offset is wrong across daylight saving. With the exchange's zone each bar is
 * read at its own date's offset; `gmtoffset` (Yahoo's offset at the time of the request) is
 * used only when the zone is missing or unknown.
 */
export function barDate(
  epochSec: number,
  gmtoffset: number,
  intraday: boolean,
  zone: string | null = null,
): string {
  if (intraday) return new Date(epochSec * 1000).toISOString().replace(".000Z", "Z");
  // A daylight-saving change moves the offset by an hour or two: a bar more than three hours
  // from midnight at Yahoo's offset has that date at its own offset too (and Intl is slow).
  const local = (((epochSec + gmtoffset) % 86_400) + 86_400) % 86_400;
  const f = zone && (local < 3 * 3_600 || local > 21 * 3_600) ? dayFormat(zone) : null;
  if (f) {
    const d = f.format(new Date(epochSec * 1000));
    if (/^\d{4}-\d{2}-\d{2}$/.test(d)) return d;
  }
  return new Date((epochSec + gmtoffset) * 1000).toISOString().slice(0, 10);
}

const clean = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

export function chartToBars(r: ChartResult, interval: string): Bars {
  const intraday = isIntraday(interval);
  const off = r.meta.gmtoffset ?? 0;
  const zone = r.meta.exchangeTimezoneName ?? null;
  const q = r.indicators.quote[0] ?? {};
  // Yahoo's adjusted close, when it gives one: never for intraday bars, which are not adjusted
  // for dividends (a copy of the close would be read as adjusted, and a backtest as a total
  // return); null then, as for a daily answer without the adjclose indicator.
  const adj = intraday ? undefined : r.indicators.adjclose?.[0]?.adjclose;
  const rows: Bar[] = [];
  const stamps: number[] = [];
  (r.timestamp ?? []).forEach((t, i) => {
    if (t === null) return;
    const close = clean(q.close?.[i]);
    const open = clean(q.open?.[i]);
    // Yahoo pads holidays and the live session with all-null bars; they are not prices.
    if (close === null && open === null) return;
    stamps.push(t);
    rows.push({
      date: barDate(t, off, intraday, zone),
      open,
      high: clean(q.high?.[i]),
      low: clean(q.low?.[i]),
      close,
      adj_close: adj ? clean(adj[i]) : null,
      volume: clean(q.volume?.[i]),
    });
  });
  const splits: Split[] = Object.values(r.events?.splits ?? {})
    .filter((s) => s.date !== null && s.denominator !== 0)
    .map((s) => ({
      date: barDate(s.date!, off, false, zone),
      ratio: s.numerator / s.denominator,
      numerator: s.numerator,
      denominator: s.denominator,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const dividends: Dividend[] = Object.values(r.events?.dividends ?? {})
    .filter((d) => d.date !== null)
    .map((d) => ({ date: barDate(d.date!, off, false, zone), amount: d.amount }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const session = regularSession(r);
  return {
    symbol: r.meta.symbol,
    currency: r.meta.currency ?? null,
    exchange: r.meta.exchangeName ?? null,
    timezone: r.meta.exchangeTimezoneName ?? null,
    instrument_type: r.meta.instrumentType ?? null,
    rows: dedupe(mergeLive(rows, stamps, interval)),
    splits,
    dividends,
    session: session.start !== null && session.end !== null && session.end > session.start
      ? { start: session.start, end: session.end }
      : null,
  };
}

/**
 * One bar per date, ascending. Yahoo answers a daily series while the day's session runs with
 * the day's bar and, after it, a live row of the same date stamped at the latest trade: a copy
 * of the bar with a later (larger) volume, the count so far (the day's volume, not a second
 * one: never added), sometimes with only a close. The rows of a date are one bar: the later
 * row's values, a field it lacks from the earlier one, the high and low the extremes of both,
 * the volume the larger count.
 */
export function dedupe(rows: Bar[]): Bar[] {
  // a close without its adjusted one: the earlier row's adjustment (one factor per day) on it
  const adjusted = (prev: Bar, close: number) =>
    prev.adj_close === null || !prev.close ? null : prev.adj_close * close / prev.close;
  const byDate = new Map<string, Bar>();
  const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : f(a, b);
  for (const r of rows) {
    const prev = byDate.get(r.date);
    byDate.set(
      r.date,
      prev === undefined ? r : {
        date: r.date,
        open: prev.open ?? r.open,
        high: pick(prev.high, r.high, Math.max),
        low: pick(prev.low, r.low, Math.min),
        close: r.close ?? prev.close,
        adj_close: r.close === null ? prev.adj_close : r.adj_close ?? adjusted(prev, r.close),
        volume: pick(prev.volume, r.volume, Math.max),
      },
    );
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Seconds in an intraday bar (`5m`, `60m`, `1h`), or null for daily and longer bars. */
function barSeconds(interval: string): number | null {
  const m = /^(\d+)(m|h|min|hour)$/i.exec(interval);
  if (!m) return null;
  return Number(m[1]) * (/^h/i.test(m[2]) ? 3_600 : 60);
}

/** The period a weekly, monthly or quarterly bar dated `date` (YYYY-MM-DD) covers, or null. */
export function periodOf(date: string, interval: string): string | null {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  if (interval === "1mo") return date.slice(0, 7);
  if (interval === "3mo") return `${y}Q${Math.floor((m - 1) / 3)}`;
  if (interval !== "1wk") return null;
  // the Monday of the date's week
  const t = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Yahoo answers a weekly, monthly or quarterly series (and an intraday one) while its period is
 * still running with the period's bar and, beside it, a row of today's trading stamped with the
 * latest trade (a "weekly bar" dated Wednesday after the one dated Monday). That row is part of
 * the period's bar: it is merged into it (high and low the extremes of both, close the later,
 * volumes added), never shown as a bar of its own. Rows stay in Yahoo's order; linear.
 */
export function mergeLive(rows: Bar[], stamps: number[], interval: string): Bar[] {
  const secs = barSeconds(interval);
  if (secs === null && periodOf("2000-01-03", interval) === null) return rows;
  const out: Bar[] = [];
  let lastStamp = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const prev = out.at(-1);
    const same = prev !== undefined &&
      (secs !== null
        ? stamps[i] > lastStamp && stamps[i] < lastStamp + secs
        : r.date !== prev.date && periodOf(r.date, interval) === periodOf(prev.date, interval));
    if (!same) {
      out.push(r);
      lastStamp = stamps[i];
      continue;
    }
    const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) =>
      a === null ? b : b === null ? a : f(a, b);
    out[out.length - 1] = {
      date: prev.date,
      open: prev.open ?? r.open,
      high: pick(prev.high, r.high, Math.max),
      low: pick(prev.low, r.low, Math.min),
      close: r.close ?? prev.close,
      adj_close: r.adj_close ?? prev.adj_close,
      volume: pick(prev.volume, r.volume, (a, b) => a + b),
    };
  }
  return out;
}
