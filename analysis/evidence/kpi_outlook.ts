/**
 * Words of an outlook: whether a figure is stated for a period still to come (guidance, a
 * raised midpoint, what a plan would deliver) or is a result, and the year an outlook names.
 */
import { clauseAround, periodOf } from "./kpi_periods.ts";
import type { FoundValue } from "./kpi_values.ts";

/**
 * Words of an outlook: a number stated for a period still to come ("is expected to be", "we
 * expect", "guidance for", "next quarter"), not a result measured against one ("well above our
 * outlook of $20 billion"); a press release's third person ("The Company now expects"); a change
 * to the outlook ("raising our full year revenue guidance by $131 million", "raised our midpoint
 * earnings per share by $0.22 to $7.57"); what a plan would deliver ("growth of 8% would deliver
 * 11% growth in adjusted EPS"), never what "would have been" without an item.
 */
const FORWARD =
  /\b(?:(?:is|are|was|were) expected to|(?:expected|projected|forecast) to be|we (?:now )?(?:expect|anticipate|project|forecast|guide)|(?:outlook|guidance) (?:for|is|calls)|will be|next (?:quarter|year|fiscal)|coming (?:quarter|year))\b|\b(?:expects|anticipates)\b|\b(?:rais|increas|lower|reduc|narrow|tighten|reaffirm|reiterat|updat|introduc|initiat|issu|maintain)\w*\s+(?:(?!(?:above|below|beyond|than|ahead|versus|vs)\b)[\w-]+\s+){0,4}(?:guidance|outlook|forecast)\b|\b(?:is|are)\s+(?:now\s+|currently\s+|still\s+)?(?:expected|projected|forecast(?:ed)?|anticipated|estimated|targeted|guided)\s+(?:to|at|in|between|of|around)\b|\b(?:we|I)(?:'re|\s+are)?\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?:expect(?:ing)?|anticipat(?:e|ing)|project(?:ing)?|forecast(?:ing)?|guid(?:e|ing)|target(?:ing)?)\b|\bwe\s+(?:now\s+)?see\b|\b(?:company|management)\s+(?:now\s+|currently\s+)?(?:forecasts|projects|guides|targets|sees)\b|\b(?:guide|guidance|outlook|forecast)\s+(?:calls|assumes|implies|contemplates)\b|\b(?:guidance|outlook|forecast)\s*[:)]|\bwill\s+(?:range|come in|total|reach|approximate)\b|\bshould\s+(?:be|range|come in|total|reach)\b|\b(?:rais|increas|lower|reduc|narrow|tighten|mov)\w*\s+(?:[\w-]+\s+){0,3}mid-?points?\b|\bwould\s+(?:deliver|result in|mean|add|drive|generate|imply|represent|yield)\b/i;

/** Verbs of a result stated: what was, not what is expected. */
const RESULT_VERB =
  /\b(?:was|were|delivered|reported|generated|grew|increased|decreased|declined|rose|fell|totaled|totalled|came\s+in\s+at|reached|achieved|posted)\b/i;

/**
 * The clause of a figure (and of its metric's name) when it states a result in a sentence whose
 * words of an outlook are all in another clause: [from, to], else null.
 */
export function resultClause(
  sentence: string,
  offset: number,
  termAt: number,
): [number, number] | null {
  const [from, to] = clauseAround(sentence, offset);
  if ((from === 0 && to === sentence.length) || termAt < from || termAt >= to) return null;
  const clause = sentence.slice(from, to);
  return RESULT_VERB.test(clause) && !FORWARD.test(clause) ? [from, to] : null;
}

/** The last sentence read for words of an outlook (a sentence's figures are read one by one). */
let forwardCache: { sentence: string; forward: boolean } | null = null;

/** Every match of FORWARD in a sentence. */
const FORWARD_ALL = new RegExp(FORWARD.source, "gi");

/** A year in a period ("FY 2024", "Q3 2025"). */
export const YEAR = /\b((?:19|20)\d{2})\b/;

/** The last sentence read for the years its words of an outlook name (see outlookYears). */
let outlookCache: { sentence: string; years: { year: number; words: string }[] | null } | null =
  null;

/**
 * The years each of a sentence's words of an outlook name just after them ("provides outlook
 * for fiscal 2024", "we expect fiscal 2024 revenue"): the smallest with its words, or null when
 * any of them names no year (it then may govern any figure of the sentence).
 */
function outlookYears(sentence: string): { year: number; words: string } | null {
  if (outlookCache?.sentence !== sentence) {
    let years: { year: number; words: string }[] | null = [];
    for (const m of sentence.matchAll(FORWARD_ALL)) {
      // the year just after the words, else one before them in their clause ("fiscal 2024
      // adjusted EPS is expected to be")
      const after = sentence.slice(m.index!, m.index! + m[0].length + 50);
      const from = Math.max(clauseAround(sentence, m.index!)[0], m.index! - 60);
      const before = sentence.slice(from, m.index! + m[0].length);
      const stretch = YEAR.test(periodOf(after) ?? "") ? after : before;
      const year = YEAR.exec(periodOf(stretch) ?? "");
      if (!year) {
        years = null;
        break;
      }
      const words = stretch === after ? after.slice(0, after.indexOf(year[1]) + 4) : before;
      years.push({ year: Number(year[1]), words: words.trim() });
    }
    outlookCache = { sentence, years };
  }
  const years = outlookCache.years;
  return years?.length ? years.reduce((a, b) => (b.year < a.year ? b : a)) : null;
}

/** Whether a sentence speaks of an outlook (see FORWARD), read once per sentence. */
export function forwardSentence(sentence: string): boolean {
  if (forwardCache?.sentence !== sentence) {
    forwardCache = { sentence, forward: FORWARD.test(sentence) };
  }
  return forwardCache.forward;
}

/**
 * Words just before a figure saying it is a benchmark, not a result: "above our guidance of $2.1
 * billion", "beat the consensus of $2.1 billion", "our target of 30%".
 */
const BENCHMARK_BEFORE =
  /\b(?:consensus|estimates?|expectations?|guidance|outlook|forecast|guide|targets?|framework)\s+(?:range\s+)?(?:of|at|was|is|to)?\s*(?:approximately\s+|about\s+|roughly\s+)?(?:between\s+)?$/i;
/** A metric's name followed by words of an outlook: "revenue guidance", "EPS outlook". */
export const OUTLOOK_AFTER_TERM =
  /^\s+(?:growth\s+)?(?:guidance|outlook|forecast|guide|targets?|expectations?|framework)\b/i;

/** Whether the figure is a benchmark (see BENCHMARK_BEFORE), when not the metric's outlook. */
export const benchmarkOf = (sentence: string, v: FoundValue) => {
  const before = sentence.slice(Math.max(0, v.offset - 90), v.offset);
  // "at the high end of our guidance range of $4.8 billion to $5.0 billion": the high end is
  // the guidance's as much as the low end is
  const low = RANGE_LOW_END.exec(before);
  return BENCHMARK_BEFORE.test(before.slice(-50)) ||
    (low !== null && BENCHMARK_BEFORE.test(before.slice(0, low.index)));
};

/** A range's low end and its joining word just before its high end ("$4.8 billion to "). */
const RANGE_LOW_END =
  /(?:[$€£¥]\s?)?\d[\d,]*(?:\.\d+)?\s*(?:%|percent|billion|million|thousand|bn|mn|[bmk])?\s*(?:to|and|-|–|—)\s*$/i;

/**
 * Whether words of an outlook in the metric's clause, before its name, govern the figure stated
 * just after the name ("we guided revenue of $5.0 billion", "guidance called for revenue of"),
 * not a result compared with one ("Compared with our outlook, revenue was $5.2 billion").
 */
export function guidedFigure(
  sentence: string,
  termAt: number,
  termEnd: number,
  at: number,
): boolean {
  if (at < termEnd) return false;
  const [from] = clauseAround(sentence, termAt);
  // a headline's outlook on the line above ("... provides outlook for fiscal 2024") is not
  // the clause's
  const line = sentence.lastIndexOf("\n", termAt) + 1;
  const lead = sentence.slice(Math.max(from, termAt - 80, line), termAt);
  if (
    !/\b(?:guid(?:ed|ing|ance)|outlook|forecast(?:ed|ing)?|called\s+for|budget(?:ed)?)\b/i.test(
      lead,
    ) ||
    /\b(?:compared|versus|vs|relative|above|below|beat|exceed\w*|ahead|than)\b/i.test(lead)
  ) return false;
  return /^\s*(?:growth\s+)?(?:of|at|to\s+be|to|for|in\s+the\s+range\s+of|between)\s*(?:approximately\s+|about\s+|roughly\s+)?$/i
    .test(sentence.slice(termEnd, at));
}

/**
 * "Amcor reports fiscal 2023 results and provides outlook for fiscal 2024 ... net sales of
 * $14,694 million": words of an outlook that name a year govern that year's figures, not a figure
 * of an earlier year the sentence names for it (a result); says so in `notes`.
 */
export function earlierThanOutlook(
  sentence: string,
  period: string | null,
  notes: string[],
): boolean {
  const own = YEAR.exec(period ?? "");
  if (!own) return false;
  const outlook = outlookYears(sentence);
  if (!outlook || Number(own[1]) >= outlook.year) return false;
  notes.push(
    `the sentence's outlook ("${outlook.words}") is of a later year than this figure's ${period}: taken as a result`,
  );
  return true;
}
