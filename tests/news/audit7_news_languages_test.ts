/**
 * Articles in languages other than the one asked are said: with language=any, how many are not in
 * English and in which languages; with a sourcelang filter, any article GDELT lists in another
 * language. Before, 188 of the 250 articles of a real answer (Chinese, Hindi, Malayalam…) were
 * listed without a word.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";
const art = (n: number, language: string) => ({
  url: `https://news-${n}.example/markets/story-${n}`,
  title: `Refinery restart story number ${n}`,
  seendate: "20261127T081500Z",
  domain: `news-${n}.example`,
  language,
  sourcecountry: "India",
});

Deno.test("news.search language=any: articles not in English are counted by language", async () => {
  const net = fakeGdelt({
    articles: [art(1, "English"), art(2, "Hindi"), art(3, "Hindi"), art(4, "Chinese")],
  });
  const env = await envelope("news.search", { query: "refinery", language: "any" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(env).count, 4);
  assert.ok(
    env.warnings.some((w) =>
      /3 of the 4 articles are not in English \(Hindi 2, Chinese 1\)/.test(w)
    ),
    env.warnings.join(" | "),
  );
});

Deno.test("news.search language=english: an article GDELT lists in another language is said", async () => {
  const net = fakeGdelt({ articles: [art(1, "English"), art(2, "Spanish")] });
  const env = await envelope("news.search", { query: "refinery" }, { fetch: net.fetch, now: NOW });
  assert.ok(
    env.warnings.some((w) =>
      /1 of the 2 articles are not in English though sourcelang:english was asked \(Spanish 1\)/
        .test(w)
    ),
    env.warnings.join(" | "),
  );
  // all in the language asked: nothing to say
  const same = await envelope("news.search", { query: "refinery", language: "spanish" }, {
    fetch: fakeGdelt({ articles: [art(2, "Spanish")] }).fetch,
    now: NOW,
  });
  assert.ok(!same.warnings.some((w) => /not in/.test(w)), same.warnings.join(" | "));
});

Deno.test({
  name: "conformance: the real GDELT artlist (query=india, 250 articles, 22 languages)",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("GDELT languages conformance");
    if (!root) return;
    const payload = JSON.parse(Deno.readTextFileSync(join(root, "gdelt", "gdelt_response.json")));
    const env = await envelope("news.search", {
      query: "india",
      language: "any",
      max_records: 250,
      // the recorded list spans 2026-01-12 to 2026-01-23 (first seen)
      timespan: "2w",
    }, { fetch: fakeGdelt(payload).fetch, now: "2026-01-23T04:00:00Z" });
    const data = dataOf<Any>(env);
    const notEnglish = data.articles.filter((a: Any) =>
      a.language && a.language !== "English"
    ).length;
    assert.ok(notEnglish > 100);
    const said = env.warnings.find((w) => /articles are not in English/.test(w));
    assert.ok(said, env.warnings.join(" | "));
    assert.match(said!, new RegExp(`^${notEnglish} of the ${data.count} articles`));
    assert.match(said!, /Chinese \d+, Hindi \d+, Malayalam \d+/);
  },
});
