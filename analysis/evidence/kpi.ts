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

const GROWTH = /\b(grew|grow|growth|increased?|up|rose|declined?|decreased?|down|fell)\b/i;

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
  },
  {
    key: "revenue_growth",
    label: "Revenue Growth",
    terms: ["total revenue", "revenue", "revenues", "top-line", "sales"],
    kind: "percent",
    requires: GROWTH,
  },
  { key: "gross_margin", label: "Gross Margin", terms: ["gross margin"], kind: "percent" },
  {
    key: "operating_margin",
    label: "Operating Margin",
    terms: ["operating margin"],
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

/** `Q3 2025`, `fiscal 2025`, `FY2025` in a sentence, else null. */
export function periodOf(sentence: string): string | null {
  let m = /\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)\d{2})\b/i.exec(sentence);
  if (m) return `Q${m[1]} ${m[2]}`;
  m = /\b(first|second|third|fourth) quarter(?: of)?(?: fiscal(?: year)?)? ((?:19|20)\d{2})\b/i
    .exec(sentence);
  if (m) {
    return `Q${["first", "second", "third", "fourth"].indexOf(m[1].toLowerCase()) + 1} ${m[2]}`;
  }
  m = /\b(?:FY\s?|fiscal (?:year )?)((?:19|20)\d{2})\b/i.exec(sentence);
  return m ? `FY ${m[1]}` : null;
}

export interface KpiHit {
  metric: string;
  label: string;
  value: { raw: string; number: number; unit: string };
  period: string | null;
  comparison: "yoy" | "qoq" | null;
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
      const gap = Math.abs(distance(pick));
      const comparison =
        /\b(year[- ]over[- ]year|y\/y|yoy|from a year ago|a year ago)\b/i.test(s.text)
          ? "yoy"
          : /\b(quarter[- ]over[- ]quarter|q\/q|qoq|sequential(ly)?)\b/i.test(s.text)
          ? "qoq"
          : null;
      hits.push({
        metric: metric.key,
        label: metric.label,
        value: { raw: pick.raw, number: pick.number, unit: pick.unit },
        period: periodOf(s.text),
        comparison,
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
