/**
 * Company facts grouped by period: every report of one concept's value for the same period, from
 * the first report to the last, with the value that stands and the restatements and slips beside
 * it (a figure printed in thousands where the others are in units, two filings that disagree).
 */
import { calendarLabel, fiscalLabel, halfYear, transitions } from "./facts_calendar.ts";
import {
  changes,
  daysBetween,
  differs,
  type FactPeriod,
  type FactRow,
  type FilingIndex,
  fmt,
  longQuarter,
  periodKind,
  type PeriodOptions,
  report,
  roundingUnit,
  samePeriod,
} from "./facts.ts";

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
