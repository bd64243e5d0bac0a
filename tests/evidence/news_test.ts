import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { canonicalUrl, classifyBody, toArticle } from "../../providers/news/gdelt_articles.ts";
import { companyQuery } from "../../providers/news/gdelt_names.ts";
import { normalizeTimespan, parseBound } from "../../providers/news/gdelt.ts";
import { sendWithThrottleRetry } from "../../providers/news/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const CASSETTE = join(FIXTURES, "evidence", "gdelt");
const opts = { replay: [CASSETTE] };

Deno.test("news.search: articles with ISO published_at, domain, language and country", async () => {
  const env = await envelope(
    "news.search",
    { query: "chip export licences", timespan: "7D" },
    opts,
  );
  const data = dataOf(env) as Record<string, unknown> & { articles: Record<string, unknown>[] };
  assert.equal(data.count, 2);
  const [first] = data.articles;
  assert.equal(first.published_at, "2026-02-24T15:30:00Z");
  assert.equal(first.source_country, "United States");
  assert.equal(first.language, "English");
  assert.equal(first.domain, "example-news.com");
  assert.match(String(data.request_url), /sourcelang%3Aenglish/);
  assert.equal((data.window as { timespan: string }).timespan, "7d");
});

Deno.test("news.search: symbol is searched by company name over a date range", async () => {
  const env = await envelope("news.search", {
    symbol: "aapl",
    start_date: "2026-02-21",
    end_date: "2026-02-27",
    max_records: 5,
  }, opts);
  const data = dataOf(env) as { query: string; scope: { company_name: string } };
  assert.equal(data.query, '"Apple"');
  assert.equal(data.scope.company_name, "Apple Inc.");
});

Deno.test("news.search: GDELT's HTML answer to a bad query is a clear failure", async () => {
  const env = await envelope("news.search", { query: "ab" }, opts);
  assert.equal(env.ok, false);
  assert.match(env.error!, /GDELT rejected the query \(The specified phrase is too short\.\)/);
});

Deno.test("news.search: needs exactly one selector", async () => {
  const none = await envelope("news.search", {}, opts);
  assert.match(none.error!, /one of query=, symbol= or sector=/);
  const two = await envelope("news.search", { query: "x y z", sector: "energy" }, opts);
  assert.match(two.error!, /not query and sector/);
});

Deno.test("news.analyze timeline: tidy {date, value} series beside the payload", async () => {
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    symbol: "AAPL",
    start_date: "2026-02-22",
    end_date: "2026-02-24",
  }, opts);
  const data = dataOf(env) as {
    series: { series: string; data: { date: string; value: number }[] }[];
    payload: { timeline: unknown[] };
  };
  assert.equal(data.series[0].series, "Article Count");
  assert.deepEqual(data.series[0].data[2], {
    date: "2026-02-24T00:00:00Z",
    value: 1480,
    norm: 140377,
  });
  assert.ok(Array.isArray(data.payload.timeline));
});

Deno.test("throttling notice is detected only at the start of a non-JSON body", () => {
  assert.equal(classifyBody('{"articles":[{"title":"Fed may lift rate limit"}]}').kind, "json");
  assert.equal(
    classifyBody("Please limit requests to one every 5 seconds or contact us.").kind,
    "throttled",
  );
  assert.equal(classifyBody("<html><body>Invalid query</body></html>").kind, "rejected");
  assert.equal(classifyBody("  ").kind, "empty");
});

Deno.test("one retry after a throttling answer, then a clear failure", async () => {
  const answers = [
    { status: 429, body: "Please limit requests to one every 5 seconds" },
    { status: 200, body: '{"articles":[]}' },
  ];
  let calls = 0;
  const ok = await sendWithThrottleRetry(() => Promise.resolve(answers[calls++]), "u");
  assert.deepEqual(ok, { articles: [] });
  assert.equal(calls, 2);
  let n = 0;
  await assert.rejects(
    sendWithThrottleRetry(() => {
      n++;
      return Promise.resolve({ status: 200, body: "Please limit requests to one every 5 seconds" });
    }, "u"),
    /throttling requests .* after one retry/,
  );
  assert.equal(n, 2);
});

Deno.test("time forms: timespans, compact stamps and ISO offsets", () => {
  assert.equal(normalizeTimespan("30D").value, "30d");
  assert.equal(normalizeTimespan("1 week").value, "1w");
  assert.equal(normalizeTimespan("24H").value, "24h");
  assert.equal(normalizeTimespan("15min").value, "15min");
  assert.throws(() => normalizeTimespan("soon"), /not a GDELT timespan/);
  assert.equal(
    parseBound("2026-02-24T09:30:00-05:00", "start", "s").toISOString(),
    "2026-02-24T14:30:00.000Z",
  );
  assert.equal(
    parseBound("20260224093000", "start", "s").toISOString(),
    "2026-02-24T09:30:00.000Z",
  );
  assert.equal(parseBound("2026-02-24", "end", "e").toISOString(), "2026-02-24T23:59:59.000Z");
  assert.throws(() => parseBound("2026-02-30", "start", "start_date"), /start_date/);
  assert.equal(companyQuery("NVIDIA CORP"), '"NVIDIA"');
  assert.equal(companyQuery("Apple Inc."), '"Apple"');
});

Deno.test({
  name: "conformance: a real GDELT artlist answer maps to articles with ISO dates",
  ignore: !SHARED,
  fn() {
    const root = sharedOrSkip("GDELT artlist conformance");
    if (!root) return;
    const raw = JSON.parse(Deno.readTextFileSync(join(root, "gdelt", "gdelt_response.json")));
    const rows = raw.articles.map(toArticle);
    assert.equal(rows.length, 250);
    for (const a of rows) {
      assert.ok(a && a.url.startsWith("http"));
      assert.match(a!.published_at!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.ok(a!.domain && a!.language && a!.source_country);
    }
  },
});

Deno.test("news.analyze geo and context: GeoJSON points and sentence snippets, with the request URL", async () => {
  const seen: string[] = [];
  const fakeGdelt: typeof fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    seen.push(url);
    const body = url.includes("/geo/")
      ? {
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: { name: "Houston, Texas, United States", count: 42, html: "<a>x</a>" },
            geometry: { type: "Point", coordinates: [-95.3633, 29.7633] },
          },
          { type: "Feature", properties: { name: "Nowhere" }, geometry: null },
        ],
      }
      : {
        articles: [{
          url: "https://www.example-news.com/energy/refinery",
          title: "Refinery restarts after storm",
          seendate: "20260224T153000Z",
          domain: "example-news.com",
          language: "English",
          sourcecountry: "United States",
          sentence: "The refinery restarted on Tuesday, the company said.",
        }],
      };
    return Promise.resolve(Response.json(body));
  };
  const geo = dataOf<Any>(
    await envelope("news.analyze", { analysis: "geo", query: "refinery", timespan: "3D" }, {
      fetch: fakeGdelt,
    }),
  );
  assert.equal(geo.source, "gdelt_geo");
  assert.deepEqual(geo.points[0], {
    name: "Houston, Texas, United States",
    lat: 29.7633,
    lon: -95.3633,
    count: 42,
  });
  // a feature without coordinates keeps its name and reports null, never invented numbers
  assert.deepEqual(geo.points[1], { name: "Nowhere", lat: null, lon: null, count: null });
  assert.match(geo.request_url, /\/api\/v2\/geo\/geo\?.*format=GeoJSON.*timespan=3d/i);
  const tooLong = await envelope("news.analyze", {
    analysis: "geo",
    query: "refinery",
    timespan: "30D",
  }, { fetch: fakeGdelt });
  assert.ok(tooLong.ok);
  assert.match(tooLong.warnings.join(" "), /longer than GEO 2\.0's 7 days; used 7d/);
  const dated = await envelope("news.analyze", {
    analysis: "geo",
    query: "refinery",
    start_date: "2026-02-20",
  }, { fetch: fakeGdelt });
  assert.equal(dated.ok, false);
  assert.match(dated.error!, /GEO 2\.0 has no date range/);

  const context = dataOf<Any>(
    await envelope("news.analyze", { analysis: "context", query: "refinery restart" }, {
      fetch: fakeGdelt,
      now: "2026-02-24T18:00:00Z",
    }),
  );
  assert.equal(context.source, "gdelt_context");
  assert.equal(context.count, 1);
  assert.equal(context.articles[0].snippet, "The refinery restarted on Tuesday, the company said.");
  assert.equal(context.articles[0].published_at, "2026-02-24T15:30:00Z");
  assert.match(context.request_url, /\/api\/v2\/context\/context\?.*mode=artlist/);
});

Deno.test("news.search: articles GDELT returns from outside the asked window are left out and counted", async () => {
  // the window opens at noon: the 09:15 article of the same day is before it
  const env = await envelope("news.search", {
    symbol: "AAPL",
    start_datetime: "20260224120000",
    end_date: "2026-02-27",
    max_records: 5,
  }, opts);
  const data = dataOf(env) as { count: number; articles: { published_at: string }[] };
  assert.equal(data.count, 1);
  assert.equal(data.articles[0].published_at, "2026-02-24T15:30:00Z");
  assert.ok(
    env.warnings.some((w) =>
      /1 of the 2 articles GDELT returned were first seen outside the window/.test(w)
    ),
  );
});

Deno.test("parseBound: a day that does not exist is refused with an offset too", () => {
  assert.throws(
    () => parseBound("2026-02-30T10:00:00-05:00", "start", "start_datetime"),
    /not a date/,
  );
  assert.throws(() => parseBound("2026-02-24T25:00:00Z", "start", "start_datetime"), /not a date/);
  assert.equal(
    parseBound("2026-02-28T10:00:00-05:00", "start", "start_datetime").toISOString(),
    "2026-02-28T15:00:00.000Z",
  );
});

Deno.test("news.search: newest first by GDELT's first-seen time, tracking-parameter copies merged and counted", async () => {
  // GDELT's own DateDesc slips (a later article listed last) and lists one page under several
  // click-tracking addresses
  const row = (url: string, seendate: string) => ({
    url,
    title: "Port talks resume",
    seendate,
    domain: "example-news.com",
    language: "English",
    sourcecountry: "India",
  });
  const fakeGdelt: typeof fetch = () =>
    Promise.resolve(Response.json({
      articles: [
        row("https://www.example-news.com/trade/port-talks/", "20260121T083000Z"),
        row(
          "https://example-news.com/trade/port-talks?cexp_id=1&cexp_var=5&_f=home",
          "20260121T093000Z",
        ),
        row(
          "https://www.example-news.com/trade/port-talks/?utm_source=x&utm_medium=y",
          "20260120T070000Z",
        ),
        row("https://www.example-news.com/s?id=101", "20260116T110000Z"),
        row("https://www.example-news.com/s?id=102&fbclid=abc", "20260116T170000Z"),
        row("https://www.example-news.com/late-story", "20260122T021500Z"),
      ],
    }));
  const env = await envelope("news.search", { query: "port talks", timespan: "7D" }, {
    fetch: fakeGdelt,
    // the look-back counts from now: the articles were first seen in the week before this
    now: "2026-01-22T12:00:00Z",
  });
  const data = dataOf<Any>(env);
  assert.deepEqual(
    data.articles.map((a: Any) => [a.url, a.first_seen_at]),
    [
      ["https://www.example-news.com/late-story", "2026-01-22T02:15:00Z"],
      // the copy GDELT saw first stands for the page
      [
        "https://www.example-news.com/trade/port-talks/?utm_source=x&utm_medium=y",
        "2026-01-20T07:00:00Z",
      ],
      ["https://www.example-news.com/s?id=102&fbclid=abc", "2026-01-16T17:00:00Z"],
      ["https://www.example-news.com/s?id=101", "2026-01-16T11:00:00Z"],
    ],
  );
  assert.equal(data.merged_duplicates, 2);
  assert.equal(data.count, 4);
  assert.match(env.warnings.join(" "), /2 article\(s\) merged .*tracking parameters/);
});

Deno.test("canonicalUrl: tracking parameters, www, fragments and trailing slashes do not make a new page", () => {
  assert.equal(
    canonicalUrl("https://www.X.com/a/b/?utm_campaign=z&gclid=1&id=7#top"),
    canonicalUrl("http://x.com/a/b?id=7"),
  );
  assert.notEqual(canonicalUrl("https://x.com/s?id=1"), canonicalUrl("https://x.com/s?id=2"));
});

Deno.test("news.search schema: the GDELT date is described as first seen, never as publication", async () => {
  const def = (await import("../../commands/news/search.ts")).default as Any;
  assert.match(def.description, /first saw/);
  const shape = def.data.shape.articles.element.shape;
  assert.match(shape.first_seen_at.description, /crawl time, not the publisher's date/);
  assert.match(shape.published_at.description, /does not report when the article was published/);
});
