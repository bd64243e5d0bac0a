/**
 * Attack: one small document.scan request that holds the server's only thread. A query of
 * thousands of words against a page of a thousand distinct words ran 25 s past a 5 s limit and
 * froze /health meanwhile: the vocabulary loop counted its steps afresh for each query word (never
 * reaching a checkpoint under 1,024 words), and comparing two long strings passed none at all.
 * Now the work counts across calls and inside the comparison, a phrase is at most 1,000
 * characters, and a phrase whose comparison would cost too much is refused before it starts.
 */
import assert from "node:assert/strict";
import { withCallScope } from "../../core/call_scope.ts";
import { findMatches, similarity } from "../../core/fuzzy.ts";
import { envelope } from "../_helpers.ts";

/** Words of `n` random letters a..j, from a fixed seed. */
function words(count: number, n: number, seed: number): string[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from(
    { length: count },
    () => Array.from({ length: n }, () => "abcdefghij"[Math.floor(next() * 10)]).join(""),
  );
}

/** Runs `fn` as a call whose time limit has already passed. */
function late<T>(fn: () => T): T {
  return withCallScope("document.scan", new AbortController().signal, 1, () => {
    const until = performance.now() + 5;
    while (performance.now() < until) { /* the limit passes */ }
    return fn();
  });
}

Deno.test("attack: many query words against a small vocabulary stop at the call's time limit", () => {
  const text = words(900, 12, 1).join(" ");
  const query = words(80, 12, 2).join(" ");
  assert.throws(() => late(() => findMatches(text, query)), /did not finish within 1 ms/);
});

Deno.test("attack: comparing two long strings stops at the call's time limit", () => {
  const [a, b] = [words(400, 10, 3).join(" "), words(400, 10, 4).join(" ")];
  assert.throws(() => late(() => similarity(a, b)), /did not finish within 1 ms/);
  // outside a call the same comparison answers
  assert.ok(similarity(a, b) > 0);
});

Deno.test("attack: a phrase of common words in a repetitive text is refused before the work", () => {
  const vocab = ["revenue", "income", "operating", "segment", "total", "net", "cash", "assets"];
  const text = Array.from({ length: 60_000 }, (_, i) => vocab[(i * 7 + (i >> 3)) % 8]).join(" ");
  const phrase = Array.from({ length: 100 }, (_, i) => vocab[(i * 5) % 8]).join(" ");
  const started = performance.now();
  assert.throws(() => findMatches(text, phrase), /would compare it with [\d,]+ passages/);
  // refused from the count of passages, not after comparing them (that took minutes)
  assert.ok(performance.now() - started < 30_000);
});

Deno.test("attack: document.scan refuses a query or topic phrase over 1,000 characters", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const source = `${dir}/page.html`;
    await Deno.writeTextFile(
      source,
      `<html><body><p>${words(50, 8, 5).join(" ")}</p></body></html>`,
    );
    const long = words(300, 10, 6).join(" ");
    const byQuery = await envelope("document.scan", { source, query: long });
    assert.equal(byQuery.ok, false);
    assert.match(
      byQuery.error!,
      /query holds a phrase of 3,299 characters; a phrase to look for is at most 1,000/,
    );
    const byTopic = await envelope("document.scan", { source, topics: [long] });
    assert.equal(byTopic.ok, false);
    assert.match(byTopic.error!, /topics holds a phrase of/);
    // a phrase of ordinary length is scanned
    const ok = await envelope("document.scan", {
      source,
      query: words(50, 8, 5).slice(3, 6).join(" "),
    });
    assert.equal(ok.ok, true, ok.error ?? "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
