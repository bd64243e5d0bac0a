import assert from "node:assert/strict";
import {
  bestMatch,
  findMatches,
  normalizeText,
  similarity,
  wholeWordIndexOf,
} from "../../core/fuzzy.ts";

Deno.test("fuzzy: exact phrase across a line break and case keeps original offsets", () => {
  const text = "Our Effective\n  Tax Rate was 21.0% in 2023.";
  const [m] = findMatches(text, "effective tax rate");
  assert.equal(m.score, 100);
  assert.equal(m.method, "exact");
  assert.equal(text.slice(m.start, m.end), "Effective\n  Tax Rate");
  assert.equal(m.text, "Effective\n  Tax Rate");
});

Deno.test("fuzzy: line-end hyphenation is rejoined", () => {
  const text = "costs were non-recur-\nring in nature";
  const [m] = findMatches(text, "recurring");
  assert.ok(m, "expected a match");
  assert.equal(m.score, 100);
  assert.equal(m.text, "recur-\nring");
});

Deno.test("fuzzy: number formatting is ignored (thousands separators, dollar sign)", () => {
  const text = "Operating income $ 9,285 million compared with 8,123";
  const [m] = findMatches(text, "operating income 9285");
  assert.equal(m.score, 100);
  assert.equal(m.text, "Operating income $ 9,285");
});

Deno.test("fuzzy: a short word never matches inside a longer one", () => {
  assert.deepEqual(findMatches("the warrant was exercised", "arr", { threshold: 50 }), []);
  assert.equal(findMatches("ARR grew to $5M", "arr")[0].score, 100);
  assert.equal(wholeWordIndexOf("the warrant and ARR", "arr"), 16);
  assert.equal(wholeWordIndexOf("warrant", "arr"), -1);
  assert.equal(wholeWordIndexOf("x $1m+ y", "$1m+"), 2);
});

Deno.test("fuzzy: typos score below 100 but above the threshold", () => {
  const [m] = findMatches("the efective tax rat was low", "effective tax rate");
  assert.ok(m && m.score >= 80 && m.score < 100, `score ${m?.score}`);
  assert.equal(m.method, "fuzzy");
  assert.equal(m.text, "efective tax rat");
});

Deno.test("fuzzy: all_terms finds all words near each other, scores by share found", () => {
  const text = "Revenue grew. The gross margin of the segment improved. Far away: unrelated.";
  const [m] = findMatches(text, "margin gross segment", { mode: "all_terms" });
  assert.equal(m.score, 100);
  assert.equal(m.text, "gross margin of the segment");
  const partial = findMatches(text, "margin gross zebra", { mode: "all_terms", threshold: 50 });
  assert.equal(Math.round(partial[0].score), 67);
});

Deno.test("fuzzy: similarity, normalisation and bestMatch", () => {
  assert.equal(similarity("abc", "abc"), 100);
  assert.equal(similarity("abc", ""), 0);
  assert.equal(Math.round(similarity("arr", "warrant")), 60);
  assert.equal(normalizeText("Non-GAAP  (1,234.5)").norm, "non gaap 1234.5");
  const best = bestMatch("We raised our outlook.", ["guidance", "outlook"]);
  assert.equal(best?.query, "outlook");
  assert.equal(bestMatch("nothing here", "guidance"), null);
});
