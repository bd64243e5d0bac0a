/**
 * Fuzzy, whole-word phrase matching with offsets into the original text.
 *
 * Text and query are normalised the same way (case, punctuation, line breaks, line-end
 * hyphenation, thousands separators, apostrophes), then compared token by token, so a
 * phrase still matches when a PDF broke it across lines, and a short word never matches
 * inside a longer one (`arr` does not hit `warrant`). Scores are 0-100 (Indel ratio of the
 * normalised phrase and the matched words, as RapidFuzz `ratio`), rounded to 2 dp.
 *
 * Stable API (other modules import it): `findMatches`, `bestMatch`, `wholeWordIndexOf`,
 * `prepareText`, `normalizeText`, `similarity`.
 *
 * Every loop over a document's characters, tokens or hits passes a `checkpoint()` now and then,
 * so a scan of a long text stops at its call's time limit. Hits are compared with each other
 * by binary search (nearest word, overlapping spans), not pairwise: a text that repeats the same
 * words 100,000 times used to take minutes.
 */
import { checkpoint } from "./cancel.ts";
import { InputError } from "./errors.ts";

export type MatchMode = "fuzzy" | "all_terms" | "exact";

export interface FuzzyOptions {
  /** Minimum score 0-100 (default 80). */
  threshold?: number;
  /** fuzzy (default): phrase with typos allowed; all_terms: every word near each other; exact. */
  mode?: MatchMode;
  /** Maximum matches (default unlimited). */
  limit?: number;
  /** all_terms: largest span in characters the words may spread over (default 400). */
  maxSpan?: number;
}

export interface FuzzyMatch {
  /** Offsets into the ORIGINAL text: text.slice(start, end) is the matched passage. */
  start: number;
  end: number;
  score: number;
  /** The matched passage as it appears in the text. */
  text: string;
  method: "exact" | "fuzzy" | "all_terms";
}

/** Normalised text plus, for each normalised character, the offset of its source character. */
export interface Normalized {
  norm: string;
  map: Int32Array;
}

/** A text prepared once for many queries (tokens and vocabulary are cached). */
export interface PreparedText extends Normalized {
  readonly original: string;
  tokens: { start: number; end: number; word: string }[];
  vocab: Map<string, number[]>;
}

const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "or",
  "the",
  "of",
  "in",
  "to",
  "for",
  "with",
  "on",
  "by",
]);
const WORD = /[\p{L}\p{N}]/u;
const HYPHENS = new Set(["-", "\u2010", "\u2011", "\u2012", "\u2013"]);

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && (ch >= "a" && ch <= "z" || ch >= "0" && ch <= "9" || WORD.test(ch));
}
function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= "0" && ch <= "9";
}

/** Lower-cases, turns punctuation/whitespace runs into one space and records source offsets. */
export function normalizeText(text: string): Normalized {
  const out: string[] = [];
  const map: number[] = [];
  let pendingSpace = false;
  const push = (s: string, at: number) => {
    if (pendingSpace && out.length > 0) {
      out.push(" ");
      map.push(at);
    }
    pendingSpace = false;
    for (const c of s) {
      out.push(c);
      map.push(at);
    }
  };
  for (let i = 0; i < text.length; i++) {
    if ((i & 65535) === 0) checkpoint();
    const ch = text[i];
    if (ch === "\u00ad" || ch === "'" || ch === "\u2019") continue; // soft hyphen, apostrophes
    if (isWordChar(ch) || isWordChar(ch.toLowerCase())) {
      push(ch.toLowerCase(), i);
      continue;
    }
    const prev = text[i - 1];
    // Thousands separator "1,234" and decimal point "1.5" stay inside the number token.
    if ((ch === "," || ch === ".") && isDigit(prev) && isDigit(text[i + 1])) {
      if (ch === "." && !pendingSpace) push(".", i);
      continue;
    }
    // Line-end hyphenation "recur-\n ring" joins into one word.
    if (HYPHENS.has(ch) && isWordChar(prev)) {
      let j = i + 1;
      while (j < text.length && (text[j] === " " || text[j] === "\t" || text[j] === "\r")) j++;
      if (text[j] === "\n") {
        j++;
        while (j < text.length && /\s/.test(text[j])) j++;
        if (/\p{Ll}/u.test(text[j] ?? "")) {
          i = j - 1;
          continue;
        }
      }
    }
    pendingSpace = true;
  }
  return { norm: out.join(""), map: Int32Array.from(map) };
}

/** Normalises and tokenises a text once; pass the result to findMatches for repeated queries. */
export function prepareText(text: string): PreparedText {
  const { norm, map } = normalizeText(text);
  const tokens: PreparedText["tokens"] = [];
  const vocab = new Map<string, number[]>();
  let start = 0;
  for (let i = 0; i <= norm.length; i++) {
    if ((i & 65535) === 0) checkpoint();
    if (i === norm.length || norm[i] === " ") {
      if (i > start) {
        const word = norm.slice(start, i);
        const at = tokens.push({ start, end: i, word }) - 1;
        const list = vocab.get(word);
        if (list) list.push(at);
        else vocab.set(word, [at]);
      }
      start = i + 1;
    }
  }
  return { original: text, norm, map, tokens, vocab };
}

/**
 * Work done since the last `checkpoint()`, counted across calls: a loop of many short calls (a
 * query's words against a vocabulary under 1,024 words) reaches a checkpoint as a long one does.
 */
let work = 0;
/** Cells of similarity's table, or other steps, between two checkpoints. */
const WORK_PER_CHECKPOINT = 1 << 20;

/**
 * Most cells of similarity tables one fuzzy phrase may cost (about two seconds of work): past
 * it the phrase is refused, as a server answers one call at a time while this runs.
 */
const FUZZY_CELLS = 1e9;

/** Counts `n` steps of work and passes a checkpoint once enough have been done. */
function tick(n = 1): void {
  work += n;
  if (work >= WORK_PER_CHECKPOINT) {
    work = 0;
    checkpoint();
  }
}

/** Indel similarity 0-100 of two strings (200 * LCS / total length). */
export function similarity(a: string, b: string): number {
  if (a === b) return 100;
  if (!a.length || !b.length) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    // a row is b.length cells: two long strings pass checkpoints inside the table
    tick(b.length);
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      cur[j] = ca === b.charCodeAt(j - 1)
        ? prev[j - 1] + 1
        : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return (200 * prev[b.length]) / (a.length + b.length);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function spanOf(
  p: PreparedText,
  firstTok: number,
  lastTok: number,
  score: number,
  method: FuzzyMatch["method"],
): FuzzyMatch {
  const start = p.map[p.tokens[firstTok].start];
  const end = p.map[p.tokens[lastTok].end - 1] + 1;
  return { start, end, score: round2(score), text: p.original.slice(start, end), method };
}

/** Keeps the best-scoring matches that do not overlap, in text order of discovery by score. */
function pickNonOverlapping(found: FuzzyMatch[], limit: number): FuzzyMatch[] {
  found.sort((x, y) =>
    y.score - x.score || x.start - y.start || (x.end - x.start) - (y.end - y.start)
  );
  const kept: FuzzyMatch[] = [];
  const spans = new DisjointSpans<FuzzyMatch>();
  let steps = 0;
  for (const m of found) {
    if ((++steps & 4095) === 0) checkpoint();
    if (spans.overlaps(m.start, m.end)) continue;
    spans.add(m);
    kept.push(m);
    if (kept.length >= limit) break;
  }
  return kept;
}

/**
 * Spans `[start, end)` none of which overlaps another, kept in text order, so that finding those
 * a new span overlaps is a binary search instead of a pass over all of them. Ordered by start
 * and then end, the ends of disjoint spans never decrease, so the spans a range overlaps are
 * consecutive: from the first whose end is past the range's start, while their start is before
 * the range's end.
 */
export class DisjointSpans<T extends { start: number; end: number }> {
  readonly #items: T[] = [];

  /** The first index whose span ends after `start`. */
  #firstEndingAfter(start: number): number {
    let lo = 0, hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#items[mid].end > start) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** True when a kept span overlaps `[start, end)` and passes `test` (any, without one). */
  overlaps(start: number, end: number, test?: (item: T) => boolean): boolean {
    for (let i = this.#firstEndingAfter(start); i < this.#items.length; i++) {
      const item = this.#items[i];
      if (item.start >= end) break;
      if (!test || test(item)) return true;
    }
    return false;
  }

  /** Adds a span that overlaps none of those kept. */
  add(item: T): void {
    let lo = 0, hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.#items[mid];
      if (k.start < item.start || (k.start === item.start && k.end <= item.end)) lo = mid + 1;
      else hi = mid;
    }
    this.#items.splice(lo, 0, item);
  }
}

function exactMatches(p: PreparedText, q: string[]): FuzzyMatch[] {
  const out: FuzzyMatch[] = [];
  const first = p.vocab.get(q[0]) ?? [];
  let steps = 0;
  for (const t of first) {
    if ((++steps & 4095) === 0) checkpoint();
    let ok = t + q.length <= p.tokens.length;
    for (let k = 1; ok && k < q.length; k++) ok = p.tokens[t + k].word === q[k];
    if (ok) out.push(spanOf(p, t, t + q.length - 1, 100, "exact"));
  }
  return out;
}

/** Vocabulary words close to a query word (exact always; fuzzy for words of 4+ letters). */
function similarWords(p: PreparedText, word: string, minScore: number): string[] {
  if (word.length < 4) return p.vocab.has(word) ? [word] : [];
  const out: string[] = [];
  for (const v of p.vocab.keys()) {
    tick(); // similarity ticks for its own table
    if (Math.abs(v.length - word.length) > word.length / 2) continue;
    if (v === word || similarity(v, word) >= minScore) out.push(v);
  }
  return out;
}

function fuzzyMatches(p: PreparedText, q: string[], threshold: number): FuzzyMatch[] {
  const phrase = q.join(" ");
  const content = q.map((w, i) => ({ w, i })).filter(({ w }) =>
    !STOPWORDS.has(w) || q.length === 1
  );
  // a word the query repeats is looked up in the vocabulary once
  const similar = new Map<string, number[]>();
  const anchorsOf = content.map(({ w, i }) => {
    const known = similar.get(w);
    if (known) return { i, positions: known };
    const positions = similarWords(p, w, Math.min(threshold, 75)).flatMap((v) => p.vocab.get(v)!);
    similar.set(w, positions);
    return { i, positions };
  }).sort((a, b) => a.positions.length - b.positions.length).slice(0, 3);
  // each place an anchor word stands is up to nine passages, each compared at the square of
  // the phrase's length: a long phrase of common words is refused before that work, not after
  const passages = 9 * anchorsOf.reduce((n, a) => n + a.positions.length, 0);
  if (passages * phrase.length * phrase.length > FUZZY_CELLS) {
    throw new InputError(
      `fuzzy matching of this ${phrase.length}-character phrase would compare it with ` +
        `${passages.toLocaleString("en-US")} passages (its rarest words stand that often in the ` +
        "text): look for a shorter, more distinctive part of it, or narrow the text with " +
        "start_char and end_char",
    );
  }
  const seen = new Set<string>();
  const out: FuzzyMatch[] = [];
  let steps = 0;
  for (const { i, positions } of anchorsOf) {
    for (const pos of positions) {
      if ((++steps & 255) === 0) checkpoint();
      for (let d = -1; d <= 1; d++) {
        for (let e = -1; e <= 1; e++) {
          const s = pos - i + d;
          const len = q.length + e;
          if (len < 1 || s < 0 || s + len > p.tokens.length || s > pos || s + len <= pos) continue;
          const key = `${s}:${len}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const candidate = p.norm.slice(p.tokens[s].start, p.tokens[s + len - 1].end);
          const bound = (200 * Math.min(candidate.length, phrase.length)) /
            (candidate.length + phrase.length);
          if (bound < threshold) continue;
          const score = similarity(candidate, phrase);
          if (score >= threshold) out.push(spanOf(p, s, s + len - 1, score, "fuzzy"));
        }
      }
    }
  }
  return out;
}

function allTermsMatches(
  p: PreparedText,
  q: string[],
  threshold: number,
  maxSpan: number,
): FuzzyMatch[] {
  const terms = [...new Set(q.filter((w) => !STOPWORDS.has(w)))];
  if (terms.length === 0) return [];
  const lists = terms.map((t) => p.vocab.get(t) ?? []);
  // Anchor on the rarest word that occurs at all; missing words lower the score.
  const order = lists.map((_, k) => k).filter((k) => lists[k].length > 0)
    .sort((a, b) => lists[a].length - lists[b].length);
  const out: FuzzyMatch[] = [];
  if (order.length === 0) return out;
  for (const pos of lists[order[0]]) {
    checkpoint();
    const center = p.map[p.tokens[pos].start];
    let first = pos, last = pos, found = 1;
    for (const k of order.slice(1)) {
      const best = nearest(p, lists[k], center, maxSpan);
      if (best < 0) continue;
      found++;
      first = Math.min(first, best);
      last = Math.max(last, best);
    }
    const score = (100 * found) / terms.length;
    if (score >= threshold) out.push(spanOf(p, first, last, score, "all_terms"));
  }
  return out;
}

/**
 * The token of `list` (token indexes in text order) whose start is nearest `center`, within
 * `maxSpan` characters; of two as near, the earlier. -1 when none is that near. A binary search:
 * the nearest lies on one side or the other of where `center` would go.
 */
function nearest(p: PreparedText, list: number[], center: number, maxSpan: number): number {
  const at = (i: number) => p.map[p.tokens[list[i]].start];
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < center) lo = mid + 1;
    else hi = mid;
  }
  let best = -1, bestDist = Infinity;
  if (lo > 0) {
    // the earliest token at the same position as the one just before `center`
    let left = lo - 1;
    while (left > 0 && at(left - 1) === at(lo - 1)) left--;
    const dist = center - at(left);
    if (dist <= maxSpan) [best, bestDist] = [list[left], dist];
  }
  if (lo < list.length) {
    const dist = at(lo) - center;
    if (dist <= maxSpan && dist < bestDist) best = list[lo];
  }
  return best;
}

/**
 * Finds `query` in `text` (a string or a PreparedText). Returns non-overlapping matches,
 * best score first. Exact whole-word phrase hits score 100.
 */
export function findMatches(
  text: string | PreparedText,
  query: string,
  options: FuzzyOptions = {},
): FuzzyMatch[] {
  const p = typeof text === "string" ? prepareText(text) : text;
  const threshold = options.threshold ?? 80;
  const limit = options.limit ?? Infinity;
  const q = normalizeText(query).norm.split(" ").filter(Boolean);
  if (q.length === 0 || p.tokens.length === 0) return [];
  const mode = options.mode ?? "fuzzy";
  let found: FuzzyMatch[];
  if (mode === "all_terms") found = allTermsMatches(p, q, threshold, options.maxSpan ?? 400);
  else {
    found = exactMatches(p, q);
    if (mode === "fuzzy" && threshold < 100) found = found.concat(fuzzyMatches(p, q, threshold));
  }
  return pickNonOverlapping(found, limit);
}

/** The best match of any of `queries` in `text`, or null (ties keep the earlier query). */
export function bestMatch(
  text: string | PreparedText,
  queries: string | string[],
  options: FuzzyOptions = {},
): (FuzzyMatch & { query: string }) | null {
  const p = typeof text === "string" ? prepareText(text) : text;
  let best: (FuzzyMatch & { query: string }) | null = null;
  for (const query of Array.isArray(queries) ? queries : [queries]) {
    const [m] = findMatches(p, query, { ...options, limit: 1 });
    if (m && (!best || m.score > best.score)) best = { ...m, query };
  }
  return best;
}

/**
 * Case-insensitive index of `word` in `text` where it stands as a whole word (not inside a
 * longer word), from offset `from`; -1 when absent. `word` may contain spaces/punctuation.
 */
export function wholeWordIndexOf(text: string, word: string, from = 0): number {
  const needle = word.toLowerCase();
  if (!needle) return -1;
  const hay = text.toLowerCase();
  for (let i = hay.indexOf(needle, from); i >= 0; i = hay.indexOf(needle, i + 1)) {
    const before = i > 0 ? hay[i - 1] : undefined;
    const after = hay[i + needle.length];
    const edgeStart = !isWordChar(needle[0]) || !isWordChar(before);
    const edgeEnd = !isWordChar(needle[needle.length - 1]) || !isWordChar(after);
    if (edgeStart && edgeEnd) return i;
  }
  return -1;
}
