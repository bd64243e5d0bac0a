/** SEC's acceptanceDateTime read on the clock each company's timestamps use. */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  acceptanceClock,
  acceptanceTimes,
  clockOf,
  misfit,
  misfitWarning,
} from "../../providers/filings_a/eastern.ts";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

const row = (acceptance_raw: string, filing_date: string) => ({ acceptance_raw, filing_date });

Deno.test("acceptanceClock: UTC when Eastern would put filings after midnight or after their filing date", () => {
  // Tesla's and NVIDIA's Form 4s: 00:04 "Z" the day after the filing date is 19:04 Eastern
  const utc = [
    row("2026-01-13T00:04:08.000Z", "2026-01-12"),
    row("2025-06-03T01:10:00.000Z", "2025-06-02"),
    row("2025-06-03T21:30:00.000Z", "2025-06-03"),
  ];
  assert.equal(acceptanceClock(utc), "utc");
  assert.deepEqual(acceptanceTimes(utc[0].acceptance_raw, "utc"), {
    eastern: "2026-01-12T19:04:08.000-05:00",
    utc: "2026-01-13T00:04:08.000Z",
  });
  // Apple's: 06:01 "Z" is when EDGAR opens in New York, 02:01 Eastern were it UTC
  const eastern = [
    row("2024-11-01T06:01:36.000Z", "2024-11-01"),
    row("2024-11-01T18:30:00.000Z", "2024-11-01"),
  ];
  assert.equal(acceptanceClock(eastern), "eastern");
  assert.deepEqual(acceptanceTimes(eastern[0].acceptance_raw, "eastern"), {
    eastern: "2024-11-01T06:01:36.000-04:00",
    utc: "2024-11-01T10:01:36.000Z",
  });
  // midday times fit both clocks: nothing decides
  assert.equal(acceptanceClock([row("2024-05-02T14:00:00.000Z", "2024-05-02")]), null);
  // a bare date says nothing either
  assert.equal(acceptanceClock([row("1999-03-01T00:00:00.000Z", "1999-03-01")]), null);
});

// The convention belongs to the filer, not to the filing (datamule-python issue 115: 805 of
// the 808 S&P 500 filers are on one clock in all 64,936 filings measured): a filing only the
// other clock fits is read on its filer's clock and said in a warning, never switched silently
// (the old clockOf switched it, so one company's rows mixed two clocks without a word).
Deno.test("clockOf: every filing is read on its filer's clock; misfit says one only the other fits", () => {
  const utcOnly = row("2026-01-13T00:04:08.000Z", "2026-01-12");
  const easternOnly = row("2024-11-01T06:01:36.000Z", "2024-11-01");
  const midday = row("2024-05-02T14:00:00.000Z", "2024-05-02");
  assert.equal(clockOf(utcOnly, "eastern"), "eastern");
  assert.equal(misfit(utcOnly, "eastern"), "utc");
  assert.equal(clockOf(easternOnly, "utc"), "utc");
  assert.equal(misfit(easternOnly, "utc"), "eastern");
  assert.equal(clockOf(midday, "utc"), "utc");
  assert.equal(misfit(midday, "utc"), null);
  assert.equal(misfit(utcOnly, "utc"), null);
  // no filer clock: no filing is read on a clock of its own
  assert.equal(clockOf(midday, null), null);
  assert.equal(clockOf(utcOnly, null), null);
  assert.equal(misfit(utcOnly, null), null);
  // SEC's own notices are no misfits
  assert.equal(
    misfit({ ...utcOnly, accession_no: "9999999995-26-000001" }, "eastern"),
    null,
  );
  const w = misfitWarning([{ ...utcOnly, accession_no: "0001318605-26-000001" }], "eastern");
  assert.match(w, /1 filing\(s\) do not fit this filer's Eastern clock/);
  assert.match(w, /0001318605-26-000001 \(2026-01-13T00:04:08.000Z, filed 2026-01-12\)/);
  assert.match(w, /would fit the UTC clock/);
});

Deno.test({
  name:
    "conformance: Tesla's acceptance times are UTC, Apple's Eastern, from their recorded submissions",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("SEC submissions acceptance clocks")) return;
    const opts = { replay: [join(SHARED!, "cassettes", "sec")] };
    // deno-lint-ignore no-explicit-any
    const tsla = dataOf<any>(await envelope("filings.recent", { symbol: "TSLA", limit: 50 }, opts));
    const k = tsla.filings.find((f: { form: string }) => f.form === "10-K");
    assert.equal(k.acceptance_clock, "utc");
    assert.equal(k.acceptance_datetime, "2026-01-29T01:55:03.000Z");
    assert.equal(k.acceptance_datetime_eastern, "2026-01-28T20:55:03.000-05:00");
    // deno-lint-ignore no-explicit-any
    const aapl = dataOf<any>(await envelope("filings.recent", { symbol: "AAPL", limit: 5 }, opts));
    assert.ok(
      aapl.filings.every((f: { acceptance_clock: string }) => f.acceptance_clock === "eastern"),
    );
  },
});
