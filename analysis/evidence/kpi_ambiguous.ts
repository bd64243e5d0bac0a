/**
 * Several different figures of one metric and period in one document: which is the company's.
 */
import { sameRounded } from "./kpi_clauses.ts";
import { ANALYST_NOTE, type KpiHit, QUOTED_NOTE, UNKNOWN_ROLE_NOTE } from "./kpi_metrics.ts";

/** Metrics whose segments' figures are parts of the company's total. */
const TOTALS = new Set(["revenue", "arr", "net_new_arr", "rpo", "free_cash_flow"]);

/**
 * Marks rows of one document that state different figures for the same metric and period (none
 * of them qualified, none an outlook): a call gives each segment's "revenue" after the total, in
 * paragraphs whose segment is named sentences before. For amounts the largest is taken as the
 * company's and the others are marked low confidence; for rates every one is marked.
 */
export function markAmbiguous<T extends KpiHit>(rows: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    if (
      r.qualifier || r.forward_looking || r.note?.startsWith(QUOTED_NOTE) ||
      r.note?.startsWith(ANALYST_NOTE)
    ) continue;
    // "twelve months ended June 30, 2023" in an annual release is its fiscal year
    const period = (r.period ?? "").replace(/^12M ((?:19|20)\d{2})$/, "FY $1");
    const key = `${r.metric}|${period}|${r.comparison ?? ""}|${r.value.unit}`;
    groups.set(key, [...groups.get(key) ?? [], r]);
  }
  for (const group of groups.values()) {
    // "$46.7 billion" and "$ 46,743" (in millions) are one figure rounded two ways
    const reps: T[] = [];
    for (const r of group) if (!reps.some((x) => sameRounded(x.value, r.value))) reps.push(r);
    const distinct = reps.map((r) => r.value.number);
    if (distinct.length < 2) continue;
    const what = `${distinct.length} different ${group[0].label.toLowerCase()} figures${
      group[0].period ? ` for ${group[0].period}` : ""
    } in this document`;
    // a company's revenue (or ARR, RPO, free cash flow) is the sum its segments' are part of;
    // two EPS figures are GAAP and adjusted, neither a segment's
    if (/^[A-Z]{3}$/.test(group[0].value.unit) && TOTALS.has(group[0].metric)) {
      // a speaker of unknown role may be an analyst ("with revenue at $5 billion by 2027, ..."):
      // their figure is never taken as the company's over one the company's side said
      const known = reps.filter((r) => !r.note?.startsWith(UNKNOWN_ROLE_NOTE));
      const ranked = known.length ? known : reps;
      const top = Math.max(...ranked.map((r) => r.value.number));
      const topRow = ranked.find((x) => x.value.number === top)!;
      for (const r of group) {
        if (sameRounded(r.value, topRow.value)) {
          r.note = noted(
            r.note,
            reps.some((x) => x.value.number > top)
              ? `the largest of ${what} but those said by a speaker of unknown role, taken as the company's; the others are likely segments'`
              : `the largest of ${what}, taken as the company's; the others are likely segments'`,
          );
        } else {
          r.note = noted(
            r.note,
            r.value.number > top
              ? `one of ${what}, larger than ${topRow.value.raw} but not taken as the company's`
              : `one of ${what}, smaller than ${topRow.value.raw}: likely a segment's (named in the sentences before), not the company's`,
          );
          r.confidence = "low";
        }
      }
    } else {
      for (const r of group) {
        r.note = noted(
          r.note,
          `one of ${what}: check which line of business or measure (GAAP, adjusted) each is`,
        );
        if (r.confidence === "high") r.confidence = "medium";
      }
    }
  }
  return rows;
}

/** A note added to what a row already says (a table row's source, a bound). */
export const noted = (was: string | null, add: string) => was ? `${add}; ${was}` : add;
