/**
 * KPI mentions in prose: a metric named as a whole word, with the number, unit and period next
 * to it, cited by character offsets. Pure: text in, rows out.
 */
import { checkpoint } from "../../core/cancel.ts";
import { wholeWordIndexOf } from "../fuzzy.ts";
import {
  boundOf,
  countOfCustomers,
  firstFrom,
  isEffectOn,
  isPriorPeriod,
  leavesGuidance,
  opensGuidance,
  quotedCompany,
  type RespectiveList,
  respectiveLists,
  respectivelyPair,
} from "./kpi_attach.ts";
import { cellValue, type ScaleNote, scaleNotes, splitTables, type TableRow } from "./kpi_table.ts";
import { basesOf, clauseAround, periodAt, periodOf, respectiveYear } from "./kpi_periods.ts";
import {
  DOLLAR_CODES,
  type FoundValue,
  hasScaleWord,
  type ValueKind,
  values,
} from "./kpi_values.ts";

export { CENTS, type FoundValue, hasScaleWord, type ValueKind, values } from "./kpi_values.ts";

export { periodAt, periodOf };
import {
  causeBetween,
  changeInDollars,
  laterInList,
  nonGaapAround,
  nonGaapBefore,
  ofAnotherNoun,
  ownerAfterList,
  partOf,
  sameRounded,
  segmentOf,
  yearBefore,
} from "./kpi_clauses.ts";

/** A scale note ("Dollars in millions") before a sentence, `at` relative to the sentence. */
type Caption = ScaleNote;

/** The scale notes of a stretch of prose, in order. */
const captionsIn = (text: string): Caption[] => scaleNotes(text);

export interface MetricDef {
  key: string;
  label: string;
  terms: string[];
  kind: ValueKind;
  /** Words that must also appear (growth metrics need a growth verb, not just "revenue"). */
  requires?: RegExp;
  /** Sentences mentioning these belong to another metric. */
  excludes?: string[];
  /** Words just before or after a term that make it another thing ("deferred revenue"). */
  notBefore?: RegExp;
  notAfter?: RegExp;
  /** An amount per share: never a scaled amount ("$57,552 million" is not EPS). */
  perShare?: boolean;
  /** The customer count: the number must be the one attached to the customer noun. */
  customerCount?: boolean;
  /**
   * The amount may be below zero, and words may say so ("negative $120 million", "a loss of
   * $0.12", "net loss per share was $0.12"): the figure is then negative.
   */
  signed?: boolean;
}

/**
 * Revenue not earned in the period: deferred or unearned revenue, a backlog, obligations still
 * to be performed, a run rate.
 */
const NOT_REVENUE_BEFORE =
  /\b(?:deferred|unearned|unbilled|backlog(?: of)?|contracted|future|tax)\s+$|\bcosts?\s+of\s+(?:[\w-]+\s+){0,5}$|\b(?:percentage|percent|share|portion|fraction)\s+of\s+(?:total\s+|net\s+)?$|\d\)?\s?%\s+of\s+(?:total\s+|net\s+|our\s+|worldwide\s+|global\s+)?$/i;
/** A sentence about revenue still to be recognized from a balance or backlog. */
const TO_BE_RECOGNIZED =
  /\b(?:deferred revenue|unearned revenue|remaining performance obligations?|contract liabilit|backlog)\w*\b[\s\S]*\brecogni[sz]|\brecogni[sz]\w*\b[\s\S]*\b(?:deferred revenue|unearned revenue|remaining performance obligations?|contract liabilit|backlog)/i;
/** The last sentence read for TO_BE_RECOGNIZED (each mention meets each figure of a sentence). */
let recognizedCache: { sentence: string; said: boolean } | null = null;
/** Whether a sentence speaks of revenue still to be recognized, read once per sentence. */
function toBeRecognized(sentence: string): boolean {
  if (recognizedCache?.sentence !== sentence) {
    recognizedCache = { sentence, said: TO_BE_RECOGNIZED.test(sentence) };
  }
  return recognizedCache.said;
}
const NOT_REVENUE_AFTER =
  /^\s+(?:backlog|run[- ]rate|obligations?|under contract|(?:expected )?to be recognized|not yet recognized|visibility|Service|Code|Agency|Procedure|Ruling|(?:&|and) Customs|bonds?|volumes?|units?|mix|force|teams?|representatives|reps|cycles?|pipeline|(?:and|&) marketing|prices?|channels?|synerg(?:y|ies)|per)\b/i;

/**
 * A growth verb: "grew", "increased", "declined", or "up"/"down" before a number ("up 22%", "down
 * by $3 million"), so "follow up on the 40% of revenues" is not growth.
 */
const GROWTH =
  /\b(?:grew|grow|growth|increased?|rose|declined?|decreased?|fell)\b|\b(?:up|down)(?=\s+(?:by\s+|about\s+|approximately\s+|nearly\s+|over\s+|more than\s+|roughly\s+)?[$]?\d)/i;

/**
 * Words of an outlook: a number stated for a period still to come ("is expected to be", "we
 * expect", "guidance for", "next quarter"), not a result measured against one ("well above our
 * outlook of $20 billion"); a press release's third person ("The Company now expects"); a change
 * to the outlook ("raising our full year revenue guidance by $131 million").
 */
const FORWARD =
  /\b(?:(?:is|are|was|were) expected to|(?:expected|projected|forecast) to be|we (?:now )?(?:expect|anticipate|project|forecast|guide)|(?:outlook|guidance) (?:for|is|calls)|will be|next (?:quarter|year|fiscal)|coming (?:quarter|year))\b|\b(?:expects|anticipates)\b|\b(?:rais|increas|lower|reduc|narrow|tighten|reaffirm|reiterat|updat|introduc|initiat|issu|maintain)\w*\s+(?:(?!(?:above|below|beyond|than|ahead|versus|vs)\b)[\w-]+\s+){0,4}(?:guidance|outlook|forecast)\b|\b(?:is|are)\s+(?:now\s+|currently\s+|still\s+)?(?:expected|projected|forecast(?:ed)?|anticipated|estimated|targeted|guided)\s+(?:to|at|in|between|of|around)\b|\b(?:we|I)(?:'re|\s+are)?\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?:expect(?:ing)?|anticipat(?:e|ing)|project(?:ing)?|forecast(?:ing)?|guid(?:e|ing)|target(?:ing)?)\b|\bwe\s+(?:now\s+)?see\b|\b(?:company|management)\s+(?:now\s+|currently\s+)?(?:forecasts|projects|guides|targets|sees)\b|\b(?:guide|guidance|outlook|forecast)\s+(?:calls|assumes|implies|contemplates)\b|\b(?:guidance|outlook|forecast)\s*[:)]|\bwill\s+(?:range|come in|total|reach|approximate)\b|\bshould\s+(?:be|range|come in|total|reach)\b/i;

/** Verbs of a result stated: what was, not what is expected. */
const RESULT_VERB =
  /\b(?:was|were|delivered|reported|generated|grew|increased|decreased|declined|rose|fell|totaled|totalled|came\s+in\s+at|reached|achieved|posted)\b/i;

/**
 * The clause of a figure (and of its metric's name) when it states a result in a sentence whose
 * words of an outlook are all in another clause: [from, to], else null.
 */
function resultClause(sentence: string, offset: number, termAt: number): [number, number] | null {
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
const YEAR = /\b((?:19|20)\d{2})\b/;

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
function forwardSentence(sentence: string): boolean {
  if (forwardCache?.sentence !== sentence) {
    forwardCache = { sentence, forward: FORWARD.test(sentence) };
  }
  return forwardCache.forward;
}

export const METRICS: MetricDef[] = [
  {
    key: "arr",
    label: "Annual Recurring Revenue",
    terms: ["annual recurring revenue", "ARR"],
    kind: "money",
    excludes: ["net new ARR"],
  },
  {
    key: "net_new_arr",
    label: "Net New ARR",
    terms: ["net new ARR"],
    kind: "money",
    signed: true,
  },
  {
    key: "large_customers",
    label: "Large Customers",
    terms: [
      "customers with more than",
      "customers with over",
      "large customers",
      "$100k+ ARR customers",
      "customers",
    ],
    kind: "count",
    requires: /\b(customers?)\b/i,
    customerCount: true,
  },
  {
    key: "nrr",
    label: "Net Retention Rate",
    terms: ["dollar-based net retention", "net revenue retention", "net retention", "NRR", "DBNRR"],
    kind: "percent",
  },
  {
    key: "revenue",
    label: "Revenue",
    terms: ["total revenue", "revenue", "revenues", "total net sales", "net sales"],
    kind: "money",
    // an annualized run rate is not revenue earned
    excludes: ["run rate", "run-rate"],
    notBefore: NOT_REVENUE_BEFORE,
    notAfter: NOT_REVENUE_AFTER,
  },
  {
    key: "revenue_growth",
    label: "Revenue Growth",
    terms: ["total revenue", "revenue", "revenues", "top-line", "sales"],
    kind: "percent",
    requires: GROWTH,
    excludes: ["run rate", "run-rate"],
    notBefore: NOT_REVENUE_BEFORE,
    notAfter: NOT_REVENUE_AFTER,
  },
  {
    key: "gross_margin",
    label: "Gross Margin",
    terms: ["gross margin", "gross margins"],
    kind: "percent",
  },
  {
    key: "operating_margin",
    label: "Operating Margin",
    terms: ["operating margin", "operating margins"],
    kind: "percent",
  },
  {
    key: "fcf_margin",
    label: "Free Cash Flow Margin",
    terms: ["free cash flow margin", "FCF margin"],
    kind: "percent",
  },
  {
    key: "free_cash_flow",
    label: "Free Cash Flow",
    terms: ["free cash flow"],
    kind: "money",
    excludes: ["free cash flow margin"],
    signed: true,
  },
  {
    key: "rpo",
    label: "Remaining Performance Obligations",
    terms: ["remaining performance obligations", "RPO"],
    kind: "money",
  },
  {
    key: "eps",
    label: "Earnings per Share",
    terms: [
      "earnings per share",
      "EPS",
      "diluted EPS",
      "per diluted share",
      "net loss per share",
      "loss per share",
    ],
    kind: "money",
    perShare: true,
    signed: true,
  },
];

export const DEFAULT_METRICS = METRICS.map((m) => m.key);

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

const ABBREV =
  /\b(?:[A-Z]|inc|corp|ltd|co|mr|mrs|ms|dr|vs|approx|no|rs|u\.s|e\.g|i\.e|etc|a\.m|p\.m|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mrd|mio|md)\.$/i;

/** Sentences with offsets into `text`; decimals and common abbreviations do not end a sentence. */
export function sentences(text: string, base = 0): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  // a bullet at a line's start opens an item of its own ("• Net sales of $14,694 million"): a
  // headline or lead-in without a full stop does not run into it, nor into the heading line
  // just above a list ("Fiscal 2023 Full Year Highlights"); a line ending in a colon ends a lead-in
  const re =
    /[.!?](?=\s+(?:[A-Z$"“(0-9]|$))|\n{2,}|\n(?=[ \t]*[•●▪◦‣■►][ \t])|\n(?=[^\n•●▪◦‣■►]{1,120}\n[ \t]*[•●▪◦‣■►][ \t])|:(?=[ \t]*\n)/g;
  for (const m of text.matchAll(re)) {
    const end = m.index! + (m[0].startsWith("\n") ? 0 : 1);
    if (!m[0].startsWith("\n") && ABBREV.test(text.slice(Math.max(start, end - 8), end))) continue;
    // a colon ends a lead-in that names a period ("June 2023 quarter:"), not a label whose
    // figures follow on the next line ("Net loss per share:" / "Basic ($8.30)")
    if (m[0] === ":" && !LEAD_IN.test(text.slice(text.lastIndexOf("\n", end - 1) + 1, end))) {
      continue;
    }
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return out;
  function push(s: number, e: number) {
    // a run with no sentence break longer than MAX_SENTENCE (a flattened table, a hostile
    // page) is read in pieces cut at a line break or space: the readings per sentence compare
    // each mention with each figure, so one endless "sentence" took time growing with its
    // square (30 KB of "revenue grew 1% " for seconds)
    while (e - s > MAX_SENTENCE) {
      const cut = pieceEnd(s);
      piece(s, cut);
      s = cut;
    }
    piece(s, e);
  }
  function pieceEnd(s: number): number {
    const limit = s + MAX_SENTENCE;
    const nl = text.lastIndexOf("\n", limit);
    if (nl > s + MAX_SENTENCE / 2) return nl + 1;
    const sp = text.lastIndexOf(" ", limit);
    return sp > s + MAX_SENTENCE / 2 ? sp + 1 : limit;
  }
  function piece(s: number, e: number) {
    const raw = text.slice(s, e);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t.length >= 15) {
      out.push({ text: t, start: base + s + lead, end: base + s + lead + t.length });
    }
  }
}

/** A line ending in a colon that leads in a period's figures or an outlook. */
const LEAD_IN =
  /\b(?:quarter|fiscal|full[- ]year|(?:19|20)\d{2}|FY\s?'?\d{2}|Q[1-4]|months|half|highlights|outlook|guidance|expects?)\b/i;

/** The longest stretch read as one sentence (see `sentences`). */
export const MAX_SENTENCE = 2_000;

/** Comparisons with a year before: "year over year", "from a year ago", "versus the prior year". */
const YOY =
  /\b(?:year[- ](?:over|on)[- ]year|y\/y|yoy|year[- ]ago|a year ago|(?:from|compared (?:to|with)|versus|vs\.?|over|against) (?:the )?(?:prior|previous|last) year|(?:from|compared (?:to|with)|versus|vs\.?|over|against) the same (?:quarter|period) (?:of |in )?(?:the )?(?:prior|previous|last) year)\b/gi;
/** Comparisons with the quarter before: "sequentially", "quarter over quarter", "from Q2". */
const QOQ =
  /\b(?:quarter[- ](?:over|on)[- ]quarter|q\/q|qoq|sequential(?:ly)?|(?:from|compared (?:to|with)|versus|vs\.?|over|against) (?:the )?(?:prior|previous|last) quarter)\b/gi;

/**
 * The comparison a value is stated against: the phrase after it up to the next number ("up 27%
 * sequentially and up 409% year-over-year" gives 27% qoq and 409% yoy), else the nearest one
 * before it back to the previous number ("Year over year, revenue grew 22%"); null when none.
 */
function comparisonOf(
  sentence: string,
  value: FoundValue,
  all: FoundValue[],
): "yoy" | "qoq" | null {
  const end = value.offset + value.raw.length;
  const next = all.find((v) => v.offset >= end)?.offset ?? sentence.length;
  const prev = all.filter((v) => v.offset + v.raw.length <= value.offset).at(-1);
  const after = sentence.slice(end, next);
  const before = sentence.slice(prev ? prev.offset + prev.raw.length : 0, value.offset);
  const first = (text: string, last: boolean) => {
    let best: { at: number; kind: "yoy" | "qoq" } | null = null;
    for (const [re, kind] of [[YOY, "yoy"], [QOQ, "qoq"]] as const) {
      for (const m of text.matchAll(re)) {
        if (!best || (last ? m.index! > best.at : m.index! < best.at)) {
          best = { at: m.index!, kind };
        }
      }
    }
    return best?.kind ?? null;
  };
  return first(after, false) ?? first(before, true);
}

/** Words just before an amount saying it is below zero ("negative", "a net loss of"). */
const LOSS_BEFORE_VALUE =
  /\b(negative|minus|(?:a\s+)?(?:net\s+)?loss(?:es)?\s+of|(?:an\s+)?outflow\s+of|(?:a\s+)?deficit\s+of)\s+(?:(?:approximately|about|roughly|nearly)\s+)?$/i;
/** Words just before a metric's name saying its figure is a loss ("net loss per diluted share"). */
const LOSS_BEFORE_TERM = /\b(negative|(?:net\s+)?loss)\s+$/i;

/**
 * The words saying a signed metric's amount is a loss or a shortfall, or null: just before the
 * amount, just before the metric's name or in it ("loss per share").
 */
function lossWords(
  sentence: string,
  term: { term: string; at: number },
  v: FoundValue,
): string | null {
  const lead = sentence.slice(Math.max(0, v.offset - 40), v.offset);
  const m = LOSS_BEFORE_VALUE.exec(lead);
  if (m) return m[1];
  if (/\bloss\b/i.test(term.term)) return term.term;
  const t = LOSS_BEFORE_TERM.exec(sentence.slice(Math.max(0, term.at - 20), term.at));
  return t ? `${t[1]} ${term.term}` : null;
}

/** Words that do not name whose revenue (or other metric) it is: articles, periods, verbs. */
const NOT_QUALIFIER = new Set(
  ("a an the our its their his her my your this that these those total net gross overall " +
    "consolidated reported record strong solid quarterly annual annualized full year fiscal " +
    "quarter first second third fourth q1 q2 q3 q4 of for in on to and or with by from as at " +
    "was were is are be been had has have we us i you they it which who while than also " +
    "growing grew increased higher lower expect expects see sees saw believe think drive drove " +
    "deliver delivers achieve achieves generate generates post posts remain remains continue " +
    "continues stay stays keep keeps improve improves maintain maintains reach reaches exceed " +
    "exceeds beat beats hit hits get gets got why how what when where if so but not only just " +
    "about around over under nearly approximately more less most some all any each every both " +
    "very much many now then again still even here there all-time new best highest ever " +
    "double-digit company company-wide forecast forecasts project projects target targets " +
    "guide guides assumes assume sees outlook guidance calls implies full-year fy actual " +
    "actually reported").split(" "),
);

/** Lines of business named by a word in -ing ("leasing revenue", "advertising revenue"). */
const ING_NOUN =
  /^(?:leasing|licensing|advertising|processing|banking|trading|marketing|consulting|clearing|financing|shipping|hosting|gaming|streaming|printing|publishing|engineering|manufacturing|lending|underwriting|ticketing|catering|packaging|outsourcing|mining|drilling|refining|charging|computing|networking|messaging|retailing|franchising|merchandising|servicing|training|building|testing|imaging|staffing|supercharging)$/;

/**
 * A product's or a line's name with digits in it ("H20", "GB200", "M365"): letters first, not a
 * period ("Q3", "FY25", "H1", "CY2024").
 */
const productCode = (w: string) =>
  /^[A-Za-z][A-Za-z\d-]*\d[A-Za-z\d-]*$/.test(w) &&
  !/^(?:Q[1-4]|H[12]|[FC]Y'?\d{2,4}|FQ[1-4]|Q[1-4]FY\d{2,4})$/i.test(w);

/**
 * Up to three words just before a metric's name that say whose it is ("data center revenue",
 * "GitHub revenue growth"), within its clause; null when there are none ("our revenue",
 * "In Q3, revenue").
 */
export function qualifierOf(sentence: string, at: number): string | null {
  // "FSD (Supervised) revenue": an aside just before the name is part of its name
  const clause = sentence.slice(0, at).replace(/\s*\([^()]{1,40}\)\s*$/, " ")
    .split(/[,;:()"“”—–]|\s-\s/).at(-1) ?? "";
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < 3; i--) {
    const w = words[i].replace(/['’]s$/i, "");
    // adverbs and past participles in lower case ("sequentially", "reported") name nobody
    const lower = w === w.toLowerCase();
    // a word ending a sentence ("the P&L. GAAP gross margins") is the sentence before's
    const ends = /\.$/.test(w) && !/\..*\./.test(w);
    if (
      (/\d/.test(w) && !productCode(w)) || NOT_QUALIFIER.has(w.toLowerCase()) ||
      !/^[\p{L}\d&.-]+$/u.test(w) ||
      (lower && /(?:ly|ed|ing)$/.test(w) && !ING_NOUN.test(w)) || ends
    ) break;
    kept.unshift(w);
  }
  return kept.length ? kept.join(" ") : null;
}

/**
 * A value stated as a range ("1% to 3%", "$1.50 to $1.60", "$24 billion, plus or minus 2%"): its
 * words, the low end as the number and the high end beside it; a single value as it is.
 */
function rangeOf(
  sentence: string,
  v: FoundValue,
  all: FoundValue[],
): KpiValue {
  const end = v.offset + v.raw.length;
  // "150 basis points to 45.2%" is a change and a level, not a range
  const next = all.find((x) => x.offset >= end && x.kind === v.kind);
  if (next) {
    const between = sentence.slice(end, next.offset);
    // "76.3% and 77%" is two figures; "between 43.5% and 44.5%" is a range
    const and = /^\s*and\s*$/i.test(between) &&
      /\bbetween\s+(?:approximately\s+|about\s+)?$/i.test(sentence.slice(0, v.offset));
    if (
      (/^\s*(?:to|-|–|—)\s*$/i.test(between) || and) && next.number > v.number &&
      next.unit === v.unit
    ) {
      return {
        raw: sentence.slice(v.offset, next.offset + next.raw.length),
        number: v.number,
        unit: v.unit,
        high: next.number,
      };
    }
  }
  // "$24 billion, plus or minus 2%": the band around the figure
  const band = /^,?\s*plus or minus\s*(\d+(?:\.\d+)?)\s*%/i.exec(sentence.slice(end));
  if (band && v.kind === "money") {
    const k = Number(band[1]) / 100;
    return {
      raw: sentence.slice(v.offset, end + band[0].length),
      number: v.number * (1 - k),
      unit: v.unit,
      high: v.number * (1 + k),
    };
  }
  return { raw: v.raw, number: v.number, unit: v.unit };
}

export interface KpiValue {
  raw: string;
  number: number;
  unit: string;
  high?: number;
  bound?: "at_least" | "at_most";
}

export interface KpiHit {
  metric: string;
  label: string;
  /**
   * Words before the metric's name saying whose it is ("data center" revenue, "GitHub" revenue
   * growth): a segment's or another company's figure, not the company's own total.
   */
  qualifier: string | null;
  /**
   * The figure; a range ("1% to 3%") gives its low end as number and its high end as high; a
   * bound ("a minimum of $600 million") says which side it bounds.
   */
  value: KpiValue;
  period: string | null;
  comparison: "yoy" | "qoq" | null;
  /** The sentence is an outlook (expected, guidance, will be): not a reported result. */
  forward_looking: boolean;
  /** Why the row may not be what its label says (several figures for one period). */
  note: string | null;
  sentence: string;
  start_char: number;
  end_char: number;
  /** Where the figure's words (`value.raw`) stand in the text read, as the sentence's offsets. */
  value_start_char?: number;
  value_end_char?: number;
  matched_term: string;
  confidence: "high" | "medium" | "low";
}

/** Every place a metric is named in a sentence, earliest first, overlaps and look-alikes out. */
function termsIn(sentence: string, metric: MetricDef): { term: string; at: number }[] {
  const found: { term: string; at: number }[] = [];
  for (const term of metric.terms) {
    for (let at = wholeWordIndexOf(sentence, term); at >= 0;) {
      const end = at + term.length;
      // "Cost of energy generation and storage revenue": the words before reach 60 characters
      const other = metric.notBefore?.test(sentence.slice(Math.max(0, at - 60), at)) ||
        metric.notAfter?.test(sentence.slice(end, end + 40));
      if (!other) found.push({ term, at });
      at = wholeWordIndexOf(sentence, term, at + 1);
    }
  }
  found.sort((a, b) => a.at - b.at || b.term.length - a.term.length);
  return found.filter((t, i) =>
    !found.slice(0, i).some((o) => t.at >= o.at && t.at < o.at + o.term.length)
  );
}

/** How far before a sentence a scale caption still states its amounts' scale, in characters. */
const CAPTION_REACH = 1_000;

/** Options of extractKpis. */
export interface ExtractOptions {
  /** The company's own names (ticker, name, speakers): another name quoting a figure is flagged. */
  own?: string[];
}

/** Note on a figure another company gave, quoted in this company's document. */
export const QUOTED_NOTE = "said of another company";

/** Note on a figure an analyst states in a call (a question's premise, not the company's word). */
export const ANALYST_NOTE = "said by an analyst";

/** Note on a figure said in a call by a speaker whose role the transcript does not tell. */
export const UNKNOWN_ROLE_NOTE = "said by a speaker whose role is unknown";

/** Extracts KPI mentions of `metrics` from a text whose offsets start at `base`. */
export function extractKpis(
  text: string,
  metrics: MetricDef[],
  base = 0,
  opts: ExtractOptions = {},
): KpiHit[] {
  const hits: KpiHit[] = [];
  const { prose, rows } = splitTables(text);
  for (const chunk of prose) {
    // sentences under a guidance lead-in ("we're pleased to provide our 2021 guidance.") are
    // outlook items until the list ends
    let underGuidance = false;
    // the period a heading or lead-in names for the bullets after it ("Fiscal 2023 Full Year
    // Highlights", "For fiscal 2024, the Company expects:")
    let leadPeriod: string | null = null;
    let afterColon = false;
    const captions = captionsIn(chunk.text);
    let c = 0;
    for (const s of sentences(chunk.text, base + chunk.offset)) {
      checkpoint();
      const bullet = BULLET.test(s.text);
      // "June 2023 quarter:" / "GAAP diluted EPS of 12.3 cps": a lead-in's period reaches the
      // line after it as it reaches a list
      const led = bullet || afterColon;
      afterColon = s.text.endsWith(":");
      if (!bullet) {
        const lead = leadInPeriod(s.text);
        if (!led || lead) leadPeriod = lead;
      }
      const found = values(s.text);
      // the last caption before the sentence ends, its offset made the sentence's own
      const at = s.end - base - chunk.offset;
      while (c < captions.length && captions[c].at < at) c++;
      const last = captions[c - 1];
      // a caption far above (another table's, a page's heading) does not state this sentence's
      // scale: its bare amount is then one without a scale
      const near = last && s.start - base - chunk.offset - last.at <= CAPTION_REACH;
      const caption = near ? { ...last, at: last.at - (s.start - base - chunk.offset) } : null;
      const figures = found.some((v) => v.kind !== "count");
      if (underGuidance && leavesGuidance(s.text, figures)) underGuidance = false;
      if (opensGuidance(s.text, figures)) {
        underGuidance = true;
        continue;
      }
      if (!found.length) continue;
      const quoted = opts.own ? quotedCompany(s.text, opts.own) : null;
      for (const metric of metrics) {
        for (const hit of sentenceHits(s, found, metric, caption)) {
          hit.forward_looking ||= underGuidance;
          if (led && hit.period === null && leadPeriod) {
            hit.period = leadPeriod;
            hit.note = noted(hit.note, `period from the heading above the list (${leadPeriod})`);
          }
          // "Net sales for the Amcor Group", "for the Group": the company's own figure
          if (hit.qualifier && companyWide(hit.qualifier, opts.own ?? [])) hit.qualifier = null;
          if (quoted) {
            hit.note = `${QUOTED_NOTE} (${quoted}): not the company's own figure`;
            hit.confidence = "low";
          }
          hits.push(hit);
        }
      }
    }
  }
  for (const row of rows) hits.push(...rowHits(row, metrics, base));
  yenOrYuan(text, hits);
  whichDollars(text, hits);
  return hits.sort((a, b) => a.start_char - b.start_char);
}

/** A bullet opening an item of a list (see `sentences`). */
const BULLET = /^[•●▪◦‣■►]\s/;

/**
 * The period the last line of a sentence names when that line is a heading or a lead-in to a
 * list (no full stop: "Fiscal 2023 Full Year Highlights", "For fiscal 2024, we expect:"), else
 * null.
 */
function leadInPeriod(sentence: string): string | null {
  const line = sentence.slice(sentence.lastIndexOf("\n") + 1).trim();
  if (!line || line.length > 120 || /[.!?]$/.test(line)) return null;
  return periodOf(line);
}

/** Words a qualifier may add to the company's own name ("Amcor Group", "the Company"). */
const COMPANY_WORDS =
  /^(?:the|group|company|consolidated|total|inc|corp|corporation|plc|ltd|limited|holdings|sa|ag|nv|se)$/i;

/**
 * Whether a figure's qualifier names the company as a whole ("the Group", "Amcor Group",
 * "consolidated"), not a part of it.
 */
function companyWide(qualifier: string, own: string[]): boolean {
  const words = qualifier.split(/[\s,]+/).filter(Boolean);
  const names = new Set(own.map((o) => o.toLowerCase()));
  const named = words.filter((w) => !COMPANY_WORDS.test(w));
  // a bare "Group" or "Company" is the company; a segment is "Consumer Group"
  if (!named.length) return words.some((w) => /^(?:group|company|consolidated)$/i.test(w));
  return named.every((w) => names.has(w.toLowerCase()));
}

/**
 * "¥" is the yen and the yuan: an amount whose sentence does not say which is the renminbi when
 * the document speaks of it (RMB, yuan) and never of the yen, and is marked when it speaks of
 * both.
 */
function yenOrYuan(text: string, hits: KpiHit[]) {
  const yen = hits.filter((h) => h.value.unit === "JPY" && /^[-−(]?¥/.test(h.value.raw));
  if (!yen.length) return;
  const yuan = /\b(?:RMB|CNY|renminbi|yuan)\b/i.test(text);
  if (!yuan) return;
  const both = /\b(?:JPY|yen)\b/i.test(text);
  for (const h of yen) {
    if (!both) {
      h.value.unit = "CNY";
      h.note = noted(h.note, "¥ read as renminbi: the document speaks of RMB, never of yen");
    } else {
      h.note = noted(h.note, "¥ read as yen, but the document speaks of RMB too: check which");
      h.confidence = "low";
    }
  }
}

/** Amounts a document states in another dollar ("C$1.2 billion", "AUD 300", "5 million Canadian dollars"). */
const OTHER_DOLLAR =
  /\b(?:CA?|AU?|NZ|HK|S|NT|MX)\$\s?\d[\d,.]*|\b(?:CAD|AUD|NZD|HKD|SGD|TWD|MXN)\s?\d[\d,.]*|\d(?:\s+(?:billion|million|thousand))?\s+(?:Canadian|Australian|New Zealand|Hong Kong|Singapore|New Taiwan|Taiwanese|Mexican)\s+dollars\b|\bin\s+(?:billions|millions|thousands)\s+of\s+(?:Canadian|Australian|New Zealand|Hong Kong|Singapore|New Taiwan|Taiwanese|Mexican)\s+dollars\b/;

/**
 * "$" is read as the US dollar unless a caption says which dollars: in a document that names
 * another dollar ("Canadian dollars", "C$", "AUD") a bare "$" may be that one, so its figures are
 * marked and their confidence lowered, never silently taken as US dollars.
 */
function whichDollars(text: string, hits: KpiHit[]) {
  const bare = hits.filter((h) =>
    h.value.unit === "USD" && /^[-−(]?\$/.test(h.value.raw) && !/^[-−(]?US\$/.test(h.value.raw)
  );
  if (!bare.length) return;
  const other = OTHER_DOLLAR.exec(text);
  if (!other) return;
  for (const h of bare) {
    h.note = noted(
      h.note,
      `"$" read as US dollars, but the document states amounts in another dollar ("${
        other[0].trim()
      }"): check which dollars`,
    );
    h.confidence = "low";
  }
}

/** The hits of one metric in one sentence: each place it is named with its own figure. */
function sentenceHits(
  s: Sentence,
  found: FoundValue[],
  metric: MetricDef,
  caption: Caption | null = null,
): KpiHit[] {
  if (metric.requires && !metric.requires.test(s.text)) return [];
  if (metric.excludes?.some((x) => wholeWordIndexOf(s.text, x) >= 0)) return [];
  const terms = termsIn(s.text, metric);
  const claimed = new Set<number>();
  const out: KpiHit[] = [];
  const lists = /\brespectively\b/i.test(s.text) ? respectiveLists(s.text, found) : [];
  terms.forEach((term, i) => {
    const termEnd = term.at + term.term.length;
    // "Net income and revenue were $1.1 billion and $5.2 billion, respectively": the figure in
    // the place of the name that holds the metric (none when that figure is of another kind)
    const listed = listedFigure(s.text, lists, term, metric);
    if (listed !== undefined) {
      if (listed && !claimed.has(listed.offset)) {
        claimed.add(listed.offset);
        out.push(hitOf(s, found, metric, term, listed, 0, undefined, caption));
      }
      return;
    }
    // "GAAP and non-GAAP gross margins ... 76.3% and 77% respectively": one figure each
    // a pair at the end of a longer list ("$7 million, $164 million and $427 million,
    // respectively") is not the first period's pair: read as any other figure
    const pair = respectivelyPair(s.text, term.at, termEnd, found, metric.kind);
    if (pair && !laterInList(s.text, pair.values[0], found)) {
      pair.values.forEach((v, k) => {
        if (claimed.has(v.offset) || (k === 1 && !pair.names)) return;
        claimed.add(v.offset);
        const who = pair.names ? qualifierOf(pair.names[k], pair.names[k].length) : null;
        out.push(hitOf(s, found, metric, term, v, 0, who ?? undefined, caption));
      });
      return;
    }
    // the figure is the nearest of the metric's kind within this mention's stretch of the
    // sentence (between the mentions before and after it), after the name winning a tie
    // a later mention takes only a figure after it ("... and non-GAAP gross margins to 76.7%")
    // (a figure before it, after the mention before, in its clause: "delivering 17% revenue
    // growth despite the 21% decline")
    const from = i > 0 ? terms[i - 1].at + terms[i - 1].term.length : 0;
    const to = terms[i + 1]?.at ?? s.text.length;
    const distance = (v: FoundValue) =>
      v.offset >= termEnd ? v.offset - termEnd : term.at - (v.offset + v.raw.length) + 0.5;
    const pick = found.filter((v) =>
      v.kind === metric.kind && v.offset >= from && v.offset + v.raw.length <= to &&
      !claimed.has(v.offset) && belongs(s.text, metric, term, v, found) &&
      // a figure before the name is its own only within the same clause ("22% revenue growth"),
      // never the last of a table row's figures on the line above ("Total $66,608 $62,286
      // $58,158" / "Revenues increased by ...")
      (v.offset >= termEnd || !/[,;]/.test(s.text.slice(v.offset + v.raw.length, term.at))) &&
      !rowAbove(s.text, v, found, v.offset >= termEnd ? termEnd : term.at)
    ).sort((a, b) =>
      // "expanded 150 basis points to 45.2%": the level is the figure, the change only when alone
      Number(a.unit === "percentage_points") - Number(b.unit === "percentage_points") ||
      distance(a) - distance(b)
    )[0];
    if (!pick) {
      return;
    }
    // the growth verb belongs to this figure: between its name and its number, or just before
    if (metric.requires) {
      const lo = Math.min(term.at, pick.offset);
      const hi = Math.max(termEnd, pick.offset + pick.raw.length);
      if (!metric.requires.test(s.text.slice(Math.max(0, lo - 25), hi))) {
        return;
      }
    }
    claimed.add(pick.offset);
    const hit = hitOf(s, found, metric, term, pick, Math.abs(distance(pick)), undefined, caption);
    // "$1.72 to $1.82": the high end is this figure's, not another mention's
    if (hit.value.high !== undefined) {
      const high = found.find((v) =>
        v.offset > pick.offset && v.kind === pick.kind
      );
      if (high) claimed.add(high.offset);
    }
    out.push(hit);
  });
  return out;
}

/**
 * Whether a figure on another line than its name is one of a row of figures (another figure on
 * its line): a table's column (another row's), not the name's.
 */
function rowAbove(sentence: string, v: FoundValue, all: FoundValue[], termAt: number): boolean {
  const between = v.offset < termAt
    ? sentence.slice(v.offset + v.raw.length, termAt)
    : sentence.slice(termAt, v.offset);
  if (!between.includes("\n")) return false;
  const lineStart = sentence.lastIndexOf("\n", v.offset) + 1;
  const lineEnd = sentence.indexOf("\n", v.offset);
  const i = firstFrom(all, v.offset);
  // a neighbour on its line with nothing but spaces and signs between: columns, not prose
  // ("$5.2 billion, up 8%" on a wrapped line is a sentence's)
  const column = (a: FoundValue, b: FoundValue) =>
    /^[\s$€£¥()%*−-]*$/.test(sentence.slice(a.offset + a.raw.length, b.offset));
  const prev = all[i - 1];
  const next = all[i + 1];
  return (i > 0 && prev.offset >= lineStart && column(prev, v)) ||
    (i >= 0 && next !== undefined && (lineEnd < 0 || next.offset < lineEnd) && column(v, next));
}

/** Whether words name a measure (a line item, a margin, a metric's own name). */
const namesMeasure = (words: string) =>
  new RegExp(OTHER_MEASURE.source, "i").test(words) ||
  METRICS.some((m) => termsIn(words, m).length > 0);

/**
 * The figure of a metric named in a "respectively" list of names, by its place: undefined when
 * the name is in no such list, or the names before it name no measure ("GAAP and non-GAAP gross
 * margins", "Data center and gaming revenue": one metric's figures, see respectivelyPair); null
 * when the figure in its place is not of the metric's kind (or is scaled for a per-share amount).
 */
function listedFigure(
  sentence: string,
  lists: RespectiveList[],
  term: { term: string; at: number },
  metric: MetricDef,
): FoundValue | null | undefined {
  for (const list of lists) {
    const k = list.names?.findIndex(([a, b]) => term.at >= a && term.at < b) ?? -1;
    if (k < 0) continue;
    const names = list.names!;
    if (
      k === names.length - 1 &&
      names.slice(0, k).every(([a, b]) => !namesMeasure(sentence.slice(a, b)))
    ) return undefined;
    const v = list.values[k] as FoundValue;
    if (v.kind !== metric.kind) return null;
    if (metric.perShare && (hasScaleWord(v.raw) || Math.abs(v.number) >= 1e4)) return null;
    return v;
  }
  return undefined;
}

/**
 * Words just before a figure saying it is a benchmark, not a result: "above our guidance of $2.1
 * billion", "beat the consensus of $2.1 billion", "our target of 30%".
 */
const BENCHMARK_BEFORE =
  /\b(?:consensus|estimates?|expectations?|guidance|outlook|forecast|guide|targets?|framework)\s+(?:range\s+)?(?:of|at|was|is|to)?\s*(?:approximately\s+|about\s+|roughly\s+)?(?:between\s+)?$/i;
/** A metric's name followed by words of an outlook: "revenue guidance", "EPS outlook". */
const OUTLOOK_AFTER_TERM =
  /^\s+(?:growth\s+)?(?:guidance|outlook|forecast|guide|targets?|expectations?|framework)\b/i;

/** Whether the figure is a benchmark (see BENCHMARK_BEFORE), when not the metric's outlook. */
const benchmarkOf = (sentence: string, v: FoundValue) =>
  BENCHMARK_BEFORE.test(sentence.slice(Math.max(0, v.offset - 50), v.offset));

/** Words of a change just before a percent ("increased 2%", "up by 2%"). */
const CHANGE_BEFORE =
  /\b(?:increased|decreased|declined|rose|fell|grew|improved|expanded|contracted|dropped|up|down|higher|lower)\s+(?:by\s+)?(?:approximately\s+|about\s+|roughly\s+|nearly\s+|over\s+|almost\s+)?$/i;
/** Words of a change just after a percent ("a 2% increase"). */
const CHANGE_AFTER =
  /^\s*(?:increase|decrease|decline|rise|drop|improvement|expansion|contraction|reduction|growth|higher|lower)\b/i;

/** Whether a percent is stated as a change ("up 2%", "a 2% decline"), not as a level. */
const rateChange = (sentence: string, v: FoundValue) =>
  CHANGE_BEFORE.test(sentence.slice(Math.max(0, v.offset - 40), v.offset)) ||
  CHANGE_AFTER.test(sentence.slice(v.offset + v.raw.length, v.offset + v.raw.length + 20));

/** Words of sales counted in units, not money. */
const UNIT_SALES =
  /\b(?:sales\s+volumes?|volumes?\s+sold|unit\s+sales|units?\s+sold|units|vehicles\s+sold|deliveries|shipments)\b/i;

/** Whether a number is this metric's own figure, not one beside it (see kpi_attach.ts). */
function belongs(
  sentence: string,
  metric: MetricDef,
  term: { term: string; at: number },
  v: FoundValue,
  all: FoundValue[],
): boolean {
  if (isPriorPeriod(sentence, v, all) || isEffectOn(sentence, v, term.at)) return false;
  // "Revenue in the prior-year quarter was $3.9 billion", "Last year, revenue was $3.9 billion":
  // the earlier period's figure (read without a period it took the document's)
  if (!metric.requires && priorNamed(sentence, term, v)) return false;
  // "Sales Volumes ... Domestic 67,027 -82.1%", "unit sales grew 3%": sales counted in units
  // (vehicles, deliveries), not revenue
  if (
    term.term.toLowerCase() === "sales" &&
    UNIT_SALES.test(sentence.slice(0, Math.max(term.at + term.term.length, v.offset)))
  ) return false;
  // "Revenue exceeded our guidance of $2.1 billion": the guidance's figure is not the result;
  // "revenue guidance of $2.1 billion" is the metric's outlook (marked so)
  const termEnd = term.at + term.term.length;
  if (
    benchmarkOf(sentence, v) && !OUTLOOK_AFTER_TERM.test(sentence.slice(termEnd, termEnd + 20))
  ) return false;
  // "... compared to net sales of $878.7 million for the 39-week period ended October 28,
  // 2023": the name and the figure both in the base of a comparison are the earlier period's
  const base = basesOf(sentence).find(([a, b]) => v.offset >= a && v.offset < b);
  if (base && term.at >= base[0] && term.at < base[1]) return false;
  // "International revenue grew to 35% of total revenue": a share of a whole, not a growth rate
  if (
    metric.requires && v.kind === "percent" &&
    /^\s*of\s+(?:(?:the|our|its|total|net|group|company|consolidated|overall)\s+){0,3}(?:revenues?|sales|net sales|top[- ]line|total|mix|business|company)\b/i
      .test(sentence.slice(v.offset + v.raw.length, v.offset + v.raw.length + 60))
  ) return false;
  // "Gross margin increased 2% year over year to 45%": a rate's change is not its level
  if (
    metric.kind === "percent" && !metric.requires && v.unit === "percent" && rateChange(sentence, v)
  ) {
    return false;
  }
  // "customers with more than $100,000 in ARR": the threshold of a group, not the metric
  if (
    /\b(?:with|having|paying|spending)\s+(?:more than|over|at least|greater than|above|in excess of)\s+$/i
      .test(sentence.slice(Math.max(0, v.offset - 40), v.offset))
  ) return false;
  // an amount per share is never stated in millions
  if (metric.perShare && (hasScaleWord(v.raw) || Math.abs(v.number) >= 1e4)) {
    return false;
  }
  // "guidance by $131 million", "impacted by $20 million": an amount of a change or an effect
  if (
    metric.kind === "money" && !metric.requires &&
    /\bby\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i.test(
      sentence.slice(Math.max(0, v.offset - 30), v.offset),
    )
  ) return false;
  // "the net effect on our gross margin was an unfavorable impact of 2.7% and 7.5%": an effect
  // on it, named between the metric and the figure
  if (
    v.offset >= term.at + term.term.length &&
    /\b(?:impact|effect|benefit|headwind|tailwind|drag|dilution)\s+(?:of|from|on)\b/i.test(
      sentence.slice(term.at + term.term.length, v.offset),
    )
  ) return false;
  // "penalties of up to €20 million or 4% of worldwide revenue": a figure before the name is
  // its own only with no other figure between them
  if (
    v.offset < term.at &&
    all[firstFrom(all, v.offset + v.raw.length)]?.offset < term.at
  ) return false;
  // "a $4.5 billion charge", "a $4.0 billion reduction in H20 sales": the amount of another noun
  if (metric.kind === "money" && ofAnotherNoun(sentence, v.offset + v.raw.length)) return false;
  // "which decreased 1% or $1.2 billion": the change in dollars
  if (metric.kind === "money" && !metric.requires && changeInDollars(sentence, v.offset)) {
    return false;
  }
  // "growth in revenue, partially offset by a $4.5 billion charge": a figure in a clause of
  // causes after the name is the cause's
  if (causeBetween(sentence, term.at + term.term.length, v.offset)) return false;
  // "$1.78 billion, $1.86 billion and $1.75 billion ..., respectively": only the list's first
  // is the first period's; "... includes $3.7 billion": a part of the amount; a list stated
  // "respectively" between the name and a figure after it ends the name's figures
  if (laterInList(sentence, v, all) || partOf(sentence, term.at + term.term.length, v.offset)) {
    return false;
  }
  if (
    v.offset > term.at &&
    (/\brespectively\b/i.test(sentence.slice(term.at + term.term.length, v.offset)) ||
      ownerAfterList(sentence, v.offset + v.raw.length))
  ) return false;
  // "Revenue was down 3% and EPS was $1.20": another measure named between the name and a
  // figure after it owns the figure
  if (v.offset >= term.at + term.term.length && namesAnother(sentence, metric, term, v)) {
    return false;
  }
  // "revenue decreased $2.74 billion": the change, not the level
  if (
    metric.kind === "money" && !metric.requires &&
    /\b(?:increased|decreased|declined|rose|fell|grew|up|down|higher|lower)\s+(?:by\s+)?(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i
      .test(sentence.slice(Math.max(0, v.offset - 40), v.offset))
  ) return false;
  if (metric.notBefore === NOT_REVENUE_BEFORE && toBeRecognized(sentence)) return false;
  if (metric.customerCount) {
    return countOfCustomers(sentence, v, term.at, term.at + term.term.length);
  }
  return true;
}

/** Words naming an earlier period than the document's ("the prior-year quarter", "last year"). */
const PRIOR_WORDS =
  /\b(?:(?:the\s+)?(?:prior|previous|year[- ]ago)[- ](?:year|quarter|period|fiscal\s+year)(?:['’]s)?(?:\s+(?:quarter|period))?|(?:the\s+)?same\s+(?:quarter|period)\s+(?:of\s+|in\s+)?(?:the\s+)?(?:prior|previous|last)\s+year|a\s+year\s+(?:ago|earlier|before)|last\s+year(?:['’]s)?|(?:the\s+)?year\s+before|a\s+quarter\s+ago|last\s+quarter(?:['’]s)?)\b/i;
/**
 * Whether a sentence opens with a clause naming an earlier period, the metric's name a few words
 * after its comma: "Last year, revenue", "In the fourth quarter of last year, revenue", "In the
 * prior-year quarter, EPS"; not "Compared with last year, revenue" (a comparison's base).
 */
function priorOpening(lead: string): boolean {
  const comma = lead.indexOf(",");
  if (comma < 0 || comma > 80) return false;
  if (!/^\s*(?:[\w'’-]+\s+){0,4}$/.test(lead.slice(comma + 1))) return false;
  const opening = lead.slice(0, comma);
  return PRIOR_WORDS.test(opening) && !/\d/.test(opening.replace(/\b(?:19|20)\d{2}\b/g, "")) &&
    !/\b(?:compared|versus|vs|relative|from|over|than|against|since|up|down)\b/i.test(opening);
}

/** Words making the earlier period a comparison's base ("up 12% from a year ago"). */
const BASE_BEFORE_PRIOR =
  /\b(?:from|over|versus|vs\.?|compared\s+(?:to|with)|against|than|relative\s+to|since)\s+(?:the\s+|that\s+of\s+)?$/i;

/**
 * Whether a level figure is stated for an earlier period named between the metric's name and the
 * figure ("revenue in the prior-year quarter was $3.9 billion", "last year's revenue of") or
 * opening its clause before the name ("Last year, revenue was $3.9 billion"), not as the base of
 * a comparison ("revenue, up 12% from a year ago, was $5 billion" is the current figure).
 */
function priorNamed(
  sentence: string,
  term: { term: string; at: number },
  v: FoundValue,
): boolean {
  const termEnd = term.at + term.term.length;
  if (v.offset < termEnd) return false;
  // "Last year's revenue of", "the prior year's gross margin was": a possessive just before
  // the name; "Last year, revenue was", "In the prior-year quarter, EPS was": an opening clause
  // only the words just before the name are read (a sentence's every mention meets every figure)
  if (
    /\b(?:last|prior|previous|year[- ]ago)[- ](?:year|quarter|period)['’]s\s+(?:[\w-]+\s+){0,2}$/i
      .test(sentence.slice(Math.max(0, term.at - 60), term.at)) ||
    (term.at < 160 && priorOpening(sentence.slice(0, term.at)))
  ) return true;
  const gap = sentence.slice(termEnd, v.offset);
  // a number between them is another figure's words, not this one's time
  if (/\d/.test(gap.replace(/\b(?:19|20)\d{2}\b/g, ""))) return false;
  const m = PRIOR_WORDS.exec(gap);
  if (!m) return false;
  // "revenue, up 12% from a year ago, was": the base of a comparison, not the figure's time
  const head = gap.slice(0, m.index);
  return !BASE_BEFORE_PRIOR.test(head) &&
    !/\b(?:compared|versus|vs|relative|up|down|growth|grew|increase|decrease)/i.test(head);
}

/** Other measures a figure may belong to: line items, per-share amounts, cash flows, margins. */
const OTHER_MEASURE =
  /\b(?:net (?:income|loss|earnings)|gross (?:profit|loss)|operating (?:income|loss|expenses|cash flow)|income from operations|adjusted EBITDA|EBITDA|EBIT|gross profit|earnings|EPS|per (?:diluted |basic )?share|free cash flow|cash flow from operations|capital expenditures?|capex|dividends?|buybacks?|repurchases?|bookings|backlog|ARR|RPO|deferred revenue|costs? of (?:revenue|sales)|(?:gross|operating|EBITDA|net|profit) margins?|revenues?|net sales|sales)\b/gi;

/** A measure other than the metric named between its name and the figure after it. */
function namesAnother(
  sentence: string,
  metric: MetricDef,
  term: { term: string; at: number },
  v: FoundValue,
): boolean {
  // an aside ("(including deferred revenue)", ", which includes deferred revenue and ...,")
  // describes the metric, it does not name another
  const gap = sentence.slice(term.at + term.term.length, v.offset)
    .replace(/\([^()]*\)/g, " ")
    .replace(/,\s*(?:which|that|including|includes|excluding|net of)\b[^,]*,/gi, ",");
  for (const m of gap.matchAll(OTHER_MEASURE)) {
    const name = m[0].toLowerCase();
    // the metric's own words ("revenue" again, "margin" of a margin) do not name another
    const own = metric.terms.some((t) => {
      const tl = t.toLowerCase();
      return tl === name || tl.includes(name);
    });
    if (!own) return true;
  }
  return false;
}

/** Words of a decline or a rise, the last before a change figure saying which it is. */
const DIRECTION =
  /\b(?:(declin\w*|decreas\w*|fell|fall(?:s|ing)?|down|lower|drop(?:s|ped)?|contract(?:ed|ion)?|shr[iau]nk\w*|reduc\w*|negative|dipped|slipped)|gr[eo]w\w*|growth|increas\w*|rose|ris(?:e|es|ing)|up|higher|expan\w*|improv\w*|gain\w*|accelerat\w*|positive)\b/gi;

/**
 * The sign of a change figure: "down 17%", "declined 5%", "decreased $2.74 billion, or 15%", "a 3%
 * decline in revenue" are negative; "declined to 5%" states a level, not a change.
 */
function signOf(sentence: string, v: FoundValue, termAt: number): 1 | -1 {
  if (v.number < 0) return 1;
  const end = v.offset + v.raw.length;
  if (
    /^\s*(?:decline|decrease|drop|reduction|contraction|lower)\b/i.test(
      sentence.slice(end, end + 20),
    )
  ) {
    return -1;
  }
  const from = termAt < v.offset ? termAt : Math.max(0, v.offset - 40);
  const lead = sentence.slice(from, v.offset);
  let last: RegExpMatchArray | null = null;
  for (const m of lead.matchAll(DIRECTION)) last = m;
  if (!last?.[1]) return 1;
  // "fell to 5%" is where it came to
  const rest = lead.slice(last.index! + last[0].length);
  return /^\s+(?:to|at)\b/i.test(rest) ? 1 : -1;
}

/** The basis a growth figure is stated on, when not as reported. */
const BASIS_AFTER =
  /^\s*,?\s*\(?(?:(?:in|on an?|at)\s+(constant[- ]currency|constant[- ]dollar|local[- ]currency|organic|fx[- ]neutral|currency[- ]neutral|like[- ]for[- ]like)\b|(organically)\b|(?:excluding|ex-?)\s*(?:the\s+)?(?:(?:impact|effect)\s+of\s+)?(?:foreign\s+)?(currency|fx|exchange rates?)\b|(cc)\b)/i;
const BASIS_BEFORE =
  /\b(?:on an?\s+(constant[- ]currency|constant[- ]dollar|organic|like[- ]for[- ]like|fx[- ]neutral|currency[- ]neutral)\s+basis|in\s+(constant|local)\s+currency|(?:excluding|ex-?)\s*(?:the\s+)?(?:(?:impact|effect)\s+of\s+)?(?:foreign\s+)?(currency|fx|exchange rates?)(?:\s+(?:changes|movements|fluctuations|impacts?))?|(organically))\s*,\s*(?:(?:our|total|the)\s+)?$/i;

/**
 * "Revenue grew 12% on a constant currency basis", "excluding currency, revenue grew 10%",
 * "grew 5% organically": the figure is not the reported one; the words saying so, or null.
 */
function basisOf(sentence: string, v: FoundValue, termAt: number): string | null {
  const end = v.offset + v.raw.length;
  const m = BASIS_AFTER.exec(sentence.slice(end, end + 80)) ??
    BASIS_BEFORE.exec(
      sentence.slice(Math.max(0, Math.min(termAt, v.offset) - 100), Math.min(termAt, v.offset)),
    );
  if (!m) return null;
  const said = (m.slice(1).find(Boolean) ?? "").toLowerCase();
  if (/^(?:currency|fx|exchange rates?)$/.test(said)) return "excluding currency";
  if (said === "cc" || said === "constant") return "constant currency";
  if (said === "local") return "local currency";
  if (said === "organically") return "organic";
  return said.replace("-", " ");
}

function hitOf(
  s: Sentence,
  found: FoundValue[],
  metric: MetricDef,
  term: { term: string; at: number },
  pick: FoundValue,
  gap: number,
  qualifier?: string,
  caption?: Caption | null,
): KpiHit {
  const termEnd = term.at + term.term.length;
  // a percent is a change or a rate against something; an amount only when stated as a change
  // a rate's level ("gross margin ... to 45%") is not stated against a period; its change in
  // points is
  const level = metric.kind === "percent" && !metric.requires && pick.unit === "percent";
  const change = (pick.kind === "percent" && !level) ||
    /\b(?:up|down|by|grew|rose|fell|increased|decreased|declined)\s*$/i.test(
      s.text.slice(Math.max(0, pick.offset - 25), pick.offset),
    );
  const value: KpiValue = rangeOf(s.text, pick, found);
  const bound = boundOf(s.text, pick);
  let rawAt = pick.offset;
  if (bound && value.high === undefined) {
    rawAt = pick.offset - bound.words.length - 1;
    value.raw = s.text.slice(rawAt, pick.offset + pick.raw.length);
    value.bound = bound.bound;
  }

  // a growth rate or a basis-point change is negative when it says so ("down 17%")
  if ((metric.requires || pick.unit === "percentage_points") && signOf(s.text, pick, term.at) < 0) {
    value.number = -value.number;
    if (value.high !== undefined) [value.number, value.high] = [-value.high, value.number];
  }
  const notes: string[] = [];
  // "negative $120 million", "a loss of $0.12", "net loss per diluted share was $0.12": a loss
  // stated as a positive amount is a negative figure
  if (metric.signed && pick.kind === "money" && value.number > 0) {
    const words = lossWords(s.text, term, pick);
    if (words) {
      value.number = -value.number;
      if (value.high !== undefined) [value.number, value.high] = [-value.high, value.number];
      notes.push(`a loss or shortfall ("${words}"), taken as negative`);
    }
  }
  // an amount without its scale ("revenue was $1,234") is in the scale a caption stated earlier
  // ("(Dollars in millions)"), else its scale is not known
  if (
    pick.kind === "money" && !metric.perShare && !hasScaleWord(pick.raw) && !pick.scaledByRange
  ) {
    if (caption?.scale && caption.at <= pick.offset) {
      value.number *= caption.scale;
      if (value.high !== undefined && !hasScaleWord(value.raw)) value.high *= caption.scale;
      notes.push(`in ${caption.words} as stated before it ("${caption.text}")`);
    } else {
      notes.push("stated without a scale (thousands? millions?): check the document's captions");
    }
  }
  // "$" under "(in millions of Canadian dollars)" is that currency; under "(in millions of
  // euros)" a "$" is still a dollar, not a euro
  if (
    caption?.currency && DOLLAR_CODES.has(caption.currency) && pick.kind === "money" &&
    // "$1,234" and "1.2 billion dollars" (not "US dollars") are the caption's dollars
    (/^[-−]?\$/.test(pick.raw) ||
      /(?<!US|U\.S\.|Canadian|Australian|Kong|Zealand|Singapore|Taiwan\w*)\s+dollars?$/i.test(
        pick.raw,
      ))
  ) {
    value.unit = caption.currency;
  }
  // "70.5 cps", "45.3p": an amount in a hundredth of a currency, kept in that unit
  if (value.unit === "cents") {
    notes.push(
      "in cents of a currency the sentence does not name (not converted): check the document's currency",
    );
  } else if (value.unit === "GBp") {
    notes.push("in pence (GBp, a hundredth of GBP) as written, not converted to pounds");
  } else if (/ cents$/.test(value.unit)) {
    notes.push(
      `in ${value.unit} (a hundredth of ${value.unit.slice(0, 3)}) as written, not converted`,
    );
  }
  if (pick.note) notes.push(pick.note);
  if (value.bound) {
    notes.push(
      `a ${value.bound === "at_least" ? "lower" : "upper"} bound ("${
        bound!.words
      }"), not a point figure`,
    );
  }
  let whose = qualifier ??
    (term.term.toLowerCase().startsWith("total") ? null : wholeOf(s.text, term, pick));
  // "net loss per diluted share": "loss" says the sign, not whose figure it is; "net income
  // per diluted share" names the measure, not whose
  if (metric.signed && whose && /^(?:net\s+)?loss$/i.test(whose)) whose = null;
  // diluted is how earnings per share are stated (as in a table row); basic is the other measure
  if (
    metric.perShare && whose && /^(?:diluted|(?:net\s+)?(?:income|earnings|loss))$/i.test(whose)
  ) {
    whose = null;
  }
  // "earnings per share of $1.25 basic and $1.20 diluted", "$1.25 per basic share": the basic
  // figure, not the diluted one EPS is taken to be
  if (
    metric.perShare && !whose &&
    /^\s*(?:\(\s*)?(?:per\s+)?basic\b/i.test(
      s.text.slice(pick.offset + pick.raw.length, pick.offset + pick.raw.length + 20),
    )
  ) whose = "basic";
  // "adjusted diluted earnings per share": not the GAAP figure
  const adjusted = nonGaapBefore(s.text, term.at) ?? nonGaapAround(s.text, termEnd, pick, found);
  if (adjusted && !whose?.toLowerCase().includes(adjusted.toLowerCase())) {
    whose = whose ? `${adjusted} ${whose}` : adjusted;
  }
  // "Compute & Networking segment operating income ... growth in revenue": the segment's figure
  if (!whose && !term.term.toLowerCase().startsWith("total")) {
    whose = segmentOf(s.text, term.at, clauseAround(s.text, term.at)[0]);
  }
  const basis = metric.kind === "percent" ? basisOf(s.text, pick, term.at) : null;
  const low = notes.some((n) => n.startsWith("stated without a scale"));
  // "Revenue was $5.2 billion, and we expect Q4 revenue of $5.5 billion": the first figure's
  // clause states a result, the outlook and its quarter are the other clause's
  const result = forwardSentence(s.text) ? resultClause(s.text, pick.offset, term.at) : null;
  let period = result
    ? periodNamed(
      s.text.slice(result[0], result[1]),
      term.at - result[0],
      pick.offset - result[0],
    )
    : periodNamed(s.text, term.at, pick.offset);
  period = yearInList(s.text, pick, found, period, notes) ?? bareYear(s.text, pick, termEnd);
  let forward =
    (forwardSentence(s.text) && !result && !earlierThanOutlook(s.text, period, notes)) ||
    benchmarkOf(s.text, pick) || OUTLOOK_AFTER_TERM.test(s.text.slice(termEnd, termEnd + 20));
  // "Last quarter we guided revenue of $5.0 billion", "our prior guidance called for revenue of
  // $5.0 billion": the figure of an outlook, not the result
  if (!forward && guidedFigure(s.text, term.at, termEnd, pick.offset)) {
    forward = true;
    notes.push("the figure of an outlook or guidance named before it, not a result");
  }
  // "2021 adjusted earnings per share of $7.52 to $7.62": a result is one figure; a range is
  // what an outlook states, even without its words
  if (!forward && value.high !== undefined) {
    forward = true;
    notes.push("a range, as an outlook states it: taken as forward-looking, not a result");
  }
  return {
    metric: metric.key,
    label: metric.label,
    qualifier: basis && !whose?.toLowerCase().includes(basis)
      ? (whose ? `${whose}, ${basis}` : basis)
      : whose,
    value,
    period,
    comparison: change ? comparisonOf(s.text, pick, found) : null,
    forward_looking: forward,
    note: notes.length ? notes.join("; ") : null,
    sentence: s.text,
    start_char: s.start,
    end_char: s.end,
    // the figure's own place in the text (the range's or bound's words from their first)
    value_start_char: s.start + rawAt,
    value_end_char: s.start + rawAt + value.raw.length,
    matched_term: term.term,
    confidence: low ? "low" : gap <= 40 ? "high" : gap <= 120 ? "medium" : "low",
  };
}

/**
 * Whether words of an outlook in the metric's clause, before its name, govern the figure stated
 * just after the name ("we guided revenue of $5.0 billion", "guidance called for revenue of"),
 * not a result compared with one ("Compared with our outlook, revenue was $5.2 billion").
 */
function guidedFigure(sentence: string, termAt: number, termEnd: number, at: number): boolean {
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
function yearInList(
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
function bareYear(sentence: string, pick: FoundValue, termEnd: number): string | null {
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
 * "Amcor reports fiscal 2023 results and provides outlook for fiscal 2024 ... net sales of
 * $14,694 million": words of an outlook that name a year govern that year's figures, not a figure
 * of an earlier year the sentence names for it (a result); says so in `notes`.
 */
function earlierThanOutlook(sentence: string, period: string | null, notes: string[]): boolean {
  const own = YEAR.exec(period ?? "");
  if (!own) return false;
  const outlook = outlookYears(sentence);
  if (!outlook || Number(own[1]) >= outlook.year) return false;
  notes.push(
    `the sentence's outlook ("${outlook.words}") is of a later year than this figure's ${period}: taken as a result`,
  );
  return true;
}

/**
 * The figure's period (see `periodAt`); when that names no year, a year standing just before the
 * metric's name ("2022 revenue of $5.3 billion" in a 2021 call is fiscal 2022, not the call's
 * quarter).
 */
function periodNamed(sentence: string, termAt: number, offset: number): string | null {
  const period = periodAt(sentence, offset);
  if (period !== null && period !== "FY") return period;
  return yearBefore(sentence, termAt) ?? period;
}

/** Words that name a period or the figure itself after "in"/"for", not whose figure it is. */
const NOT_WHOSE =
  /^(?:the\s+)?(?:(?:first|second|third|fourth|three|six|nine|twelve|december|march|june|september|fiscal|full|prior|last|next|coming|same|current|holiday|quarter|year|period|month|months|week|weeks|half|total(?: company)?$|aggregate|revenue|revenues|sales|constant|q[1-4]|fy\d*|\d[\w-]*)\b|$)/i;

/**
 * Whose figure it is: the words before the metric's name ("data center revenue"), else a part
 * named after it ("revenue contribution of the automotive vertical", "revenue for wearables",
 * "$20.8 billion in services"); null for the company's own.
 */
function wholeOf(sentence: string, term: { term: string; at: number }, v: FoundValue) {
  const termEnd = term.at + term.term.length;
  // "X revenue contribution of the automotive vertical": the part is the one after
  const part =
    /^\s+(?:contribution|share|portion)\s+(?:of|from)\s+(?:the\s+|our\s+)?([\p{L}&-]+(?:\s+[\p{L}&-]+)?)/u
      .exec(sentence.slice(termEnd));
  if (part) return part[1];
  const before = qualifierOf(sentence, term.at);
  if (before) return before;
  // "Moving to services, we generated $20.8 billion in revenue": the topic the sentence opens with
  const topic =
    /^(?:(?:moving|turning|switching|shifting|starting|now)\s+(?:on\s+)?(?:to|with)|as for|for)\s+(?:our\s+|the\s+)?([\p{L}&-]+(?:\s+[\p{L}&-]+)?)\s*,/iu
      .exec(sentence);
  if (
    topic && topic.index + topic[0].length <= term.at &&
    !/\b(?:outlook|guidance|results|rest|p&l|balance|cash|quarter|year|fiscal|total)\b/i.test(
      topic[1],
    ) &&
    !NOT_WHOSE.test(topic[1])
  ) return topic[1];
  for (const at of [termEnd, v.offset + v.raw.length]) {
    const m = /^\s+(?:for|from|in)\s+(?:our\s+|the\s+)?([\p{L}\p{N}&-]+(?:\s+[\p{L}\p{N}&-]+)?)/u
      .exec(
        sentence.slice(at),
      );
    // "to $293.6 million from net sales of $303.4 million": the base's measure, not a part
    if (!m || NOT_WHOSE.test(m[1]) || namesMeasure(m[1])) continue;
    const words = m[1].split(/\s+/);
    // "in services, which" / "in China and": keep the noun, not a verb or article after it
    const kept =
      words[1] && (NOT_QUALIFIER.has(words[1].toLowerCase()) || /(?:ed|ing)$/.test(words[1]))
        ? words[0]
        : m[1];
    if (kept.includes(" ") || !NOT_QUALIFIER.has(kept.toLowerCase())) return kept;
  }
  return null;
}

/**
 * Hits of one table row: the metric named in the row's label (or the group heading above it,
 * as "Diluted" under "Earnings per share:"), its figure the first value column, scaled as the
 * table states. A row whose scale or current column cannot be told is left out.
 */
function rowHits(row: TableRow, metrics: MetricDef[], base: number): KpiHit[] {
  // "% Change | Q3 2024 | Q3 2023": the first column is a change, not the period's figure
  if (!row.cell || row.periodUnclear || row.column === "change") return [];
  const read = cellValue(row.cell.text);
  if (!read) return [];
  // "Revenue | 1,234" under "(€m)" or "RMB'000": a bare figure is an amount of the caption's
  // currency, in its scale
  const cell = read.kind === "count" && row.named && row.scale
    ? { ...read, kind: "money" as const, currency: row.named }
    : read;
  const out: KpiHit[] = [];
  for (const metric of metrics) {
    if (metric.kind !== cell.kind || metric.customerCount || metric.requires) continue;
    const inLabel = termsIn(row.label, metric)[0];
    const inHeading = inLabel ? null : row.heading ? termsIn(row.heading, metric)[0] : null;
    if (!inLabel && !inHeading) continue;
    // under "Net loss per share:" only the rows of the per-share amounts ("Basic", "Diluted")
    // are per share; "Net loss" and "Revenues" beside them are not
    if (inHeading && metric.perShare && !UNDER_PER_SHARE.test(row.label)) continue;
    let number = cell.number;
    let scaleNote = "";
    // "Basic earnings per share (pence) | 45.3", "Diluted EPS (cents) | $ 45.3": the row's
    // figures are in pence or cents, never pounds or dollars
    const subunit = cell.kind !== "money"
      ? null
      : SUBUNIT_LABEL.exec(`${row.label} ${row.heading ?? ""}`) ??
        (metric.perShare ? PENCE_MARK.exec(row.label) : null);
    if (cell.kind === "money") {
      if (subunit) {
        if (cell.scaled) continue;
      } else if (metric.perShare) {
        // the table's "in millions" does not reach per-share rows
        if (cell.scaled || (row.scale && !row.perShareExempt && !/per\b/i.test(row.label))) {
          continue;
        }
      } else if (cell.scaled) {
        number *= cell.scaled;
      } else if (row.scale) {
        number *= row.scale;
        scaleNote = `, in ${
          ({ 1e3: "thousands", 1e5: "lakhs", 1e6: "millions", 1e7: "crores" } as Record<
            number,
            string
          >)[row.scale] ?? "billions"
        } as the table states`;
      } else continue;
    }
    let qualifier: string | null;
    if (inLabel) {
      // "Gross margin energy generation and storage segment": the words after name the part
      const rest = row.label.slice(inLabel.at + inLabel.term.length)
        .replace(/\(\d+\)|\([a-z]\)|\bpercentage\b|%|:/gi, "").replace(SUBUNIT_LABEL, "").replace(
          PENCE_MARK,
          "",
        ).trim()
        .replace(/^[,;\-–—\s]+/, "");
      qualifier = /^total\b/i.test(row.label)
        ? null
        : qualifierOf(row.label, inLabel.at) ?? (rest || null);
      // "Net sales" under "Americas": the part the heading names, not the company's
      if (!qualifier && !/^total\b/i.test(row.label) && row.heading && partHeading(row.heading)) {
        qualifier = row.heading;
      }
    } else {
      qualifier = /^(?:total|consolidated)\b/i.test(row.label) ? null : row.label;
    }
    // diluted is how earnings per share are stated; basic is the other measure; "Net income
    // per diluted share" names the measure, not whose it is
    if (
      metric.perShare && qualifier &&
      /^(?:diluted|(?:net\s+)?(?:income|earnings|loss))$/i.test(qualifier)
    ) qualifier = null;
    // "Net loss per share | $ 0.12": a loss printed without its sign is below zero
    let lossNote = "";
    if (metric.signed && cell.kind === "money" && number > 0 && /\bloss\b/i.test(row.label)) {
      const loss = /\bloss\b/i.test((inLabel ?? inHeading)!.term) ||
        /\bloss\s+$/i.test(row.label.slice(0, (inLabel ?? { at: 0 }).at));
      if (loss) {
        number = -number;
        lossNote = ", a loss printed without its sign, taken as negative";
      }
    }
    // "Non-GAAP | GAAP": the first column's measure is the header's
    if (
      row.columnQualifier && !qualifier?.toLowerCase().includes(row.columnQualifier.toLowerCase())
    ) {
      qualifier = qualifier ? `${row.columnQualifier} ${qualifier}` : row.columnQualifier;
    }
    const within = row.heading && (inHeading || (inLabel && qualifier === row.heading))
      ? ` under "${row.heading}"`
      : "";
    // "Total revenue | $ 4,640 | $ 5,200" under no header: which column is the period's is
    // not stated
    const unheaded = !row.headed && !row.period && row.figures > 1;
    const outlook = row.column === "outlook";
    out.push({
      metric: metric.key,
      label: metric.label,
      qualifier,
      value: {
        raw: row.cell.text,
        number,
        // "$" is the dollars the caption names (Canadian, ...); "€" and "£" are their own
        unit: cell.kind === "percent"
          ? "percent"
          : subunit
          ? subunitUnit(subunit[0], cell.currency ?? row.currency ?? null)
          : cell.currency && cell.currency !== "USD"
          ? cell.currency
          : row.currency ?? "USD",
      },
      period: row.period,
      comparison: null,
      forward_looking: outlook,
      note: `table row "${row.label}"${within}, first column${
        row.period ? ` (${row.period})` : ""
      }${scaleNote}${lossNote}${
        outlook ? ", a column of an outlook as the header says, not a result" : ""
      }${
        unheaded
          ? "; the table has no header of periods: the first of its columns is taken as the current period, check it"
          : ""
      }`,
      sentence: row.line,
      start_char: base + row.start,
      end_char: base + row.end,
      value_start_char: base + row.start + row.cell.at,
      value_end_char: base + row.start + row.cell.at + row.cell.text.length,
      matched_term: (inLabel ?? inHeading)!.term,
      confidence: unheaded ? "low" : row.period ? "high" : "medium",
    });
  }
  return out;
}

/**
 * Whether a table's group heading names a part of the company ("Americas", "Automotive
 * segment"), not a measure, the whole company or a kind of figure ("Consolidated", "GAAP
 * results", "Continuing operations").
 */
function partHeading(heading: string): boolean {
  return !namesMeasure(heading) && !/\d/.test(heading) &&
    !/\b(?:consolidated|total|company|group|combined|gaap|non-gaap|adjusted|reported|results|operations|statements?|data|summary|information|highlights|continuing|discontinued|unaudited|amounts?|dollars|millions|thousands|billions|percent|months|year|quarter|ended|metrics|key|selected|financial|performance|income|balance|cash|share|other|supplemental|revenues?|sales|net)\b/i
      .test(heading);
}

/** A row label saying its figures are pence or cents ("(pence)", "(p)", "(cents)", "in cents"). */
const SUBUNIT_LABEL =
  /\((?:in\s+)?(?:pence|cents?|¢|US\s+cents|euro\s+cents)\)|\b(?:in\s+)?(?:pence|cents)\b|¢/i;
/** "(p)" after a per-share row's label: pence (a footnote's letter elsewhere). */
const PENCE_MARK = /\(p\)/i;

/** The unit of a table row in pence or cents, of the table's currency when it names one. */
function subunitUnit(words: string, currency: string | null): string {
  if (/\b(?:p|pence)\b/i.test(words)) return "GBp";
  if (/euro/i.test(words)) return "EUR cents";
  if (/US/.test(words)) return "USD cents";
  return currency ? `${currency} cents` : "cents";
}

/** The rows of per-share amounts under a per-share heading. */
const UNDER_PER_SHARE =
  /^\s*(?:basic|diluted|basic and diluted|(?:from\s+)?continuing operations|(?:from\s+)?discontinued operations)\b[^a-z]*$/i;

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
      const top = Math.max(...distinct);
      const topRow = reps.find((x) => x.value.number === top)!;
      for (const r of group) {
        if (sameRounded(r.value, topRow.value)) {
          r.note = noted(
            r.note,
            `the largest of ${what}, taken as the company's; the others are likely segments'`,
          );
        } else {
          r.note = noted(
            r.note,
            `one of ${what}, smaller than ${topRow.value.raw}: likely a segment's (named in the sentences before), not the company's`,
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
const noted = (was: string | null, add: string) => was ? `${add}; ${was}` : add;
