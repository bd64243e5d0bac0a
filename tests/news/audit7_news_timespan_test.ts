/**
 * timespan=15m: GDELT reads a lone "m" as months, market data as minutes (15m bars). It was sent
 * as given, so a timeline asked for the last 30 minutes came back for the last 30 months, and an
 * article list was cut to 3 months. It is refused with the two ways to write it.
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";
import { articlesOrTimeline, fakeGdelt } from "./_fake.ts";
import { normalizeTimespan, resolveWindow } from "../../providers/news/gdelt.ts";

const NOW = "2026-11-27T12:00:00Z";

Deno.test("news.analyze timespan=30m: refused as minutes or months, GDELT never asked", async () => {
  const net = fakeGdelt(articlesOrTimeline([]));
  const env = await envelope("news.analyze", {
    analysis: "timeline",
    query: "refinery",
    timespan: "30m",
  }, { fetch: net.fetch, now: NOW });
  assert.equal(env.ok, false);
  assert.match(env.error!, /timespan="30m" is ambiguous/);
  assert.match(env.error!, /30min for minutes or 30M \(30 months\)/);
  assert.deepEqual(net.gdelt, []);
  const search = await envelope("news.search", { query: "refinery", timespan: "15 m" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(search.ok, false);
  assert.match(search.error!, /ambiguous/);
});

Deno.test("timespan: 1M, 3mo, 2 months and 15min are clear; the normalised 3m stays usable", () => {
  assert.equal(resolveWindow({ timespan: "1M" }, null).timespan, "1m");
  assert.equal(resolveWindow({ timespan: "3mo" }, null).timespan, "3m");
  assert.equal(resolveWindow({ timespan: "2 months" }, null).timespan, "2m");
  assert.equal(resolveWindow({ timespan: "15min" }, null).timespan, "15min");
  assert.throws(() => resolveWindow({ timespan: "15m" }, null), /ambiguous/);
  // the normalised form (GDELT's) is read internally as months
  assert.equal(normalizeTimespan("3m").minutes, 3 * 43200);
});
