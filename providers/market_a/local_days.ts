/**
 * An exchange's local days as Yahoo chart requests. Yahoo stamps a daily (weekly, monthly) bar
 * at an instant of its local trading date: the session open for shares (10:00 Sydney, which is
 * 23:00 UTC the day before in summer), local midnight for currency pairs and futures. A request
 * from UTC midnight to UTC midnight therefore misses the first local day of Sydney, New Zealand
 * or London's currency pairs in summer; these functions find when a window must reach further.
 */
import type { ChartResult } from "./schemas.ts";
import { barDate, regularSession } from "./bars.ts";
import { localInstant, zoneOffset } from "../../core/zones.ts";

const DAY_MS = 86_400_000;

/** Seconds since local midnight in `zone` of instant `ms`. */
export function localSecondOfDay(ms: number, zone: string | null, fallback: number): number {
  const local = Math.floor(ms / 1000) + zoneOffset(zone, ms, fallback);
  return ((local % 86_400) + 86_400) % 86_400;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Bar stamps looked at, from each end of an answer, to learn when the listing stamps its bars. */
const STAMPS_READ = 5;

/** Yahoo's start of today's regular session (seconds), a stamp of the same kind as the bars'. */
const sessionStart = (r: ChartResult): number | null => regularSession(r).start;

/**
 * The local times of day (seconds) at which this listing's bars are stamped, from the stamps
 * nearest one end of the window (`fromEnd`: the last ones) and from today's regular session;
 * empty when the answer has neither (the stamp may then be any time of the day).
 */
function stampTimes(r: ChartResult, fromEnd: boolean): number[] {
  const zone = r.meta.exchangeTimezoneName ?? null;
  const off = r.meta.gmtoffset ?? 0;
  const stamps = (r.timestamp ?? []).filter((t): t is number => typeof t === "number");
  const near = fromEnd ? stamps.slice(-STAMPS_READ) : stamps.slice(0, STAMPS_READ);
  const session = sessionStart(r);
  if (session !== null) near.push(session);
  return near.map((t) => localSecondOfDay(t * 1000, zone, off));
}

/** A request window, UTC instants in ms, `to` exclusive as Yahoo's period2 is read here. */
export interface Span {
  from: number;
  to: number;
}

/**
 * The wider window to ask again when an answer for local days `startDay`..`endDay`, requested
 * from `p1` to `p2` (their UTC midnights), may have missed the bar of the first or last day;
 * null when it cannot have. The first day's bar was missed when the answer has no stamp on that
 * local day and the listing's stamp time on that day falls before `p1` (Sydney's 10:00 in
 * summer is 23:00 UTC the day before); the last day's when its stamp falls at or after `p2` (a
 * listing west of Greenwich that stamped late in its day). When the answer shows no stamp time
 * at all, any time of the day is possible, so the whole local day is asked for. The wider
 * window starts at the first day's local midnight (or ends at the midnight after the last
 * day), so it holds every local day asked and the caller keeps the bars by their local dates.
 * A listing whose local days already lie within the UTC days (New York, London's shares,
 * Frankfurt, Jakarta, Tokyo at 00:00 UTC) needs no second request, so its request is unchanged.
 * `widenStart` false leaves the start as it is (a window sized for the last N bars, whose first
 * day is only an estimate).
 */
export function widerWindow(
  r: ChartResult,
  startDay: string,
  endDay: string,
  p1: number,
  p2: number,
  widenStart = true,
): Span | null {
  const zone = r.meta.exchangeTimezoneName ?? null;
  const off = r.meta.gmtoffset ?? 0;
  const days = new Set(
    (r.timestamp ?? []).filter((t): t is number => typeof t === "number")
      .map((t) => barDate(t, off, false, zone)),
  );
  // both ends present (the usual answer): nothing was missed, and no zone rule is looked up
  if (days.has(startDay) && days.has(endDay)) return null;
  const firstMidnight = localInstant(startDay, 0, zone, off);
  const afterLast = localInstant(nextDay(endDay), 0, zone, off);
  const missedFirst = (sec: number) => localInstant(startDay, sec, zone, off) < p1;
  const missedLast = (sec: number) => localInstant(endDay, sec, zone, off) >= p2;
  const early = stampTimes(r, false);
  const late = stampTimes(r, true);
  const widenFrom = widenStart && firstMidnight < p1 && !days.has(startDay) &&
    (early.length === 0 || early.some(missedFirst));
  const widenTo = afterLast > p2 && !days.has(endDay) &&
    (late.length === 0 || late.some(missedLast));
  if (!widenFrom && !widenTo) return null;
  return { from: widenFrom ? firstMidnight : p1, to: widenTo ? afterLast : p2 };
}
