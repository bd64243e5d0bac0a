/**
 * Scanning the text model for phrases and topic groups: each hit is the matched words
 * themselves (not a whole block), with offsets, page and a context window.
 */
import { DisjointSpans, findMatches, type MatchMode, prepareText } from "../../core/fuzzy.ts";
import { type DocText, matchId, pageAt, snapEnd, snapStart } from "./model.ts";
import { checkpoint } from "../../core/cancel.ts";

/** A hit's place and score, as the overlap checks need it. */
interface Span {
  start: number;
  end: number;
  score: number;
}

/** Topic groups searched when neither query nor topics is given (and names usable in topics=). */
export const TOPICS: Record<string, string[]> = {
  disclosure: [
    "investment disclosure",
    "regulation fd disclosure",
    "forward looking statements",
    "non gaap financial measures",
  ],
  risk: [
    "risk factors",
    "customer concentration risk",
    "competition risk",
    "macroeconomic risk",
    "cybersecurity risk",
  ],
  financial_reporting: [
    "financial statements",
    "management discussion and analysis",
    "revenue",
    "gross margin",
    "operating income",
    "free cash flow",
  ],
  portfolio: ["portfolio holdings", "holdings", "assets under management", "investment portfolio"],
  guidance: [
    "guidance",
    "outlook",
    "annual recurring revenue",
    "remaining performance obligations",
    "net retention",
  ],
};

export interface ScanOptions {
  topics: { topic: string; queries: string[] }[];
  mode: MatchMode;
  threshold: number;
  limit: number;
  /** Context characters around each hit (0 = a short default). */
  window: number;
  /** The slice of the text to search. */
  start: number;
  end: number;
}

export interface ScanMatch {
  match_id: string;
  start_char: number;
  end_char: number;
  page: number | null;
  score: number;
  method: string;
  topic: string;
  query: string;
  text: string;
  context: string;
  context_start_char: number;
  context_end_char: number;
}

/**
 * Full-width forms (Ｎｅｔ ｓａｌｅｓ １，２３４ typed with a CJK input method) and the ideographic
 * space as their ASCII letters, digits and space: one character for one, so offsets hold.
 */
export function foldWidth(text: string): string {
  return /[\uff01-\uff5e\u3000]/.test(text)
    ? text.replace(
      /[\uff01-\uff5e\u3000]/g,
      (c) => c === "\u3000" ? " " : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
    )
    : text;
}

/** Topic list from query=/topics=: a query is one literal topic; known names expand. */
export function resolveTopics(query?: string, topics?: string[]): ScanOptions["topics"] {
  if (query?.trim()) return [{ topic: query.trim(), queries: [query.trim()] }];
  const names = (topics ?? []).map((t) => t.trim()).filter(Boolean);
  if (names.length === 0) {
    return Object.entries(TOPICS).map(([topic, queries]) => ({ topic, queries }));
  }
  return names.map((t) => {
    const key = t.toLowerCase().replace(/[\s-]+/g, "_");
    return Object.hasOwn(TOPICS, key)
      ? { topic: key, queries: TOPICS[key] }
      : { topic: t, queries: [t] };
  });
}

const DEFAULT_CONTEXT = 240;

/**
 * The numbers a text states, each with its sign as printed: "(2,370)", "($2,370)", "-2,370" and
 * "−2,370" are negative; digits only, separators dropped ("56,608" → "56608").
 */
export function statedNumbers(text: string): string[] {
  const out: string[] = [];
  // a hyphen after a figure or a word ("2,100-2,370", "Q3-2024", "COVID-19") joins, it is no minus
  for (
    const m of text.matchAll(
      /(\(\s*[$€£¥]?\s*|(?<![\p{L}\p{N}%)])[-\u2212]\s*[$€£¥]?\s*)?(\d[\d,]*(?:\.\d+)?)/gu,
    )
  ) {
    const digits = m[2].replace(/,/g, "").replace(/\.0+$|(\.\d*?)0+$/, "$1");
    out.push(`${m[1] ? "-" : ""}${digits}`);
  }
  return out;
}

/** A hit of a query that names numbers, whose own numbers differ (another figure, or its sign). */
export interface NumberMismatch {
  query: string;
  text: string;
  page: number | null;
}

/**
 * Finds every topic's queries in doc.text[start, end); best matches first. A query that names
 * numbers ("Total revenues 56,608") only matches text stating those numbers with the same
 * signs: fuzzy likeness of words is no evidence for a figure, so "66,608" and "($2,370)" for
 * "2,370" are left out and listed in `mismatches`.
 */
export function scanText(
  doc: DocText,
  opts: ScanOptions,
): { matches: ScanMatch[]; total: number; mismatches: NumberMismatch[] } {
  const mismatches: NumberMismatch[] = [];
  const slice = foldWidth(doc.text.slice(opts.start, opts.end));
  const prepared = prepareText(slice);
  const found: ScanMatch[] = [];
  // each query's hits do not overlap one another: one set of spans per query answers "does a
  // hit of an earlier query overlap this one with at least its score" by binary search
  const earlier: DisjointSpans<Span>[] = [];
  let steps = 0;
  for (const { topic, queries: asked } of opts.topics) {
    for (const original of asked) {
      const query = foldWidth(original);
      checkpoint();
      const own = new DisjointSpans<Span>();
      const wanted = statedNumbers(query);
      const hits = findMatches(prepared, query, { threshold: opts.threshold, mode: opts.mode });
      for (
        const m of UNSPACED.test(query) && !hits.length ? literalHits(slice, query) : hits
      ) {
        const start = m.start + opts.start, end = m.end + opts.start;
        if ((++steps & 4095) === 0) checkpoint();
        if (wanted.length) {
          // the hit with the characters that print its numbers' signs: "($" before, ")" after
          const from = Math.max(0, start - 3);
          const stated = statedNumbers(doc.text.slice(from, end + 1));
          const left = [...stated];
          const all = wanted.every((n) => {
            const i = left.indexOf(n);
            if (i >= 0) left.splice(i, 1);
            return i >= 0;
          });
          if (!all) {
            mismatches.push({
              query: original,
              text: doc.text.slice(start, end + 1).trim(),
              page: pageAt(doc.pages, start),
            });
            continue;
          }
        }
        if (earlier.some((spans) => spans.overlaps(start, end, (f) => f.score >= m.score))) {
          continue;
        }
        own.add({ start, end, score: m.score });
        found.push(toMatch(doc, start, end, m.score, m.method, topic, original, opts.window));
      }
      earlier.push(own);
    }
  }
  // Overlapping hits of different queries keep the best one.
  found.sort((a, b) => b.score - a.score || a.start_char - b.start_char);
  const kept: ScanMatch[] = [];
  const keptSpans = new DisjointSpans<Span>();
  for (const [i, f] of found.entries()) {
    if ((i & 4095) === 0) checkpoint();
    if (keptSpans.overlaps(f.start_char, f.end_char)) continue;
    keptSpans.add({ start: f.start_char, end: f.end_char, score: f.score });
    kept.push(f);
  }
  return { matches: kept.slice(0, opts.limit), total: kept.length, mismatches };
}

/** Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer). */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;

/**
 * Where a query in a script written without spaces stands in the text, letter for letter (case
 * and runs of white space aside): word matching finds no word boundary inside "当社の売上高は…",
 * so "売上高" was never found. One indexOf pass; each hit scores 100 as an exact match.
 */
function literalHits(
  slice: string,
  query: string,
): { start: number; end: number; score: number; method: "exact" }[] {
  const q = query.trim().toLowerCase();
  const out: { start: number; end: number; score: number; method: "exact" }[] = [];
  if (!q || /\s/.test(q)) return out;
  const text = slice.toLowerCase();
  // lower-casing keeps the length of these scripts, but not of every letter: map back only when
  // the lengths agree
  if (text.length !== slice.length) return out;
  for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + q.length)) {
    if ((out.length & 1023) === 0) checkpoint();
    out.push({ start: at, end: at + q.length, score: 100, method: "exact" });
  }
  return out;
}

function toMatch(
  doc: DocText,
  start: number,
  end: number,
  score: number,
  method: string,
  topic: string,
  query: string,
  window: number,
): ScanMatch {
  const half = Math.floor((window > 0 ? window : DEFAULT_CONTEXT) / 2);
  const cs = snapStart(doc.text, Math.max(0, start - half));
  const ce = snapEnd(doc.text, Math.min(doc.text.length, end + half));
  return {
    match_id: matchId(start, end),
    start_char: start,
    end_char: end,
    page: pageAt(doc.pages, start),
    score,
    method,
    topic,
    query,
    text: doc.text.slice(start, end),
    context: doc.text.slice(cs, ce),
    context_start_char: cs,
    context_end_char: ce,
  };
}
