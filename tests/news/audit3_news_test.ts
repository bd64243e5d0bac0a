/**
 * news.* edge cases of the third audit: company names GDELT cannot take as a quoted phrase
 * (under 5 characters: "NIKE", "KLA", "AT&T"), quoted short phrases in query=, and windows given
 * only a start or only an end. The fake GDELT answers as the real one does: a quoted phrase under
 * 5 characters is refused with "The specified phrase is too short." (status 200, plain text).
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";
import { companyNameQuery } from "../../providers/news/gdelt_names.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";
const TICKERS = {
  "0": { cik_str: 320187, ticker: "NKE", title: "NIKE, Inc." },
  "1": { cik_str: 319201, ticker: "KLAC", title: "KLA CORP" },
  "2": { cik_str: 732717, ticker: "T", title: "AT&T INC." },
  "3": { cik_str: 27419, ticker: "TGT", title: "TARGET CORP" },
};
const ARTICLE = {
  url: "https://www.example-news.com/markets/story",
  title: "Nike shares rise after earnings",
  seendate: "20261126T101500Z",
  domain: "example-news.com",
  language: "English",
  sourcecountry: "United States",
};

const queryOf = (url: string) => new URL(url).searchParams.get("query") ?? "";

/** GDELT as it answers: a quoted phrase under 5 characters refuses the whole query. */
function gdeltLike(url: string): unknown {
  const phrases = queryOf(url).match(/"[^"]*"/g) ?? [];
  if (phrases.some((p) => p.length - 2 < 5)) return "The specified phrase is too short.";
  return { articles: [ARTICLE] };
}

Deno.test("news.search symbol=NKE: NIKE is searched as a bare word, which GDELT takes, not as the phrase it refuses", async () => {
  const net = fakeGdelt(gdeltLike, TICKERS);
  const env = await envelope("news.search", { symbol: "NKE", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  assert.equal(net.gdelt.length, 1);
  assert.equal(queryOf(net.gdelt[0]), "NIKE sourcelang:english");
  assert.equal((dataOf(env) as Any).count, 1);
});

Deno.test("news.analyze symbol=KLAC: a 3-letter name is searched bare, not quoted", async () => {
  const net = fakeGdelt(
    (url: string) =>
      /"[^"]{1,4}"/.test(queryOf(url))
        ? "The specified phrase is too short."
        : { timeline: [{ series: "Article Count", data: [] }] },
    TICKERS,
  );
  const env = await envelope("news.analyze", { symbol: "KLAC", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  assert.equal(queryOf(net.gdelt[0]), "KLA sourcelang:english");
});

Deno.test("companyNameQuery: a short name that is not one word keeps its legal suffix", () => {
  const att = companyNameQuery("AT&T INC.", "T");
  assert.equal(att.query, '"AT&T INC."');
  assert.equal(att.shortened, true);
  assert.equal(companyNameQuery("NIKE, Inc.", "NKE").query, "NIKE");
  // names of 5 characters or more keep their quoted phrase
  assert.equal(companyNameQuery("Apple Inc.", "AAPL").query, '"Apple"');
  assert.equal(companyNameQuery("NVIDIA CORP", "NVDA").query, '"NVIDIA"');
});

Deno.test("news.search symbol=T: AT&T is searched with its suffix, and the warning says why", async () => {
  const net = fakeGdelt(gdeltLike, TICKERS);
  const env = await envelope("news.search", { symbol: "T", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  assert.equal(queryOf(net.gdelt[0]), '"AT&T INC." sourcelang:english');
  assert.ok(env.warnings.some((w) => w.includes("5 characters")), env.warnings.join("\n"));
});

Deno.test("news.search query='\"Meta\" earnings': refused before asking, saying to drop the quotes", async () => {
  const net = fakeGdelt(gdeltLike, TICKERS);
  const env = await envelope("news.search", { query: '"Meta" earnings', timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, false);
  assert.equal(net.gdelt.length, 0, "no request for a query GDELT refuses");
  assert.match(env.error!, /5 characters/);
  assert.match(env.error!, /without quotes/);
  // the same word unquoted is searched
  const bare = await envelope("news.search", { query: "Meta earnings", timespan: "7D" }, {
    fetch: fakeGdelt(gdeltLike, TICKERS).fetch,
    now: NOW,
  });
  assert.equal(bare.ok, true, JSON.stringify(bare.error));
});

Deno.test("GDELT's 'phrase is too short' refusal says what the rule is", async () => {
  // a refusal the local check cannot foresee still says GDELT's rule and what to do
  const net = fakeGdelt(() => "The specified phrase is too short.", TICKERS);
  const env = await envelope("news.search", { query: "chip exports", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /quoted phrase under 5 characters/);
  // GDELT says the same of a query of one short word with no quotes (query=ab): the advice
  // named quotes only, which the query had none of
  assert.match(env.error!, /a query whose only words are shorter than 3 letters/);
});

Deno.test("news.search with start_date only: the window runs to now, sent to GDELT and said", async () => {
  const net = fakeGdelt({ articles: [ARTICLE] }, TICKERS);
  const env = await envelope("news.search", { query: "chip exports", start: "2026-11-20" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  const data = dataOf(env) as Any;
  assert.equal(data.window.start, "2026-11-20T00:00:00.000Z");
  assert.equal(data.window.end, "2026-11-27T12:00:00.000Z");
  const params = new URL(net.gdelt[0]).searchParams;
  assert.equal(params.get("startdatetime"), "20261120000000");
  assert.equal(params.get("enddatetime"), "20261127120000");
  assert.ok(env.warnings.some((w) => /without an end/.test(w)), env.warnings.join("\n"));
});

Deno.test("news.search and news.analyze with end_date only: refused, saying what to give", async () => {
  for (const command of ["news.search", "news.analyze"]) {
    const net = fakeGdelt({ articles: [ARTICLE] }, TICKERS);
    const env = await envelope(command, { query: "chip exports", end: "2026-11-20" }, {
      fetch: net.fetch,
      now: NOW,
    });
    assert.equal(env.ok, false, command);
    assert.equal(net.gdelt.length, 0, command);
    assert.match(env.error!, /without a start/);
    assert.match(env.error!, /start_date=/);
  }
});

Deno.test("a company query stays under GDELT's length cap with the language filter added", () => {
  // GDELT answers "Your query was too short or too long." past about 250 characters
  for (
    const [name, ticker] of [
      ["PROGRESSIVE CORP/OH/", "PGR"],
      ["Intercontinental Exchange", "ICE"],
      ["UNIVERSAL INSURANCE HOLDINGS", "UVE"],
      ["PIONEER NATURAL RESOURCES CO", "PXD"],
      ["Sentinel Corporation", "SNTL"],
    ]
  ) {
    const q = companyNameQuery(name, ticker);
    assert.ok(`${q.query} sourcelang:vietnamese`.length <= 230, `${q.query.length}: ${q.query}`);
  }
});

Deno.test("GDELT's 'too short or too long' refusal says what the limits are", async () => {
  const net = fakeGdelt(() => "Your query was too short or too long.", TICKERS);
  const env = await envelope("news.search", { query: "chip exports", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /about 250 characters/);
  assert.match(env.error!, /shorten it or split it/);
});

Deno.test("news.search: more articles than asked, all outside the window, is said without contradiction", async () => {
  // "GDELT returned as many articles as asked (2)" beside "3 of the 3 articles GDELT returned",
  // and "GDELT found no articles" for an answer of three
  const old = [1, 2, 3].map((i) => ({
    ...ARTICLE,
    url: `https://www.example-news.com/markets/story-${i}`,
    seendate: "20260101T101500Z",
  }));
  const net = fakeGdelt({ articles: old }, TICKERS);
  const env = await envelope("news.search", {
    query: "chip exports",
    timespan: "1D",
    max_records: 2,
  }, { fetch: net.fetch, now: NOW });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  const w = env.warnings.join("\n");
  assert.match(w, /GDELT returned 3 articles, more than the 2 asked/);
  assert.match(w, /3 of the 3 articles GDELT returned were first seen outside the window/);
  assert.doesNotMatch(w, /GDELT found no articles/);
});
