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
   * A fund's capital-gain distributions per share (Yahoo's `events.capitalGains`, asked for with
   * `capitalGain`), apart from its income dividends; in the bars' currency.
   */
  capital_gains: Dividend[];
  /**
   * False when the answer was asked without capital gains (a recording made before they were
   * asked for): `capital_gains` is then empty for want of asking, not because none were paid.
   */
  capital_gains_asked: boolean;
  /**
   * The regular session Yahoo was in or next to when it answered (meta.currentTradingPeriod
   * regular, epoch seconds), when it states one.
   */
  session?: { start: number; end: number } | null;
  /**
   * Intraday bars left out because they lie outside the regular session Yahoo states for their
   * day (meta.tradingPeriods): pre- and post-market trades, which market.ohlcv does not ask for.
   */
  outside_session?: string[];
  /** Dates of bars where Yahoo gave a price of 0 (its "none"), left null. */
  zero_prices?: string[];
  /**
   * Dates of bars where Yahoo gave a negative price for what cannot trade below zero (a share,
   * a fund, a currency, a coin: only a future's or an index's may), left null.
   */
  negative_prices?: string[];
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

/**
 * One regular session of an intraday answer, epoch seconds, both ends included: Yahoo states a
 * market open around the clock (BTC-USD, EURUSD=X) as 00:00 to 23:59, with a bar at 23:59.
 */
interface Period {
  start: number;
  end: number;
}

/**
 * The regular sessions Yahoo states for an intraday answer's days (meta.tradingPeriods: an array
 * of each day's periods when pre- and post-market were not asked for, `{pre, regular, post}` of
 * such arrays when they were), flattened; empty when it states none.
 */
export function regularPeriods(r: ChartResult): Period[] {
  const tp = (r.meta as Record<string, unknown>).tradingPeriods;
  const days = Array.isArray(tp)
    ? tp
    : tp && typeof tp === "object"
    ? (tp as { regular?: unknown }).regular
    : null;
  if (!Array.isArray(days)) return [];
  const out: Period[] = [];
  for (const day of days) {
    for (const p of Array.isArray(day) ? day : [day]) {
      const start = stampSec((p as { start?: unknown } | null)?.start);
      const end = stampSec((p as { end?: unknown } | null)?.end);
      if (start !== null && end !== null && end > start) out.push({ start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * A test of whether an intraday stamp lies outside the regular session of its day: false for a
 * stamp on a day (in `zone`, else at `gmtoffset`) for which Yahoo states no session, so a bar is
 * left out only against a session stated for its own day. Null when no session is stated.
 */
function outsideSession(
  periods: Period[],
  zone: string | null,
  gmtoffset: number,
): ((t: number) => boolean) | null {
  if (!periods.length) return null;
  const f = zone ? dayFormat(zone) : null;
  const day = (t: number) =>
    f ? f.format(new Date(t * 1000)) : new Date((t + gmtoffset) * 1000).toISOString().slice(0, 10);
  const daysStated = new Set(periods.map((p) => day(p.start)));
  let j = 0;
  let last = -Infinity;
  return (t: number) => {
    // stamps ascend: one pass over the periods (from the start again if one does not)
    if (t < last) j = 0;
    last = t;
    while (j < periods.length && periods[j].end < t) j++;
    if (j < periods.length && periods[j].start <= t) return false;
    return daysStated.has(day(t));
  };
}

const clean = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/** Yahoo's cash events (dividends, capital gains) with their local dates, ascending. */
function cashEvents(
  events: Record<string, { amount: number; date: number | null }> | undefined,
  off: number,
  zone: string | null,
): Dividend[] {
  return Object.values(events ?? {})
    .filter((d) => d.date !== null && Number.isFinite(d.amount))
    .map((d) => ({ date: barDate(d.date!, off, false, zone), amount: d.amount }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Bars of one chart answer. `capitalGainsAsked` says whether the request named the capitalGain
 * event (see {@link Bars.capital_gains_asked}).
 */
export function chartToBars(r: ChartResult, interval: string, capitalGainsAsked = true): Bars {
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
  // market.ohlcv asks for the regular session's intraday bars only: a bar Yahoo sends outside
  // the session it states for that day (a pre- or post-market trade) is left out, and counted
  const outside = intraday ? outsideSession(regularPeriods(r), zone, off) : null;
  const dropped: string[] = [];
  // a price of 0 is Yahoo's "none" (a low of 0 in a bar that traded above it): nothing trades
  // at no price. Not for an index, whose level may be 0 (a T-bill yield, ^IRX); a future's
  // negative price is kept.
  const zeroIsNone = r.meta.instrumentType !== "INDEX" && !r.meta.symbol.startsWith("^");
  const zeros: string[] = [];
  // below zero only a future (CL=F in April 2020) or an index (a yield) may go
  const negativeIsNone = zeroIsNone && r.meta.instrumentType !== "FUTURE" &&
    !/=F$/i.test(r.meta.symbol);
  const negatives: string[] = [];
  (r.timestamp ?? []).forEach((t, i) => {
    if (t === null) return;
    let zero = false;
    let negative = false;
    const price = (v: number | null | undefined) => {
      const x = clean(v);
      if (x !== null && x < 0 && negativeIsNone) {
        negative = true;
        return null;
      }
      if (x !== 0 || !zeroIsNone) return x;
      zero = true;
      return null;
    };
    const close = price(q.close?.[i]);
    const open = price(q.open?.[i]);
    const high = price(q.high?.[i]);
    const low = price(q.low?.[i]);
    const adjusted = adj ? price(adj[i]) : null;
    // Yahoo pads holidays and the live session with all-null bars; they are not prices.
    if (close === null && open === null) {
      if (zero) zeros.push(barDate(t, off, intraday, zone));
      if (negative) negatives.push(barDate(t, off, intraday, zone));
      return;
    }
    if (outside?.(t)) {
      dropped.push(barDate(t, off, true, zone));
      return;
    }
    if (zero) zeros.push(barDate(t, off, intraday, zone));
    if (negative) negatives.push(barDate(t, off, intraday, zone));
    stamps.push(t);
    rows.push({
      date: barDate(t, off, intraday, zone),
      open,
      high,
      low,
      close,
      adj_close: adjusted,
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
  const dividends = cashEvents(r.events?.dividends, off, zone);
  const capitalGains = cashEvents(r.events?.capitalGains, off, zone);
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
    capital_gains: capitalGains,
    // an answer that holds them states them, asked or not
    capital_gains_asked: capitalGainsAsked || r.events?.capitalGains !== undefined,
    session: session.start !== null && session.end !== null && session.end > session.start
      ? { start: session.start, end: session.end }
      : null,
    ...(dropped.length ? { outside_session: dropped } : {}),
    ...(zeros.length ? { zero_prices: zeros } : {}),
    ...(negatives.length ? { negative_prices: negatives } : {}),
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
