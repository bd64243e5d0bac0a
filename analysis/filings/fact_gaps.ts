/**
 * Fiscal years a yearly series skips: a company that stopped using a tag for some years (its own
 * extension tag then, which SEC's company facts leave out) leaves a hole that a list of rows does
 * not show, so a growth rate read across it spans several years without saying so.
 */

/** A yearly row of filings.facts as far as its dates and fiscal label go. */
export interface YearRow {
  end: string;
  fiscal_year: number | null;
}

/** A run of missing years: how many, and between which two rows. */
export interface YearGap {
  years: number;
  after: YearRow;
  before: YearRow;
}

const DAY_MS = 86_400_000;

/**
 * The holes between consecutive year ends of `rows` (fiscal years or their closing balances):
 * told by the dates, not by labels, since SEC's fiscal labels of old filings can be off by one.
 */
export function missingYears(rows: YearRow[]): YearGap[] {
  const sorted = [...rows].sort((a, b) => a.end.localeCompare(b.end));
  const gaps: YearGap[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const days = (Date.parse(sorted[i].end) - Date.parse(sorted[i - 1].end)) / DAY_MS;
    // a 52/53-week year ends 364 or 371 days after the one before; two years on is 728+
    const years = Math.round(days / 365.25) - 1;
    if (days > 420 && years >= 1) gaps.push({ years, after: sorted[i - 1], before: sorted[i] });
  }
  return gaps;
}

/** The warning for `gaps` in the series of `tags` in `unit`; null when there are none. */
export function missingYearsWarning(gaps: YearGap[], tags: string[], unit: string): string | null {
  if (!gaps.length) return null;
  const count = gaps.reduce((n, g) => n + g.years, 0);
  const spans = gaps.map(({ years, after, before }) =>
    after.fiscal_year !== null && before.fiscal_year !== null &&
      before.fiscal_year - after.fiscal_year === years + 1
      ? years === 1
        ? `FY${after.fiscal_year + 1}`
        : `FY${after.fiscal_year + 1}-FY${before.fiscal_year - 1}`
      : `${years} year(s) between the years ending ${after.end} and ${before.end}`
  ).join(", ");
  return `${count} fiscal year(s) inside the series have no value of ${
    tags.join(" / ")
  } in ${unit} (${spans}): missing, not zero, and a change across the gap spans more than one year; no filing reported these tags for them (the company may have used another tag, or its own extension tag, which SEC's company facts do not carry: filings.statement of that year's 10-K shows what it reported)`;
}

/** A standardized row as far as its cells' values and tags go (filings.history). */
export interface SeriesRow {
  key: string;
  cells: { value: number | null; tag: string | null; note?: string | null }[];
}

/**
 * Rows of a history that stop: values in at least two columns in a row, then none in the latest
 * ones. A company that moved a line to another tag (its own extension tag, which SEC's company
 * facts leave out, or a us-gaap tag the line item does not read) leaves the newest cells empty,
 * which reads as "not reported" unless said. A cell left empty with a note of its own (several
 * values for one period, mixed basis) is said by that note, not here.
 */
export function trailingGaps(
  rows: SeriesRow[],
  labels: string[],
): { key: string; missing: string[]; last: string; tag: string | null }[] {
  const out: { key: string; missing: string[]; last: string; tag: string | null }[] = [];
  for (const row of rows) {
    const cells = row.cells;
    let i = cells.length - 1;
    while (i >= 0 && cells[i].value === null && !cells[i].note) i--;
    const empty = cells.length - 1 - i;
    if (!empty || i < 1 || cells[i].value === null || cells[i - 1].value === null) continue;
    out.push({
      key: row.key,
      missing: labels.slice(i + 1),
      last: labels[i],
      tag: cells[i].tag,
    });
  }
  return out;
}
