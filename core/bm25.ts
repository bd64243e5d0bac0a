/**
 * BM25F text ranking over documents with weighted fields, with a light English stemmer and
 * query-side synonym expansion. Pure and dependency-free; the MCP discovery tools use it to find
 * commands from a request in words.
 */

/** One document: an id and the text of each field. */
export interface RankDoc {
  id: string;
  fields: Record<string, string>;
}

/** How the ranking weighs fields and term frequencies. */
export interface RankOptions {
  /** Weight of each field (fields not listed weigh 1). */
  weights?: Record<string, number>;
  /** Term-frequency saturation (BM25's k1). */
  k1?: number;
  /** Length normalisation (BM25's b), per field or one for all. */
  b?: number | Record<string, number>;
  /** A word or two-word phrase → related words, each added at `synonymWeight` (both stemmed). */
  synonyms?: Record<string, string[]>;
  /** Weight of a synonym relative to a word of the query. */
  synonymWeight?: number;
}

/** One ranked document. */
export interface RankHit {
  id: string;
  score: number;
  /** Query terms (stemmed) found in the document. */
  matched: string[];
}

// "not" says what a command does not do, and its stem is the stem of "note": kept, "not advice"
// ranked a command for "segment note"
const STOP = new Set(
  ("a an and are as at be by can do does did for from get give how i in into is it its me my " +
    "of on or our over about show tell that the their them then there these this to us was we what when " +
    "where which who will with you your please want need finance not")
    .split(" "),
);

/** Lower-cases, joins form names (10-K → 10k, P/E → pe, Q&A → qa), drops stop words, stems. */
export function tokenize(text: string): string[] {
  const joined = text.toLowerCase()
    .replace(/\b(\d+)-([a-z])\b/g, "$1$2")
    .replace(/\b([a-z])\/([a-z])\b/g, "$1$2")
    .replace(/\b([a-z]{1,2})&([a-z])\b/g, "$1$2")
    .replace(/([a-z])'s\b/g, "$1");
  const out: string[] = [];
  for (const word of joined.split(/[^a-z0-9]+/)) {
    if (word.length < 2 || STOP.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/**
 * A light suffix stripper: enough that "moves", "moved" and "moving", or "filing" and "filings",
 * meet. Both documents and queries go through it, so its stems need only be consistent.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length >= 5) w = undouble(w.slice(0, -2));
  else if (w.endsWith("ly") && w.length >= 6) w = w.slice(0, -2);
  if (w.endsWith("e") && w.length >= 4) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

interface Indexed {
  id: string;
  /** Per field: term → count. */
  tf: Record<string, Map<string, number>>;
  /** Per field: number of terms. */
  len: Record<string, number>;
}

/** An index built once over a fixed set of documents. */
export class Bm25Index {
  #docs: Indexed[];
  #df = new Map<string, number>();
  #avg: Record<string, number> = {};
  #opts: Required<RankOptions>;
  /** Stemmed word or pair of words → stemmed related terms. */
  #synonyms = new Map<string, string[]>();

  constructor(docs: RankDoc[], opts: RankOptions = {}) {
    this.#opts = {
      weights: opts.weights ?? {},
      k1: opts.k1 ?? 1.2,
      b: opts.b ?? 0.75,
      synonyms: opts.synonyms ?? {},
      synonymWeight: opts.synonymWeight ?? 0.4,
    };
    for (const [key, related] of Object.entries(this.#opts.synonyms)) {
      const k = tokenize(key).join(" ");
      const list = this.#synonyms.get(k) ?? [];
      for (const r of related) list.push(...tokenize(r));
      this.#synonyms.set(k, list);
    }
    const totals: Record<string, number> = {};
    this.#docs = docs.map((doc) => {
      const tf: Indexed["tf"] = {};
      const len: Indexed["len"] = {};
      const seen = new Set<string>();
      for (const [field, text] of Object.entries(doc.fields)) {
        const terms = tokenize(text);
        const counts = new Map<string, number>();
        for (const t of terms) {
          counts.set(t, (counts.get(t) ?? 0) + 1);
          seen.add(t);
        }
        tf[field] = counts;
        len[field] = terms.length;
        totals[field] = (totals[field] ?? 0) + terms.length;
      }
      for (const t of seen) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
      return { id: doc.id, tf, len };
    });
    for (const [field, total] of Object.entries(totals)) {
      this.#avg[field] = total / Math.max(1, docs.length);
    }
  }

  /**
   * Query terms with their weights: the query's own stems at 1, the related words of a two-word
   * phrase at 1 too (a phrase is specific: "management discussion" is MD&A), those of one word
   * at `synonymWeight`.
   */
  queryTerms(query: string): Map<string, number> {
    const stems = [...new Set(tokenize(query))];
    const terms = new Map<string, number>(stems.map((t) => [t, 1]));
    const pairs = stems.slice(1).map((t, i) => `${stems[i]} ${t}`);
    for (const [keys, weight] of [[pairs, 1], [stems, this.#opts.synonymWeight]] as const) {
      for (const key of keys) {
        for (const t of this.#synonyms.get(key) ?? []) {
          if (!terms.has(t)) terms.set(t, weight);
        }
      }
    }
    return terms;
  }

  /** Documents ranked by BM25F score, best first; documents matching nothing are left out. */
  search(query: string, filter?: (id: string) => boolean): RankHit[] {
    const terms = this.queryTerms(query);
    const n = this.#docs.length;
    const { k1, weights } = this.#opts;
    const hits: RankHit[] = [];
    for (const doc of this.#docs) {
      if (filter && !filter(doc.id)) continue;
      let score = 0;
      const matched: string[] = [];
      for (const [term, q] of terms) {
        let tf = 0;
        for (const [field, counts] of Object.entries(doc.tf)) {
          const c = counts.get(term);
          if (!c) continue;
          const b = this.#bFor(field);
          const norm = 1 - b + b * (doc.len[field] / (this.#avg[field] || 1));
          tf += (weights[field] ?? 1) * c / norm;
        }
        if (tf === 0) continue;
        const df = this.#df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += q * idf * tf / (k1 + tf);
        matched.push(term);
      }
      if (score > 0) hits.push({ id: doc.id, score, matched });
    }
    return hits.sort((x, y) => y.score - x.score || x.id.localeCompare(y.id));
  }

  #bFor(field: string): number {
    const b = this.#opts.b;
    return typeof b === "number" ? b : b[field] ?? 0.75;
  }
}
