import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { inRange, roleOf, sortTimeline } from "../../analysis/evidence/timeline.ts";

Deno.test("evidence roles are by date only: before, same day, after", () => {
  assert.deepEqual(roleOf("2026-02-24", "2026-02-21"), { relative_day: -3, role: "before_move" });
  assert.deepEqual(roleOf("2026-02-24", "2026-02-24"), { relative_day: 0, role: "same_day" });
  assert.deepEqual(roleOf("2026-02-24", "2026-02-27"), { relative_day: 3, role: "after_move" });
  assert.ok(inRange("2026-02-27T10:00:00Z", "2026-02-21", "2026-02-27"));
  assert.ok(!inRange("2026-02-28", "2026-02-21", "2026-02-27"));
  const base = {
    relative_day: 0,
    evidence_role: "same_day" as const,
    url: null,
    citation: {},
    metadata: {},
  };
  const sorted = sortTimeline([
    { ...base, date: "2026-02-24", source_type: "news", title: "b" },
    { ...base, date: "2026-02-24", source_type: "filing", title: "z" },
    { ...base, date: "2026-02-23", source_type: "news", title: "a" },
  ]);
  assert.deepEqual(sorted.map((s) => s.title), ["a", "z", "b"]);
});

Deno.test("price.context rejects a bad lookback and a bad date", async () => {
  const bad = await envelope("price.context", {
    symbol: "AAPL",
    date: "2026-02-24",
    lookback: "3x",
  });
  assert.match(bad.error!, /lookback="3x" has an unknown unit/);
  const badDate = await envelope("price.context", { symbol: "AAPL", date: "2026-02-30" });
  assert.equal(badDate.ok, false);
});

Deno.test({
  name:
    "conformance: AAPL 8-K of 2026-02-24 under the SEC cassette; news and transcripts as warnings",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("price.context SEC conformance");
    if (!root) return;
    const env = await envelope("price.context", {
      symbol: "AAPL",
      date: "2026-02-24",
      lookback: "3D",
    }, { replay: [join(root, "cassettes", "sec")] });
    const data = dataOf(env) as {
      timeline: {
        source_type: string;
        evidence_role: string;
        url: string;
        citation: {
          accession_no: string;
          accepted_at_utc: string;
          acceptance_datetime_eastern: string;
        };
        metadata: { items: string[] };
      }[];
      start_date: string;
      end_date: string;
    };
    assert.equal(data.start_date, "2026-02-21");
    assert.equal(data.end_date, "2026-02-27");
    const filing = data.timeline.find((t) => t.source_type === "filing")!;
    assert.equal(filing.evidence_role, "same_day");
    assert.equal(filing.citation.accession_no, "0001140361-26-006577");
    assert.deepEqual(filing.metadata.items, ["5.07", "9.01"]);
    // SEC's 16:55:58 "Z" is Apple's Eastern clock: after the close, 21:55:58 UTC
    assert.equal(filing.citation.acceptance_datetime_eastern, "2026-02-24T16:55:58.000-05:00");
    assert.equal(filing.citation.accepted_at_utc, "2026-02-24T21:55:58.000Z");
    assert.match(filing.url, /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\//);
    assert.ok(env.warnings.some((w) => w.startsWith("news unavailable:")));
    assert.ok(env.warnings.some((w) => w.startsWith("transcripts unavailable:")));
  },
});

Deno.test("price.context: a news list cut at news_limit says earlier articles may be missing", async () => {
  const env = await envelope("price.context", {
    symbol: "AAPL",
    date: "2026-02-24",
    lookback: "3D",
    news_limit: 2,
  }, { replay: [join(FIXTURES, "evidence", "gdelt")] });
  assert.ok(
    env.warnings.some((w) => /news: 2 article\(s\) asked and 2 returned, newest first/.test(w)),
    env.warnings.join("\n"),
  );
});
