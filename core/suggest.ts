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
