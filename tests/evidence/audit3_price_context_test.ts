/**
 * price.context, third audit: an item dated the move date without a time of day (a transcript,
 * dated by the day it was published) is same_day, but may have come after the close; that is said.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const DIR = join(FIXTURES, "evidence", "audit3_transcripts");

/** Motley Fool's quote page of ACME (one call, published 2026-02-05); every other request fails. */
const fakeNet: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith("https://www.fool.com/quote/")) {
    return Promise.resolve(
      new Response(Deno.readTextFileSync(join(DIR, "quote_page.html")), {
        headers: { "content-type": "text/html" },
      }),
    );
  }
  return Promise.resolve(new Response("not found", { status: 404 }));
};

type Timeline = { source_type: string; evidence_role: string; date: string }[];

Deno.test("price.context: a transcript dated the move date has no time of day, and that is said", async () => {
  const env = await envelope("price.context", { symbol: "ACME", date: "2026-02-05" }, {
    fetch: fakeNet,
    now: "2026-02-20T12:00:00Z",
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  const timeline = (dataOf(env) as { timeline: Timeline }).timeline;
  const call = timeline.find((t) => t.source_type === "transcript")!;
  assert.equal(call.date, "2026-02-05");
  assert.equal(call.evidence_role, "same_day");
  assert.ok(
    env.warnings.some((w) =>
      /1 transcript item\(s\) dated the move date carry no time of day/.test(w)
    ),
    env.warnings.join("\n"),
  );
  // the day after, the transcript is before the move and nothing is said
  const next = await envelope("price.context", { symbol: "ACME", date: "2026-02-06" }, {
    fetch: fakeNet,
    now: "2026-02-20T12:00:00Z",
  });
  assert.ok(!next.warnings.some((w) => /no time of day/.test(w)), next.warnings.join("\n"));
});

/** As `fakeNet`, with GDELT answering two articles of 2026-02-05 seen after the close. */
const withNews: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith("https://api.gdeltproject.org/")) {
    const article = (seen: string, title: string) => ({
      url: `https://news.example.org/${seen}`,
      title,
      seendate: seen,
      domain: "news.example.org",
      language: "English",
      sourcecountry: "United States",
    });
    return Promise.resolve(Response.json({
      articles: [
        // 16:10 and 17:30 New York time (EST): both after the 16:00 close
        article("20260205T211000Z", "Acme shares jump on results"),
        article("20260205T223000Z", "Acme results: what analysts say"),
      ],
    }));
  }
  return fakeNet(input);
};

Deno.test("price.context: an article first seen just after the close may predate it, and that is said", async () => {
  const env = await envelope("price.context", { symbol: "ACME", date: "2026-02-05" }, {
    fetch: withNews,
    now: "2026-02-20T12:00:00Z",
  });
  assert.equal(env.ok, true, JSON.stringify(env.error));
  const news = (dataOf(env) as { timeline: Timeline }).timeline.filter((t) =>
    t.source_type === "news"
  );
  assert.deepEqual(news.map((t) => t.evidence_role), ["after_move", "after_move"]);
  assert.ok(
    env.warnings.some((w) =>
      /news: 1 article\(s\) of the move date were first seen by GDELT within 30 minutes after the close/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});
