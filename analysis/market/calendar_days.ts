/**
 * Yahoo's calendar stamps as the exchange's local days: which stamps are days (00:00 UTC) and
 * which are moments, the listing's offset from UTC by its zone's own rules, the local day of an
 * earnings stamp, and one warning per kind of doubt about such a day.
 */
import type { Context } from "../../core/context.ts";
import { zoneOffset } from "../../core/zones.ts";

const DAY_SEC = 86_400;
const HOUR_SEC = 3_600;

/** The UTC date of a stamp in seconds. */
const utcDay = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 10);

/** The UTC date of a stamp, or null for no stamp. */
export const day = (sec: number | null) => (sec === null ? null : utcDay(sec));
export const time = (
  sec: number | null,
) => (sec === null ? null : new Date(sec * 1000).toISOString());

/** The listing's clock: its IANA zone and Yahoo's offset from UTC in seconds, either unknown. */
export interface ListingZone {
  name: string | null;
  offset: number | null;
}

/** True for a stamp at 00:00:00 UTC: the way Yahoo gives a day without a time of day. */
function isDateOnly(sec: number): boolean {
  return ((sec % DAY_SEC) + DAY_SEC) % DAY_SEC === 0;
}

/**
 * Seconds the listing's exchange is ahead of UTC at `sec`, by the zone's own rules (daylight
 * saving on that date counts), else by Yahoo's offset; null when neither is known.
 */
function offsetAt(sec: number, zone: ListingZone): number | null {
  const off = zoneOffset(zone.name, sec * 1000, zone.offset ?? NaN);
  return Number.isFinite(off) ? off : null;
}

/** True when the zone's own rules are known, not only Yahoo's offset at the time it answered. */
function hasRules(sec: number, zone: ListingZone): boolean {
  return zone.name !== null && Number.isFinite(zoneOffset(zone.name, sec * 1000, NaN));
}

/** Earnings stamps whose day is in doubt, by the reason; warned once per command. */
interface Doubts {
  noZone: number[];
  midnight: number[];
  estimate: number[];
  offsetOnly: number[];
}

export const noDoubts = (): Doubts => ({ noZone: [], midnight: [], estimate: [], offsetOnly: [] });

/**
 * The exchange's local date of an earnings stamp (earningsDate) by the rule in the module
 * comment: a date-only stamp's UTC date, an instant's date on the listing's exchange, or its UTC
 * date when the zone is unknown. Every case in which that day may be wrong is noted in `doubts`.
 */
export function earningsDay(
  sec: number,
  zone: ListingZone,
  estimate: boolean,
  doubts: Doubts,
): string {
  const off = offsetAt(sec, zone);
  if (isDateOnly(sec)) {
    if (off === null || off < 0) doubts.midnight.push(sec);
    return utcDay(sec);
  }
  if (off === null) {
    doubts.noZone.push(sec);
    return utcDay(sec);
  }
  const local = utcDay(sec + off);
  if (estimate && local !== utcDay(sec)) doubts.estimate.push(sec);
  // an offset from another season is an hour out: it matters within an hour of midnight
  const secOfDay = ((sec + off) % DAY_SEC + DAY_SEC) % DAY_SEC;
  if (!hasRules(sec, zone) && (secOfDay < HOUR_SEC || secOfDay >= DAY_SEC - HOUR_SEC)) {
    doubts.offsetOnly.push(sec);
  }
  return local;
}

/** "2026-05-11 (stamped 23:00 UTC)": a stamp's UTC date and time, for warnings. */
const stamped = (sec: number) => `${utcDay(sec)} (stamped ${time(sec)!.slice(11, 16)} UTC)`;

/** One warning per kind of doubt about the earnings days reported for `symbol`. */
export function warnDoubts(ctx: Context, symbol: string, zone: ListingZone, doubts: Doubts) {
  const where = zone.name ?? "the exchange's zone";
  const list = (secs: number[]) => [...new Set(secs)].sort((a, b) => a - b).map(stamped);
  if (doubts.noZone.length) {
    ctx.warn(
      `Yahoo gives no time zone for ${symbol}'s exchange, so its earnings dates ${
        list(doubts.noZone).join(", ")
      } are the UTC dates of Yahoo's stamps: the exchange's local date may be the day before or after (an 08:00 report in Tokyo is stamped 23:00 UTC the day before)`,
    );
  }
  if (doubts.midnight.length) {
    ctx.warn(
      `Yahoo stamps ${symbol}'s earnings date ${
        list(doubts.midnight).join(", ")
      } at 00:00 UTC, which is read as a day without a time and not shifted; were it the moment of an evening announcement in ${where}, the local date would be the day before`,
    );
  }
  if (doubts.estimate.length) {
    ctx.warn(
      `${symbol}'s earnings dates are Yahoo's estimate, and Yahoo stamps estimated dates at moments of its own choosing (10:59 and 12:00 UTC for listings everywhere): ${
        [...new Set(doubts.estimate)].map((s) =>
          `${utcDay(s + (offsetAt(s, zone) ?? 0))} is the date in ${where} of the stamp ${
            time(s)
          }, but the day Yahoo means may be ${utcDay(s)}`
        ).join("; ")
      }`,
    );
  }
  if (doubts.offsetOnly.length) {
    ctx.warn(
      `only Yahoo's present UTC offset is known for ${symbol}'s exchange, not its time zone, and the earnings stamp ${
        list(doubts.offsetOnly).join(", ")
      } falls within an hour of local midnight: a daylight-saving change may put it on the neighbouring date`,
    );
  }
}
