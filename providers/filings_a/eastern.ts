/**
 * SEC's `acceptanceDateTime` is written with a `Z`, but for many filers it is US Eastern
 * wall-clock time (Apple's filings at 06:01 "Z", when EDGAR opens at 06:00 Eastern), and for
 * others the true UTC instant (NVIDIA's and Tesla's Form 4s at 00:04 "Z" on the day after their
 * filing date: 19:04 Eastern). The convention belongs to the filer, not to the filing or the era,
 * so which clock a company's timestamps use is told from all its filings, by EDGAR's hours
 * (06:00 to 22:00 Eastern) and the filing dates ({@link acceptanceClock}), and every filing is
 * read on it ({@link clockOf}; one that does not fit is said by {@link misfit}); these helpers
 * then attach the right offset (EST -05:00 or EDT -04:00) and give the true UTC instant.
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

/** How SEC's timestamp is to be read: Eastern wall-clock time behind a `Z`, or UTC. */
export type AcceptanceClock = "eastern" | "utc";

const RAW = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z?$/;

/** Eastern offset in hours (4 or 5) at the UTC instant `ms`. */
function offsetAt(ms: number): number {
  const est = new Date(ms - 5 * 3_600_000);
  return isEasternDst(est.getUTCFullYear(), est.getUTCMonth(), est.getUTCDate(), est.getUTCHours())
    ? 4
    : 5;
}

/** The Eastern date and minute of the day SEC's timestamp means under `clock`. */
function easternWall(raw: string, clock: AcceptanceClock): { date: string; minute: number } | null {
  const m = RAW.exec(raw);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  if (clock === "eastern") return { date: `${m[1]}-${m[2]}-${m[3]}`, minute: h * 60 + mi };
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const wall = new Date(ms - offsetAt(ms) * 3_600_000);
  return {
    date: wall.toISOString().slice(0, 10),
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/**
 * True when a filing cannot have been accepted at this time under `clock`: outside EDGAR's
 * hours (06:00 to 22:00 Eastern, with half an hour's slack), or on a later Eastern day than its
 * filing date, or more than a week before it. A bare date (00:00:00) says nothing.
 */
function implausible(raw: string, filed: string, clock: AcceptanceClock): boolean | null {
  if (/T00:00:00(?:\.0+)?Z?$/.test(raw)) return null;
  const w = easternWall(raw, clock);
  if (!w || !/^\d{4}-\d{2}-\d{2}$/.test(filed)) return null;
  const days = (Date.parse(filed) - Date.parse(w.date)) / 86_400_000;
  return w.minute < 5.5 * 60 || w.minute > 22.5 * 60 || days < 0 || days > 7;
}

/**
 * A notice EDGAR writes itself (accession 9999999995-…: the EFFECT notices of registrations),
 * stamped by SEC's overnight run at 00:15 Eastern after its filing date on whichever clock the
 * company's other times use. Outside the filers' hours by nature, it says nothing of that clock.
 */
export function secGenerated(row: { accession_no?: string }): boolean {
  return /^9{7}\d{3}-/.test(row.accession_no ?? "");
}

/**
 * Which clock a company's acceptance timestamps use, from all its filings: the one under which
 * fewer of them fall outside EDGAR's hours or after their filing date; null when neither is
 * told apart (no filing decides). SEC's own notices do not vote.
 */
export function acceptanceClock(
  rows: { acceptance_raw: string; filing_date: string; accession_no?: string }[],
): AcceptanceClock | null {
  let eastern = 0;
  let utc = 0;
  for (const r of rows) {
    if (secGenerated(r)) continue;
    if (implausible(r.acceptance_raw, r.filing_date, "eastern")) eastern++;
    if (implausible(r.acceptance_raw, r.filing_date, "utc")) utc++;
  }
  return eastern < utc ? "eastern" : utc < eastern ? "utc" : null;
}

/**
 * The clock of one filing's timestamp: its filer's. The convention belongs to the filer, not to
 * the filing or the era (a measurement of 64,936 filings of all 808 S&P 500 filers found 805 of
 * them on one clock throughout), so a filing that only the other clock fits is still read on
 * the filer's and said by {@link misfit}, never switched silently. Null when the filer's clock is
 * not told. SEC's own notices are read on the company's clock too.
 */
export function clockOf(
  _row: { acceptance_raw: string; filing_date: string; accession_no?: string },
  company: AcceptanceClock | null,
): AcceptanceClock | null {
  return company;
}

/**
 * The other clock when this filing does not fit its filer's (outside EDGAR's hours or after its
 * filing date on it) but fits that one; null when it fits the filer's clock, fits neither, or
 * is SEC's own notice. The filing is still read on the filer's clock: say it in a warning.
 */
export function misfit(
  row: { acceptance_raw: string; filing_date: string; accession_no?: string },
  company: AcceptanceClock | null,
): AcceptanceClock | null {
  if (!company || secGenerated(row)) return null;
  const other: AcceptanceClock = company === "eastern" ? "utc" : "eastern";
  return implausible(row.acceptance_raw, row.filing_date, company) === true &&
      implausible(row.acceptance_raw, row.filing_date, other) === false
    ? other
    : null;
}

/** The warning for filings that do not fit their filer's clock (up to three named). */
export function misfitWarning(
  rows: { acceptance_raw: string; filing_date: string; accession_no?: string }[],
  company: AcceptanceClock,
): string {
  const named = rows.slice(0, 3).map((r) =>
    `${r.accession_no ?? "?"} (${r.acceptance_raw}, filed ${r.filing_date})`
  ).join(", ");
  const more = rows.length > 3 ? ` and ${rows.length - 3} more` : "";
  const other = company === "eastern" ? "UTC" : "Eastern";
  return `${rows.length} filing(s) do not fit this filer's ${
    company === "eastern" ? "Eastern" : "UTC"
  } clock (read on it, the time falls outside EDGAR's hours, 06:00 to 22:00 Eastern, or after the filing date) but would fit the ${other} clock: ${named}${more}; they are read on the filer's clock, as SEC's convention belongs to the filer, so their acceptance_datetime_eastern and accepted_at_utc may be 4 or 5 hours off; check the filing's index page for its acceptance time`;
}

/** SEC's timestamp read on `clock`: its Eastern wall-clock time with offset, and its UTC instant. */
export function acceptanceTimes(
  raw: string,
  clock: AcceptanceClock,
): { eastern: string; utc: string } | null {
  if (clock === "eastern") return easternAcceptance(raw);
  const m = RAW.exec(raw);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, Number((m[7] ?? "0").padEnd(3, "0")));
  const off = offsetAt(ms);
  const wall = new Date(ms - off * 3_600_000).toISOString().slice(0, 23);
  return { eastern: `${wall}-0${off}:00`, utc: new Date(ms).toISOString() };
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
