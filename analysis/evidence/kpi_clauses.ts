/**
 * Which clause and which noun a figure belongs to: "the growth in revenue, partially offset by a
 * $4.5 billion charge" gives the charge's amount, not revenue's; "Compute & Networking segment
 * operating income ... revenue" is the segment's revenue, not the company's. Pure.
 */

import { firstFrom, type Found } from "./kpi_attach.ts";

/**
 * Nouns an amount stands before when it is the amount of something else: "a $4.5 billion
 * charge", "a $4.0 billion reduction in H20 sales", "a $180 million release", "$2 billion
 * buyback"; one modifier may stand between ("a $1.2 billion non-cash charge").
 */
const OTHER_NOUN =
  /^\s*(?:(?:[a-z]+-[a-z-]+|one[- ]time|pre-?tax|after-?tax|non-?cash|net|total|additional|incremental|sequential|annual|quarterly|cumulative|related)\s+)?(?:charges?|reductions?|increases?|decreases?|declines?|drops?|impairments?|write-?(?:downs?|offs?)|releases?|benefits?|provisions?|reserves?|gains?|losses|payments?|purchases?|investments?|expenses?|costs?|fees?|settlements?|fines?|penalt(?:y|ies)|headwinds?|tailwinds?|impacts?|effects?|contributions?|acquisitions?|deals?|orders?|commitments?|obligations?|backlog|buybacks?|repurchases?|dividends?|loans?|debt|notes|facilit(?:y|ies)|credits?|tax(?:es)?|refunds?|adjustments?|accruals?|liabilit(?:y|ies)|assets?|inventor(?:y|ies)|deposits?|prepayments?|bonus(?:es)?|programs?|authorizations?|valuations?|market|opportunit(?:y|ies)|TAM|shortfall|differences?|changes?|swings?|uplift|boost|hit|savings|spend(?:ing)?|capex|outflows?|inflows?)\b/i;

/** "in production costs", "of cash taxes": the noun an amount is counted in, two words on. */
const IN_OTHER_NOUN =
  /^\s*(?:in|of)\s+(?:(?!revenues?\b|sales\b)[\w-]+\s+){0,2}(?:costs|expenses|charges|taxes|impairments|losses|gains|savings|buybacks|repurchases|dividends|payments|investments|capital expenditures|capex|debt|borrowings|cash taxes)\b/i;

/** Whether the amount at `end` (its raw text's end) is an amount of another noun. */
export function ofAnotherNoun(sentence: string, end: number): boolean {
  const after = sentence.slice(end, end + 60);
  return OTHER_NOUN.test(after) || IN_OTHER_NOUN.test(after);
}

/**
 * "$1.78 billion, $1.86 billion and $1.75 billion of leasing revenue, respectively": a figure of
 * a list stated "respectively" that is not the list's first is another period's or item's.
 */
export function laterInList(
  sentence: string,
  v: { offset: number; raw: string; kind: string },
  all: { offset: number; raw: string; kind: string }[],
): boolean {
  const i = firstFrom(all as Found[], v.offset);
  if (i <= 0 || !/\brespectively\b/i.test(sentence.slice(v.offset))) return false;
  const prev = all[i - 1];
  return prev.kind === v.kind &&
    /^\s*(?:,\s*(?:and\s+)?|and\s+|&\s+)$/i.test(
      sentence.slice(prev.offset + prev.raw.length, v.offset),
    );
}

/**
 * A figure after "includes", "of which", "consisting of": a part of the metric's amount
 * ("Revenue recognized includes $3.7 billion related to customer advances").
 */
export function partOf(sentence: string, termEnd: number, at: number): boolean {
  return at > termEnd &&
    /\b(?:includ(?:es|ed|ing)|of which|comprising|consisting of|contain(?:s|ed|ing))\s+(?:(?:approximately|about|roughly|nearly|over)\s+)?$/i
      .test(sentence.slice(termEnd, at));
}

/**
 * Words opening a clause of causes or offsets: what follows is why the metric moved, and its
 * figures are the causes' ("driven by a $4.0 billion reduction", "partially offset by a $4.5
 * billion charge", "resulting in a $180 million release").
 */
const CAUSE =
  /(?:,|\band\b|^|\b(?:was|were|is|are)\b)\s*(?:(?:primarily|partially|partly|mainly|largely|mostly|principally|in part)\s+)?(?:driven\s+by|offset\s+by|due\s+to|resulting\s+in|reflecting|as\s+a\s+result\s+of|attributable\s+to|caused\s+by|led\s+by|fueled\s+by|owing\s+to|because\s+of)\b/i;

/**
 * Whether a clause of causes opens between a metric's name (ending at `from`) and a figure after
 * it (at `to`): the figure is the cause's, not the metric's.
 */
export function causeBetween(sentence: string, from: number, to: number): boolean {
  return to > from && CAUSE.test(sentence.slice(from, to).replace(/^\s+/, " "));
}

/**
 * A segment the sentence is about: "Compute & Networking segment operating income", "our
 * Graphics segment", "segment revenue" (no name: "segment"); null when the sentence names none
 * or speaks of segments in general ("all segments", "by segment", "reportable segments").
 */
const NAMED_SEGMENT =
  /((?:\b[A-Z][\w.'’-]*\s+(?:(?:&|and)\s+)?){1,4})segment\b(?!s)|\bsegment\s+(?=(?:revenues?|net\s+sales|sales|operating\s+(?:income|loss|margin)|gross\s+(?:margin|profit)|profit|earnings|EBITDA)\b)/g;

export function segmentOf(sentence: string, termAt: number, clauseFrom = 0): string | null {
  const names = new Set<string>();
  for (const m of sentence.matchAll(NAMED_SEGMENT)) {
    // the segment named before the metric, in its clause
    if (m.index! < clauseFrom || m.index! >= termAt) continue;
    const name = (m[1] ?? "").trim().replace(/^(?:The|Our|Its|Each|This|That|In|For)\s+/, "");
    names.add(name && !/^(?:The|Our|Its|Each|This|That|In|For|Every|One)$/.test(name) ? name : "");
  }
  if (!names.size) return null;
  const named = [...names].filter(Boolean);
  return named.length === 1 ? `${named[0]} segment` : "segment";
}

/** How many significant digits a figure's words give ("$46.7 billion": 3; "$ 46,743": 5). */
function digitsOf(raw: string): number {
  const d = /\d[\d,]*(?:\.\d+)?/.exec(raw)?.[0].replace(/,/g, "") ?? "";
  const [int, frac = ""] = d.split(".");
  return int.replace(/^0+/, "").length + frac.length;
}

/**
 * Whether two figures are the same one stated with different rounding: "$46.7 billion" and
 * "$ 46,743" (in millions) are one revenue, not a total and a segment's.
 */
export function sameRounded(
  a: { number: number; raw: string },
  b: { number: number; raw: string },
): boolean {
  if (a.number === b.number) return true;
  if (Math.sign(a.number) !== Math.sign(b.number) || a.number === 0) return false;
  // the coarser figure's last digit: half a unit of it either way
  const coarse = digitsOf(a.raw) <= digitsOf(b.raw) ? a : b;
  const fine = coarse === a ? b : a;
  const n = Math.max(1, digitsOf(coarse.raw));
  const mag = Math.floor(Math.log10(Math.abs(coarse.number)));
  const unit = 10 ** (mag - n + 1);
  return Math.abs(fine.number - coarse.number) <= unit / 2 + 1e-9 * Math.abs(coarse.number);
}

/**
 * "... and $7 million, $164 million and $427 million, respectively, of leasing cost of revenue":
 * a list whose owner is named after "respectively, of" belongs to that owner, not to a metric
 * named before the list.
 */
// each item after a separator (", " or "and"): a comma inside a figure ("1,234") is no separator,
// so a run of digits is read one way only
const OWNER_AFTER_LIST =
  /^(?:\s*(?:,\s+(?:and\s+)?|and\s+)(?:[$€£¥₹]\s?)?\(?\d[\d.,]*\)?(?:\s?(?:million|billion|thousand|%))?)*\s*,?\s*respectively,?\s+(?:of|in|for|from)\s/i;

/** Whether the figure's list is followed by "respectively, of <owner>" (see OWNER_AFTER_LIST). */
export function ownerAfterList(sentence: string, end: number): boolean {
  return OWNER_AFTER_LIST.test(sentence.slice(end, end + 200));
}

/**
 * "total net sales, which decreased 1% or $1.2 billion": an amount after a change's percent and
 * "or" is the change in dollars, not the level.
 */
const CHANGE_OR =
  /\b(?:increas\w*|decreas\w*|declin\w*|rose|fell|grew|growth|up|down|higher|lower|dropp?\w*)\s+(?:by\s+)?(?:(?:approximately|about|roughly|nearly|over|almost)\s+)?[-−]?\d[\d.]*\s?(?:%|percent)\s*,?\s*or\s+(?:(?:approximately|about|roughly|nearly|over|almost)\s+)?$/i;

/** Whether the amount at `at` is a change stated after its percent ("up 5%, or $20 million"). */
export function changeInDollars(sentence: string, at: number): boolean {
  return CHANGE_OR.test(sentence.slice(Math.max(0, at - 80), at));
}

/**
 * "adjusted diluted earnings per share", "non-GAAP basic EPS": the measure is not the GAAP one,
 * though "diluted" stands between (a qualifier read word by word stops at it); the word, or null.
 */
const NON_GAAP_BEFORE =
  /\b(non-GAAP|adjusted|pro[- ]forma|underlying|normali[sz]ed|core|cash)\s+(?:(?:diluted|basic|net)\s+)+$/i;

export function nonGaapBefore(sentence: string, termAt: number): string | null {
  return NON_GAAP_BEFORE.exec(sentence.slice(Math.max(0, termAt - 40), termAt))?.[1] ?? null;
}

/**
 * "Operating margin, excluding special items, was 30%", "gross margin on a non-GAAP basis was
 * 46%", "EPS of $1.25 on an adjusted basis": words between the metric's name and its figure, or
 * just after the figure (up to the next one), saying the measure is not the GAAP one.
 */
const NON_GAAP_AROUND =
  /\bon\s+an?\s+(non-GAAP|adjusted|pro[- ]forma|underlying|normali[sz]ed|core|comparable)\s+basis\b|\b(?:excluding|before|ex-)\s*(?:the\s+)?(?:impact\s+of\s+|effect\s+of\s+)?(?:special|one-time|certain|non-recurring|nonrecurring|unusual|significant|notable|discrete)\s+(?:items|charges|costs|gains)\b|\b(?:excluding|ex-)\s*items\b/i;

export function nonGaapAround(
  sentence: string,
  termEnd: number,
  v: { offset: number; raw: string },
  all: { offset: number; raw: string }[],
): string | null {
  const end = v.offset + v.raw.length;
  const next = all.find((x) => x.offset >= end)?.offset ?? sentence.length;
  const spans = [sentence.slice(end, Math.min(next, end + 60))];
  if (v.offset > termEnd) spans.push(sentence.slice(termEnd, v.offset));
  for (const text of spans) {
    const m = NON_GAAP_AROUND.exec(text);
    if (m) return m[1] ? m[1] : "non-GAAP";
  }
  return null;
}

/**
 * "2022 revenue of $5.3 billion", "2021 full-year revenue": a year just before the metric's name
 * is the figure's fiscal year ("FY 2022"), or null.
 */
export function yearBefore(sentence: string, termAt: number): string | null {
  // "2021 adjusted earnings per share": the measure's adjectives may stand between
  const m =
    /(?:^|[^\w$€£.,-])((?:19|20)\d{2})\s+(?:full[- ]year\s+|fiscal[- ]year\s+)?(?:(?:adjusted|non-GAAP|GAAP|diluted|reported|total|organic|core)\s+){0,2}$/i
      .exec(sentence.slice(Math.max(0, termAt - 40), termAt));
  return m ? `FY ${m[1]}` : null;
}
