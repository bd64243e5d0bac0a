/**
 * The dates a market.ohlcv call covers: the window from its arguments and today, how far back a
 * provider keeps intraday bars, each bar's day in its exchange's zone, the rows inside the window,
 * and why a provider's answer holds none.
 */
import { InputError } from "../../core/errors.ts";
import { type Bar, dayFormat } from "../../providers/market_a/bars.ts";
import { type BarColumns, columnsOf, sliceColumns } from "../../providers/bar_columns.ts";

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "1d", "1wk", "1mo"] as const;

/** Bars per trading day, to turn `limit` into a calendar window. */
const BARS_PER_DAY: Record<string, number> = {
  "1m": 390,
  "5m": 78,
  "15m": 26,
  "30m": 13,
  "1h": 7,
  "1d": 1,
  "1wk": 0.2,
  "1mo": 1 / 21,
};
/** Yahoo keeps intraday bars only this many days back. */
const INTRADAY_DEPTH: Record<string, number> = {
  "1m": 7,
  "5m": 59,
  "15m": 59,
  "30m": 59,
  "1h": 729,
};

export interface Window {
  start: string;
  end: string;
  /** With a start date: keep only the last `tail` rows of the window (limit= beside it). */
  tail?: number;
  /** Keep only the last `limit` rows (when no start date was given). */
  keepLast: number | null;
  /**
   * Days Yahoo keeps bars of this size, when the window sized for `keepLast` bars was cut to
   * them (fewer bars than asked may then come back, which is said).
   */
  cappedAt?: number;
  /**
   * No end_date was given: the window runs to the latest bar, whose day in the exchange's zone
   * may be the day after today's UTC date (Sydney, Tokyo in the morning).
   */
  openEnd?: boolean;
}

/**
 * Hours a request reaches beyond the window's UTC midnights so that it holds the exchange's
 * whole local days: zones run from 14 hours ahead of UTC to 12 behind.
 */
export const AHEAD_MS = 14 * 3_600_000;
export const BEHIND_MS = 12 * 3_600_000;

export const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Throws when `startDate` is a day no exchange has reached yet at `today` (a day ahead of UTC
 * is still today in Tokyo or Sydney): no bar can exist, and a provider would only answer "no
 * data". market.ohlcv's rule, which backtests apply to their own start_date (warm-up bars are
 * asked from before it, so market.ohlcv would not see it).
 */
export function refuseFutureStart(startDate: string, today: Date): void {
  if (startDate <= iso(new Date(today.getTime() + AHEAD_MS))) return;
  throw new InputError(
    `start_date ${startDate} is in the future (today is ${
      iso(today)
    } UTC): no bars exist yet; give a start on or before today`,
  );
}

/**
 * How far back Yahoo serves intraday bars of each size (days; its 422 answer says "within the
 * last 30 days" for 1m, 60 for 2m to 30m, 730 for 1h), and the longest span one request of 1m
 * bars may cover (7 days).
 */
const YAHOO_BACK_DAYS: Record<string, number> = {
  "1m": 30,
  "5m": 60,
  "15m": 60,
  "30m": 60,
  "1h": 730,
};
const YAHOO_1M_SPAN_DAYS = 7;

/**
 * Why Yahoo cannot serve an intraday window (it answers HTTP 422, which a reader would see
 * without its reason): the request, which reaches 14 hours before the start's UTC midnight,
 * starts further back than Yahoo keeps bars of this size, or covers more than a 1m request
 * may. Null when it can.
 */
export function beyondIntradayDepth(tf: string, w: Window, now: Date): string | null {
  const back = YAHOO_BACK_DAYS[tf];
  if (back === undefined) return null;
  const from = Date.parse(`${w.start}T00:00:00Z`) - AHEAD_MS;
  const limit = now.getTime() - back * DAY;
  if (from < limit) {
    const oldest = iso(new Date(Math.ceil((limit + AHEAD_MS) / DAY) * DAY));
    return `Yahoo serves ${tf} bars of only the last ${back} days, and the window starts ${w.start}; give a start_date on or after ${oldest}, or a larger timeframe (1h bars reach about 730 days back, 1d bars the whole history)`;
  }
  const to = Date.parse(`${w.end}T00:00:00Z`) + DAY + BEHIND_MS;
  if (tf === "1m" && to - from > YAHOO_1M_SPAN_DAYS * DAY) {
    return `Yahoo serves at most ${YAHOO_1M_SPAN_DAYS} days of 1m bars a request, and the window ${w.start}..${w.end} (with the hours that hold every exchange's local days) is longer; ask for at most 5 days at a time, or a larger timeframe`;
  }
  return null;
}

/** Bars market.ohlcv returns without start_date, years or limit. */
export const DEFAULT_LIMIT = 200;

/** Works out the inclusive date window from the arguments and today. */
export function resolveWindow(
  timeframe: string,
  today: Date,
  startDate: string | undefined,
  endDate: string | undefined,
  limit: number,
): Window {
  let end = endDate ?? iso(today);
  const tomorrowAhead = iso(new Date(today.getTime() + AHEAD_MS));
  if (startDate) refuseFutureStart(startDate, today);
  if (startDate && startDate > end) {
    // without end_date a start on UTC's tomorrow is today where the exchange is ahead of UTC
    if (endDate === undefined && startDate <= tomorrowAhead) {
      end = startDate;
    } else throw new InputError(`start_date ${startDate} is after end_date ${end}`);
  }
  const open = endDate === undefined ? { openEnd: true } : {};
  if (startDate) return { start: startDate, end, keepLast: null, ...open };
  const trading = Math.ceil(limit / BARS_PER_DAY[timeframe]);
  let days = Math.ceil((trading * 7) / 5) + 10;
  const depth = INTRADAY_DEPTH[timeframe];
  // an intraday request runs from 14 hours before the start's UTC midnight to 12 hours after
  // the midnight after `end` (the exchange's local days, wherever it is): `days` + 1 days and
  // 26 hours, which must stay within what Yahoo serves of this bar size (7 days of 1m bars a
  // request)
  const capped = depth !== undefined && (days + 1) * DAY + AHEAD_MS + BEHIND_MS > depth * DAY;
  if (capped) days = depth - 3;
  const start = iso(new Date(Date.parse(`${end}T00:00:00Z`) - days * DAY));
  return { start, end, keepLast: limit, ...(capped ? { cappedAt: depth } : {}), ...open };
}

/**
 * Whether the window's last bar may take in a session still trading at `now`: a window that
 * ends well before today (by more than the bar's own span, and a day either side for the
 * market's zone) holds none, and its session is not looked up (loading zone data costs more
 * than reading a decade of bars).
 */
export function mayRunToday(w: Window, tf: string, now: Date): boolean {
  const span = tf === "1mo" ? 33 : tf === "1wk" ? 9 : 2;
  return w.end >= new Date(now.getTime() - span * DAY).toISOString().slice(0, 10);
}

/**
 * The calendar day of a bar in the exchange's zone: a daily bar's date as it is, an intraday
 * bar's UTC stamp read in `zone` (its UTC date when no zone is known or Intl rejects it).
 */
export function localDay(date: string, zone: string | null): string {
  if (date.length <= 10 || !zone) return date.slice(0, 10);
  const f = dayFormat(zone);
  const t = Date.parse(date);
  if (!f || !Number.isFinite(t)) return date.slice(0, 10);
  const d = f.format(new Date(t));
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : date.slice(0, 10);
}

/**
 * The rows from w.start to w.end, by their day in `zone` (the exchange's). Rows a provider
 * built from columns come back as they are when all are in the window, so an in-process caller
 * still finds their columns (bar_columns.ts).
 */
export function inWindow(rows: Bar[], w: Window, zone: string | null): Bar[] {
  const keep = (r: Bar) => {
    const day = localDay(r.date, zone);
    return day >= w.start && day <= w.end;
  };
  return columnsOf(rows) && rows.every(keep) ? rows : rows.filter(keep);
}

/**
 * The window to keep a provider's rows in: an open end (no end_date) reaches today in the
 * exchange's zone, which may be a day after today's UTC date.
 */
export function localWindow(w: Window, zone: string | null, now: Date): Window {
  if (!w.openEnd || !zone) return w;
  const today = localDay(now.toISOString(), zone);
  return today > w.end ? { ...w, end: today } : w;
}

/**
 * The columns from w.start to w.end (they ascend, so that is one run of them), the last
 * `keepLast` of those when set: what {@link inWindow} and the slice below keep of their rows.
 */
export function windowColumns(cols: BarColumns, w: Window): BarColumns {
  const { dates } = cols;
  let lo = 0;
  while (lo < dates.length && dates[lo].slice(0, 10) < w.start) lo++;
  let hi = dates.length;
  while (hi > lo && dates[hi - 1].slice(0, 10) > w.end) hi--;
  if (w.keepLast !== null && hi - lo > w.keepLast) lo = hi - w.keepLast;
  if (w.tail !== undefined && hi - lo > w.tail) lo = hi - w.tail;
  return lo === 0 && hi === dates.length ? cols : sliceColumns(cols, lo, hi);
}

/**
 * Why a provider's answer holds no bar in the window, from the bars it did send (Stooq sends a
 * listing's whole history; Yahoo only the window): before its first bar, after its last, or
 * between two (no session in the window: a weekend or the exchange's holidays), and what to ask.
 */
export function emptyWindow(
  sent: { first: string; last: string } | null,
  w: Window,
  zone: string | null,
): string {
  const span = `${w.start}..${w.end}`;
  if (!sent) {
    return `no bars in the requested window (${span}): the provider sent none for it (a window of weekend days or exchange holidays, before the listing began trading or after it stopped); widen the window or check the symbol`;
  }
  const first = localDay(sent.first, zone);
  const last = localDay(sent.last, zone);
  if (w.end < first) {
    return `no bars in the requested window (${span}): the provider's history of this listing starts at ${first} (the listing began trading then, or the provider keeps no older bars: another provider may have them); give an end_date on or after ${first}, or another provider=`;
  }
  if (w.start > last) {
    return `no bars in the requested window (${span}): the provider's history of this listing ends at ${last} (a delisting, a suspension, or an older answer); give a start_date on or before ${last}`;
  }
  return `no bars in the requested window (${span}), which lies inside the provider's history (${first}..${last}): no trading session fell in it (weekend days or exchange holidays); widen the window to hold a trading day`;
}

/** The first and last of ascending dates; null when there are none. */
export function bounds(dates: string[]): { first: string; last: string } | null {
  return dates.length ? { first: dates[0], last: dates[dates.length - 1] } : null;
}
