/**
 * news.* answers that must not read as something else: a language code GDELT does not know (no
 * articles, read as no news), tone points GDELT fills with 0 for intervals without articles
 * (read as neutral), and one story listed twice by its site under two addresses (counted twice).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-01-23T12:00:00Z";
const SAME_STORY = JSON.parse(
  Deno.readTextFileSync(join(FIXTURES, "news", "same_story_artlist.json")),
);

Deno.test("language: a two-letter code becomes GDELT's language name; one GDELT does not know is refused", async () => {
  // GDELT's sourcelang: takes english or eng; sourcelang:en filtered on no language GDELT knows
  for (const command of ["news.search", "news.analyze"]) {
    const net = fakeGdelt({ articles: [], timeline: [] });
    const env = await envelope(command, { query: "port talks", language: "en", timespan: "1D" }, {
      fetch: net.fetch,
      now: NOW,
    });
    assert.ok(env.ok, env.error ?? "");
    assert.match(net.gdelt[0], /sourcelang%3Aenglish(&|$)/, command);
    assert.doesNotMatch(net.gdelt[0], /sourcelang%3Aen(&|$)/);
  }
  for (const language of ["xx", "en,fr", "english french"]) {
    const net = fakeGdelt({ articles: [] });
    const env = await envelope("news.search", { query: "port talks", language }, {
      fetch: net.fetch,
      now: NOW,
    });
    assert.equal(env.ok, false, language);
    assert.match(env.error!, /not a language GDELT's sourcelang: filter knows/);
    assert.deepEqual(net.seen, [], "refused before any request");
  }
  // names, three-letter codes and any pass as before
  const net = fakeGdelt({ articles: [] });
  for (const language of ["spanish", "spa", "any"]) {
    const env = await envelope("news.search", { query: "port talks", language }, {
      fetch: net.fetch,
      now: NOW,
    });
    assert.ok(env.ok);
  }
  assert.match(net.gdelt[0], /sourcelang%3Aspanish/);
  assert.match(net.gdelt[1], /sourcelang%3Aspa(&|$)/);
  assert.doesNotMatch(net.gdelt[2], /sourcelang/);
});

Deno.test("news.analyze tone: points of exactly 0 are said to mean most likely no articles, not neutral", async () => {
  const tone = {
    query_details: { title: "port talks", date_resolution: "day" },
    timeline: [{
      series: "Average Tone",
      data: [
        { date: "20260120T000000Z", value: -2.4137 },
        { date: "20260121T000000Z", value: 0 },
        { date: "20260122T000000Z", value: 1.0523 },
        { date: "20260123T000000Z", value: 0 },
      ],
    }],
  };
  const env = await envelope("news.analyze", {
    analysis: "tone",
    query: "port talks",
    timespan: "4D",
  }, { fetch: fakeGdelt(tone).fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.equal(data.series[0].data.length, 4);
  assert.match(
    env.warnings.join(" "),
    /2 of the tone points are exactly 0 \(2026-01-21T00:00, 2026-01-23T00:00\): GDELT writes 0 for an interval with no matching articles/,
  );
  // a tone series without zeros has no such warning
  tone.timeline[0].data = tone.timeline[0].data.filter((p) => p.value !== 0);
  const clean = await envelope("news.analyze", {
    analysis: "tone",
    query: "port talks",
    timespan: "4D",
  }, { fetch: fakeGdelt(tone).fetch, now: NOW });
  assert.ok(clean.ok);
  assert.doesNotMatch(clean.warnings.join(" "), /exactly 0/);
});

Deno.test("news.analyze tone: points GDELT gives without a number are said, not shown as a bare —", async () => {
  const tone = {
    query_details: { title: "port talks", date_resolution: "day" },
    timeline: [{
      series: "Average Tone",
      data: [
        { date: "20260121T000000Z", value: -1.25 },
        { date: "20260122T000000Z", value: "NaN" },
        { date: "20260123T000000Z", value: null },
      ],
    }],
  };
  const env = await envelope("news.analyze", {
    analysis: "tone",
    query: "port talks",
    timespan: "3D",
  }, { fetch: fakeGdelt(tone).fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.deepEqual(data.series[0].data.map((p: Any) => p.value), [-1.25, null, null]);
  assert.ok(
    env.warnings.some((w) =>
      /^2 of GDELT's points came without a number \(2026-01-22, 2026-01-23\): their value is null/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("news.search: one site's story under two addresses is marked and counted once; other sites' copies are not", async () => {
  const env = await envelope("news.search", { query: "trade talks", timespan: "2W" }, {
    fetch: fakeGdelt(SAME_STORY).fetch,
    now: NOW,
  });
  const data = dataOf<Any>(env);
  assert.equal(data.count, 10);
  const marked = data.articles.filter((a: Any) => a.same_story_as)
    .map((a: Any) => [a.url, a.same_story_as]);
  assert.deepEqual(marked, [
    // the later copy points at the earlier one, whichever order GDELT lists them in
    [
      "https://finance.portal.example/stock/t/2026-01-22/doc-bb2.shtml",
      "https://finance.portal.example/tech/roll/2026-01-22/doc-aa1.shtml",
    ],
    [
      "https://www.island-daily.example/world_news/trade-pact-talks-advance/14-686708",
      "https://www.island-daily.example/latest_news/trade-pact-talks-advance/1-686708",
    ],
  ]);
  // two sites carrying one wire story, a title repeated two days later and a short generic
  // title stay unmarked
  assert.equal(data.same_story_repeats, 2);
  assert.match(
    env.warnings.join(" "),
    /2 of the 10 articles repeat the title of an earlier article from the same site .*8 distinct stories/,
  );
});

Deno.test({
  name:
    "conformance: GDELT's recorded artlist repeats five stories on one site under other addresses",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("GDELT artlist conformance");
    if (!root) return;
    const body = Deno.readTextFileSync(join(root, "gdelt", "gdelt_response.json"));
    const env = await envelope("news.search", {
      query: "india",
      max_records: 250,
      timespan: "2W",
      language: "any",
    }, { fetch: fakeGdelt(body).fetch, now: NOW });
    const data = dataOf<Any>(env);
    // boredpanda's four cexp_id addresses are one page (merged); lankadeepa files two stories
    // under two sections each, sina one under tech and stock, baijiahao two reposts
    assert.equal(data.merged_duplicates, 3);
    assert.equal(data.count, 247);
    assert.equal(data.same_story_repeats, 5);
    const domains = data.articles.filter((a: Any) => a.same_story_as).map((a: Any) => a.domain)
      .sort();
    assert.deepEqual(domains, [
      "baijiahao.baidu.com",
      "baijiahao.baidu.com",
      "finance.sina.com.cn",
      "lankadeepa.lk",
      "lankadeepa.lk",
    ]);
  },
});

Deno.test("news.search symbol: SEC's longer name is searched, and the shorter name news may use is said", async () => {
  const tickers = {
    "0": { cik_str: 1018724, ticker: "AMZN", title: "AMAZON COM INC" },
    "1": { cik_str: 37996, ticker: "F", title: "FORD MOTOR CO" },
    "2": { cik_str: 1467858, ticker: "GM", title: "General Motors Co" },
    "3": { cik_str: 1045810, ticker: "NVDA", title: "NVIDIA CORP" },
  };
  const search = async (symbol: string) => {
    const env = await envelope("news.search", { symbol, timespan: "7D" }, {
      fetch: fakeGdelt({ articles: [] }, tickers).fetch,
      now: NOW,
    });
    assert.ok(env.ok, env.error ?? "");
    return { query: dataOf<Any>(env).query, warned: env.warnings.join(" ") };
  };
  const amzn = await search("AMZN");
  assert.equal(amzn.query, '"AMAZON COM"');
  assert.match(
    amzn.warned,
    /searched SEC's name "AMAZON COM" for AMZN; news may call the company "Amazon", .*lower bound: pass query=\("AMAZON COM" OR "Amazon"\)/,
  );
  assert.match((await search("F")).warned, /news may call the company "Ford"/);
  // "General" alone is no name of General Motors: it is not suggested, the lower bound is said
  const gm = (await search("GM")).warned;
  assert.doesNotMatch(gm, /news may call the company/);
  assert.match(
    gm,
    /searched SEC's name "General Motors" for GM: articles that name the company otherwise .*lower bound/,
  );
  // a name without such a word is not warned
  assert.doesNotMatch((await search("NVDA")).warned, /searched SEC's name/);
});

Deno.test("a window that starts after now is refused, not answered as no news", async () => {
  for (
    const [command, extra] of [["news.search", {}], ["news.analyze", { analysis: "timeline" }]]
  ) {
    const net = fakeGdelt({ articles: [], timeline: [] });
    const env = await envelope(command as string, {
      query: "port talks",
      start_date: "2026-01-24",
      end_date: "2026-01-30",
      ...extra as object,
    }, { fetch: net.fetch, now: NOW });
    assert.equal(env.ok, false, command as string);
    assert.match(env.error!, /starts 2026-01-24T00:00 UTC, after now \(2026-01-23T12:00 UTC\)/);
    assert.deepEqual(net.gdelt, []);
  }
  // today (a UTC day that has begun) is asked as before
  const today = await envelope("news.search", { query: "port talks", date: "2026-01-23" }, {
    fetch: fakeGdelt({ articles: [] }).fetch,
    now: NOW,
  });
  assert.ok(today.ok);
});

Deno.test("isoFromSeen: a GDELT time without a zone is UTC whatever the machine's zone; a non-date is null", async () => {
  // run in a zone five hours behind UTC: the old reading took "08:30" as local time (13:30Z)
  const script = `
    import { isoFromSeen } from ${
    JSON.stringify(new URL("../../providers/news/gdelt_articles.ts", import.meta.url).href)
  };
    console.log(JSON.stringify([
      isoFromSeen("2026-01-21 08:30:00"),
      isoFromSeen("2026-01-21T08:30:00"),
      isoFromSeen("2026-01-21T08:30:00+05:30"),
      isoFromSeen("20260121T083000Z"),
      isoFromSeen("2026-01-21"),
      isoFromSeen("March 5"),
      isoFromSeen("2026"),
    ]));`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-check", script],
    env: { TZ: "America/New_York" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), [
    "2026-01-21T08:30:00Z",
    "2026-01-21T08:30:00Z",
    "2026-01-21T03:00:00Z",
    "2026-01-21T08:30:00Z",
    "2026-01-21T00:00:00Z",
    null,
    null,
  ]);
});

Deno.test("query syntax: unpaired quotes and parentheses are refused; typographic quotes become phrase quotes", async () => {
  for (
    const query of [
      '"rate cut',
      "(chip OR semiconductor",
      "chip OR semiconductor)",
      '("a b" OR "c d"',
    ]
  ) {
    const net = fakeGdelt({ articles: [] });
    const env = await envelope("news.search", { query }, { fetch: net.fetch, now: NOW });
    assert.equal(env.ok, false, query);
    assert.match(env.error!, /unpaired double quote|unbalanced parentheses/);
    assert.deepEqual(net.gdelt, []);
  }
  // parentheses inside a phrase are the phrase's own
  const fine = fakeGdelt({ articles: [] });
  const ok = await envelope("news.search", { query: '("rate cut (bps)" OR tariffs)' }, {
    fetch: fine.fetch,
    now: NOW,
  });
  assert.ok(ok.ok, ok.error ?? "");
  const curly = fakeGdelt({ articles: [] });
  const env = await envelope("news.search", { query: "\u201Crate cut\u201D" }, {
    fetch: curly.fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(env).query, '"rate cut"');
  assert.match(curly.gdelt[0], /query=%22rate\+cut%22/);
  assert.match(env.warnings.join(" "), /typographic quotes/);
});

Deno.test("news.analyze timeline: a count GDELT sends without a number leaves no article_total", async () => {
  const timeline = {
    timeline: [{
      series: "Article Count",
      data: [
        { date: "20260121T000000Z", value: 40, norm: 90000 },
        { date: "20260122T000000Z", value: null, norm: 91000 },
        { date: "20260123T000000Z", value: 12, norm: 88000 },
      ],
    }],
  };
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    query: "port talks",
    timespan: "3D",
  }, { fetch: fakeGdelt(timeline).fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.equal(data.article_total, null);
  assert.match(env.warnings.join(" "), /1 of GDELT's counts came without a number/);
});

Deno.test("a throttling notice GDELT sends with status 200 is not served back from the cache to the retry", async () => {
  // the cache keeps any 200 answer: the retry (and the next call) read the notice again and
  // failed with "throttling even after one retry" for the cache's 15 minutes
  const dir = await Deno.makeTempDir();
  try {
    let calls = 0;
    const net = fakeGdelt(() =>
      ++calls === 1
        ? "Please limit requests to one every 5 seconds or contact kalev.leetaru5@gmail.com for larger queries."
        : { articles: [{ ...SAME_STORY.articles[4] }] }
    );
    const opts = {
      fetch: net.fetch,
      now: NOW,
      env: { FINANCE_CACHE: "on", FINANCE_CACHE_DIR: dir },
    };
    const env = await envelope("news.search", { query: "defence ministers", timespan: "2W" }, opts);
    assert.ok(env.ok, env.error ?? "");
    assert.equal(dataOf<Any>(env).count, 1);
    assert.equal(net.gdelt.length, 2);
    // an empty body (a failed request, never "no news") is asked once more past the cache too
    let empties = 0;
    const blank = fakeGdelt(() => ++empties === 1 ? "" : { articles: [] });
    const again = await envelope("news.search", { query: "port talks", timespan: "2W" }, {
      ...opts,
      fetch: blank.fetch,
    });
    assert.ok(again.ok, again.error ?? "");
    assert.equal(blank.gdelt.length, 2);
    // a call that only ever got the notice fails; the notice is not kept, so the next call asks
    // GDELT again instead of reading it back for 15 minutes
    let busy = 0;
    const throttled = fakeGdelt(() =>
      ++busy <= 2 ? "Please limit requests to one every 5 seconds." : { articles: [] }
    );
    const t = { ...opts, fetch: throttled.fetch };
    const first = await envelope("news.search", { query: "harbour cranes", timespan: "2W" }, t);
    assert.equal(first.ok, false);
    assert.match(first.error!, /throttling/);
    const second = await envelope("news.search", { query: "harbour cranes", timespan: "2W" }, t);
    assert.ok(second.ok, second.error ?? "");
    assert.equal(throttled.gdelt.length, 3);
    // and the answer that came is kept: asked again, the cache answers
    const third = await envelope("news.search", { query: "harbour cranes", timespan: "2W" }, t);
    assert.ok(third.ok, third.error ?? "");
    assert.equal(throttled.gdelt.length, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("query syntax: a keyword under GDELT's 3 characters beside longer ones is refused, not dropped", async () => {
  for (const query of ["AI chips", 'US "rate cut"', "-EU tariffs"]) {
    const net = fakeGdelt({ articles: [] });
    const env = await envelope("news.search", { query }, { fetch: net.fetch, now: NOW });
    assert.equal(env.ok, false, query);
    assert.match(env.error!, /shorter than GDELT's 3 characters \((AI|US|-EU)\)/);
    assert.deepEqual(net.gdelt, []);
  }
  // in a phrase, as an operator or field, in a script without spaces, or alone (GDELT's own
  // "phrase is too short" answers that) it is asked as before
  for (
    const query of ['"AI chips"', "(chip OR semiconductor)", "tariffs sourcelang:fr", "中国 经济"]
  ) {
    const env = await envelope("news.search", { query }, {
      fetch: fakeGdelt({ articles: [] }).fetch,
      now: NOW,
    });
    assert.ok(env.ok, `${query}: ${env.error}`);
  }
});

Deno.test("news.analyze doc artlist: the window kept, tracking copies merged and repeats marked, as news.search", async () => {
  const rows = SAME_STORY.articles.slice(0, 2).concat([
    { ...SAME_STORY.articles[4] },
    // the same page under a tracking address, and one first seen before the window
    { ...SAME_STORY.articles[4], url: `${SAME_STORY.articles[4].url}?utm_source=feed` },
    { ...SAME_STORY.articles[6], seendate: "20260101T080000Z" },
  ]);
  const env = await envelope("news.analyze", {
    analysis: "doc",
    mode: "artlist",
    query: "trade talks",
    start_date: "2026-01-10",
    end_date: "2026-01-20",
  }, { fetch: fakeGdelt({ articles: rows }).fetch, now: NOW });
  const data = dataOf<Any>(env);
  assert.equal(data.count, 3);
  assert.equal(data.articles.filter((a: Any) => a.same_story_as).length, 1);
  const warned = env.warnings.join(" ");
  assert.match(warned, /1 of the 5 articles GDELT returned were first seen outside the window/);
  assert.match(warned, /1 article\(s\) merged into another/);
  assert.match(warned, /1 of the 3 articles repeat the title/);
});

Deno.test("news.search: a query of 800 KB is refused before any request, not sent to GDELT", async () => {
  let asked = 0;
  const env = await envelope("news.search", { query: "chips ".repeat(140_000) }, {
    fetch: () => {
      asked++;
      return Promise.resolve(new Response("{}"));
    },
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /query/);
  assert.equal(asked, 0);
});
