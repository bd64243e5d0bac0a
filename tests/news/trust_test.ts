/**
 * news.* answers checked against how GDELT DOC 2.0 behaves: timespans and its three-month article
 * index, timeline units and totals, company names as GDELT can search them, date arguments that
 * would be dropped, and truncated lists.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { companyQuery, companySearchName } from "../../providers/news/gdelt_names.ts";
import { normalizeTimespan, seriesUnit } from "../../providers/news/gdelt.ts";
import { sendWithThrottleRetry } from "../../providers/news/client.ts";
import { fakeGdelt } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const CASSETTE = join(FIXTURES, "evidence", "gdelt");
const NOW = "2026-11-27T12:00:00Z";

const ARTICLE = {
  url: "https://www.example-news.com/markets/story",
  title: "A story",
  seendate: "20261126T101500Z",
  domain: "example-news.com",
  language: "English",
  sourcecountry: "United States",
};

Deno.test("timespan: a number without a unit and spans under GDELT's 15 minutes are refused", () => {
  // `30` was read as 30 minutes; someone writing 30 may well mean days
  assert.throws(() => normalizeTimespan("30"), /number with its unit/);
  assert.throws(() => normalizeTimespan("5min"), /minimum of 15 minutes/);
  assert.equal(normalizeTimespan("15min").value, "15min");
  assert.equal(normalizeTimespan("7D").value, "7d");
});

Deno.test("news.search: a timespan beyond GDELT's three-month article index is cut to 3m and said", async () => {
  const net = fakeGdelt({ articles: [ARTICLE] });
  const env = await envelope("news.search", { query: "port talks", timespan: "6M" }, {
    fetch: net.fetch,
    now: NOW,
  });
  const data = dataOf<Any>(env);
  assert.match(data.request_url, /timespan=3m\b/);
  assert.equal(data.window.timespan, "3m");
  assert.match(
    env.warnings.join(" "),
    /timespan 6m reaches further back .*last 3 months .*used 3m/,
  );
});

Deno.test("news.search: a range before the article index is refused, one reaching into it is said", async () => {
  const net = fakeGdelt({ articles: [ARTICLE] });
  const before = await envelope("news.search", {
    query: "port talks",
    start_date: "2026-03-01",
    end_date: "2026-03-31",
  }, { fetch: net.fetch, now: NOW });
  assert.equal(before.ok, false);
  assert.match(before.error!, /last 3 months .*cannot list its articles/);
  assert.equal(net.seen.length, 0);

  const across = await envelope("news.search", {
    query: "port talks",
    start_date: "2026-06-01",
    end_date: "2026-11-27",
  }, { fetch: net.fetch, now: NOW });
  assert.ok(across.ok);
  assert.match(
    across.warnings.join(" "),
    /from 2026-06-01 to 2026-08-27 is not searched, so what comes back covers only the later part/,
  );
});

Deno.test("news.analyze timeline: counts older than three months are GDELT's archive, not a gap", async () => {
  // GDELT's real timelinevolraw recordings reach months back (a daily series of 2020-01-01 to
  // 2020-09-01 recorded on 2020-09-02), so the three-month warning did not belong on timelines
  const net = fakeGdelt({
    timeline: [{
      series: "Article Count",
      data: [{ date: "20260401T000000Z", value: 4, norm: 400000 }],
    }],
  });
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    query: "port talks",
    start_date: "2026-03-01",
    end_date: "2026-11-26",
  }, { fetch: net.fetch, now: NOW });
  dataOf(env);
  assert.ok(!env.warnings.some((w) => /three months|3 months/.test(w)), env.warnings.join("\n"));

  const early = await envelope("news.analyze", {
    analysis: "timeline",
    query: "port talks",
    start_date: "2016-06-01",
    end_date: "2017-03-01",
  }, { fetch: net.fetch, now: NOW });
  assert.match(early.warnings.join(" "), /nothing before 2017-01-01: the timeline starts there/);

  // an article-based mode keeps the three-month rule
  const chart = await envelope("news.analyze", {
    analysis: "tone",
    mode: "tonechart",
    query: "port talks",
    start_date: "2026-03-01",
    end_date: "2026-03-31",
  }, { fetch: net.fetch, now: NOW });
  assert.equal(chart.ok, false);
  assert.match(chart.error!, /last 3 months/);
});

Deno.test("news.analyze timeline: article_total sums GDELT's Article Count; count stays the points", async () => {
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    symbol: "AAPL",
    start_date: "2026-02-22",
    end_date: "2026-02-24",
  }, { replay: [CASSETTE] });
  const data = dataOf<Any>(env);
  assert.equal(data.count, 3);
  assert.equal(data.article_total, 812 + 955 + 1480);
  assert.match(data.series[0].unit, /^articles matching the query/);
  // the recorded series itself is unchanged
  assert.deepEqual(data.series[0].data[2], {
    date: "2026-02-24T00:00:00Z",
    value: 1480,
    norm: 140377,
  });
});

Deno.test("news.analyze: percentages and tone are labelled as such, with no article total", async () => {
  const net = fakeGdelt({
    timeline: [{
      series: "Volume Intensity",
      data: [{ date: "20261126T000000Z", value: 0.0123 }],
    }],
  });
  const data = dataOf<Any>(
    await envelope("news.analyze", {
      analysis: "timeline",
      mode: "timelinevol",
      query: "port talks",
    }, { fetch: net.fetch, now: NOW }),
  );
  assert.match(data.series[0].unit, /percent of all articles GDELT monitored.*not a count/);
  assert.equal(data.article_total, null);
  assert.match(seriesUnit("timelinetone", "Average Tone")!, /average tone/);
  assert.match(seriesUnit("timelinesourcecountry", "United States")!, /percent/);
});

Deno.test("news.analyze: article dates are cited as first seen, the description says what count is", async () => {
  const def = (await import("../../commands/news/analyze.ts")).default as Any;
  assert.ok(def.citation_fields.includes("first_seen_at"));
  assert.ok(!def.citation_fields.includes("published_at"));
  assert.match(def.description, /`count` is the number of points, not of articles/);
  assert.match(def.description, /first saw each article, not publication times/);
});

Deno.test("news.analyze doc: an answer in another shape is not called empty", async () => {
  const net = fakeGdelt({ wordcloud: [{ label: "port", count: 12 }] });
  const env = await envelope("news.analyze", {
    analysis: "doc",
    mode: "wordcloudenglish",
    query: "port talks",
  }, { fetch: net.fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.deepEqual(data.payload.wordcloud[0], { label: "port", count: 12 });
  assert.ok(!env.warnings.some((w) => /returned no data/.test(w)));
  assert.match(env.warnings.join(" "), /it is in payload as GDELT sent it/);
});

Deno.test("companyQuery: SEC's tags, '& Co' and stacked suffixes do not reach GDELT's phrase", () => {
  assert.equal(companyQuery("JPMORGAN CHASE & CO"), '"JPMORGAN CHASE"');
  assert.equal(companyQuery("ELI LILLY & Co"), '"ELI LILLY"');
  assert.equal(companyQuery("Merck & Co., Inc."), '"Merck"');
  assert.equal(companyQuery("KEYCORP /NEW/"), '"KEYCORP"');
  assert.equal(companyQuery("THOMSON REUTERS CORP /CAN/"), '"THOMSON REUTERS"');
  assert.equal(companyQuery("TOYOTA MOTOR CORP/"), '"TOYOTA MOTOR"');
  assert.equal(companyQuery("WELLS FARGO & COMPANY/MN"), '"WELLS FARGO"');
  assert.equal(companyQuery("GOLDMAN SACHS GROUP INC"), '"GOLDMAN SACHS"');
  assert.equal(companyQuery("ENTERPRISE PRODUCTS PARTNERS L.P."), '"ENTERPRISE PRODUCTS PARTNERS"');
  assert.equal(companyQuery("Bank of America Corp /DE/"), '"Bank of America"');
  assert.equal(companyQuery("ON SEMICONDUCTOR CORP"), '"ON SEMICONDUCTOR"');
  assert.equal(companyQuery("Apple Inc."), '"Apple"');
  assert.equal(companyQuery("NVIDIA CORP"), '"NVIDIA"');
  // under GDELT's 3 letters without the suffix: the suffix stays, and that is said
  assert.deepEqual(companySearchName("BP PLC"), { phrase: "BP PLC", shortened: true });
  assert.deepEqual(companySearchName("On Holding AG"), { phrase: "On Holding", shortened: true });
});

Deno.test({
  name: "conformance: SEC's real ticker list gives GDELT phrases without tags or dangling '&'",
  ignore: !SHARED,
  fn() {
    const root = sharedOrSkip("SEC ticker list conformance");
    if (!root) return;
    const raw = JSON.parse(Deno.readTextFileSync(join(root, "sec", "company_tickers.json")));
    const rows = Object.values(raw) as { ticker: string; title: string }[];
    assert.ok(rows.length > 5000);
    const bad = rows.map((r) => [r.ticker, companySearchName(r.title).phrase])
      .filter(([, p]) => /[&,]$|\/(NEW|CAN|DE|MN|ADR)\/?$|\/$/i.test(p));
    assert.deepEqual(bad, []);
    const jpm = rows.find((r) => r.ticker === "JPM")!;
    assert.equal(companyQuery(jpm.title), '"JPMORGAN CHASE"');
  },
});

Deno.test("news.search symbol: a ticker that is a word is searched by the company's name", async () => {
  const tickers = {
    "0": { cik_str: 861374, ticker: "ON", title: "ON SEMICONDUCTOR CORP" },
    "1": { cik_str: 899051, ticker: "ALL", title: "ALLSTATE CORP" },
  };
  const net = fakeGdelt({ articles: [ARTICLE] }, tickers);
  for (const [symbol, query] of [["ON", '"ON SEMICONDUCTOR"'], ["ALL", '"ALLSTATE"']]) {
    const data = dataOf<Any>(
      await envelope("news.search", { symbol, timespan: "7D" }, { fetch: net.fetch, now: NOW }),
    );
    assert.equal(data.query, query);
    assert.equal(data.scope.company_name !== null, true);
  }
  // without a name, the ticker search says it may match unrelated articles
  const noName = await envelope("news.search", { symbol: "NOW", timespan: "7D" }, {
    fetch: fakeGdelt({ articles: [ARTICLE] }, tickers).fetch,
    now: NOW,
  });
  assert.ok(noName.ok);
  assert.match(noName.warnings.join(" "), /GDELT ignores case.*matches unrelated articles/);
});

Deno.test("news.search: two forms of one bound are refused; a timespan beside dates is said to be ignored", async () => {
  const net = fakeGdelt({ articles: [ARTICLE] });
  const clash = await envelope("news.search", {
    query: "port talks",
    date: "2026-11-20",
    start_date: "2026-11-01",
  }, { fetch: net.fetch, now: NOW });
  assert.equal(clash.ok, false);
  assert.match(clash.error!, /date and start_date both set the window/);
  const both = await envelope("news.search", {
    query: "port talks",
    start_date: "2026-11-20",
    start_datetime: "20261121000000",
  }, { fetch: net.fetch, now: NOW });
  assert.match(both.error!, /start_date and start_datetime both set the window/);
  const ignored = await envelope("news.search", {
    query: "port talks",
    timespan: "1D",
    start_date: "2026-11-20",
    end_date: "2026-11-26",
  }, { fetch: net.fetch, now: NOW });
  assert.ok(ignored.ok);
  assert.match(ignored.warnings.join(" "), /timespan=1D is ignored/);
});

Deno.test("news.search: a list cut at max_records says more articles match", async () => {
  const env = await envelope("news.search", {
    symbol: "AAPL",
    start_date: "2026-02-21",
    end_date: "2026-02-27",
    max_records: 2,
  }, { replay: [CASSETTE] });
  const data = dataOf<Any>(env);
  assert.equal(data.count, 2);
  assert.match(
    env.warnings.join(" "),
    /GDELT returned as many articles as asked \(2\), newest first: more may match/,
  );
});

Deno.test("GDELT's 200 text answers: a query problem gets the query hint, another problem does not", async () => {
  await assert.rejects(
    sendWithThrottleRetry(
      () => Promise.resolve({ status: 200, body: "The specified phrase is too short." }),
      "u",
    ),
    /rejected the query \(The specified phrase is too short\.\); check the query text/,
  );
  await assert.rejects(
    sendWithThrottleRetry(
      () => Promise.resolve({ status: 200, body: "<html><body>Invalid timespan.</body></html>" }),
      "u",
    ),
    (e: Error) => /\(Invalid timespan\.\) at u$/.test(e.message),
  );
  // through the command: not ok, naming GDELT's text
  const env = await envelope("news.search", { query: "port talks" }, {
    fetch: fakeGdelt("Queries containing OR'd terms must be surrounded by ().").fetch,
    now: NOW,
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /GDELT rejected the query \(Queries containing OR'd terms/);
});

Deno.test("a malformed timespan is refused before the company's name is looked up", async () => {
  for (const command of ["news.search", "news.analyze"]) {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return Promise.reject(new TypeError("network unreachable"));
    };
    const env = await envelope(command, {
      symbol: "AAPL",
      timespan: "30",
      ...(command === "news.analyze" ? { analysis: "timeline" } : {}),
    }, { fetch });
    assert.equal(env.ok, false);
    assert.match(env.error!, /timespan="30" is not a GDELT timespan/);
    assert.deepEqual(asked, [], `${command} asked the network first`);
  }
});
