/**
 * What a KPI is: the metrics read (names, units, words that rule a mention out), the
 * row a mention becomes, and the notes that say whose figure a row is.
 */
import { wholeWordIndexOf } from "../../core/fuzzy.ts";
import type { ValueKind } from "./kpi_values.ts";

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
export const NOT_REVENUE_BEFORE =
  /\b(?:deferred|unearned|unbilled|backlog(?: of)?|contracted|future|tax)\s+$|\bcosts?\s+of\s+(?:[\w-]+\s+){0,5}$|\b(?:percentage|percent|share|portion|fraction)\s+of\s+(?:total\s+|net\s+)?$|\d\)?\s?%\s+of\s+(?:total\s+|net\s+|our\s+|worldwide\s+|global\s+)?$/i;
/** A sentence about revenue still to be recognized from a balance or backlog. */
const TO_BE_RECOGNIZED =
  /\b(?:deferred revenue|unearned revenue|remaining performance obligations?|contract liabilit|backlog)\w*\b[\s\S]*\brecogni[sz]|\brecogni[sz]\w*\b[\s\S]*\b(?:deferred revenue|unearned revenue|remaining performance obligations?|contract liabilit|backlog)/i;
/** The last sentence read for TO_BE_RECOGNIZED (each mention meets each figure of a sentence). */
let recognizedCache: { sentence: string; said: boolean } | null = null;
/** Whether a sentence speaks of revenue still to be recognized, read once per sentence. */
export function toBeRecognized(sentence: string): boolean {
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
export function termsIn(sentence: string, metric: MetricDef): { term: string; at: number }[] {
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

/** Note on a figure another company gave, quoted in this company's document. */
export const QUOTED_NOTE = "said of another company";

/** Note on a figure an analyst states in a call (a question's premise, not the company's word). */
export const ANALYST_NOTE = "said by an analyst";

/** Note on a figure said in a call by a speaker whose role the transcript does not tell. */
export const UNKNOWN_ROLE_NOTE = "said by a speaker whose role is unknown";
