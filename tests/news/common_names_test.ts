/**
 * news.* with symbol= for a company whose name is made only of common English words (Target,
 * General Mills, Equity Residential): GDELT ignores case, so the bare words match articles about
 * targets and mills. The rule (isCommonWordName) decides by the words, not by the ticker; such a
 * name is searched only with a disambiguator (legal form, ticker after NYSE/NASDAQ, business
 * word), said in a warning, and each listed article says whether its title names the company.
 * Names that are not common words keep their plain phrase, byte for byte.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { articlesOrTimeline, fakeGdelt } from "./_fake.ts";
import {
  companyNameQuery,
  isCommonWordName,
  MAX_NAME_QUERY_CHARS,
} from "../../providers/news/gdelt_names.ts";
import { titleNamesCompany } from "../../providers/news/gdelt_titles.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-05-20T12:00:00Z";
const TICKERS = {
  "0": { cik_str: 11, ticker: "TGT", title: "TARGET CORP" },
  "1": { cik_str: 12, ticker: "GIS", title: "GENERAL MILLS INC" },
  "2": { cik_str: 13, ticker: "BALL", title: "BALL Corp" },
  "3": { cik_str: 14, ticker: "NVDA", title: "NVIDIA CORP" },
};
/** Articles GDELT could send for a narrowed Target query: one about the retailer, one not. */
const ARTICLES = [
  {
    url: "https://news.example.org/retail/target-shares-slide",
    title: "Target shares slide as holiday sales cool",
    seendate: "20260519T140000Z",
    domain: "news.example.org",
    language: "English",
    sourcecountry: "United States",
    sentence: "Target Corp said sales fell.",
  },
  {
    url: "https://news.example.org/world/trade-target",
    title: "Is the tariff deal the real target?",
    seendate: "20260519T100000Z",
    domain: "news.example.org",
    language: "English",
    sourcecountry: "United States",
    sentence: "Analysts cut the price target; shares of Target Corp were flat.",
  },
];

/** The fake network of these tests: SEC's ticker list and GDELT answers. */
const fakeNet = () => fakeGdelt(articlesOrTimeline(ARTICLES), TICKERS);

const queryOf = (url: string) => new URL(url).searchParams.get("query");

Deno.test("the common-word rule: a name that is one ordinary word", () => {
  for (const name of ["Target", "VISA", "Ball", "Apple", "Mosaic", "Progressive"]) {
    assert.ok(isCommonWordName(name), name);
  }
  // a proper noun, a word that is not English, digits or punctuation make a name distinctive
  for (const name of ["NVIDIA", "Tesla", "3M", "Macy's", "AMAZON COM"]) {
    assert.ok(!isCommonWordName(name), name);
  }
  // a phrase of several words is the company's own in news, even when each word is ordinary
  for (const name of ["General Mills", "Equity Residential", "Home Depot", "Bank of America"]) {
    assert.ok(!isCommonWordName(name), name);
  }
});

Deno.test("companyNameQuery: a common-word name only with its legal form, ticker or a business word", () => {
  const tgt = companyNameQuery("TARGET CORP", "TGT");
  assert.equal(tgt.commonWord, "narrowed");
  assert.equal(
    tgt.query,
    '("Target Corp" OR "Target Corporation" OR "NYSE TGT" OR "NASDAQ TGT" OR "Target shares" OR "Target stock" OR "Target CEO" OR "Target earnings")',
  );
  // Apple is searched as it is (in news the word mostly means the company), and said
  const aapl = companyNameQuery("Apple Inc.", "AAPL");
  assert.equal(aapl.query, '"Apple"');
  assert.equal(aapl.commonWord, "kept");
  assert.equal(aapl.keptAsUsual, true);
  // a name ending in an industry noun gets no "<name> stock" ("news: shares" is not News Corp)
  assert.equal(
    companyNameQuery("NEWS CORP", "NWSA").query,
    '("News Corp" OR "News Corporation" OR "NYSE NWSA" OR "NASDAQ NWSA")',
  );
  // a one-letter ticker is under GDELT's 3-letter minimum: no exchange form
  assert.doesNotMatch(companyNameQuery("VISA INC.", "V").query, /NYSE/);
  // names that are not one common word keep the plain phrase the recordings replay, byte for byte
  for (
    const [name, query] of [
      ["NVIDIA CORP", '"NVIDIA"'],
      ["Bank of America Corp /DE/", '"Bank of America"'],
      ["AMAZON COM INC", '"AMAZON COM"'],
      ["BP PLC", '"BP PLC"'],
      ["GENERAL MILLS INC", '"GENERAL MILLS"'],
    ]
  ) {
    const q = companyNameQuery(name, "XYZW");
    assert.equal(q.query, query, name);
    assert.equal(q.commonWord, null, name);
  }
});

Deno.test("companyNameQuery: quoted phrases in one parenthesised OR group, within the length budget", () => {
  const q = companyNameQuery("PROGRESSIVE CORP/OH/", "PGR");
  assert.equal(q.commonWord, "narrowed");
  assert.ok(q.query.length <= MAX_NAME_QUERY_CHARS, `${q.query.length}: ${q.query}`);
  assert.match(q.query, /^\("[^"]+"( OR "[^"]+")+\)$/);
  // the strongest forms come first
  assert.match(q.query, /^\("Progressive Corp" OR /);
  for (const p of q.phrases) assert.ok(p.replace(/[^A-Za-z]/g, "").length >= 3, p);
});

Deno.test("titleNamesCompany: the title must name the company, not just hold the word", () => {
  const q = companyNameQuery("TARGET CORP", "TGT");
  const named = [
    "Target shares slide as holiday sales cool",
    "Target Corp names a new finance chief",
    "Retailer Target cuts its outlook",
    "TGT: what to watch this week",
  ];
  for (const t of named) assert.ok(titleNamesCompany(t, q), t);
  const word = [
    "Is the tariff deal the real target?",
    "Archers hit the target in windy final",
    "Price target raised on chipmaker",
    null,
  ];
  for (const t of word) assert.ok(!titleNamesCompany(t, q), String(t));
  // a ticker counts as markets write it; a ticker that is a word never alone
  assert.ok(titleNamesCompany("$TGT jumps after holiday sales beat", q));
  assert.ok(titleNamesCompany("Big-box retailer (NYSE: TGT) recalls toys", q));
  assert.ok(
    !titleNamesCompany("SNAP benefits cut in three states", companyNameQuery("Snap Inc", "SNAP")),
  );
  // a name ending in an industry noun is not told by business words ("Deal News")
  const news = companyNameQuery("NEWS CORP", "NWSA");
  assert.ok(!titleNamesCompany("Fighter jet deal News from Paris", news));
  assert.ok(titleNamesCompany("News Corp profit rises", news));
});

Deno.test("news.search symbol=TGT: the query is narrowed, said, and titles that do not name Target are marked", async () => {
  const net = fakeNet();
  const env = await envelope("news.search", { symbol: "TGT", timespan: "7D" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.ok(env.ok, env.error ?? "");
  const data = dataOf<Any>(env);
  assert.match(queryOf(net.gdelt[0])!, /^\("Target Corp" OR .*"NYSE TGT".*\) sourcelang:english$/);
  assert.equal(data.query, companyNameQuery("TARGET CORP", "TGT").query);
  assert.deepEqual(
    data.articles.map((a: Any) => [a.title, a.company_in_title]),
    [
      ["Target shares slide as holiday sales cool", true],
      ["Is the tariff deal the real target?", false],
    ],
  );
  const warnings = env.warnings.join("\n");
  assert.match(warnings, /"TARGET" \(TGT\) is also a common English word.*narrowed.*query=\(/);
  assert.match(warnings, /1 of the 2 articles do not name "TARGET" in their title/);
  // a name that is not a common word: same query as before, no mark, no warning
  const nvda = await envelope("news.search", { symbol: "NVDA", timespan: "7D" }, {
    fetch: fakeNet().fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(nvda).query, '"NVIDIA"');
  assert.ok(dataOf<Any>(nvda).articles.every((a: Any) => !("company_in_title" in a)));
  assert.ok(!nvda.warnings.some((w) => /common English|company_in_title/.test(w)));
});

Deno.test("news.analyze: timelines count the narrowed query; context snippets are marked", async () => {
  const net = fakeNet();
  const timeline = await envelope("news.analyze", {
    analysis: "timeline",
    symbol: "BALL",
    timespan: "7D",
  }, { fetch: net.fetch, now: NOW });
  assert.ok(timeline.ok, timeline.error ?? "");
  assert.equal(
    queryOf(net.gdelt[0]),
    `${companyNameQuery("BALL Corp", "BALL").query} sourcelang:english`,
  );
  assert.match(timeline.warnings.join(" "), /"BALL" \(BALL\) is also a common English word/);
  const context = await envelope("news.analyze", {
    analysis: "context",
    symbol: "BALL",
    // both fixture articles were first seen 22 and 26 hours before NOW
    timespan: "48H",
  }, { fetch: fakeNet().fetch, now: NOW });
  assert.ok(context.ok, context.error ?? "");
  // neither title names Ball
  assert.deepEqual(dataOf<Any>(context).articles.map((a: Any) => a.company_in_title), [
    false,
    false,
  ]);
  assert.match(context.warnings.join(" "), /2 of the 2 articles do not name "BALL"/);
});
