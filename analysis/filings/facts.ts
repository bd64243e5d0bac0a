/**
 * Company facts as periods: every value SEC's companyfacts API holds for one concept, grouped by
 * the period it describes, with the value as first reported and as last reported (each with the
 * filing that reported it), and the fiscal year and period the value belongs to.
 *
 * A trap in SEC's answer: `fy` and `fp` on a row describe the filing that reported the value,
 * not the value's own period (a FY2024 10-K reports FY2022 revenue with fy=2024). The fiscal
 * label of a period therefore comes from the filing whose own period ends on that date.
 */
import { lineItem, type Taxonomy } from "./facts_items.ts";

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
function changes(g: FactRow[], several: Map<string, number[]> = new Map()): {
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

const DAY_MS = 86_400_000;

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

/** Rows sorted by filing; within one filing the most precise of its duplicates last. */
function byFiling(a: FactRow, b: FactRow): number {
  return a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn) ||
    roundingUnit(b.val) - roundingUnit(a.val) || a.val - b.val;
}

/**
 * The values among `rows` (one filing's reports of one period) that are not roundings of each
 * other, each the most precise of its roundings, largest first. One value for almost every
 * filing; several when the filing reports the period once per share class or other dimension
 * SEC's company facts do not name (a multi-class company's cover-page share counts), or tagged
 * it twice by mistake: nothing in the rows says which is which, or whether one is the total.
 */
export function distinctValues(rows: { val: number }[]): number[] {
  const precise = [...rows].sort((a, b) => printedTo(a.val) - printedTo(b.val));
  const out: number[] = [];
  for (const r of precise) if (!out.some((v) => roundedTo(v, r.val))) out.push(r.val);
  return out.sort((a, b) => b - a);
}

/**
 * Whether `coarse` is `precise` rounded to coarse's last non-zero digit, of two significant
 * digits or more, as one filing prints a figure in a note ("$1.2 billion" beside 1,234,567,000):
 * a one-digit figure (1,000 beside 700) says too little to be taken for a rounding.
 */
function roundedTo(precise: number, coarse: number): boolean {
  if (precise === coarse) return true;
  const u = printedTo(coarse);
  return u > printedTo(precise) && u <= Math.abs(coarse) / 10 &&
    Math.abs(precise - coarse) <= (u / 2) * (1 + 1e-9);
}

/** The unit of a number's last non-zero digit, uncapped (1e8 for 1,200,000,000; 0.01 for 3.08). */
function printedTo(v: number): number {
  const a = Math.abs(v);
  if (a === 0) return 1;
  if (!Number.isInteger(a)) return 10 ** -Math.min(String(a).split(".")[1]?.length ?? 0, 12);
  let e = 0;
  while (a % 10 ** (e + 1) === 0) e++;
  return 10 ** e;
}

/**
 * Rows sorted by filing (see byFiling), each filing's own value last: its most precise report,
 * or, when it gives the period several different values (see distinctValues), the largest of
 * them, so that which one stands for the filing does not hang on the order SEC lists them in.
 * `several` gets each such filing's values.
 */
function filingOrder(rows: FactRow[], several: Map<string, number[]>): FactRow[] {
  const g = [...rows].sort(byFiling);
  let i = 0;
  while (i < g.length) {
    let j = i + 1;
    while (j < g.length && g[j].accn === g[i].accn) j++;
    if (j - i > 1) {
      const run = g.slice(i, j);
      const values = distinctValues(run);
      if (values.length > 1) {
        several.set(g[i].accn, values);
        const largest = run.find((r) => r.val === values[0])!;
        g.splice(i, j - i, ...run.filter((r) => r !== largest), largest);
      }
    }
    i = j;
  }
  return g;
}

/**
 * The date pairs of one concept that are one fiscal period, each list with its preferred dates
 * first. Preferred: dates ending where some filing's own period ends (the 10-Q about that
 * quarter, or the 10-KT about its transition period, not a later comparative that tagged it a
 * day off), then the dates most filings used, then those filed last. Two date pairs one filing
 * reports with different values are two periods to that filing (an opening balance restated for
 * a new accounting standard the day after the year end), so they are never merged.
 */
function sameDated(groups: FactRow[][], filings: FilingIndex): FactRow[][][] {
  const accns = (g: FactRow[]) => new Set(g.map((r) => r.accn)).size;
  const lastFiled = (g: FactRow[]) => g.reduce((m, r) => (r.filed > m ? r.filed : m), "");
  const own = (g: FactRow[]) => filings.byEnd.has(g[0].end) ? 1 : 0;
  const ranked = [...groups].sort((a, b) =>
    own(b) - own(a) || accns(b) - accns(a) || lastFiled(b).localeCompare(lastFiled(a)) ||
    a[0].end.localeCompare(b[0].end) || (a[0].start ?? "").localeCompare(b[0].start ?? "")
  );
  const clusters: FactRow[][][] = [];
  for (const g of ranked) {
    const home = clusters.find((c) =>
      samePeriod(c[0][0], g[0]) && c.every((m) => !oneFilingDiffers(m, g))
    );
    if (home) home.push(g);
    else clusters.push([g]);
  }
  return clusters;
}

/** Whether some filing reports both groups' dates with values that differ beyond rounding. */
function oneFilingDiffers(a: FactRow[], b: FactRow[]): boolean {
  return a.some((x) => b.some((y) => y.accn === x.accn && differs(x.val, y.val)));
}

/** "2010-05-03..2010-08-01" for a duration, "at 2010-08-01" for a balance. */
function datesOf(r: { start?: string | null; end: string }): string {
  return r.start ? `${r.start}..${r.end}` : `at ${r.end}`;
}

/**
 * When one fiscal period's differently dated reports disagree beyond the rounding either was
 * printed to: each other dating's latest report against the one used (the latest filed), in
 * words. Null when they agree.
 */
function datesDisagree(tag: string, unit: string, variants: FactRow[][], used: FactRow) {
  const others = variants
    .filter((v) => !v.includes(used))
    .map((v) => [...v].sort(byFiling)[v.length - 1])
    .filter((r) => differs(r.val, used.val));
  if (!others.length) return null;
  return `${tag} (${unit}): one fiscal period is reported with different dates and values: ${
    others.map((r) => `${fmt(r.val)} for ${datesOf(r)} in ${r.accn} (${r.form}, filed ${r.filed})`)
      .join(", ")
  } and ${fmt(used.val)} for ${
    datesOf(used)
  } in ${used.accn} (${used.form}, filed ${used.filed}); ${
    fmt(used.val)
  }, the latest filed, is used (as SEC's frames do)`;
}

/**
 * Groups one tag's rows of one unit into periods with first and last reports. Rows whose dates
 * are one fiscal period a few days apart (see samePeriod, sameDated) are one period: it keeps
 * the preferred dates, its value is the latest filed (as SEC's frames pick), its other dates
 * are listed in `also_dated`, and when the datings disagree beyond rounding `dates_disagree`
 * says so and `opts.warn` is told.
 */
export function groupPeriods(
  tag: string,
  unit: string,
  rows: FactRow[],
  filings: FilingIndex,
  opts: PeriodOptions = {},
): FactPeriod[] {
  const groups = new Map<string, FactRow[]>();
  for (const r of rows) {
    if (opts.asOf && r.filed > opts.asOf) continue;
    if (opts.forms && !opts.forms.includes(r.form.toUpperCase())) continue;
    const key = `${r.start ?? ""}|${r.end}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const out: FactPeriod[] = [];
  for (const variants of sameDated([...groups.values()], filings)) {
    // by filing; within one filing the most precise of its duplicates last ($391.0 billion in
    // a note beside 391,035 million in the statement)
    const several = new Map<string, number[]>();
    const g = filingOrder(variants.flat(), several);
    const dated = [...variants[0]].sort(byFiling);
    const last = g[g.length - 1];
    const first = g.findLast((r) => r.accn === g[0].accn)!;
    const start = dated[0].start ?? null;
    const end = dated[0].end;
    const kind = longQuarter(start, end, filings) ? "quarter" : periodKind(start, end);
    const transition = kind !== "annual" ? transitions(filings).get(end) : undefined;
    const label = halfYear(
      kind,
      transition
        ? { fy: transition.fy, fp: "transition" }
        : calendarLabel(kind, start, end, filings) ?? fiscalLabel(dated[0], kind, filings),
      g,
    );
    const period: FactPeriod = {
      tag,
      unit,
      start,
      end,
      duration_days: start ? daysBetween(start, end) + 1 : null,
      kind,
      fiscal_year: label.fy,
      fiscal_period: label.fp,
      frame: g.find((r) => r.frame)?.frame ?? null,
      first: report(first),
      last: report(last),
      reports: new Set(g.map((r) => r.accn)).size,
      // each filing's own value (its most precise) against the first filing's
      ...changes(g, several),
    };
    if (several.has(first.accn)) period.first_values = several.get(first.accn);
    if (several.has(last.accn)) period.last_values = several.get(last.accn);
    if (variants.length > 1) {
      period.also_dated = variants.slice(1).map((v) => ({
        start: v[0].start ?? null,
        end: v[0].end,
      }));
      period.dates_disagree = datesDisagree(tag, unit, variants, last);
      if (period.dates_disagree) opts.warn?.(period.dates_disagree);
    }
    out.push(period);
  }
  return out.sort((a, b) =>
    a.end.localeCompare(b.end) || (a.start ?? "").localeCompare(b.start ?? "")
  );
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

function report(r: FactRow): Report {
  return { value: r.val, accession_no: r.accn, form: r.form, filed: r.filed };
}

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
function calendarLabel(
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
function transitions(filings: FilingIndex): Map<string, FilingPeriod> {
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
function fiscalLabel(
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
function halfYear(
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

/**
 * How a line item's tags relate for one company, beyond their order: tags that may be only a
 * part of the item (revenue from contracts with customers beside interest income), and tags
 * whose report beside a partial tag shows it is not the whole.
 */
export interface MergeRules {
  /** The item's name in messages ("revenue"). */
  name?: string;
  /** Tags that are the whole item for some companies and only a component for others. */
  partial?: string[];
  /**
   * Tags of income a partial tag never includes: reported by the same filing for the same
   * period, they show the partial tag is not the total (a bank's NoninterestIncome).
   */
  notTotalBeside?: string[];
  /** Told, in words, which tags were set aside and why. */
  warn?: (message: string) => void;
  /**
   * Tell `warn` of the kept periods whose differently dated reports disagree (default true);
   * false for a caller that tells of those it shows (FactPeriod.dates_disagree).
   */
  warnDates?: boolean;
}

/** The first filing and period two tags both report with different values, if any. */
function conflict(
  a: FactRow[],
  b: FactRow[],
  opts: PeriodOptions,
): { accn: string; end: string; a: number; b: number } | null {
  const keep = (r: FactRow) =>
    (!opts.asOf || r.filed <= opts.asOf) &&
    (!opts.forms || opts.forms.includes(r.form.toUpperCase()));
  const byKey = new Map<string, number[]>();
  for (const r of b) {
    if (!keep(r)) continue;
    const k = `${r.accn}|${r.start ?? ""}|${r.end}`;
    byKey.set(k, [...byKey.get(k) ?? [], r.val]);
  }
  const hits = [...a].filter(keep).sort((x, y) => x.filed.localeCompare(y.filed));
  for (const r of hits) {
    for (const v of byKey.get(`${r.accn}|${r.start ?? ""}|${r.end}`) ?? []) {
      if (differs(r.val, v)) return { accn: r.accn, end: r.end, a: r.val, b: v };
    }
  }
  return null;
}

/** The first filing and period a tag is reported in beside any of `others` (any value). */
function besides(
  rows: FactRow[],
  others: FactRow[],
  opts: PeriodOptions,
): { accn: string; end: string } | null {
  const keys = new Set(others.map((r) => `${r.accn}|${r.start ?? ""}|${r.end}`));
  for (const r of rows) {
    if (opts.asOf && r.filed > opts.asOf) continue;
    if (opts.forms && !opts.forms.includes(r.form.toUpperCase())) continue;
    if (keys.has(`${r.accn}|${r.start ?? ""}|${r.end}`)) return { accn: r.accn, end: r.end };
  }
  return null;
}

const fmt = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 6 });

/**
 * One quantity's periods read from several tags (a friendly name's tags, in order): the first
 * tag that has a period wins it, so a company that changed tags keeps one series.
 *
 * A later tag only fills a period when it is the same quantity to this company: when some
 * filing reports it beside an earlier tag with a different value (cash beside cash including
 * restricted cash, NetIncomeLoss beside ProfitLoss), the periods only it has are left empty
 * rather than mixed into the series. A `rules.partial` tag is set aside altogether when a filing
 * shows it is a component: a different value beside a whole tag (a REIT's contract revenue
 * beside its Revenues), beside another partial tag (goods beside services), or reported beside
 * a `rules.notTotalBeside` tag (a bank's contract revenue beside its noninterest income).
 */
export function mergedPeriods(
  tags: string[],
  concepts: Concepts | undefined,
  unit: string,
  filings: FilingIndex,
  opts: PeriodOptions = {},
  rules: MergeRules = {},
): FactPeriod[] {
  const name = rules.name ? `${rules.name}: ` : "";
  const rowsIn = (tag: string) => concepts?.[tag]?.units[unit];
  const partial = new Set(rules.partial ?? []);
  const present = tags.filter((t) => rowsIn(t)?.length);
  const parts = new Set<string>();
  for (const p of present.filter((t) => partial.has(t))) {
    for (const t of present) {
      if (t === p) continue;
      const c = conflict(rowsIn(p)!, rowsIn(t)!, opts);
      if (!c) continue;
      parts.add(p);
      rules.warn?.(
        `${name}${p} not used: ${c.accn} reports it as ${fmt(c.a)} beside ${t} ${
          fmt(c.b)
        } for the period ending ${c.end}, so it is only a part of ${
          partial.has(t) ? "the whole, which is not tagged" : t
        }`,
      );
      break;
    }
    if (parts.has(p)) continue;
    for (const t of rules.notTotalBeside ?? []) {
      const other = Object.values(concepts?.[t]?.units ?? {}).flat();
      const at = other.length ? besides(rowsIn(p)!, other, opts) : null;
      if (!at) continue;
      parts.add(p);
      rules.warn?.(
        `${name}${p} not used: ${at.accn} reports it beside ${t} for the period ending ${at.end}, so it is only a part of the company's ${
          rules.name ?? "total"
        } (${t} is outside it); read each with filings.facts`,
      );
      break;
    }
  }
  const byKey = new Map<string, FactPeriod>();
  const rowsOf = new Map<string, FactRow[]>();
  for (const tag of present) {
    if (parts.has(tag)) continue;
    const rows = rowsIn(tag)!;
    // a different quantity than a tag before it: it fills no period of the series
    let other: { tag: string; c: NonNullable<ReturnType<typeof conflict>> } | null = null;
    for (const [t, earlier] of rowsOf) {
      const c = conflict(earlier, rows, opts);
      if (c) {
        other = { tag: t, c };
        break;
      }
    }
    rowsOf.set(tag, rows);
    let skipped = 0;
    for (const p of groupPeriods(tag, unit, rows, filings, { ...opts, warn: undefined })) {
      const key = `${p.start ?? ""}|${p.end}`;
      // an earlier tag has this period, under these dates or a few days off (see samePeriod)
      if (byKey.has(key) || [...byKey.values()].some((q) => samePeriod(q, p))) continue;
      if (other) skipped++;
      else byKey.set(key, p);
    }
    if (other && skipped) {
      rules.warn?.(
        `${name}${skipped} period(s) only ${tag} reports are left empty: ${other.c.accn} reports ${tag} as ${
          fmt(other.c.b)
        } beside ${other.tag} ${
          fmt(other.c.a)
        } for the period ending ${other.c.end}, so they are different quantities to this company (read ${tag} with filings.facts)`,
      );
    }
  }
  if (rowsOf.size > 1) {
    for (const [key, p] of byKey) byKey.set(key, withEarlierTags(p, rowsOf, opts));
  }
  // told once, for the periods the series keeps
  const warn = rules.warnDates === false ? undefined : rules.warn ?? opts.warn;
  for (const p of byKey.values()) if (p.dates_disagree) warn?.(`${name}${p.dates_disagree}`);
  return [...byKey.values()].sort((a, b) => a.end.localeCompare(b.end));
}

/**
 * A period one tag won, with the reports of the company's other tags for it folded in: a
 * company that moved from SalesRevenueNet to Revenues first reported FY2016 under the old tag
 * (2016-10-26), though the new one only has it from a 2018 comparative. Not when some filing
 * reports the period under both tags with different values: then they are different
 * quantities to this company, not one renamed.
 */
function withEarlierTags(
  p: FactPeriod,
  rowsOf: Map<string, FactRow[]>,
  opts: PeriodOptions,
): FactPeriod {
  const same = (r: FactRow) =>
    samePeriod(r, p) &&
    (!opts.asOf || r.filed <= opts.asOf) &&
    (!opts.forms || opts.forms.includes(r.form.toUpperCase()));
  const all = [...rowsOf].flatMap(([tag, rows]) => rows.filter(same).map((r) => ({ tag, r })));
  if (new Set(all.map((x) => x.tag)).size < 2) return p;
  const byAccn = new Map<string, FactRow[]>();
  for (const { r } of all) byAccn.set(r.accn, [...byAccn.get(r.accn) ?? [], r]);
  for (const rs of byAccn.values()) {
    if (rs.some((r) => differs(r.val, rs[0].val))) return p;
  }
  const g = all.map((x) => x.r).sort((a, b) =>
    a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn)
  );
  const first = g[0];
  const last = g[g.length - 1];
  const c = changes(g);
  return {
    ...p,
    first: report(first),
    last: report(last),
    reports: new Set(g.map((r) => r.accn)).size,
    restated: g.some((r) => differs(r.val, first.val)),
    first_change: c.first_change,
    last_change: c.last_change,
  };
}

const ANNUAL_FORMS = /^(10-K|20-F|40-F)/;

/**
 * The taxonomy and currency a company reports its statements in, read from its latest annual
 * report (10-K, 20-F, 40-F) of revenue, profit or assets: the taxonomy that report uses (a
 * company that moved from US GAAP to IFRS reads as IFRS), and the currency most of that report's
 * values are in (a yen filer's convenience translation into dollars does not make it a dollar
 * filer). `other` names what else the company reported in, for a warning. Without an annual
 * report, us-gaap before ifrs-full and the currency most used.
 */
export function reportingBasis(
  taxonomies: Record<string, Concepts>,
  asOf: string | null = null,
): { taxonomy: Taxonomy; currency: string; other: string[] } | null {
  const found: { taxonomy: Taxonomy; counts: Map<string, number>; latest: FactRow | null }[] = [];
  for (const taxonomy of ["us-gaap", "ifrs-full"] as Taxonomy[]) {
    const concepts = taxonomies[taxonomy];
    if (!concepts) continue;
    const counts = new Map<string, number>();
    let latest: FactRow | null = null;
    const rowsByUnit: [string, FactRow[]][] = [];
    for (const key of ["revenue", "net_income", "total_assets"]) {
      for (const tag of lineItem(key)!.tags[taxonomy]) {
        for (const [unit, all] of Object.entries(concepts[tag]?.units ?? {})) {
          if (!/^[A-Z]{3}$/.test(unit)) continue;
          // point in time: what had been filed by then (a move to IFRS or to another currency
          // after `asOf` does not decide how the company reported before it)
          const rows = asOf ? all.filter((r) => r.filed <= asOf) : all;
          if (!rows.length) continue;
          counts.set(unit, (counts.get(unit) ?? 0) + rows.length);
          rowsByUnit.push([unit, rows]);
          for (const r of rows) {
            if (ANNUAL_FORMS.test(r.form) && (!latest || r.filed > latest.filed)) latest = r;
          }
        }
      }
    }
    if (!counts.size) continue;
    if (latest) {
      // the currency of most of the latest annual report's values
      const inLatest = new Map<string, number>();
      for (const [unit, rows] of rowsByUnit) {
        const n = rows.filter((r) => r.accn === latest!.accn).length;
        if (n) inLatest.set(unit, (inLatest.get(unit) ?? 0) + n);
      }
      found.push({ taxonomy, counts: inLatest, latest });
    } else found.push({ taxonomy, counts, latest: null });
  }
  if (!found.length) return null;
  const dated = found.filter((f) => f.latest)
    .sort((a, b) => b.latest!.filed.localeCompare(a.latest!.filed));
  const pick = dated[0] ?? found[0];
  const currency =
    [...pick.counts.entries()].sort((a, b) =>
      b[1] - a[1] || (a[0] === "USD" ? -1 : b[0] === "USD" ? 1 : a[0].localeCompare(b[0]))
    )[0][0];
  const other = found.filter((f) => f !== pick).map((f) => f.taxonomy) as string[];
  return { taxonomy: pick.taxonomy, currency, other };
}

/** A unit's kind: "money" (USD), "per_share" (USD/shares), or the unit itself (shares, pure). */
export function unitKind(unit: string): string {
  if (/^[A-Z]{3}$/.test(unit)) return "money";
  if (/^[A-Z]{3}\/shares$/.test(unit)) return "per_share";
  return unit;
}

/**
 * Units other than `want` the tags are reported in (filed by `asOf`), and how many periods they
 * have that `want` does not (a company that changed its reporting currency). `sameKind` true:
 * only units of want's kind (other currencies for an amount of money, see unitKind); false:
 * only units of another kind (a share count tagged under a money item); absent: any unit but
 * per-share ones beside others.
 */
export function otherUnits(
  tags: string[],
  concepts: Concepts | undefined,
  want: string,
  have: FactPeriod[],
  asOf: string | null,
  sameKind?: boolean,
): { units: string[]; periods: number } {
  const units = new Set<string>();
  const seen = new Set(have.map((p) => `${p.start ?? ""}|${p.end}`));
  const missing = new Set<string>();
  for (const tag of tags) {
    for (const [unit, rows] of Object.entries(concepts?.[tag]?.units ?? {})) {
      if (unit === want) continue;
      if (sameKind === undefined) {
        if (/\/shares$/.test(unit) !== /\/shares$/.test(want)) continue;
      } else if ((unitKind(unit) === unitKind(want)) !== sameKind) continue;
      for (const r of rows) {
        if (asOf && r.filed > asOf) continue;
        units.add(unit);
        const k = `${r.start ?? ""}|${r.end}`;
        if (!seen.has(k)) missing.add(k);
      }
    }
  }
  return { units: [...units], periods: missing.size };
}
