/**
 * news.analyze analysis=context lists articles as news.search does: GDELT's Context 2.0 answers
 * recrawled pages from outside an explicit window and one article under tracking addresses, which
 * were listed (and counted) as the window's snippets. Tracking parameters of the big news sites
 * (BBC's at_*, ns_*, Yahoo's .tsrc, Reuters' taid, the Guardian's CMP) do not make a new article.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";
import { canonicalUrl, mergeArticles, toArticle } from "../../providers/news/gdelt_articles.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";

const row = (url: string, seendate: string, title: string) => ({
  url,
  title,
  seendate,
  domain: "example-news.com",
  language: "English",
  sourcecountry: "United States",
  sentence: `${title}, the company said.`,
});

Deno.test("news.analyze context: snippets first seen outside the window are left out and tracking copies merged", async () => {
  const net = fakeGdelt({
    articles: [
      row(
        "https://www.example-news.com/a/refinery-restart?utm_source=feed",
        "20261125T101500Z",
        "Refinery restart lifts regional supply",
      ),
      row(
        "https://example-news.com/a/refinery-restart",
        "20261125T093000Z",
        "Refinery restart lifts regional supply",
      ),
      // a page recrawled from last month: not the window's news
      row(
        "https://example-news.com/b/old-outage",
        "20261020T080000Z",
        "Refinery outage halts output for weeks",
      ),
    ],
  });
  const env = await envelope("news.analyze", {
    analysis: "context",
    query: "refinery restart",
    start_date: "2026-11-24",
    end_date: "2026-11-26",
  }, { fetch: net.fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.equal(data.count, 1, JSON.stringify(data.articles.map((a: Any) => a.url)));
  assert.equal(data.articles[0].url, "https://example-news.com/a/refinery-restart");
  assert.equal(data.articles[0].first_seen_at, "2026-11-25T09:30:00Z");
  assert.equal(
    data.articles[0].snippet,
    "Refinery restart lifts regional supply, the company said.",
  );
  const warned = env.warnings.join(" ");
  assert.match(warned, /1 of the 3 articles GDELT returned were first seen outside the window/);
  assert.match(warned, /1 article\(s\) merged/);
});

Deno.test("canonicalUrl: BBC, Yahoo, Reuters and Guardian tracking parameters are one article", () => {
  const bare = canonicalUrl("https://www.bbc.co.uk/news/business-123");
  assert.equal(
    canonicalUrl(
      "https://www.bbc.co.uk/news/business-123?at_medium=RSS&at_campaign=rss&ns_campaign=bbc",
    ),
    bare,
  );
  assert.equal(
    canonicalUrl("https://finance.yahoo.com/news/x-1.html?.tsrc=rss&guccounter=1"),
    canonicalUrl("https://finance.yahoo.com/news/x-1.html"),
  );
  assert.equal(
    canonicalUrl("https://www.reuters.com/markets/x/?taid=abc"),
    canonicalUrl("https://www.reuters.com/markets/x/"),
  );
  assert.equal(
    canonicalUrl("https://www.theguardian.com/business/x?CMP=share_btn_tw"),
    canonicalUrl("https://www.theguardian.com/business/x"),
  );
  // a parameter that names the article stays
  assert.notEqual(
    canonicalUrl("https://example.com/story?id=1"),
    canonicalUrl("https://example.com/story?id=2"),
  );
  const list = [
    toArticle({ url: "https://www.bbc.co.uk/news/business-123", seendate: "20261126T100000Z" })!,
    toArticle({
      url: "https://www.bbc.co.uk/news/business-123?at_medium=RSS&at_campaign=KARANGA",
      seendate: "20261126T110000Z",
    })!,
  ];
  assert.equal(mergeArticles(list).merged, 1);
});
