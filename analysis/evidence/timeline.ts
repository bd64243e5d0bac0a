/** Dated evidence around a price move: roles by timing only, never by cause. */
import { daysBetween } from "./windows.ts";
import { REGULAR_SESSION_HOURS, weekendDays } from "../market/status.ts";
import { parseSymbol } from "../../core/symbols.ts";
import { localInstant, localParts, zoneOffset } from "../../core/zones.ts";
import { usMarketDay } from "./us_market_days.ts";

export type EvidenceRole = "before_move" | "same_day" | "after_move";

export interface EvidenceItem {
  date: string;
  relative_day: number;
  evidence_role: EvidenceRole;
  source_type: "filing" | "news" | "transcript";
  title: string;
  url: string | null;
  citation: Record<string, string | null>;
  metadata: Record<string, unknown>;
}

/**
 * When in the trading day of the listing's exchange an item became public: New York time for a
 * US listing, the exchange's local time and regular session for one elsewhere. `market_closed`:
 * a day the market did not trade (a weekend, or a US holiday by the NYSE calendar).
 */
export type Session = "pre_market" | "market_hours" | "after_close" | "market_closed";

/**
 * Role of an item dated `date` relative to the move date. A move's date is the session whose
 * close ends it, so an item of that day published after the close (`session` after_close) came
 * after the move: it is after_move with relative_day 0, never same_day.
 */
export function roleOf(
  moveDate: string,
  date: string,
  session?: Session | null,
): { relative_day: number; role: EvidenceRole } {
  const d = daysBetween(moveDate, date);
  const role = d < 0
    ? "before_move"
    : d === 0 && session !== "after_close"
    ? "same_day"
    : "after_move";
  return { relative_day: d, role };
}

/**
 * The New York day (YYYY-MM-DD) and session of an instant given with a zone (`Z` or an
 * offset); null for a bare date or a text that is no instant. US sessions run 09:30 to 16:00
 * New York time (13:00 on the early-close days), none on weekends and NYSE holidays
 * (us_market_days.ts): `market_closed`.
 */
export function newYorkTime(
  iso: string | null | undefined,
): { day: string; session: Session } | null {
  if (!iso || !/T\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) return null;
  if (!Number.isFinite(Date.parse(iso))) return null;
  const here = localParts(iso, "America/New_York");
  const day = here.date;
  const market = usMarketDay(day);
  // en-US with h23 can print midnight as 24:00 on some engines: read it as 00:00
  const m = minutesOf(here.time) % (24 * 60);
  const session = !market.open
    ? "market_closed"
    : m < 9 * 60 + 30
    ? "pre_market"
    : m < market.close_min
    ? "market_hours"
    : "after_close";
  return { day, session };
}

/** True when `date` (YYYY-MM-DD…) falls in [start, end]. */
export function inRange(date: string | null | undefined, start: string, end: string): boolean {
  if (!date) return false;
  const day = date.slice(0, 10);
  return day >= start && day <= end;
}

/** Sorts by date, then source type, then title (stable for equal keys). */
export function sortTimeline(items: EvidenceItem[]): EvidenceItem[] {
  return [...items].sort((a, b) =>
    a.date.localeCompare(b.date) || a.source_type.localeCompare(b.source_type) ||
    a.title.localeCompare(b.title)
  );
}

const NEW_YORK_OFFSET = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  timeZoneName: "longOffset",
});

/** New York's UTC offset ("-05:00", "-04:00") at an instant. */
function offsetAt(ms: number): string {
  const name = NEW_YORK_OFFSET.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName");
  return /[+-]\d{2}:\d{2}/.exec(name?.value ?? "")?.[0] ?? "+00:00";
}

/**
 * The first and last second of New York days `start` to `end` (YYYY-MM-DD, both included) as ISO
 * times with New York's offset on each (clocks change at 02:00, so a day's midnight has the
 * offset of 05:00 UTC and its last second that of 12:00 UTC).
 */
export function newYorkDays(start: string, end: string): { from: string; to: string } {
  return {
    from: `${start}T00:00:00${offsetAt(Date.parse(`${start}T05:00:00Z`))}`,
    to: `${end}T23:59:59${offsetAt(Date.parse(`${end}T12:00:00Z`))}`,
  };
}

/**
 * The clock by which a symbol's move date and sessions are read: the exchange it trades on.
 * `session`: local days and the regular session (pre_market, market_hours, after_close);
 * `local_days`: the zone is known but not the session hours, so items are placed by whole local
 * days; `new_york_assumed`: not even the zone is known, so New York's days and session are used.
 */
export interface ExchangeClock {
  /** True for a US listing (ADRs included): New York days and the 09:30-16:00 session. */
  us: boolean;
  /** The exchange suffix (T, L, DE, AX), null for none. */
  suffix: string | null;
  /** Market code of analysis/market/status.ts whose regular session is used (JP, GB), else null. */
  market: string | null;
  /** IANA zone of the exchange, null when not known. */
  time_zone: string | null;
  /** Regular session on the move date, local time ("09:00-15:30"), null when not known. */
  regular_session_local: string | null;
  placement: "session" | "local_days" | "new_york_assumed";
  /** Session bounds in minutes after local midnight (null without a session). */
  open_min: number | null;
  close_min: number | null;
}

/**
 * Regular session openings (local time) of the markets whose session length
 * analysis/market/status.ts REGULAR_SESSION_HOURS states; the close is the opening plus that
 * length (lunch breaks inside, as there).
 */
const SESSION_OPENS: Record<string, string> = {
  US: "09:30",
  CA: "09:30",
  GB: "08:00",
  DE: "09:00",
  FR: "09:00",
  ES: "09:00",
  IT: "09:00",
  NL: "09:00",
  CH: "09:00",
  JP: "09:00",
  HK: "09:30",
  AU: "10:00",
  IN: "09:15",
};

/** Sessions that were shorter before a date: Tokyo closed at 15:00 until 2024-11-05 (15:30 since). */
const SHORTER_BEFORE: Record<string, { before: string; hours: number }> = {
  JP: { before: "2024-11-05", hours: 6 },
};

/**
 * Yahoo exchange suffixes (core/symbols.ts EXCHANGE_SUFFIXES) → the exchange's zone,
 * and its market code where the session hours above are that exchange's (.DE is Xetra; the
 * German floor exchanges .F, .BE, .DU, .HM, .MU and .SG trade other hours, so they get their
 * zone only). A suffix missing here has no known zone.
 */
const SUFFIX_ZONES: Record<string, { zone: string; market?: string }> = {
  TO: { zone: "America/Toronto", market: "CA" },
  V: { zone: "America/Toronto", market: "CA" },
  CN: { zone: "America/Toronto", market: "CA" },
  NE: { zone: "America/Toronto", market: "CA" },
  L: { zone: "Europe/London", market: "GB" },
  IL: { zone: "Europe/London" },
  AQ: { zone: "Europe/London" },
  DE: { zone: "Europe/Berlin", market: "DE" },
  F: { zone: "Europe/Berlin" },
  BE: { zone: "Europe/Berlin" },
  DU: { zone: "Europe/Berlin" },
  HM: { zone: "Europe/Berlin" },
  MU: { zone: "Europe/Berlin" },
  SG: { zone: "Europe/Berlin" },
  PA: { zone: "Europe/Paris", market: "FR" },
  AS: { zone: "Europe/Amsterdam", market: "NL" },
  MC: { zone: "Europe/Madrid", market: "ES" },
  MI: { zone: "Europe/Rome", market: "IT" },
  SW: { zone: "Europe/Zurich", market: "CH" },
  BR: { zone: "Europe/Brussels" },
  LS: { zone: "Europe/Lisbon" },
  VI: { zone: "Europe/Vienna" },
  CO: { zone: "Europe/Copenhagen" },
  OL: { zone: "Europe/Oslo" },
  ST: { zone: "Europe/Stockholm" },
  HE: { zone: "Europe/Helsinki" },
  IC: { zone: "Atlantic/Reykjavik" },
  IR: { zone: "Europe/Dublin" },
  AT: { zone: "Europe/Athens" },
  WA: { zone: "Europe/Warsaw" },
  PR: { zone: "Europe/Prague" },
  BD: { zone: "Europe/Budapest" },
  IS: { zone: "Europe/Istanbul" },
  RG: { zone: "Europe/Riga" },
  TL: { zone: "Europe/Tallinn" },
  VS: { zone: "Europe/Vilnius" },
  ME: { zone: "Europe/Moscow" },
  T: { zone: "Asia/Tokyo", market: "JP" },
  HK: { zone: "Asia/Hong_Kong", market: "HK" },
  AX: { zone: "Australia/Sydney", market: "AU" },
  NZ: { zone: "Pacific/Auckland" },
  NS: { zone: "Asia/Kolkata", market: "IN" },
  BO: { zone: "Asia/Kolkata", market: "IN" },
  KS: { zone: "Asia/Seoul" },
  KQ: { zone: "Asia/Seoul" },
  SS: { zone: "Asia/Shanghai" },
  SZ: { zone: "Asia/Shanghai" },
  TW: { zone: "Asia/Taipei" },
  TWO: { zone: "Asia/Taipei" },
  SI: { zone: "Asia/Singapore" },
  JK: { zone: "Asia/Jakarta" },
  KL: { zone: "Asia/Kuala_Lumpur" },
  BK: { zone: "Asia/Bangkok" },
  TA: { zone: "Asia/Jerusalem" },
  QA: { zone: "Asia/Qatar" },
  SR: { zone: "Asia/Riyadh" },
  SAU: { zone: "Asia/Riyadh" },
  JO: { zone: "Africa/Johannesburg" },
  CA: { zone: "Africa/Cairo" },
  SA: { zone: "America/Sao_Paulo" },
  MX: { zone: "America/Mexico_City" },
  BA: { zone: "America/Argentina/Buenos_Aires" },
  SN: { zone: "America/Santiago" },
  LM: { zone: "America/Lima" },
  CR: { zone: "America/Caracas" },
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;

/**
 * The clock of the exchange `symbol` trades on, for a move dated `moveDate`. A bare symbol (an
 * equity with no exchange suffix: AAPL, BRK-B, the ADRs TM, SAP, BHP) is a US listing: New York.
 * A crypto pair trades round the clock and its days are UTC days (as Yahoo dates its bars).
 * Indices, currency pairs and futures name no exchange, nor does a suffix missing from the table:
 * New York is assumed.
 */
export function listingClock(symbol: string, moveDate: string): ExchangeClock {
  const none = {
    us: false,
    suffix: null,
    market: null,
    time_zone: null,
    regular_session_local: null,
    open_min: null,
    close_min: null,
  };
  let parsed: ReturnType<typeof parseSymbol> | null = null;
  try {
    parsed = parseSymbol(symbol);
  } catch {
    parsed = null;
  }
  if (!parsed) return { ...none, placement: "new_york_assumed" };
  if (parsed.kind === "crypto") {
    return { ...none, time_zone: "UTC", placement: "local_days" };
  }
  if (parsed.kind === "equity" && !parsed.suffix && !parsed.canonical.includes(".")) {
    const open = minutesOf(SESSION_OPENS.US);
    // the move date's own session: 13:00 on the NYSE's early-close days
    const close = Math.min(open + REGULAR_SESSION_HOURS.US * 60, usMarketDay(moveDate).close_min);
    return {
      ...none,
      us: true,
      market: "US",
      time_zone: "America/New_York",
      regular_session_local: `${hhmm(open)}-${hhmm(close)}`,
      placement: "session",
      open_min: open,
      close_min: close,
    };
  }
  const suffix = parsed.suffix ??
    (parsed.canonical.includes(".")
      ? parsed.canonical.slice(parsed.canonical.lastIndexOf(".") + 1)
      : null);
  const known = suffix ? SUFFIX_ZONES[suffix] : undefined;
  if (!known) return { ...none, suffix, placement: "new_york_assumed" };
  const market = known.market ?? null;
  const length = market ? REGULAR_SESSION_HOURS[market] : undefined;
  const opens = market ? SESSION_OPENS[market] : undefined;
  if (!market || length === undefined || opens === undefined) {
    return { ...none, suffix, time_zone: known.zone, placement: "local_days" };
  }
  const shorter = SHORTER_BEFORE[market];
  const hours = shorter && moveDate < shorter.before ? shorter.hours : length;
  const open = minutesOf(opens);
  const close = Math.round(open + hours * 60);
  return {
    us: false,
    suffix,
    market,
    time_zone: known.zone,
    regular_session_local: `${hhmm(open)}-${hhmm(close)}`,
    placement: "session",
    open_min: open,
    close_min: close,
  };
}

/**
 * The day and session of an instant by the listing's clock: New York's for a US listing or when
 * the zone is not known, else the exchange's local date, with the session only when its hours
 * are known (null otherwise). Null for a bare date or a text that is no instant.
 */
export function listingTime(
  iso: string | null | undefined,
  clock: ExchangeClock,
): { day: string; session: Session | null } | null {
  if (clock.us || clock.placement === "new_york_assumed" || !clock.time_zone) {
    return newYorkTime(iso);
  }
  if (!iso || !/T\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) return null;
  if (!Number.isFinite(Date.parse(iso))) return null;
  const here = localParts(iso, clock.time_zone);
  if (clock.open_min === null || clock.close_min === null) return { day: here.date, session: null };
  // en-US with h23 can print midnight as 24:00 on some engines: read it as 00:00
  const minutes = minutesOf(here.time) % (24 * 60);
  // the market's own weekend (status.ts); its holidays are not known
  const session = weekendDays(clock.market ?? "", here.date).includes(here.weekday)
    ? "market_closed"
    : minutes < clock.open_min
    ? "pre_market"
    : minutes < clock.close_min
    ? "market_hours"
    : "after_close";
  return { day: here.date, session };
}

/**
 * Minutes after that day's close of an instant the listing's clock puts after the close (New York's
 * 16:00, or 13:00 on an early-close day; the exchange's own close elsewhere); null for any other
 * instant or when the close is not known.
 */
export function minutesAfterClose(iso: string, clock: ExchangeClock): number | null {
  const at = listingTime(iso, clock);
  if (at?.session !== "after_close") return null;
  const newYork = clock.us || clock.placement === "new_york_assumed" || !clock.time_zone;
  const here = localParts(iso, newYork ? "America/New_York" : clock.time_zone!);
  const close = newYork ? usMarketDay(here.date).close_min : clock.close_min;
  return close === null ? null : (minutesOf(here.time) % (24 * 60)) - close;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Why the listing's market did not trade on `date` ("a weekend", "an NYSE holiday (Good
 * Friday)"), or null when it did or that is not known: New York's calendar for a US listing or
 * when New York is assumed, the market's weekend for one with a session elsewhere (its holidays
 * are not known), nothing for whole local days.
 */
export function closedOn(clock: ExchangeClock, date: string): string | null {
  if (clock.us || clock.placement === "new_york_assumed") {
    const day = usMarketDay(date);
    if (day.open || !day.known) return null;
    return day.closed_reason === "weekend" ? "a weekend" : `an NYSE holiday (${day.holiday})`;
  }
  if (clock.placement !== "session" || !clock.market) return null;
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  return weekendDays(clock.market, date).includes(weekday) ? "a weekend" : null;
}

/** "+09:00" for 32 400 seconds ahead of UTC. */
function offsetText(sec: number): string {
  const a = Math.abs(sec) / 60;
  return `${sec < 0 ? "-" : "+"}${String(Math.floor(a / 60)).padStart(2, "0")}:${
    String(a % 60).padStart(2, "0")
  }`;
}

/**
 * The first and last second of the listing's local days `start` to `end` as ISO times with the
 * zone's offset on each (its own rules, daylight saving included); New York's days when the
 * listing is a US one or its zone is not known.
 */
export function listingDays(
  start: string,
  end: string,
  clock: ExchangeClock,
): { from: string; to: string } {
  const zone = clock.time_zone;
  if (clock.us || clock.placement === "new_york_assumed" || !zone) return newYorkDays(start, end);
  const from = localInstant(start, 0, zone, 0);
  const to = localInstant(end, 86_399, zone, 0);
  return {
    from: `${start}T00:00:00${offsetText(zoneOffset(zone, from, 0))}`,
    to: `${end}T23:59:59${offsetText(zoneOffset(zone, to, 0))}`,
  };
}
