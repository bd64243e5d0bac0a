/** The segment note ends where the notes end, not at the end of the financial statements. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { findSegmentNote } from "../../analysis/filings/notes.ts";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

Deno.test("findSegmentNote: the last note stops at the auditor's report or a schedule, with its company line", () => {
  const notes = "Note 12 – Leases\nLease text.\nNote 13 – Segment Information\n" +
    "The Company reports four segments.\nTotal net sales | $ 391,035\n";
  const audit = notes + "Report of Independent Registered Public Accounting Firm\n" +
    "To the Shareholders and the Board of Directors of Apple Inc.\n";
  const a = findSegmentNote(audit)!;
  assert.equal(
    audit.slice(a.start, a.end).trim().split("\n").at(-1),
    "Total net sales | $ 391,035",
  );
  const schedule = notes + "NVIDIA Corporation and Subsidiaries\n" +
    "Schedule II – Valuation and Qualifying Accounts\nAllowance | $ 4\n";
  const s = findSegmentNote(schedule)!;
  assert.ok(!schedule.slice(s.start, s.end).includes("NVIDIA Corporation"));
  assert.ok(!schedule.slice(s.start, s.end).includes("Schedule II"));
  // a note followed by the next note stops there, as before
  const middle =
    "Note 13 – Segment Information\nFour segments.\nNote 14 – Subsequent Events\nNone.\n";
  const m = findSegmentNote(middle)!;
  assert.equal(middle.slice(m.start, m.end), "Note 13 – Segment Information\nFour segments.\n");
});

Deno.test({
  name:
    "conformance: Apple's and NVIDIA's 10-K segment notes and NVIDIA's statements end where they end",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("segment note bounds")) return;
    const opts = { replay: [join(SHARED!, "cassettes", "sec")] };
    const read = async (symbol: string, accession: string, section: string) =>
      // deno-lint-ignore no-explicit-any
      dataOf<any>(
        await envelope("filings.read", { symbol, accession, section, max_chars: 0 }, opts),
      ).text as string;
    const apple = await read("AAPL", "0000320193-24-000123", "segments");
    assert.match(apple, /Total long-lived assets/);
    assert.doesNotMatch(apple, /Ernst & Young|Report of Independent/);
    const nvda = await read("NVDA", "0001045810-24-000029", "segments");
    assert.doesNotMatch(nvda, /Schedule II|Exhibit Index/);
    const statements = await read("NVDA", "0001045810-24-000029", "financial_statements");
    assert.match(statements, /Schedule II/);
    assert.doesNotMatch(statements, /Exhibit Index|Agreement and Plan of Merger/);
  },
});
