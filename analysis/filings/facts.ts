/**
 * Company facts as periods: every value SEC's companyfacts API holds for one concept, grouped by
 * the period it describes, with the value as first reported and as last reported (each with the
 * filing that reported it), and the fiscal year and period the value belongs to.
 *
 * A trap in SEC's answer: `fy` and `fp` on a row describe the filing that reported the value,
 * not the value's own period (a FY2024 10-K reports FY2022 revenue with fy=2024). The fiscal
 * label of a period therefore comes from the filing whose own period ends on that date.
 *
 * This module holds the shapes and the period arithmetic; grouping reports by period is in
 * facts_periods.ts, fiscal labels in facts_calendar.ts, one series from several tags in
 * facts_merge.ts, the reporting taxonomy, currency and units in facts_basis.ts.
 */

/** One reported value, shaped as in SEC's companyfacts and companyconcept answers. */
export interface FactRow {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  frame?: string;
}

/** One taxonomy of a company's facts: tag → values by unit. */
export type Concepts = Record<string, { units: Record<string, FactRow[]> }>;

/** The length class of a period. */
export type PeriodKind = "annual" | "quarter" | "half" | "nine_months" | "instant" | "other";

/** One filing's report of a value. */
export interface Report {
  value: number;
  accession_no: string;
  form: string;
  filed: string;
  /**
   * The tag the filing reported the value under, when it is another than its period's `tag` (a
   * company's earlier tag for the same quantity, folded in): a citation names what the filing
   * holds.
   */
  tag?: string;
}

/** One period of one concept. */
export interface FactPeriod {
  tag: string;
  unit: string;
  start: string | null;
  end: string;
  duration_days: number | null;
  kind: PeriodKind;
  fiscal_year: number | null;
  fiscal_period: string | null;
  frame: string | null;
  first: Report;
  last: Report;
  /** How many filings reported this period (within the filters). */
  reports: number;
  restated: boolean;
  /** Filing date of the first report that differs from the first one (null: never restated). */
  first_change?: string | null;
  /**
   * Filing date from which the last reported value has been reported unchanged: the filing
   * that restated it to that value (null: never restated).
   */
  last_change?: string | null;
  /**
   * Other dates filings gave this same fiscal period (NVIDIA's quarter to 2010-08-01 is also
   * tagged 2010-07-31 in a later 10-K), merged into it; absent when every filing agreed.
   */
  also_dated?: { start: string | null; end: string }[];
  /**
   * Set when the differently dated reports of this period disagree beyond rounding: which values,
   * filings and dates, in words (the latest filed is used).
   */
  dates_disagree?: string | null;
  /**
   * The different values the first (the last) reporting filing gives this period, largest
   * first, when it gives more than one beyond rounding: one per share class or other dimension
   * SEC's company facts leave unnamed, or a tagging error. `first` (`last`) is then the largest
   * of them, neither a sum nor a chosen class; absent when the filing gives one value.
   */
  first_values?: number[];
  last_values?: number[];
}

/**
 * Whether a period's reports (sorted by filing, a filing's most precise value last) differ, and
 * when: the first report that differs from the first, and the start of the last value's run.
 * A filing that gives the period several values (`several`, see distinctValues) is compared by
 * its values, not by the largest alone: a later filing giving one of them (the first 10-K listed
 * each class's count, the next only one of them) restates nothing, nor does the reverse; values
 * the other filing's values do not include on either side (a class's count changed) do.
 */
export function changes(g: FactRow[], several: Map<string, number[]> = new Map()): {
  restated: boolean;
  first_change: string | null;
  last_change: string | null;
} {
  // each filing's own value (its most precise)
  const own = g.filter((r, i) => i === g.length - 1 || g[i + 1].accn !== r.accn);
  const valuesOf = (r: FactRow) => several.get(r.accn) ?? [r.val];
  // one filing's values all among the other's (up to rounding), or the other's among its
  const within = (a: number[], b: number[]) => a.every((x) => b.some((y) => !differs(x, y)));
  const agree = (a: FactRow, b: FactRow) => {
    const va = valuesOf(a);
    const vb = valuesOf(b);
    if (va.length === 1 && vb.length === 1) return !differs(va[0], vb[0]);
    return within(va, vb) || within(vb, va);
  };
  const first = own[0];
  const firstChange = own.find((r) => !agree(r, first)) ?? null;
  if (!firstChange) return { restated: false, first_change: null, last_change: null };
  const last = own[own.length - 1];
  let i = own.length - 1;
  while (i > 0 && agree(own[i - 1], last)) i--;
  return { restated: true, first_change: firstChange.filed, last_change: own[i].filed };
}

export const DAY_MS = 86_400_000;

/** Whole days from `a` to `b` (ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);
}

/**
 * The length class of a period from its dates (52/53-week years and 12-, 13- or 14-week
 * quarters). Years to date are counted in weeks too: a half of 24 to 29 weeks (12-12, 13-13,
 * 16-12 or 17-12), nine months of 36 to 42 weeks (12-12-12 to a 17-12-12 or 14-14-14), so a
 * 12-12-12-16-week year's 24- and 36-week years to date are a half and nine months, not other
 * periods (which left its cash-flow quarters underivable and unsaid).
 */
export function periodKind(start: string | null | undefined, end: string): PeriodKind {
  if (!start) return "instant";
  const d = daysBetween(start, end);
  if (d >= 340 && d <= 392) return "annual";
  if (d >= 80 && d <= 100) return "quarter";
  if (d >= 167 && d <= 203) return "half";
  if (d >= 251 && d <= 294) return "nine_months";
  return "other";
}

/** The period a filing is about: the latest end date of its durations of a quarter or more. */
export interface FilingPeriod {
  end: string;
  fy: number | null;
  fp: string | null;
  form: string;
  /** The filing reports a year-long duration ending on its own end (a 10-KT may not). */
  annual?: boolean;
  /** When it was filed. */
  filed?: string;
}

/**
 * Finds each filing's own period from all of a company's facts (subsequent-event instants and
 * cover-page dates are ignored because only durations of 80 days or more count).
 */
export function filingPeriods(allRows: Iterable<FactRow[]>): FilingIndex {
  const out = new Map<string, FilingPeriod>();
  const ends = new Set<string>();
  const annual = new Map<string, string>();
  const annualOf = new Map<string, Set<string>>();
  const ytd = new Map<string, string[]>();
  for (const rows of allRows) {
    for (const r of rows) {
      if (!r.start || daysBetween(r.start, r.end) < 80) continue;
      // a period ending after its filing is none the filing reports on (a dividend declared for
      // the next quarter, a buyback plan's term): NVIDIA's 10-Q for the quarter to 2013-10-27
      // tags one to 2014-01-26, which made that its period and left its cover-page count unlabelled
      if (r.end > r.filed) continue;
      ends.add(r.end);
      const d = daysBetween(r.start, r.end);
      if (d >= YTD_DAYS[0] && d <= YTD_DAYS[1]) {
        const list = ytd.get(r.start);
        if (!list) ytd.set(r.start, [r.end]);
        else if (!list.includes(r.end)) list.push(r.end);
      }
      if (periodKind(r.start, r.end) === "annual") {
        if (!annual.has(r.end) || r.start > annual.get(r.end)!) annual.set(r.end, r.start);
        const set = annualOf.get(r.accn) ?? new Set<string>();
        set.add(r.end);
        annualOf.set(r.accn, set);
      }
      const seen = out.get(r.accn);
      if (!seen) {
        out.set(r.accn, {
          end: r.end,
          fy: r.fy ?? null,
          fp: r.fp ?? null,
          form: r.form,
          filed: r.filed,
        });
      } else if (r.end > seen.end) seen.end = r.end;
    }
  }
  const byEnd = new Map<string, FilingPeriod[]>();
  for (const [accn, f] of out) {
    f.annual = annualOf.get(accn)?.has(f.end) ?? false;
    byEnd.set(f.end, [...byEnd.get(f.end) ?? [], f]);
  }
  return { byAccn: out, byEnd, ends, annual, ytd };
}

/**
 * Days (end minus start) of a half-year to date on any 52/53-week calendar: 24 to 30 weeks
 * (a 12-12, 13-13, 16-12 or 17-12-week first half).
 */
const YTD_DAYS = [167, 209] as const;

/** Filings by accession and by the end date of their own period. */
export interface FilingIndex {
  byAccn: Map<string, FilingPeriod>;
  byEnd: Map<string, FilingPeriod[]>;
  /** End dates of every duration of 80 days or more any filing reports: the period ends. */
  ends?: Set<string>;
  /** End → start of the year-long durations any filing reports (the latest start of an end). */
  annual?: Map<string, string>;
  /** Start → ends of the half-year-to-date durations (24 to 30 weeks) any filing reports. */
  ytd?: Map<string, string[]>;
}

export interface PeriodOptions {
  /** Keep only reports filed on or before this date (point in time). */
  asOf?: string | null;
  /** Keep only reports on these forms (exact, upper case, amendments listed separately). */
  forms?: string[] | null;
  /** Told, in words, of one period reported with different dates and values (see groupPeriods). */
  warn?: (message: string) => void;
}

/**
 * Days two reports of one fiscal period's start or end may differ by. A period on a 52/53-week
 * calendar ends on the weekday nearest a month end, at most three days from it, and filings tag
 * the same quarter now with one, now with the other (NVIDIA's Q2 FY2011 ends 2010-08-01 in its
 * 10-Qs and 2010-07-31 in a later 10-K). Different periods of one length class are a week or
 * more apart (a 13-week quarter and a 14-week one from the same day), so they stay apart.
 */
export const SAME_PERIOD_DAYS = 3;

/**
 * Whether two date pairs are one fiscal period: both balances or both durations, of the same
 * length class, starting and ending within SAME_PERIOD_DAYS of each other. Periods of no
 * standard length ("other") are never merged: nothing says what they should be.
 */
export function samePeriod(
  a: { start?: string | null; end: string },
  b: { start?: string | null; end: string },
): boolean {
  const sa = a.start ?? null;
  const sb = b.start ?? null;
  if (sa === sb && a.end === b.end) return true;
  if ((sa === null) !== (sb === null)) return false;
  if (Math.abs(daysBetween(a.end, b.end)) > SAME_PERIOD_DAYS) return false;
  if (sa && sb && Math.abs(daysBetween(sa, sb)) > SAME_PERIOD_DAYS) return false;
  const kind = periodKind(sa, a.end);
  return kind !== "other" && kind === periodKind(sb, b.end);
}

/**
 * Whether a period of 16 or 17 weeks is a quarter of its fiscal year: a grocer's or retailer's
 * 16-12-12-12-week year (a 13-period calendar whose first quarter has four periods) or a
 * 12-12-12-16 one. It is one when it starts the day after a year-long duration ends or on the
 * day a year-long duration starts (the first quarter: the year before is missing at the start
 * of a company's history, and the year itself until its 10-K), when a half year to date starts
 * on its first day and ends one 12-week quarter after it (the first quarter, before any
 * year of it is reported: a new company's first 10-Qs), or when it ends on a year-long
 * duration's end and starts inside it (the fourth). Another period of that length (a stub
 * after a spin-off, a transition period) starts on no year's first day and ends on no year's
 * last.
 */
export function longQuarter(start: string | null, end: string, filings: FilingIndex): boolean {
  if (!start) return false;
  const d = daysBetween(start, end);
  if (d < 109 || d > 119) return false;
  for (const [yEnd, yStart] of filings.annual ?? []) {
    if (Math.abs(daysBetween(yEnd, start) - 1) <= SAME_PERIOD_DAYS) return true;
    if (Math.abs(daysBetween(yStart, start)) <= SAME_PERIOD_DAYS) return true;
    if (Math.abs(daysBetween(end, yEnd)) <= SAME_PERIOD_DAYS && daysBetween(yStart, start) > 200) {
      return true;
    }
  }
  // the first half to date from the same day, one 12-week quarter longer (a stub after a
  // spin-off followed by a 13-week quarter is no 16-12-12-12 year)
  for (let off = -SAME_PERIOD_DAYS; off <= SAME_PERIOD_DAYS; off++) {
    const from = off
      ? new Date(Date.parse(start) + off * DAY_MS).toISOString().slice(0, 10)
      : start;
    for (const e of filings.ytd?.get(from) ?? []) {
      const after = daysBetween(end, e);
      if (Math.abs(after - 84) <= SAME_PERIOD_DAYS) return true;
    }
  }
  return false;
}

/**
 * The unit a reported number shows it was rounded to, read from its last non-zero digit but
 * never coarser than three significant digits nor than a million: 1,000 for 136,516,000,
 * 1,000,000 for 137,000,000, 10 for 1,000 (one significant digit says little), 0.01 for 5
 * (a "5.00" JSON prints as 5) and for 3.08.
 */
export function roundingUnit(v: number): number {
  const a = Math.abs(v);
  if (a === 0) return 1;
  let e: number;
  if (!Number.isInteger(a)) e = -Math.min(String(a).split(".")[1]?.length ?? 0, 12);
  else {
    e = 0;
    while (e < 6 && a % 10 ** (e + 1) === 0) e++;
  }
  return 10 ** Math.min(e, Math.floor(Math.log10(a)) - 2);
}

/**
 * Two reports of one value differ: beyond the rounding the coarser of them was printed to
 * (137,000,000 in millions is 136,516,000 rounded, not a restatement of it).
 */
export function differs(a: number, b: number): boolean {
  if (a === b) return false;
  const u = Math.max(roundingUnit(a), roundingUnit(b));
  return Math.abs(a - b) > (u / 2) * (1 + 1e-9);
}

/**
 * The factor two reports of one amount differ by when it is a power of a thousand (1,000: one
 * figure in thousands tagged as units; 1/1,000 the reverse) or -1 (the same figure with the
 * other sign), within 1% (rounding); null for any other difference. A restatement by exactly
 * such a factor is far more likely a scale or sign slip in one filing's tagging (NVIDIA's
 * FY2012 10-K tagged a tax of 937 thousand as 937) than a change of the figure.
 */
export function scaleSlip(first: number, last: number): number | null {
  if (!first || !last) return null;
  const r = last / first;
  for (const f of [1e3, 1e6, 1e-3, 1e-6, -1]) if (Math.abs(r / f - 1) <= 0.01) return f;
  return null;
}

/** "1,000 times", "1/1,000 of" or "the negative of" for a scaleSlip factor. */
export function slipWords(f: number): string {
  if (f === -1) return "the negative of";
  return f >= 1 ? `${f.toLocaleString("en-US")} times` : `1/${(1 / f).toLocaleString("en-US")} of`;
}

export function report(r: FactRow): Report {
  return { value: r.val, accession_no: r.accn, form: r.form, filed: r.filed };
}

export const fmt = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 6 });

export const ANNUAL_FORMS = /^(10-K|20-F|40-F)/;
