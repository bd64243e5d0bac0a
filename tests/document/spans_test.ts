/**
 * The overlap and nearest-word checks of scans use binary search; these tests hold them to the
 * pairwise answers they replace.
 */
import assert from "node:assert/strict";
import { DisjointSpans, findMatches } from "../../core/fuzzy.ts";

let seed = 12345;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
};

Deno.test("DisjointSpans.overlaps answers as a pass over every kept span", () => {
  for (let trial = 0; trial < 200; trial++) {
    const spans = new DisjointSpans<{ start: number; end: number; score: number }>();
    const kept: { start: number; end: number; score: number }[] = [];
    for (let i = 0; i < 300; i++) {
      const start = rnd(2000);
      const end = start + rnd(12); // zero-length spans included
      const score = rnd(100);
      const min = rnd(100);
      const naive = kept.some((k) => start < k.end && k.start < end);
      assert.equal(spans.overlaps(start, end), naive, `overlaps [${start}, ${end})`);
      const naiveScored = kept.some((k) => start < k.end && k.start < end && k.score >= min);
      assert.equal(spans.overlaps(start, end, (k) => k.score >= min), naiveScored);
      if (!naive) {
        spans.add({ start, end, score });
        kept.push({ start, end, score });
      }
    }
  }
});

Deno.test("all_terms: the nearest other word is taken, the earlier of two as near", () => {
  // "beta" as far before "alpha" as after it: the earlier one makes the span
  const [hit] = findMatches("gamma beta .. alpha .. beta gamma", "alpha beta", {
    mode: "all_terms",
    maxSpan: 50,
  });
  assert.equal(hit.text, "beta .. alpha");
  // beyond maxSpan a word does not count, and the score drops to the words found
  const far = findMatches(`alpha ${"x ".repeat(300)}beta`, "alpha beta", {
    mode: "all_terms",
    maxSpan: 100,
    threshold: 40,
  });
  assert.deepEqual(far.map((m) => [m.text, m.score]), [["alpha", 50]]);
});
