/**
 * The period axis of a statement chart: its periods in time order, with a break put in where
 * periods are missing. The periods are evenly spaced categories, so FY2014 drawn next to FY2022
 * read as one year's step; a missing run now gets a category of its own, drawn as a break and
 * named in a note ("FY2015–FY2021 not reported").
 */

/** A period as the chart reads it from its points. */
export interface PeriodInfo {
  /** The category key (the point's `period`). */
  key: string;
  /** Its end date, YYYY-MM-DD. */
  end: string;
  /** Its length in months, when known (null for an instant or when not said). */
  months: number | null;
  /** Its fiscal label ("FY2024", "Q3 FY2025"), when known. */
  fiscal: string | null;
}

/** A run of missing periods between two drawn ones. */
export interface PeriodGap {
  /** The category key of the break. */
  key: string;
  /** How many periods are missing. */
  count: number;
  /** The note: "FY2015–FY2021 not reported", "3 quarters not reported between ...". */
  note: string;
  /** Short text drawn in the break. */
  mark: string;
}

const MONTH_MS = 365.25 / 12 * 86_400_000;

const monthsBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / MONTH_MS;

/** The length of one step: 3, 6 or 12 months. */
function snap(months: number): number {
  return months <= 4.5 ? 3 : months <= 9 ? 6 : 12;
}

/**
 * The cadence of the periods in months: their own length when they all have one (a 10-Q's
 * quarter beside its year to date has none, and is not a sequence); else the smallest step
 * between period ends when at least three periods show it; else null (no gap can be told).
 */
function cadence(periods: PeriodInfo[]): number | null {
  const lengths = new Set(periods.map((p) => p.months));
  if (lengths.size > 1) return null;
  const [only] = lengths;
  if (only !== null && only !== undefined) return only > 0 ? snap(only) : null;
  if (periods.length < 3) return null;
  const steps = periods.slice(1).map((p, i) => monthsBetween(periods[i].end, p.end));
  return snap(Math.min(...steps));
}

const noun = (step: number, n: number) =>
  `${n} ${step === 12 ? "year" : step === 6 ? "half-year" : "quarter"}${n === 1 ? "" : "s"}`;

function gapNote(before: PeriodInfo, after: PeriodInfo, step: number, count: number): string {
  const fy = (p: PeriodInfo) => Number(/^FY(\d{4})$/.exec(p.fiscal ?? "")?.[1] ?? NaN);
  const [a, b] = [fy(before), fy(after)];
  if (step === 12 && b - a - 1 === count) {
    const names = count === 1 ? `FY${a + 1}` : `FY${a + 1}–FY${b - 1}`;
    return `${names} not reported`;
  }
  const name = (p: PeriodInfo) => p.fiscal ? `${p.fiscal} (${p.end})` : p.end;
  return `${noun(step, count)} not reported between ${name(before)} and ${name(after)}`;
}

/**
 * The periods in time order (by end, then length), with a gap category between two periods
 * further apart than one step of their cadence.
 */
export function periodAxis(periods: PeriodInfo[]): { domain: string[]; gaps: PeriodGap[] } {
  const ordered = [...new Map(periods.map((p) => [p.key, p])).values()]
    .sort((a, b) => a.end.localeCompare(b.end) || (a.months ?? 0) - (b.months ?? 0));
  const step = cadence(ordered);
  const domain: string[] = [];
  const gaps: PeriodGap[] = [];
  ordered.forEach((p, i) => {
    const prev = ordered[i - 1];
    if (prev && step) {
      const missing = Math.round(monthsBetween(prev.end, p.end) / step) - 1;
      if (missing >= 1) {
        const key = `\u2009gap ${gaps.length + 1}`;
        gaps.push({
          key,
          count: missing,
          note: gapNote(prev, p, step, missing),
          mark: `${noun(step, missing)}\nnot reported`,
        });
        domain.push(key);
      }
    }
    domain.push(p.key);
  });
  return { domain, gaps };
}
