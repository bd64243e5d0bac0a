/**
 * filings.recent reads every filing on its filer's clock; a filing whose acceptance time only
 * the other clock fits is kept on the filer's clock and said in a warning, not switched silently.
 */
import assert from "node:assert/strict";
import {
  acceptanceClock,
  clockOf,
  misfit,
  misfitWarning,
} from "../../providers/filings_a/eastern.ts";

const row = (acceptance_raw: string, filing_date: string, accession_no: string) => ({
  acceptance_raw,
  filing_date,
  accession_no,
});

Deno.test("a filing only the other clock fits stays on the filer's clock and is warned", () => {
  // an Eastern filer: early-morning times written with a Z that only Eastern wall-clock time
  // fits (read as UTC they would be 01:30 to 03:15 Eastern, before EDGAR opens)
  const rows = [
    row("2025-02-03T06:30:00.000Z", "2025-02-03", "0000000001-25-000001"),
    row("2025-05-05T07:00:00.000Z", "2025-05-05", "0000000001-25-000002"),
    row("2025-08-04T08:15:00.000Z", "2025-08-04", "0000000001-25-000003"),
    // 00:04 "Z" the day after its filing date: only UTC (19:04 Eastern) fits it
    row("2026-01-13T00:04:08.000Z", "2026-01-12", "0000000001-26-000001"),
  ];
  const clock = acceptanceClock(rows as never);
  assert.equal(clock, "eastern");
  const odd = rows[3];
  assert.equal(clockOf(odd as never, clock), "eastern");
  assert.equal(misfit(odd as never, clock!), "utc");
  const text = misfitWarning([odd] as never, clock!);
  assert.match(text, /0000000001-26-000001/);
});
