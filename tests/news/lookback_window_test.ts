/**
 * A look-back window (timespan=24H) counts back from now, and GDELT lists recrawled old pages
 * under it as it does under a date range: those are left out with a warning, not passed as the
 * last day's news. Before, only date ranges were checked.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";
const art = (n: number, seendate: string) => ({
  url: `https://news-${n}.example/markets/story-${n}`,
  title: `Refinery restart story number ${n}`,
  seendate,
  domain: `news-${n}.example`,
  language: "English",
  sourcecountry: "United States",
});

Deno.test("news.search timespan=24H: a page first seen days before is left out and said", async () => {
  const net = fakeGdelt({
    articles: [
      art(1, "20261127T111500Z"), // 45 minutes ago
      art(2, "20261126T115000Z"), // 24h10m ago: inside GDELT's 15-minute refresh
      art(3, "20261122T080000Z"), // five days ago: a recrawled page
    ],
  });
  const env = await envelope("news.search", { query: "refinery", timespan: "24H" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.ok(env.ok, env.error ?? "");
  assert.deepEqual(
    dataOf<Any>(env).articles.map((a: Any) => a.url),
    ["https://news-1.example/markets/story-1", "https://news-2.example/markets/story-2"],
  );
  const said = env.warnings.find((w) => /first seen outside the window/.test(w));
  assert.ok(said, env.warnings.join(" | "));
  assert.match(
    said!,
    /^1 of the 3 articles .*\(2026-11-26T12:00 to 2026-11-27T12:00 UTC, timespan=24h back from now\) and were left out/,
  );
});

Deno.test("news.search timespan: articles all inside the look-back are kept without a word", async () => {
  const net = fakeGdelt({ articles: [art(1, "20261127T111500Z"), art(2, "20261127T020000Z")] });
  const env = await envelope("news.search", { query: "refinery", timespan: "1d" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(env).count, 2);
  assert.ok(!env.warnings.some((w) => /outside the window/.test(w)), env.warnings.join(" | "));
});
