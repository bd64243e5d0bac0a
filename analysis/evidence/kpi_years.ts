/**
 * The period of a figure named by year: a list stated "respectively" by year, a bare year after
 * the metric, the period words nearest the figure.
 */
import { yearBefore } from "./kpi_clauses.ts";
import { YEAR } from "./kpi_outlook.ts";
import { periodAt, respectiveYear } from "./kpi_periods.ts";
import type { FoundValue } from "./kpi_values.ts";

/** Note on a figure of a list by year whose part of the year its sentence does not name. */
export const LISTED_YEAR_NOTE = 'of a list stated "respectively" by year';

/** What joins the figures of a list: ", ", ", and ", " and ". */
const LIST_JOIN = /^\s*(?:,\s*(?:and\s+)?|and\s+|&\s+)$/i;

/**
 * "Net sales were $274.5 billion, $365.8 billion and $394.3 billion in 2020, 2021 and 2022,
 * respectively": a figure of a list stated "respectively" with a list of as many years is of the
 * year in its place, not of the document's period (the first figure of such a list was given the
 * 10-K's year). The period's year is that year; a period without a year is that fiscal year,
 * unless the sentence speaks of part of a year (then said in `notes`).
 */
export function yearInList(
  sentence: string,
  pick: FoundValue,
  found: FoundValue[],
  period: string | null,
  notes: string[],
): string | null {
  let i = found.indexOf(pick);
  if (i < 0) return period;
  const joined = (a: FoundValue, b: FoundValue) =>
    a.kind === b.kind && LIST_JOIN.test(sentence.slice(a.offset + a.raw.length, b.offset));
  let first = i;
  while (first > 0 && joined(found[first - 1], found[first])) first--;
  let last = i;
  while (last + 1 < found.length && joined(found[last], found[last + 1])) last++;
  // "$850 to $950 million": a range is one figure
  if (
    pick.kind === "money" && last === first + 1 && /to|-|–/.test(
      sentence.slice(found[first].offset + found[first].raw.length, found[last].offset),
    )
  ) return period;
  i -= first;
  const year = respectiveYear(sentence, i, last - first + 1, found[first].offset);
  if (!year) return period;
  if (period && YEAR.test(period)) return period.replace(YEAR, year);
  if (
    /\b(?:quarters?|months|half|weeks|year[- ]to[- ]date|ytd)\b/i.test(sentence)
  ) {
    notes.push(`the ${year} figure ${LISTED_YEAR_NOTE}; its part of the year is not named here`);
    return period;
  }
  return `FY ${year}`;
}

/**
 * "Revenue was $4.8 billion in 2022", "In 2022, revenue was $4.8 billion": a year named bare
 * just after the figure, or opening a sentence that names no other year, is the figure's fiscal
 * year (else a 10-K for 2023 gave the 2022 figure its own year); null otherwise.
 */
export function bareYear(sentence: string, pick: FoundValue, termEnd: number): string | null {
  const end = pick.offset + pick.raw.length;
  // "$4.8 billion in 2022", "12% year over year in 2022"; "Operating margin for 2023 was 21%"
  const YEAR_AFTER =
    /^\s+(?:(?:year[- ]over[- ]year|year[- ]on[- ]year|y\/y|yoy)\s+)?(?:in|for|during)\s+(?:calendar\s+(?:year\s+)?)?((?:19|20)\d{2})\b(?!\s*(?:,|and|through|to|-)\s*(?:19|20)\d{2})/i;
  const after = YEAR_AFTER.exec(sentence.slice(end, end + 60)) ??
    (termEnd <= pick.offset && !/[,;]/.test(sentence.slice(termEnd, pick.offset))
      ? YEAR_AFTER.exec(sentence.slice(termEnd, pick.offset))
      : null);
  if (after) return `FY ${after[1]}`;
  const lead = /^(?:in|for|during)\s+((?:19|20)\d{2}),/i.exec(sentence);
  if (lead && (sentence.match(/\b(?:19|20)\d{2}\b/g) ?? []).length === 1) return `FY ${lead[1]}`;
  return null;
}

/**
 * The figure's period (see `periodAt`); when that names no year, a year standing just before the
 * metric's name ("2022 revenue of $5.3 billion" in a 2021 call is fiscal 2022, not the call's
 * quarter).
 */
export function periodNamed(sentence: string, termAt: number, offset: number): string | null {
  const period = periodAt(sentence, offset);
  if (period !== null && period !== "FY") return period;
  return yearBefore(sentence, termAt) ?? period;
}
