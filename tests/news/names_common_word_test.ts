/**
 * news.* with symbol= for a company whose name is one common English word (Target, Visa, Gap):
 * GDELT ignores case, so the bare word matches unrelated articles. Such names are searched in
 * phrases with their legal form or shares/stock and said; Apple keeps its recorded `"Apple"`
 * query, with a warning.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { articlesOrTimeline, fakeGdelt } from "./_fake.ts";
import { companyNameQuery } from "../../providers/news/gdelt_names.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";
const TICKERS = {
  "0": { cik_str: 27419, ticker: "TGT", title: "TARGET CORP" },
  "1": { cik_str: 320193, ticker: "AAPL", title: "Apple Inc." },
  "2": { cik_str: 1045810, ticker: "NVDA", title: "NVIDIA CORP" },
  "3": { cik_str: 1403161, ticker: "V", title: "VISA INC." },
};
const ARTICLE = {
  url: "https://www.example-news.com/markets/story",
  title: "A story",
  seendate: "20261126T101500Z",
  domain: "example-news.com",
  language: "English",
  sourcecountry: "United States",
};

/** The fake network of these tests: SEC's ticker list and GDELT answers. */
const fakeNet = () => fakeGdelt(articlesOrTimeline([ARTICLE]), TICKERS);

const queryOf = (url: string) => new URL(url).searchParams.get("query");

Deno.test("companyNameQuery: a common-word name is searched in phrases with its legal form or a business word", () => {
  assert.equal(
    companyNameQuery("Match Group, Inc.").query,
    '("Match Group" OR "Match shares" OR "Match stock" OR "Match CEO" OR "Match earnings")',
  );
  assert.equal(
    companyNameQuery("SOUTHERN CO").query,
    '("Southern Company" OR "Southern shares" OR "Southern stock" OR "Southern CEO" OR "Southern earnings")',
  );
  // "news shares" would match "news: shares": only the legal form
  assert.equal(companyNameQuery("NEWS CORP").query, '("News Corp" OR "News Corporation")');
  assert.equal(companyNameQuery("TARGET CORP").commonWord, "narrowed");
  // Apple keeps the query its recorded answers replay; other names are unchanged
  assert.equal(companyNameQuery("Apple Inc.").query, '"Apple"');
  assert.equal(companyNameQuery("Apple Inc.").commonWord, "kept");
  assert.equal(companyNameQuery("NVIDIA CORP").query, '"NVIDIA"');
  assert.equal(companyNameQuery("NVIDIA CORP").commonWord, null);
  assert.equal(companyNameQuery("Bank of America Corp /DE/").query, '"Bank of America"');
});

Deno.test("news.search symbol=TGT: Target is not searched as the bare word, and that is said", async () => {
  const net = fakeNet();
  const env = await envelope("news.search", { symbol: "TGT", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.ok(env.ok, env.error ?? "");
  const data = dataOf<Any>(env);
  const narrowed =
    '("Target Corp" OR "Target Corporation" OR "NYSE TGT" OR "NASDAQ TGT" OR "Target shares" OR "Target stock" OR "Target CEO" OR "Target earnings")';
  assert.equal(data.query, narrowed);
  assert.equal(queryOf(net.gdelt[0]), `${narrowed} sourcelang:english`);
  assert.match(
    env.warnings.join(" "),
    /"TARGET" \(TGT\) is also a common English word.*alone are not found.*query=/,
  );
});

Deno.test('news.search symbol=AAPL: the recorded "Apple" query stays, with a common-word warning', async () => {
  const net = fakeNet();
  const env = await envelope("news.search", { symbol: "AAPL", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.ok(env.ok, env.error ?? "");
  assert.equal(dataOf<Any>(env).query, '"Apple"');
  assert.equal(queryOf(net.gdelt[0]), '"Apple" sourcelang:english');
  assert.match(
    env.warnings.join(" "),
    /"Apple" \(AAPL\) is also a common English word.*mostly means the company.*pass query=/,
  );
  // a name that is not a common word is searched as before, without the warning
  const nvda = await envelope("news.search", { symbol: "NVDA", timespan: "7D" }, {
    fetch: fakeNet().fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(nvda).query, '"NVIDIA"');
  assert.ok(!nvda.warnings.some((w) => /common English word/.test(w)), nvda.warnings.join("\n"));
});

Deno.test("news.analyze symbol=V: the timeline counts Visa's phrases, not the word visa", async () => {
  const net = fakeNet();
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    symbol: "V",
    timespan: "7D",
  }, { fetch: net.fetch, now: NOW });
  assert.ok(env.ok, env.error ?? "");
  assert.equal(
    queryOf(net.gdelt[0]),
    '("Visa Inc" OR "Visa shares" OR "Visa stock" OR "Visa CEO" OR "Visa earnings") sourcelang:english',
  );
  assert.match(env.warnings.join(" "), /"VISA" \(V\) is also a common English word/);
});
