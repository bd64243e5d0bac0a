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
}

const DAY_MS = 86_400_000;

/** Whole days from `a` to `b` (ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);
}

/** The length class of a period from its dates (52/53-week years and 13/14-week quarters). */
export function periodKind(start: string | null | undefined, end: string): PeriodKind {
  if (!start) return "instant";
  const d = daysBetween(start, end);
  if (d >= 340 && d <= 392) return "annual";
  if (d >= 80 && d <= 100) return "quarter";
  if (d >= 170 && d <= 196) return "half";
  if (d >= 260 && d <= 290) return "nine_months";
  return "other";
}

/** The period a filing is about: the latest end date of its durations of a quarter or more. */
export interface FilingPeriod {
  end: string;
  fy: number | null;
  fp: string | null;
  form: string;
}

/**
 * Finds each filing's own period from all of a company's facts (subsequent-event instants and
 * cover-page dates are ignored because only durations of 80 days or more count).
 */
export function filingPeriods(allRows: Iterable<FactRow[]>): FilingIndex {
  const out = new Map<string, FilingPeriod>();
  for (const rows of allRows) {
    for (const r of rows) {
      if (!r.start || daysBetween(r.start, r.end) < 80) continue;
      const seen = out.get(r.accn);
      if (!seen) out.set(r.accn, { end: r.end, fy: r.fy ?? null, fp: r.fp ?? null, form: r.form });
      else if (r.end > seen.end) seen.end = r.end;
    }
  }
  const byEnd = new Map<string, FilingPeriod[]>();
  for (const f of out.values()) byEnd.set(f.end, [...byEnd.get(f.end) ?? [], f]);
  return { byAccn: out, byEnd };
}

/** Filings by accession and by the end date of their own period. */
export interface FilingIndex {
  byAccn: Map<string, FilingPeriod>;
  byEnd: Map<string, FilingPeriod[]>;
}

export interface PeriodOptions {
  /** Keep only reports filed on or before this date (point in time). */
  asOf?: string | null;
  /** Keep only reports on these forms (exact, upper case, amendments listed separately). */
  forms?: string[] | null;
}

/** Groups one tag's rows of one unit into periods with first and last reports. */
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
  for (const g of groups.values()) {
    g.sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn));
    const first = g[0];
    const last = g[g.length - 1];
    const start = first.start ?? null;
    const kind = periodKind(start, first.end);
    const label = calendarLabel(kind, first.end, filings) ?? fiscalLabel(first, kind, filings);
    out.push({
      tag,
      unit,
      start,
      end: first.end,
      duration_days: start ? daysBetween(start, first.end) + 1 : null,
      kind,
      fiscal_year: label.fy,
      fiscal_period: label.fp,
      frame: g.find((r) => r.frame)?.frame ?? null,
      first: report(first),
      last: report(last),
      reports: new Set(g.map((r) => r.accn)).size,
      restated: g.some((r) => differs(r.val, first.val)),
    });
  }
  return out.sort((a, b) =>
    a.end.localeCompare(b.end) || (a.start ?? "").localeCompare(b.start ?? "")
  );
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
      const o = y.fy! - Number(y.end.slice(0, 4));
      offsets.set(o, (offsets.get(o) ?? 0) + 1);
    }
    const offset = [...offsets].sort((a, b) => b[1] - a[1])[0][0];
    cal = { month, day, offset, since };
  }
  calendars.set(filings, cal);
  return cal;
}

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
 * A fiscal year or quarter's label from the company's calendar: the year its fiscal year ends
 * in, named as the company names it, and the quarter counted from that year's start. SEC's own
 * fy/fp are wrong in some older filings (NVIDIA's call two different quarters "Q2 FY2009"); the
 * calendar read from the annual reports labels every period the same way. Null for other
 * lengths and for periods before the calendar (the company may have moved its year end).
 */
function calendarLabel(
  kind: PeriodKind,
  end: string,
  filings: FilingIndex,
): { fy: number | null; fp: string | null } | null {
  if (kind !== "annual" && kind !== "quarter") return null;
  const cal = fiscalCalendar(filings);
  if (!cal || daysBetween(cal.since, end) < -380) return null;
  const y = Number(end.slice(0, 4));
  // the year end on or after this period's end (within ten days: 52/53-week years)
  const anchor = Date.UTC(y, cal.month, cal.day);
  const e = Date.parse(`${end}T00:00:00Z`);
  let fyEnd = e > anchor + 10 * DAY_MS ? Date.UTC(y + 1, cal.month, cal.day) : anchor;
  if (fyEnd - e > 375 * DAY_MS) fyEnd = Date.UTC(y, cal.month, cal.day);
  const fy = new Date(fyEnd).getUTCFullYear() + cal.offset;
  if (kind === "annual") return { fy, fp: "FY" };
  const monthsLeft = (fyEnd - e) / (DAY_MS * 30.44);
  const q = 4 - Math.round(monthsLeft / 3);
  if (q < 1 || q > 4) return null;
  return { fy, fp: `Q${q}` };
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
    if (kind !== "annual" || f.fp === "FY") return labelFor(kind, f.fy, f.fp);
  }
  if (!own || own.fy === null) return { fy: null, fp: null };
  const yearsBack = Math.round(daysBetween(row.end, own.end) / 365.25);
  const offBy = Math.abs(daysBetween(row.end, own.end) - yearsBack * 365.25);
  if (offBy > 20) return { fy: null, fp: null }; // not the same point of another fiscal year
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

/** Readable fiscal label: "FY2024", "Q3 FY2025", "Q2 YTD FY2025". */
export function fiscalName(p: { fiscal_year: number | null; fiscal_period: string | null }) {
  if (p.fiscal_year === null) return null;
  if (!p.fiscal_period || p.fiscal_period === "FY") return `FY${p.fiscal_year}`;
  return `${p.fiscal_period} FY${p.fiscal_year}`;
}

/**
 * One quantity's periods read from several tags (a friendly name's tags, in order): the first
 * tag that has a period wins it, so a company that changed tags keeps one series.
 */
export function mergedPeriods(
  tags: string[],
  concepts: Concepts | undefined,
  unit: string,
  filings: FilingIndex,
  opts: PeriodOptions = {},
): FactPeriod[] {
  const byKey = new Map<string, FactPeriod>();
  const rowsOf = new Map<string, FactRow[]>();
  for (const tag of tags) {
    const rows = concepts?.[tag]?.units[unit];
    if (!rows) continue;
    rowsOf.set(tag, rows);
    for (const p of groupPeriods(tag, unit, rows, filings, opts)) {
      const key = `${p.start ?? ""}|${p.end}`;
      if (!byKey.has(key)) byKey.set(key, p);
    }
  }
  if (rowsOf.size > 1) {
    for (const [key, p] of byKey) byKey.set(key, withEarlierTags(p, rowsOf, opts));
  }
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
    (r.start ?? null) === p.start && r.end === p.end &&
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
  return {
    ...p,
    first: report(first),
    last: report(last),
    reports: new Set(g.map((r) => r.accn)).size,
    restated: g.some((r) => differs(r.val, first.val)),
  };
}

/**
 * The taxonomy and currency a company reports its statements in: us-gaap before ifrs-full, USD
 * when it reports in USD at all, else the currency most of its revenue, profit and assets use.
 */
export function reportingBasis(
  taxonomies: Record<string, Concepts>,
): { taxonomy: Taxonomy; currency: string } | null {
  for (const taxonomy of ["us-gaap", "ifrs-full"] as Taxonomy[]) {
    const concepts = taxonomies[taxonomy];
    if (!concepts) continue;
    const counts = new Map<string, number>();
    for (const key of ["revenue", "net_income", "total_assets"]) {
      for (const tag of lineItem(key)!.tags[taxonomy]) {
        for (const [unit, rows] of Object.entries(concepts[tag]?.units ?? {})) {
          if (/^[A-Z]{3}$/.test(unit)) counts.set(unit, (counts.get(unit) ?? 0) + rows.length);
        }
      }
    }
    if (!counts.size) continue;
    const currency = counts.has("USD")
      ? "USD"
      : [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    return { taxonomy, currency };
  }
  return null;
}
