/** Edit distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest candidate, or null when nothing is reasonably close. */
export function closest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  const w = word.toLowerCase();
  const limit = Math.max(2, Math.floor(w.length / 3));
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const prefix = lc.startsWith(w) || w.startsWith(lc);
    // the distance is at least the difference in length: past the limit it cannot win, and a
    // long word (a 1 MB argument name sent to the adapter) must not cost length x length work
    const far = Math.abs(w.length - lc.length) > limit;
    const distance = far ? Infinity : editDistance(w, lc);
    // "pages" names "max_pages" by one of its words
    const part = w.length >= 3 && lc.split(/[_.]/).includes(w);
    const score = prefix ? Math.min(distance, 1) : part ? Math.min(distance, 1.5) : distance;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best !== null && bestScore <= limit ? best : null;
}

/**
 * Names callers (people and agents) give an argument that no edit distance finds: `ticker` for
 * `symbol`, `interval` for `timeframe`, `from` for `start_date`. Each lists the names it may
 * mean, most likely first; only a name the command has is suggested, and nothing is accepted
 * under another name without the caller saying so.
 */
const ARGUMENT_WORDS: Record<string, string[]> = {
  ticker: ["symbol", "symbols"],
  tickers: ["symbols", "symbol"],
  stock: ["symbol", "symbols"],
  company: ["symbol", "symbols"],
  interval: ["timeframe", "period"],
  frequency: ["timeframe", "period", "rebalance"],
  resolution: ["timeframe"],
  from: ["start_date", "start", "start_datetime"],
  from_date: ["start_date", "start", "start_datetime"],
  since: ["start_date", "start", "start_datetime"],
  begin: ["start_date", "start"],
  to: ["end_date", "end", "end_datetime"],
  to_date: ["end_date", "end", "end_datetime"],
  until: ["end_date", "end", "end_datetime"],
  count: ["limit", "max_records", "max_tables", "top"],
  n: ["limit", "max_records", "top"],
  num: ["limit", "max_records", "top"],
  max_results: ["limit", "max_records"],
  max: ["limit", "max_records"],
  file: ["source", "url"],
  path: ["source", "url"],
  url: ["source", "url"],
  document: ["source"],
  q: ["query"],
  search: ["query"],
  keywords: ["query", "topics", "metrics"],
  form_type: ["forms", "form"],
  filing_type: ["forms", "form"],
  type: ["form", "forms", "statement", "analysis"],
};

/** The argument a common other name (`ticker`, `interval`, `from`) most likely means, or null. */
export function argumentWordFor(word: string, names: Iterable<string>): string | null {
  const meant = ARGUMENT_WORDS[word.toLowerCase()];
  if (!meant || !Object.hasOwn(ARGUMENT_WORDS, word.toLowerCase())) return null;
  const have = new Set(names);
  return meant.find((n) => have.has(n)) ?? null;
}
