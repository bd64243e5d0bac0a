/**
 * KPI mentions in prose: a metric named as a whole word, with the number, unit and period next
 * to it, cited by character offsets. Pure: text in, rows out.
 */
import { wholeWordIndexOf } from "../fuzzy.ts";

export type ValueKind = "money" | "percent" | "count";

export interface MetricDef {
  key: string;
  label: string;
  terms: string[];
  kind: ValueKind;
  /** Words that must also appear (growth metrics need a growth verb, not just "revenue"). */
  requires?: RegExp;
  /** Sentences mentioning these belong to another metric. */
  excludes?: string[];
}

/**
 * A growth verb: "grew", "increased", "declined", or "up"/"down" before a number ("up 22%", "down
 * by $3 million"), so "follow up on the 40% of revenues" is not growth.
 */
const GROWTH =
  /\b(?:grew|grow|growth|increased?|rose|declined?|decreased?|fell)\b|\b(?:up|down)(?=\s+(?:by\s+|about\s+|approximately\s+|nearly\s+|over\s+|more than\s+|roughly\s+)?[$]?\d)/i;

/**
 * Words of an outlook: a number stated for a period still to come ("is expected to be", "we
 * expect", "guidance for", "next quarter"), not a result measured against one ("well above our
 * outlook of $20 billion").
 */
const FORWARD =
  /\b(?:(?:is|are|was|were) expected to|(?:expected|projected|forecast) to be|we (?:now )?(?:expect|anticipate|project|forecast|guide)|(?:outlook|guidance) (?:for|is|calls)|will be|next (?:quarter|year|fiscal)|coming (?:quarter|year))\b/i;

export const METRICS: MetricDef[] = [
  {
    key: "arr",
    label: "Annual Recurring Revenue",
    terms: ["annual recurring revenue", "ARR"],
    kind: "money",
    excludes: ["net new ARR"],
  },
  { key: "net_new_arr", label: "Net New ARR", terms: ["net new ARR"], kind: "money" },
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
    terms: ["total revenue", "revenue", "revenues"],
    kind: "money",
    // an annualized run rate is not revenue earned
    excludes: ["run rate", "run-rate"],
  },
  {
    key: "revenue_growth",
    label: "Revenue Growth",
    terms: ["total revenue", "revenue", "revenues", "top-line", "sales"],
    kind: "percent",
    requires: GROWTH,
    excludes: ["run rate", "run-rate"],
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
    terms: ["earnings per share", "EPS", "diluted EPS"],
    kind: "money",
  },
];

export const DEFAULT_METRICS = METRICS.map((m) => m.key);

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

const ABBREV =
  /\b(?:[A-Z]|inc|corp|ltd|co|mr|mrs|ms|dr|vs|approx|no|u\.s|e\.g|i\.e|etc|a\.m|p\.m|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$/i;

/** Sentences with offsets into `text`; decimals and common abbreviations do not end a sentence. */
export function sentences(text: string, base = 0): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const re = /[.!?](?=\s+(?:[A-Z$"“(0-9]|$))|\n{2,}/g;
  for (const m of text.matchAll(re)) {
    const end = m.index! + (m[0].startsWith("\n") ? 0 : 1);
    if (!m[0].startsWith("\n") && ABBREV.test(text.slice(Math.max(start, end - 8), end))) continue;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return out;
  function push(s: number, e: number) {
    const raw = text.slice(s, e);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t.length >= 15) {
      out.push({ text: t, start: base + s + lead, end: base + s + lead + t.length });
    }
  }
}

export interface FoundValue {
  raw: string;
  number: number;
  kind: ValueKind;
  unit: string;
  offset: number;
}

const SCALE: Record<string, number> = {
  trillion: 1e12,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  million: 1e6,
  mm: 1e6,
  m: 1e6,
  thousand: 1e3,
  k: 1e3,
};
const VALUE =
  /(\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:trillion|billion|million|thousand|bn|mm|[bmk])\b)?\+?)|(-?\d+(?:\.\d+)?\s?(?:%|percent\b|basis points\b|bps\b))|(\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\+?|\b\d+(?:\.\d+)?\s?(?:million|billion|thousand)\b|\b\d+(?:\.\d+)?\b)/gi;

/** Numbers in a sentence: money ($3.4 billion), percents (22%), counts (1,250). */
export function values(sentence: string): FoundValue[] {
  const out: FoundValue[] = [];
  for (const m of sentence.matchAll(VALUE)) {
    const raw = m[0].trim();
    const digits = Number(/-?\d[\d,]*(?:\.\d+)?/.exec(raw)![0].replace(/,/g, ""));
    const unitWord = /(trillion|billion|million|thousand|bn|mm|[bmk])\b\+?$/i.exec(raw)?.[1]
      ?.toLowerCase();
    if (m[1]) {
      out.push({
        raw,
        number: digits * (unitWord ? SCALE[unitWord] : 1),
        kind: "money",
        unit: "USD",
        offset: m.index!,
      });
    } else if (m[2]) {
      const bps = /basis points|bps/i.test(raw);
      out.push({
        raw,
        number: bps ? digits / 100 : digits,
        kind: "percent",
        unit: bps ? "percentage_points" : "percent",
        offset: m.index!,
      });
    } else {
      // Years and day numbers are dates, not counts.
      if (/^(19|20)\d{2}$/.test(raw) || /\bQ[1-4]\s*$/i.test(sentence.slice(0, m.index!))) continue;
      out.push({
        raw,
        number: digits * (unitWord ? SCALE[unitWord] : 1),
        kind: "count",
        unit: "count",
        offset: m.index!,
      });
    }
  }
  return out;
}

/**
 * `Q3 2025`, `fiscal 2025`, `FY2025` in a sentence; `Q4` for a quarter and `FY` for a full year
 * it names without the year (the document's, when the document is about that quarter); else
 * null.
 */
export function periodOf(sentence: string): string | null {
  let m = /\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)\d{2})\b/i.exec(sentence);
  if (m) return `Q${m[1]} ${m[2]}`;
  m = /\b(first|second|third|fourth) quarter(?: of)?(?: fiscal(?: year)?)? ((?:19|20)\d{2})\b/i
    .exec(sentence);
  if (m) {
    return `Q${["first", "second", "third", "fourth"].indexOf(m[1].toLowerCase()) + 1} ${m[2]}`;
  }
  m = /\b(?:FY\s?|fiscal (?:year )?|full[- ]year (?:of )?)((?:19|20)\d{2})\b/i.exec(sentence) ??
    /\b((?:19|20)\d{2}) (?:full[- ]year|fiscal year)\b/i.exec(sentence);
  if (m) return `FY ${m[1]}`;
  // a quarter named without its year ("In Q4", "the fourth quarter"): the document completes it
  m = /\bQ([1-4])\b(?!\s*(?:FY\s*)?'?(?:19|20)\d{2})/i.exec(sentence) ??
    /\b(first|second|third|fourth) quarter\b(?!\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d{2})/i
      .exec(sentence);
  if (m) {
    const q = /^[1-4]$/.test(m[1])
      ? m[1]
      : String(["first", "second", "third", "fourth"].indexOf(m[1].toLowerCase()) + 1);
    return `Q${q}`;
  }
  // a year's figure whose year the document gives ("Fiscal year revenue of $10.45 billion")
  return /\b(?:fiscal year|full[- ]year|for the (?:fiscal )?year)\b/i.test(sentence) ? "FY" : null;
}

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
    "very much many now then again still even here there").split(" "),
);

/**
 * Up to three words just before a metric's name that say whose it is ("data center revenue",
 * "GitHub revenue growth"), within its clause; null when there are none ("our revenue",
 * "In Q3, revenue").
 */
export function qualifierOf(sentence: string, at: number): string | null {
  const clause = sentence.slice(0, at).split(/[,;:()"“”—–]|\s-\s/).at(-1) ?? "";
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < 3; i--) {
    const w = words[i].replace(/['’]s$/i, "");
    // adverbs and past participles in lower case ("sequentially", "reported") name nobody
    const lower = w === w.toLowerCase();
    // a word ending a sentence ("the P&L. GAAP gross margins") is the sentence before's
    const ends = /\.$/.test(w) && !/\..*\./.test(w);
    if (
      /\d/.test(w) || NOT_QUALIFIER.has(w.toLowerCase()) || !/^[\p{L}&.-]+$/u.test(w) ||
      (lower && /(?:ly|ed)$/.test(w)) || ends
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
): { raw: string; number: number; unit: string; high?: number } {
  const end = v.offset + v.raw.length;
  const next = all.find((x) => x.offset >= end && x.kind === v.kind);
  if (next) {
    const between = sentence.slice(end, next.offset);
    if (/^\s*(?:to|-|–|—|and)\s*$/i.test(between) && next.number > v.number) {
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

export interface KpiHit {
  metric: string;
  label: string;
  /**
   * Words before the metric's name saying whose it is ("data center" revenue, "GitHub" revenue
   * growth): a segment's or another company's figure, not the company's own total.
   */
  qualifier: string | null;
  /** The figure; a range ("1% to 3%") gives its low end as number and its high end as high. */
  value: { raw: string; number: number; unit: string; high?: number };
  period: string | null;
  comparison: "yoy" | "qoq" | null;
  /** The sentence is an outlook (expected, guidance, will be): not a reported result. */
  forward_looking: boolean;
  /** Why the row may not be what its label says (several figures for one period). */
  note: string | null;
  sentence: string;
  start_char: number;
  end_char: number;
  matched_term: string;
  confidence: "high" | "medium" | "low";
}

function firstTerm(sentence: string, terms: string[]): { term: string; at: number } | null {
  let best: { term: string; at: number } | null = null;
  for (const term of terms) {
    const at = wholeWordIndexOf(sentence, term);
    if (at >= 0 && (!best || at < best.at)) best = { term, at };
  }
  return best;
}

/** Extracts KPI mentions of `metrics` from a text whose offsets start at `base`. */
export function extractKpis(text: string, metrics: MetricDef[], base = 0): KpiHit[] {
  const hits: KpiHit[] = [];
  for (const s of sentences(text, base)) {
    const found = values(s.text);
    if (!found.length) continue;
    for (const metric of metrics) {
      if (metric.requires && !metric.requires.test(s.text)) continue;
      if (metric.excludes?.some((x) => wholeWordIndexOf(s.text, x) >= 0)) continue;
      const term = firstTerm(s.text, metric.terms);
      if (!term) continue;
      // The value of the metric's kind closest to its name (after it wins a tie).
      const termEnd = term.at + term.term.length;
      const distance = (v: FoundValue) =>
        v.offset >= termEnd ? v.offset - termEnd : term.at - (v.offset + v.raw.length) + 0.5;
      const pick = found.filter((v) => v.kind === metric.kind)
        .sort((a, b) => distance(a) - distance(b))[0];
      if (!pick) continue;
      // the growth verb belongs to this figure: between its name and its number, or just before
      if (metric.requires) {
        const from = Math.min(term.at, pick.offset);
        const to = Math.max(termEnd, pick.offset + pick.raw.length);
        if (!metric.requires.test(s.text.slice(Math.max(0, from - 25), to))) continue;
      }
      const gap = Math.abs(distance(pick));
      // a percent is a change or a rate against something; an amount only when stated as a change
      const change = pick.kind === "percent" ||
        /\b(?:up|down|by|grew|rose|fell|increased|decreased|declined)\s*$/i.test(
          s.text.slice(Math.max(0, pick.offset - 25), pick.offset),
        );
      const comparison = change ? comparisonOf(s.text, pick, found) : null;
      hits.push({
        metric: metric.key,
        label: metric.label,
        qualifier: term.term.toLowerCase().startsWith("total")
          ? null
          : qualifierOf(s.text, term.at),
        value: rangeOf(s.text, pick, found),
        period: periodOf(s.text),
        comparison,
        forward_looking: FORWARD.test(s.text),
        note: null,
        sentence: s.text,
        start_char: s.start,
        end_char: s.end,
        matched_term: term.term,
        confidence: gap <= 40 ? "high" : gap <= 120 ? "medium" : "low",
      });
    }
  }
  return hits;
}

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
    if (r.qualifier || r.forward_looking) continue;
    const key = `${r.metric}|${r.period ?? ""}|${r.comparison ?? ""}|${r.value.unit}`;
    groups.set(key, [...groups.get(key) ?? [], r]);
  }
  for (const group of groups.values()) {
    const distinct = [...new Set(group.map((r) => r.value.number))];
    if (distinct.length < 2) continue;
    const what = `${distinct.length} different ${group[0].label.toLowerCase()} figures${
      group[0].period ? ` for ${group[0].period}` : ""
    } in this document`;
    // a company's revenue (or ARR, RPO, free cash flow) is the sum its segments' are part of;
    // two EPS figures are GAAP and adjusted, neither a segment's
    if (group[0].value.unit === "USD" && TOTALS.has(group[0].metric)) {
      const top = Math.max(...distinct);
      for (const r of group) {
        if (r.value.number === top) {
          r.note =
            `the largest of ${what}, taken as the company's; the others are likely segments'`;
        } else {
          r.note = `one of ${what}, smaller than ${
            group.find((x) => x.value.number === top)!.value.raw
          }: likely a segment's (named in the sentences before), not the company's`;
          r.confidence = "low";
        }
      }
    } else {
      for (const r of group) {
        r.note = `one of ${what}: check which line of business or measure (GAAP, adjusted) each is`;
        if (r.confidence === "high") r.confidence = "medium";
      }
    }
  }
  return rows;
}
