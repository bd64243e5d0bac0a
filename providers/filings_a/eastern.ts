/**
 * SEC's `acceptanceDateTime` is written with a `Z` but is US Eastern wall-clock time. These
 * helpers attach the right offset (EST -05:00 or EDT -04:00) and give the true UTC instant.
 */

function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + (n - 1) * 7;
}

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** True when Eastern wall-clock time `y-m-d h` falls in daylight saving time. */
export function isEasternDst(y: number, m: number, d: number, h: number): boolean {
  // m is 0-based. Rules since 2007: 2nd Sunday of March to 1st Sunday of November, at 02:00.
  const [startM, startD, endM, endD] = y >= 2007
    ? [2, nthSunday(y, 2, 2), 10, nthSunday(y, 10, 1)]
    : [3, nthSunday(y, 3, 1), 9, lastSunday(y, 9)];
  const key = (mm: number, dd: number, hh: number) => mm * 10000 + dd * 100 + hh;
  const now = key(m, d, h);
  return now >= key(startM, startD, 2) && now < key(endM, endD, 2);
}

/** `2024-02-21T16:32:41.000Z` (Eastern, mislabelled) → `{ eastern: "...-05:00", utc: "...Z" }`. */
export function easternAcceptance(raw: string): { eastern: string; utc: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z?$/.exec(raw);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const ms = Number((m[7] ?? "0").padEnd(3, "0"));
  const dst = isEasternDst(y, mo - 1, d, h);
  const offsetH = dst ? 4 : 5;
  const utc = new Date(Date.UTC(y, mo - 1, d, h + offsetH, mi, s, ms)).toISOString();
  const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${String(ms).padStart(3, "0")}`;
  return { eastern: `${wall}${dst ? "-04:00" : "-05:00"}`, utc };
}

/** The contract's form: ISO 8601 with milliseconds and Z, as SEC writes it (Eastern clock). */
export function contractAcceptance(raw: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?Z?$/.exec(raw);
  if (!m) return raw;
  return `${m[1]}.${(m[2] ?? "0").padEnd(3, "0")}Z`;
}
