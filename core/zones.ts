/**
 * Wall-clock arithmetic in IANA time zones, read from each zone's own rules so that daylight
 * saving on the date in question counts: the UTC offset of a zone at an instant, the instant of a
 * local time, and the local date and time of an instant. One formatter per zone, made once.
 */

/** Formatters of wall-clock time by IANA zone; null for a zone Intl rejects. */
const WALL_FORMATS = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of `zone`'s wall-clock date and time (24-hour), or null for an unknown zone. */
function wallFormat(zone: string): Intl.DateTimeFormat | null {
  let f = WALL_FORMATS.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      f = null;
    }
    WALL_FORMATS.set(zone, f);
  }
  return f;
}

/**
 * Seconds `zone` is ahead of UTC at instant `ms` (negative west of Greenwich), read from the
 * zone's own rules so that daylight saving on that date counts; `fallback` (Yahoo's gmtoffset,
 * the offset when the answer was made) when no zone is stated or Intl does not know it.
 */
export function zoneOffset(zone: string | null, ms: number, fallback: number): number {
  const f = zone ? wallFormat(zone) : null;
  if (!f) return fallback;
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  if (!Number.isFinite(wall)) return fallback;
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 1000);
}

/**
 * The UTC instant (ms) that is `sec` seconds into local day `day` (YYYY-MM-DD) in `zone`. The
 * offset is looked up twice, the second time at the first guess, so a day on which daylight
 * saving starts or ends gets its own offset.
 */
export function localInstant(
  day: string,
  sec: number,
  zone: string | null,
  fallback: number,
): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + sec * 1000;
  const guess = wall - zoneOffset(zone, wall, fallback) * 1000;
  return wall - zoneOffset(zone, guess, fallback) * 1000;
}

/** Formatters of {@link localParts} by zone (a zone Intl rejects throws, as it always did). */
const PARTS_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** Local calendar date, weekday and time (HH:MM) of an instant in an IANA zone. */
export function localParts(
  iso: string,
  zone: string,
): { date: string; weekday: string; time: string } {
  let f = PARTS_FORMATS.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    PARTS_FORMATS.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: p.weekday,
    time: `${p.hour}:${p.minute}`,
  };
}
