import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import {
  inRange,
  newYorkDays,
  newYorkTime,
  roleOf,
  sortTimeline,
} from "../../analysis/evidence/timeline.ts";

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
    // accepted at 16:55 New York time: after the move date's close, so after the move
    assert.equal(filing.evidence_role, "after_move");
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

Deno.test("an item published after the close on the move date is after_move; days are New York days", () => {
  assert.deepEqual(roleOf("2026-02-24", "2026-02-24", "after_close"), {
    relative_day: 0,
    role: "after_move",
  });
  assert.deepEqual(roleOf("2026-02-24", "2026-02-24", "pre_market"), {
    relative_day: 0,
    role: "same_day",
  });
  assert.deepEqual(roleOf("2026-02-24", "2026-02-23", "after_close"), {
    relative_day: -1,
    role: "before_move",
  });
  // 02:10 UTC on the 25th is 21:10 on the 24th in New York
  assert.deepEqual(newYorkTime("2026-02-25T02:10:00Z"), {
    day: "2026-02-24",
    session: "after_close",
  });
  assert.deepEqual(newYorkTime("2024-07-01T13:29:59Z"), {
    day: "2024-07-01",
    session: "pre_market",
  });
  assert.deepEqual(newYorkTime("2024-07-01T09:30:00-04:00"), {
    day: "2024-07-01",
    session: "market_hours",
  });
  assert.equal(newYorkTime("2024-07-01"), null); // a bare day has no session
});

const ACME = { replay: [join(FIXTURES, "filings", "cassette")] };

Deno.test("price.context: ACME's 8-K accepted at 16:05 on the move date is after_move, its session said", async () => {
  const env = await envelope("price.context", { symbol: "ACME", date: "2024-04-25" }, ACME);
  const data = dataOf(env) as {
    timeline: {
      source_type: string;
      evidence_role: string;
      relative_day: number;
      metadata: Record<string, unknown>;
    }[];
  };
  const filing = data.timeline.find((t) => t.source_type === "filing")!;
  assert.equal(filing.relative_day, 0);
  assert.equal(filing.evidence_role, "after_move");
  assert.equal(filing.metadata.session, "after_close");
});

Deno.test("price.context: filings that filing_limit cuts short of the window are warned", async () => {
  const env = await envelope("price.context", {
    symbol: "ACME",
    date: "2023-11-03",
    filing_limit: 2,
  }, ACME);
  assert.ok(
    env.warnings.some((w) =>
      /filings: the 2 most recent .* reach back only to 2024-02-20, after the whole window \(2023-10-31 to 2023-11-06\).*raise filing_limit/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
  const wide = await envelope("price.context", {
    symbol: "ACME",
    date: "2023-11-03",
    filing_limit: 10,
  }, ACME);
  assert.ok(!wide.warnings.some((w) => /reach back only/.test(w)), wide.warnings.join("\n"));
  const filing = (dataOf(wide) as { timeline: { source_type: string; evidence_role: string }[] })
    .timeline.find((t) => t.source_type === "filing")!;
  assert.equal(filing.evidence_role, "before_move"); // the 10-Q of 11-02, after that day's close
});

Deno.test("price.context asks GDELT for New York days, offsets through clock changes", () => {
  // an article first seen at 02:10 UTC on the 28th is the evening of the 27th in New York
  assert.deepEqual(newYorkDays("2026-02-21", "2026-02-27"), {
    from: "2026-02-21T00:00:00-05:00",
    to: "2026-02-27T23:59:59-05:00",
  });
  assert.deepEqual(newYorkDays("2025-03-09", "2025-03-09"), {
    from: "2025-03-09T00:00:00-05:00",
    to: "2025-03-09T23:59:59-04:00",
  });
  assert.deepEqual(newYorkDays("2025-11-02", "2025-11-02"), {
    from: "2025-11-02T00:00:00-04:00",
    to: "2025-11-02T23:59:59-05:00",
  });
});
