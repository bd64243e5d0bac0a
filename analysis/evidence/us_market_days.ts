/**
 * The days the New York Stock Exchange and Nasdaq are closed, and the days they close early, by
 * the exchanges' published rules: weekends; New Year's Day, Martin Luther King Jr. Day (third
 * Monday of January), Washington's Birthday (third Monday of February), Good Friday, Memorial
 * Day (last Monday of May), Juneteenth (from 2022), Independence Day, Labor Day (first Monday of
 * September), Thanksgiving (fourth Thursday of November) and Christmas. A holiday on a Sunday is
 * observed the Monday after; one on a Saturday the Friday before, except New Year's Day (the
 * Friday before ends a year, and the market opens). Special closings (September 11 2001, state
 * funerals, Hurricane Sandy) are listed. The market closes at 13:00 on the day after Thanksgiving,
 * on December 24 and on July 3 when these fall on a weekday that is not a holiday (July 3 only
 * when July 4 is a Tuesday to Friday).
 *
 * The rules are written for 2000 onward; an earlier day is answered `known: false`.
 */

/** What a New York day was for the US stock market. */
export interface UsMarketDay {
  /** False before 2000, where these rules are not checked. */
  known: boolean;
  open: boolean;
  /** Why the market was closed, when it was. */
  closed_reason?: "weekend" | "holiday";
  /** The holiday's name, when closed for one. */
  holiday?: string;
  /** The regular session's close, minutes after midnight New York time (960, or 780 early). */
  close_min: number;
  /** True on a day the market closes at 13:00. */
  early_close?: boolean;
}

/** Days the exchanges closed outside the yearly rules (2000 onward). */
const SPECIAL_CLOSINGS: Record<string, string> = {
  "2001-09-11": "September 11 attacks",
  "2001-09-12": "September 11 attacks",
  "2001-09-13": "September 11 attacks",
  "2001-09-14": "September 11 attacks",
  "2004-06-11": "national day of mourning for Ronald Reagan",
  "2007-01-02": "national day of mourning for Gerald Ford",
  "2012-10-29": "Hurricane Sandy",
  "2012-10-30": "Hurricane Sandy",
  "2018-12-05": "national day of mourning for George H. W. Bush",
  "2025-01-09": "national day of mourning for Jimmy Carter",
};

export const US_CALENDAR_FROM = "2000-01-01";

const REGULAR_CLOSE = 16 * 60;
const EARLY_CLOSE = 13 * 60;

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** Day of the week (0 Sunday … 6 Saturday) of a calendar date. */
function weekday(y: number, m: number, d: number): number {
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The n-th (1-based) `wd` of month m; n = -1 for the last. */
function nthWeekday(y: number, m: number, wd: number, n: number): number {
  if (n > 0) {
    const first = weekday(y, m, 1);
    return 1 + ((wd - first + 7) % 7) + (n - 1) * 7;
  }
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = weekday(y, m, days);
  return days - ((last - wd + 7) % 7);
}

/** Easter Sunday (Gregorian), as [month, day]. */
function easter(y: number): [number, number] {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** A fixed-date holiday as observed: Sunday → Monday, Saturday → Friday (or none). */
function observed(y: number, m: number, d: number, saturdayToFriday = true): string | null {
  const wd = weekday(y, m, d);
  const t = Date.UTC(y, m - 1, d);
  const shift = (days: number) => new Date(t + days * 86_400_000).toISOString().slice(0, 10);
  if (wd === 0) return shift(1);
  if (wd === 6) return saturdayToFriday ? shift(-1) : null;
  return iso(y, m, d);
}

const yearCache = new Map<number, Map<string, string>>();

/** The holidays the market observed in year `y` (date → name). */
function holidays(y: number): Map<string, string> {
  const hit = yearCache.get(y);
  if (hit) return hit;
  const out = new Map<string, string>();
  const add = (date: string | null, name: string) => {
    if (date && date.startsWith(`${y}-`)) out.set(date, name);
  };
  add(observed(y, 1, 1, false), "New Year's Day");
  // New Year's Day of next year on a Saturday is not moved into this year
  add(iso(y, 1, nthWeekday(y, 1, 1, 3)), "Martin Luther King Jr. Day");
  add(iso(y, 2, nthWeekday(y, 2, 1, 3)), "Washington's Birthday");
  const [em, ed] = easter(y);
  const goodFriday = new Date(Date.UTC(y, em - 1, ed) - 2 * 86_400_000).toISOString().slice(0, 10);
  add(goodFriday, "Good Friday");
  add(iso(y, 5, nthWeekday(y, 5, 1, -1)), "Memorial Day");
  if (y >= 2022) add(observed(y, 6, 19), "Juneteenth");
  add(observed(y, 7, 4), "Independence Day");
  add(iso(y, 9, nthWeekday(y, 9, 1, 1)), "Labor Day");
  add(iso(y, 11, nthWeekday(y, 11, 4, 4)), "Thanksgiving Day");
  add(observed(y, 12, 25), "Christmas Day");
  for (const [date, name] of Object.entries(SPECIAL_CLOSINGS)) add(date, name);
  yearCache.set(y, out);
  return out;
}

/** The US stock market's day `date` (YYYY-MM-DD, New York): open or not, and its close. */
export function usMarketDay(date: string): UsMarketDay {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const wd = weekday(y, m, d);
  if (wd === 0 || wd === 6) {
    return {
      known: date >= US_CALENDAR_FROM,
      open: false,
      closed_reason: "weekend",
      close_min: REGULAR_CLOSE,
    };
  }
  if (date < US_CALENDAR_FROM) return { known: false, open: true, close_min: REGULAR_CLOSE };
  const holiday = holidays(y).get(date);
  if (holiday) {
    return {
      known: true,
      open: false,
      closed_reason: "holiday",
      holiday,
      close_min: REGULAR_CLOSE,
    };
  }
  const thanksgiving = nthWeekday(y, 11, 4, 4);
  const early = (m === 11 && d === thanksgiving + 1) || (m === 12 && d === 24) ||
    (m === 7 && d === 3 && wd >= 1 && wd <= 4);
  return early
    ? { known: true, open: true, close_min: EARLY_CLOSE, early_close: true }
    : { known: true, open: true, close_min: REGULAR_CLOSE };
}
