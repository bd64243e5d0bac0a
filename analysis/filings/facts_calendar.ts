/**
 * Fiscal labels of company-facts periods: the fiscal calendar a company keeps (its year end, a
 * 52/53-week year, a move of the year end), and the fiscal year and period (FY2024, Q3, H1) of a
 * period by the filing whose own period ends on that date.
 */
import {
  ANNUAL_FORMS,
  DAY_MS,
  daysBetween,
  type FactRow,
  type FilingIndex,
  type FilingPeriod,
  type PeriodKind,
  SAME_PERIOD_DAYS,
} from "./facts.ts";

/** A company's fiscal calendar: where its years end, and how it names them. */
interface FiscalCalendar {
  /** Month (0-based) and day its latest fiscal year ended on. */
  month: number;
  day: number;
  /** Its name for a year minus the calendar year the year ends in (Buckle's FY2024 ends 2025). */
  offset: number;
  /** The first year end on this calendar: a period ending earlier may be on another. */
  since: string;
  /**
   * The first day of the earliest full year on this calendar: the first annual report's year,
   * and the years before it its comparatives show ending on the same day of the year (NVIDIA's
   * first XBRL 10-K, for the year to January 2010, shows the years to January 2009 and 2008).
   * Null when the index does not say which durations are year-long (then periods ending up to
   * 380 days before `since` count).
   */
  start: string | null;
}

const calendars = new WeakMap<FilingIndex, FiscalCalendar | null>();

/**
 * The fiscal calendar of the company's annual reports: the latest year end and name, and the run
 * of earlier years ending within ten days of the same day of the year (a 52/53-week year moves a
 * few days; a company that moved its year end starts a new calendar).
 */
function fiscalCalendar(filings: FilingIndex): FiscalCalendar | null {
  if (calendars.has(filings)) return calendars.get(filings)!;
  const years = [...filings.byAccn.values()]
    .filter((f) => f.fp === "FY" && f.fy !== null && /^(10-K|20-F|40-F)/.test(f.form))
    .sort((a, b) => b.end.localeCompare(a.end));
  let cal: FiscalCalendar | null = null;
  if (years.length) {
    const latest = new Date(`${years[0].end}T00:00:00Z`);
    const month = latest.getUTCMonth();
    const day = latest.getUTCDate();
    const offsets = new Map<number, number>();
    let since = years[0].end;
    // a lone filing off the day (its own period misread) is passed over; two in a row end the
    // calendar there (the company moved its year end)
    let misses = 0;
    for (const y of years) {
      if (Math.abs(dayOfYearGap(y.end, month, day)) > 10) {
        if (++misses >= 2) break;
        continue;
      }
      misses = 0;
      since = y.end;
      const o = y.fy! - new Date(fiscalYearEnd(y.end, month, day)).getUTCFullYear();
      offsets.set(o, (offsets.get(o) ?? 0) + 1);
    }
    const offset = [...offsets].sort((a, b) => b[1] - a[1])[0][0];
    cal = { month, day, offset, since, start: calendarStart(filings, since, month, day) };
  }
  calendars.set(filings, cal);
  return cal;
}

/**
 * The first day of the earliest full year on the calendar: from the year ending on `since`
 * (when some filing reports it as a year-long duration: a transition period is not a year),
 * back through the year-long durations that end a year earlier each, on the calendar's day.
 * Without a year ending on `since`, the calendar starts the day after it.
 */
function calendarStart(
  filings: FilingIndex,
  since: string,
  month: number,
  day: number,
): string | null {
  const annual = filings.annual;
  if (!annual) return null;
  const onDay = [...annual.keys()].filter((e) => Math.abs(dayOfYearGap(e, month, day)) <= 10)
    .sort((a, b) => b.localeCompare(a));
  let cursor = onDay.find((e) => Math.abs(daysBetween(e, since)) <= 3);
  if (!cursor || shortYearEnd(filings, cursor)) return nextDay(since);
  for (;;) {
    const c = cursor;
    const before = onDay.find((e) => {
      const gap = daysBetween(e, c);
      return gap >= 340 && gap <= 392;
    });
    // a year a later report recast onto the new calendar, ending where the company's own annual
    // report covered a transition period (a 10-KT, or a short period on a 10-K): the company
    // never had that fiscal year, so the calendar starts after the transition
    if (!before || shortYearEnd(filings, c)) break;
    cursor = before;
  }
  return shortYearEnd(filings, cursor) ? nextDay(cursor) : annual.get(cursor)!;
}

/**
 * Whether the annual report whose own period ends on `end` (within SAME_PERIOD_DAYS) covers
 * less than a year (a transition period), and no annual report about a year ends there: the
 * year-long duration ending on `end` that later filings show is a recast comparative, not a
 * fiscal year of the company.
 */
function shortYearEnd(filings: FilingIndex, end: string): boolean {
  let short = false;
  for (const [e, fs] of filings.byEnd) {
    if (Math.abs(daysBetween(e, end)) > SAME_PERIOD_DAYS) continue;
    for (const f of fs) {
      if (!ANNUAL_FORMS.test(f.form) || f.fp !== "FY") continue;
      if (f.annual === false) short = true;
      else return false;
    }
  }
  return short;
}

const nextDay = (d: string) => new Date(Date.parse(d) + DAY_MS).toISOString().slice(0, 10);
const dayBefore = (d: string) => new Date(Date.parse(d) - DAY_MS).toISOString().slice(0, 10);

/** Days from the month/day anchor in `date`'s year to `date` (negative: before it). */
function dayOfYearGap(date: string, month: number, day: number): number {
  const d = Date.parse(`${date}T00:00:00Z`);
  const anchor = Date.UTC(Number(date.slice(0, 4)), month, day);
  let gap = (d - anchor) / DAY_MS;
  // an anchor near New Year: the nearest one may be in the next or previous year
  if (gap > 183) gap -= 365;
  if (gap < -183) gap += 365;
  return gap;
}

/**
 * The end (UTC ms) of the fiscal year `date` falls in: the first of the calendar's year ends on
 * or after it, give or take ten days (52/53-week years). A year that ends on the Saturday nearest
 * December 31 ends some years on January 2: that is the year before's end, not next year's.
 */
function fiscalYearEnd(date: string, month: number, day: number): number {
  const e = Date.parse(`${date}T00:00:00Z`);
  const y = Number(date.slice(0, 4));
  for (const year of [y - 1, y]) {
    const end = Date.UTC(year, month, day);
    if (end >= e - 10 * DAY_MS) return end;
  }
  return Date.UTC(y + 1, month, day);
}

/**
 * A fiscal year, quarter or balance date's label from the company's calendar: the year its
 * fiscal year ends in, named as the company names it, and the quarter counted from that year's
 * start. SEC's own fy/fp are wrong in some older filings (NVIDIA's call two different quarters
 * "Q2 FY2009" and its January 2010 and January 2011 balance sheets both FY2010); the calendar
 * read from the annual reports labels every period the same way. Null for other lengths, for
 * balances at a date that ends no quarter, and for periods before the calendar (the company may
 * have moved its year end).
 */
export function calendarLabel(
  kind: PeriodKind,
  start: string | null,
  end: string,
  filings: FilingIndex,
): { fy: number | null; fp: string | null } | null {
  if (kind === "other") return null;
  const cal = fiscalCalendar(filings);
  if (!cal || !onCalendar(cal, start, end)) return null;
  if (kind === "half" || kind === "nine_months") {
    // year to date: from a fiscal year's first day
    if (!start || Math.abs(dayOfYearGap(dayBefore(start), cal.month, cal.day)) > 10) return null;
    const fy = new Date(fiscalYearEnd(end, cal.month, cal.day)).getUTCFullYear() + cal.offset;
    return { fy, fp: kind === "half" ? "Q2 YTD" : "Q3 YTD" };
  }
  // a year ending on another day of the year is on another calendar
  if (kind === "annual" && Math.abs(dayOfYearGap(end, cal.month, cal.day)) > 10) return null;
  const fyEnd = fiscalYearEnd(end, cal.month, cal.day);
  const e = Date.parse(`${end}T00:00:00Z`);
  const fy = new Date(fyEnd).getUTCFullYear() + cal.offset;
  if (kind === "annual") return { fy, fp: "FY" };
  const daysLeft = (fyEnd - e) / DAY_MS;
  if (kind === "instant") {
    // a balance at a year end or a quarter end (13 or 14 weeks a quarter) some period ends on;
    // others (a cover date, a stray date an old filing tagged) are not labelled here
    if (filings.ends && !filings.ends.has(end)) return null;
    const k = Math.round(daysLeft / 91.31);
    if (k < 0 || k > 3 || Math.abs(daysLeft - k * 91.31) > 10) {
      // a quarter end of a year with a 16-week quarter (see longQuarter): 36, 24 and 12 weeks
      // before the year end (16-12-12-12) or 28 and 16 (12-12-12-16), a week more in a 53-week year
      const long = LONG_QUARTER_ENDS.find(([weeks]) => Math.abs(daysLeft - weeks * 7) <= 7);
      return long ? { fy, fp: long[1] } : null;
    }
    return { fy, fp: k === 0 ? "FY" : `Q${4 - k}` };
  }
  const q = 4 - Math.round(daysLeft / 30.44 / 3);
  if (q < 1 || q > 4) return null;
  return { fy, fp: `Q${q}` };
}

/** Weeks before the year end → the quarter a 13-period calendar's long-quarter year ends there. */
const LONG_QUARTER_ENDS: [number, string][] = [[16, "Q3"], [24, "Q2"], [28, "Q2"], [36, "Q1"]];

/**
 * The fiscal label of a balance at `end` from the company's calendar (see calendarLabel): FY, Q1,
 * Q2 or Q3 of the year it falls in; null off the calendar or at a date that ends no period.
 */
export function balanceLabel(
  end: string,
  filings: FilingIndex,
): { fy: number | null; fp: string | null } | null {
  return calendarLabel("instant", null, end, filings);
}

/**
 * A period within the calendar's reach: a duration starting in its earliest full year or
 * later, a balance at the day before that year or later (the year end before it).
 */
function onCalendar(cal: FiscalCalendar, start: string | null, end: string): boolean {
  if (cal.start === null) return daysBetween(cal.since, end) >= -380;
  if (!start) return daysBetween(cal.start, end) >= -1;
  return daysBetween(cal.start, start) >= -10;
}

/**
 * Whether the fiscal labels of a period were checked against the company's calendar: false for
 * a period before the calendar's earliest full year (its label is SEC's fy/fp of the filing that
 * reported it, counted back), true otherwise, null without a calendar.
 */
export function labelChecked(
  p: { start: string | null; end: string },
  filings: FilingIndex,
): boolean | null {
  const cal = fiscalCalendar(filings);
  return cal ? onCalendar(cal, p.start, p.end) : null;
}

/** The first day of the company's fiscal calendar's earliest full year (see labelChecked). */
export function calendarFrom(filings: FilingIndex): string | null {
  const cal = fiscalCalendar(filings);
  return cal ? cal.start ?? cal.since : null;
}

/**
 * How fiscal years are named, in words, from the company's annual reports (SEC's fy of each,
 * against the date its year ends): most companies name a year by the calendar year it ends in
 * (FY2024 ending 2024-03-31), some by the one it starts in (a March year end named FY2023 for
 * the year ending 2024-03-31; a retailer's fiscal 2023 ending 2024-02-03). `byStart` says the
 * second, which a reader would not guess. Null without an annual report.
 */
export function fiscalYearRule(
  filings: FilingIndex,
): { rule: string; byStart: boolean } | null {
  const cal = fiscalCalendar(filings);
  if (!cal) return null;
  const end = new Date(Date.UTC(2001, cal.month, cal.day)).toISOString().slice(5, 10);
  const fy = new Date(`${cal.since}T00:00:00Z`).getUTCFullYear();
  const example =
    [...filings.annual?.keys() ?? []].filter((e) =>
      Math.abs(dayOfYearGap(e, cal.month, cal.day)) <= 10
    ).sort().pop() ?? null;
  const year = example ? new Date(fiscalYearEnd(example, cal.month, cal.day)).getUTCFullYear() : fy;
  const words = cal.offset === 0
    ? "the calendar year it ends in"
    : cal.offset === -1
    ? "the calendar year it starts in"
    : `the calendar year it ends in ${cal.offset > 0 ? "plus" : "minus"} ${Math.abs(cal.offset)}`;
  return {
    rule:
      `fiscal years end on or near ${end} (MM-DD) and are labelled as the company labels them in its annual reports (SEC's fy): by ${words}${
        example ? `, so FY${year + cal.offset} is the year ending ${example}` : ""
      }`,
    byStart: cal.offset !== 0,
  };
}

const transitionsOf = new WeakMap<FilingIndex, Map<string, FilingPeriod>>();

/**
 * Transition-period reports (10-KT) whose own period is not a year: their end → the filing.
 * A company that moves its year end reports the months between the old and the new end; they
 * are neither a fiscal year nor its fourth quarter.
 */
export function transitions(filings: FilingIndex): Map<string, FilingPeriod> {
  let out = transitionsOf.get(filings);
  if (!out) {
    out = new Map();
    for (const f of filings.byAccn.values()) {
      if (f.annual !== false) continue;
      if (/^10-KT/i.test(f.form)) out.set(f.end, f);
      // a transition report on form 10-K, 20-F or 40-F (SEC's fp FY, its period no year): one
      // when years end before it on another day of the year and after it on its own (see
      // movedFrom); a new company's first, short period has no year before it, and a 10-K
      // showing a later quarter no year after on that quarter's day: both left alone
      else if (ANNUAL_FORMS.test(f.form) && movedFrom(f.end, filings)) out.set(f.end, f);
    }
    transitionsOf.set(filings, out);
  }
  return out;
}

/**
 * Whether a filing's short period ending on `end` moved the year end: a year-long duration ends
 * within 380 days before it on another day of the year (the old year end), and a later one ends
 * on its day of the year (the new). A 10-K whose facts run past its year (a later quarter it
 * shows) has no year on that day after it.
 */
function movedFrom(end: string, filings: FilingIndex): boolean {
  const month = Number(end.slice(5, 7)) - 1;
  const day = Number(end.slice(8, 10));
  let before = false;
  let after = false;
  for (const e of filings.annual?.keys() ?? []) {
    const gap = daysBetween(e, end);
    const sameDay = Math.abs(dayOfYearGap(e, month, day)) <= 10;
    if (gap > 0 && gap < 380 && !sameDay) before = true;
    if (gap < -300 && sameDay) after = true;
  }
  return before && after;
}

const QUARTER_OF_YTD: Partial<Record<PeriodKind, string>> = {
  quarter: "",
  half: "Q2",
  nine_months: "Q3",
};

/**
 * Fiscal year and period of a value: from the filing whose own period ends on the value's end
 * date; otherwise counted back from the filing that first reported it (a comparative column).
 */
export function fiscalLabel(
  row: FactRow,
  kind: PeriodKind,
  filings: FilingIndex,
): { fy: number | null; fp: string | null } {
  const own = filings.byAccn.get(row.accn);
  if (own && own.end === row.end) return labelFor(kind, own.fy, own.fp);
  // Another filing may be about this period (a comparative whose original filing we know).
  for (const f of filings.byEnd.get(row.end) ?? []) {
    // a year ending where a transition report's short period ends is not that report's year
    if (kind === "annual" && f.annual === false) continue;
    if (kind !== "annual" || f.fp === "FY") return labelFor(kind, f.fy, f.fp);
  }
  if (!own || own.fy === null) return { fy: null, fp: null };
  const yearsBack = Math.round(daysBetween(row.end, own.end) / 365.25);
  const offBy = Math.abs(daysBetween(row.end, own.end) - yearsBack * 365.25);
  if (offBy > 20) return { fy: null, fp: null }; // not the same point of another fiscal year
  // A balance a few weeks after the filing's own period end (the cover page's share count, a
  // subsequent event) is not the balance at that end: labelled as it, it made a second "FY2023"
  // column in filings.history and hid the real year-end balance's label.
  if (kind === "instant" && yearsBack === 0 && offBy > SAME_PERIOD_DAYS) {
    return { fy: null, fp: null };
  }
  return labelFor(kind, own.fy - yearsBack, own.fp);
}

function labelFor(
  kind: PeriodKind,
  fy: number | null,
  fp: string | null,
): { fy: number | null; fp: string | null } {
  if (kind === "annual") return { fy, fp: "FY" };
  if (kind === "quarter") return { fy, fp: fp === "FY" ? "Q4" : fp };
  if (kind in QUARTER_OF_YTD) return { fy, fp: fp === QUARTER_OF_YTD[kind] ? `${fp} YTD` : null };
  if (kind === "instant") return { fy, fp };
  return { fy, fp: null };
}

/**
 * A foreign private issuer's half-year report on form 6-K is a half year, not a second quarter:
 * its six months to date are "H1" (not "Q2 YTD") and its balance at the half-year end is "H1"
 * (not "Q2"), since no quarter of that year is reported. A 10-Q filer's are left as they are.
 */
export function halfYear(
  kind: PeriodKind,
  label: { fy: number | null; fp: string | null },
  rows: FactRow[],
): { fy: number | null; fp: string | null } {
  const sixK = rows.some((r) => /^6-K/i.test(r.form)) && !rows.some((r) => /^10-Q/i.test(r.form));
  if (!sixK) return label;
  if ((kind === "half" && label.fp === "Q2 YTD") || (kind === "instant" && label.fp === "Q2")) {
    return { fy: label.fy, fp: "H1" };
  }
  return label;
}

/**
 * Readable fiscal label: "FY2024", "H1 FY2025" (a 6-K half year), "Q3 FY2025", "Q2 YTD FY2025", "FY2022 transition"; null
 * without a fiscal period (callers name such a period by its dates).
 */
export function fiscalName(p: { fiscal_year: number | null; fiscal_period: string | null }) {
  if (p.fiscal_year === null) return null;
  if (p.fiscal_period === "transition") return `FY${p.fiscal_year} transition`;
  // a period of no fiscal period's length (a half year a 10-K reports) is not the year
  if (!p.fiscal_period) return null;
  if (p.fiscal_period === "FY") return `FY${p.fiscal_year}`;
  return `${p.fiscal_period} FY${p.fiscal_year}`;
}
