/**
 * What a history's columns owe the reader about the company's calendar: a foreign private
 * issuer's facts ending at its latest 20-F or 40-F, columns relabelled where two share a label,
 * overlapping periods of two calendars, transition periods, and 53-week years.
 */
import { daysBetween, type FactPeriod, type FilingIndex, SAME_PERIOD_DAYS } from "./facts.ts";
import type { Column, HistoryOptions } from "./history.ts";

/**
 * The latest annual report (10-K, 20-F or 40-F, fiscal period FY) filed by `asOf`, when it is a
 * 20-F or 40-F; null for a 10-K filer or a company with no annual report.
 */
function latestForeignAnnual(
  filings: FilingIndex,
  asOf: string | null,
): { accn: string; form: string; end: string } | null {
  let latest: { accn: string; form: string; end: string } | null = null;
  for (const [accn, f] of filings.byAccn) {
    if (!/^(10-K|20-F|40-F)/.test(f.form) || f.fp !== "FY") continue;
    if (asOf && f.filed && f.filed > asOf) continue;
    if (!latest || f.end > latest.end) latest = { accn, form: f.form, end: f.end };
  }
  return latest && /^(20-F|40-F)/.test(latest.form) ? latest : null;
}

/**
 * The latest annual report filed by `asOf`, in words, when it is a 20-F or 40-F and no filing
 * in the company facts covers a later period (a foreign private issuer's interim reports are on
 * 6-K, seldom with XBRL); null for a 10-K filer or when later facts exist.
 */
export function foreignIssuer(filings: FilingIndex, asOf: string | null): string | null {
  const latest = latestForeignAnnual(filings, asOf);
  if (!latest) return null;
  // interim facts after it (a 6-K that carried XBRL, a 10-Q): the company's facts go on
  for (const f of filings.byAccn.values()) {
    if (f.end > latest.end && (!asOf || !f.filed || f.filed <= asOf)) return null;
  }
  return `the latest annual report is a ${latest.form} (${latest.accn}, for the year to ${latest.end}) and no filing in the company facts covers a later period`;
}

/**
 * A 20-F or 40-F filer whose facts after its latest annual report are only 6-K half years, in
 * words for a quarterly or TTM history: a half year is no quarter, and no twelve months are
 * summed from one, so the TTM stays that fiscal year. Null otherwise.
 */
export function halfYearsOnly(
  filings: FilingIndex,
  asOf: string | null,
  period: HistoryOptions["period"],
): string | null {
  if (period === "annual") return null;
  const latest = latestForeignAnnual(filings, asOf);
  if (!latest) return null;
  let half: { accn: string; end: string } | null = null;
  for (const [accn, f] of filings.byAccn) {
    if (f.end <= latest.end || (asOf && f.filed && f.filed > asOf)) continue;
    if (!/^6-K/i.test(f.form) || !/^(Q2|H1)$/.test(f.fp ?? "")) return null;
    if (!half || f.end > half.end) half = { accn, end: f.end };
  }
  if (!half) return null;
  return `the latest annual report is a ${latest.form} (${latest.accn}, for the year to ${latest.end}) and the company facts after it hold only half years from 6-K (the latest to ${half.end}, ${half.accn}): ${
    period === "ttm"
      ? `the trailing twelve months are that fiscal year, not the twelve months to ${half.end} (a half year is not added to a year nor split into quarters here)`
      : "they are no quarters and are not shown as quarters here (read them with filings.facts period=all: fiscal_period H1)"
  }`;
}

/**
 * What the columns' calendar owes the reader, relabelling in place: two columns of one label but
 * different dates (a company that moved its year end: its old FY2021 and the calendar 2021 a
 * later report recast) are named by their dates, fiscal label emptied; columns whose periods
 * overlap (two calendars' periods, never to be added up or compared as consecutive) are said;
 * transition periods (a 10-KT's months between two year ends) no column shows are said; 53-week
 * years and 14-week quarters are said, since their flows hold a week more than the 52-week
 * years and 13-week quarters beside them (growth from or to them is not like for like).
 */
export function calendarWarnings(
  columns: Column[],
  periods: Map<string, FactPeriod[]>,
  period: HistoryOptions["period"],
): string[] {
  const out: string[] = [];
  const dates = (c: { start: string | null; end: string }) =>
    c.start ? `${c.start}..${c.end}` : c.end;
  const byLabel = new Map<string, Column[]>();
  for (const c of columns) {
    if (c.fiscal_year !== null) byLabel.set(c.label, [...byLabel.get(c.label) ?? [], c]);
  }
  const clashes = [...byLabel].filter(([, cs]) => cs.length > 1);
  if (clashes.length) {
    out.push(
      `${
        clashes.map(([label, cs]) => `${cs.map(dates).join(" and ")} were each labelled ${label}`)
          .join("; ")
      } (the company's fiscal calendar changed, or SEC's fy/fp of its filings disagree with their dates): those columns are named by their dates, their fiscal_year and fiscal_period left empty`,
    );
    for (const [, cs] of clashes) {
      for (const c of cs) {
        c.label = dates(c);
        c.fiscal_year = null;
        c.fiscal_period = null;
      }
    }
  }
  const overlaps: string[] = [];
  for (let i = 1; i < columns.length; i++) {
    const [a, b] = [columns[i - 1], columns[i]];
    if (a.start && b.start && daysBetween(b.start, a.end) >= SAME_PERIOD_DAYS) {
      const name = (c: Column) => c.label === dates(c) ? c.label : `${c.label} (${dates(c)})`;
      overlaps.push(`${name(a)} and ${name(b)}`);
    }
  }
  if (overlaps.length) {
    out.push(
      `${overlaps.length} pair(s) of columns overlap (${overlaps.slice(0, 3).join("; ")}${
        overlaps.length > 3 ? "; ..." : ""
      }): periods of two fiscal calendars (a company that moved its year end, and a later report's recast comparatives) are shown side by side; they are not consecutive periods, so do not add them up or read growth between them`,
    );
  }
  if (columns.length) {
    const first = columns[0].start ?? columns[0].end;
    const shown = new Set(columns.map((c) => dates(c)));
    const seen = new Map<string, FactPeriod>();
    for (const ps of periods.values()) {
      for (const p of ps) {
        if (p.fiscal_period !== "transition" || !p.start || shown.has(dates(p))) continue;
        if (p.end < first) continue;
        seen.set(`${p.start}..${p.end}`, p);
      }
    }
    if (seen.size) {
      out.push(
        `transition period(s) ${
          [...seen.values()].map((p) =>
            `${p.start}..${p.end} (${
              Math.round((p.duration_days ?? 0) / 30.44)
            } months, first reported in ${p.first.form} ${p.first.accession_no})`
          ).join(", ")
        }: the company moved its fiscal year end, and the months between the old and the new year end are no fiscal year${
          period === "annual" ? "" : " nor quarter"
        }, so no column shows them as a whole and no fiscal year here includes them${
          period === "annual" ? "" : " (a quarter within them is named by its dates)"
        } (read them with filings.facts period=all)`,
      );
    }
  }
  // a transition report whose period is about a year long (a year end moved by days or weeks,
  // onto a 52/53-week calendar): shown as the year it nearly is, but said
  const kt = new Map<string, FactPeriod>();
  const shownDates = new Set(columns.map((c) => dates(c)));
  for (const ps of periods.values()) {
    for (const p of ps) {
      if (p.kind === "annual" && /^10-KT/i.test(p.first.form) && shownDates.has(dates(p))) {
        kt.set(dates(p), p);
      }
    }
  }
  if (kt.size) {
    out.push(
      `${
        [...kt.values()].map((p) =>
          `${dates(p)} (${p.duration_days} days, ${p.first.form} ${p.first.accession_no})`
        ).join(", ")
      }: first reported on a transition report (10-KT), the company moving its fiscal year end; shown as the fiscal year it nearly is, but it is not a regular fiscal year and does not compare like for like with the years beside it`,
    );
  }
  const days = (c: Column) => c.start ? daysBetween(c.start, c.end) + 1 : 0;
  const longYears = columns.filter((c) => c.fiscal_period === "FY" && days(c) >= 369);
  const longQuarters = columns.filter((c) =>
    /^Q[1-4]$/.test(c.fiscal_period ?? "") && days(c) >= 95 && days(c) <= 100
  );
  for (
    const [list, what, normal] of [
      [longYears, "fiscal year(s)", "52-week years"],
      [longQuarters, "quarter(s)", "13-week quarters"],
    ] as const
  ) {
    if (!list.length) continue;
    out.push(
      `${list.length} ${what} (${
        list.map((c) => `${c.label}, ${dates(c)}: ${Math.round(days(c) / 7)} weeks`).join("; ")
      }) are longer than the ${normal} of the company's 52/53-week calendar: their flows hold an extra week or more (a week is about ${
        what === "quarter(s)" ? "8%" : "2%"
      } more), so growth from a ${
        normal.slice(0, -1)
      } to them is overstated and from them to the next understated`,
    );
  }
  return out;
}
