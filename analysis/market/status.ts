/**
 * market.status: Yahoo's market-time answer (the exchange's own open/closed state and its
 * session times) read in the exchange's time zone, so weekends, holidays and early closes are
 * named instead of being a bare "closed".
 */
import { localParts } from "../../core/zones.ts";

/** Regular session length in hours (first open to last close, lunch breaks inside). */
export const REGULAR_SESSION_HOURS: Record<string, number> = {
  US: 6.5,
  CA: 6.5,
  GB: 8.5,
  DE: 8.5,
  FR: 8.5,
  ES: 8.5,
  IT: 8.5,
  NL: 8.5,
  CH: 8.5,
  JP: 6.5,
  HK: 6.5,
  AU: 6,
  IN: 6.25,
};

/**
 * Regular sessions whose length changed, latest first: [first local date of the length, hours].
 * Tokyo's afternoon session has run to 15:30 since 2024-11-05 (15:00 before, a 6-hour session).
 */
const SESSION_HOURS_SINCE: Record<string, [string, number][]> = {
  JP: [["2024-11-05", 6.5], ["0000-01-01", 6]],
};

/** The market's regular session length on local `date`, in hours (null when not known). */
export function regularSessionHours(market: string, date: string | null): number | null {
  const eras = SESSION_HOURS_SINCE[market];
  if (eras && date) return eras.find(([since]) => date >= since)![1];
  return REGULAR_SESSION_HOURS[market] ?? null;
}

/**
 * Midday breaks (local time, start–end) of markets that stop trading at lunch: Yahoo's session
 * runs from the morning open to the afternoon close and its state stays "open" across the break.
 */
export const LUNCH_BREAKS: Record<string, [string, string]> = {
  JP: ["11:30", "12:30"],
  HK: ["12:00", "13:00"],
  CN: ["11:30", "13:00"],
  MY: ["12:30", "14:30"],
  TH: ["12:30", "14:30"],
  PH: ["12:00", "13:00"],
  // Jakarta Monday to Thursday; Fridays break longer (FRIDAY_LUNCH_BREAKS)
  ID: ["12:00", "13:30"],
  VN: ["11:30", "13:00"],
};

/** Lunch breaks that differ on Fridays (Jakarta's Friday prayers). */
const FRIDAY_LUNCH_BREAKS: Record<string, [string, string]> = {
  ID: ["11:30", "14:00"],
};

/** The midday break of `market` on a local weekday (`Fri`), or null when it has none. */
export function lunchBreak(market: string, weekday: string | null): [string, string] | null {
  if (weekday === "Fri" && FRIDAY_LUNCH_BREAKS[market]) return FRIDAY_LUNCH_BREAKS[market];
  return LUNCH_BREAKS[market] ?? null;
}

/** How far Yahoo's own time stamp may be from the clock before its state is not now's. */
const STALE_MS = 30 * 60_000;

/**
 * Markets whose weekend is Friday and Saturday (they trade Sunday to Thursday): Saudi Arabia,
 * Kuwait, Qatar and Egypt; Israel until Tel Aviv moved to Monday–Friday trading on 2026-01-05.
 */
const FRI_SAT: Record<string, string | null> = {
  SA: null,
  KW: null,
  QA: null,
  EG: null,
  IL: "2026-01-05",
};

/** The local weekdays (`Sat`, `Sun`) a market is closed for its weekend on `date`. */
export function weekendDays(market: string, date: string): string[] {
  const m = market.toUpperCase();
  if (Object.hasOwn(FRI_SAT, m)) {
    const until = FRI_SAT[m];
    if (until === null || date < until) return ["Fri", "Sat"];
  }
  return ["Sat", "Sun"];
}

export type ClosedReason = "weekend" | "holiday" | "outside_hours";

export interface MarketTime {
  status: string | null;
  open: string | null;
  close: string | null;
  time: string | null;
  timezone: string | null;
}

export { localParts };

const validZone = (zone: string | null): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * What the state means locally. `now` is Yahoo's own time stamp when given, else the clock.
 * A closed weekday with no session on it (neither the last close nor the next open is dated
 * that day) is a holiday; a session shorter than the market's regular one is an early close.
 */
export function readMarketTime(
  market: string,
  mt: MarketTime,
  clockNow: string,
  warn: (note: string) => void = () => {},
) {
  const now = mt.time ?? clockNow;
  // the state is Yahoo's at its own time stamp: an answer from another moment (a cached or
  // recorded one) says nothing of the market now
  const lag = mt.time ? Date.parse(clockNow) - Date.parse(mt.time) : NaN;
  if (Math.abs(lag) > STALE_MS) {
    const h = Math.round(Math.abs(lag) / 36e5 * 10) / 10;
    warn(
      `${market}: Yahoo's market time is stamped ${mt.time}, ${h} hours ${
        lag > 0 ? "before" : "after"
      } now (${clockNow}): the state ${
        mt.status ?? "given"
      } and the local date and time are of that moment, not the market's now`,
    );
  }
  const zone = validZone(mt.timezone) ? mt.timezone : null;
  const here0 = zone ? localParts(now, zone) : null;
  const regular = regularSessionHours(market, here0?.date ?? null);
  const lunch = lunchBreak(market, here0?.weekday ?? null);
  const lunch_break_local = lunch ? `${lunch[0]}-${lunch[1]}` : null;
  const hours = mt.open && mt.close && Date.parse(mt.close) > Date.parse(mt.open)
    ? Math.round((Date.parse(mt.close) - Date.parse(mt.open)) / 36e5 * 100) / 100
    : null;
  if (!zone) {
    return {
      local_date: null,
      local_time: null,
      weekday: null,
      closed_reason: null,
      session_open_local: null,
      session_close_local: null,
      session_hours: hours,
      regular_session_hours: regular,
      early_close: null,
      lunch_break_local,
      in_lunch_break: null,
    };
  }
  const here = here0!;
  const open = mt.open ? localParts(mt.open, zone) : null;
  const close = mt.close ? localParts(mt.close, zone) : null;
  let closed_reason: ClosedReason | null = null;
  if (mt.status?.toLowerCase() === "closed") {
    if (weekendDays(market, here.date).includes(here.weekday)) closed_reason = "weekend";
    else if (!open || !close) {
      // without the last close and the next open nothing says whether a session is due today
      warn(
        `${market}: Yahoo says closed but gives no ${
          !open ? "next open" : "last close"
        }, so whether ${here.date} is a holiday or the market is outside its hours is not known`,
      );
    } else if (open.date === here.date || close.date === here.date) {
      closed_reason = "outside_hours";
    } else if (Date.parse(mt.open!) <= Date.parse(now)) {
      // the open given is a past session's, not the next one: a session may still be due today
      warn(
        `${market}: Yahoo says closed and gives a past session (${mt.open} to ${mt.close}), ` +
          `not the next open, so whether ${here.date} is a holiday is not known`,
      );
    } else closed_reason = "holiday";
  }
  // Yahoo's "open" spans a lunch break: inside it nothing trades
  const isOpen = mt.status?.toLowerCase() === "open";
  // "open" at a time outside the session the answer gives (or on the market's weekend) is a
  // state the answer itself contradicts: whether the market trades now is not known
  const t = Date.parse(now);
  const outside = isOpen && mt.open && mt.close && Date.parse(mt.close) > Date.parse(mt.open) &&
    (t < Date.parse(mt.open) || t >= Date.parse(mt.close));
  if (outside) {
    warn(
      `${market}: Yahoo says open, but its time ${now} (${here.date} ${here.time} local) is outside the session it gives (${
        open!.date
      } ${open!.time} to ${close!.date} ${
        close!.time
      }): the answer contradicts itself, so whether the market is trading now is not known`,
    );
  } else if (isOpen && weekendDays(market, here.date).includes(here.weekday)) {
    warn(
      `${market}: Yahoo says open on a ${here.weekday} (${here.date}), the market's weekend: whether it is trading now is not known`,
    );
  }
  const in_lunch_break = lunch && isOpen ? here.time >= lunch[0] && here.time < lunch[1] : null;
  if (in_lunch_break) {
    warn(
      `${market}: Yahoo's state is open, but ${here.time} local is inside the lunch break ` +
        `(${lunch![0]}–${lunch![1]} ${zone}): no trading until ${lunch![1]}`,
    );
  }
  // The session spans open→close only when both are one day's (the state is open, or the
  // answer gives today's hours); otherwise they are the last close and the next open.
  const oneSession = !!open && !!close && open.date === close.date && hours !== null;
  return {
    local_date: here.date,
    local_time: here.time,
    weekday: here.weekday,
    closed_reason,
    session_open_local: open ? `${open.date} ${open.time}` : null,
    session_close_local: close ? `${close.date} ${close.time}` : null,
    session_hours: oneSession ? hours : null,
    regular_session_hours: regular,
    early_close: oneSession && regular !== null ? hours! < regular - 0.25 : null,
    lunch_break_local,
    in_lunch_break,
  };
}
