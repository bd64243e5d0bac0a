/**
 * SEC's own EFFECT notices (accession 9999999995-…) are stamped 00:15 Eastern after their filing
 * date, on whichever clock the company's other times use: they neither decide the company's
 * clock nor are read on the other one (an Eastern filer's 00:15 notice became 20:15 the day
 * before). A filer's early-morning filing that fits both clocks keeps the company's: Tesla's 2013
 * NT 10-K at 11:08 "Z" is 06:08 EST, beside its other 06:0x filings of every era.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  acceptanceClock,
  acceptanceTimes,
  clockOf,
  misfit,
  secGenerated,
} from "../../providers/filings_a/eastern.ts";
import { SHARED, sharedOrSkip } from "../_helpers.ts";

const row = (acceptance_raw: string, filing_date: string, accession_no: string) => ({
  acceptance_raw,
  filing_date,
  accession_no,
});

Deno.test("an EFFECT notice of an Eastern filer is read on the Eastern clock: 00:15 after its filing date", () => {
  // CARBO Ceramics' history: Eastern times, and SEC's EFFECT notices at 00:15 the next day
  const effect = row("2020-05-20T00:15:13.000Z", "2020-05-19", "9999999995-20-001207");
  assert.ok(secGenerated(effect));
  assert.equal(clockOf(effect, "eastern"), "eastern");
  assert.equal(
    acceptanceTimes(effect.acceptance_raw, "eastern")!.eastern,
    "2020-05-20T00:15:13.000-04:00",
  );
  // a UTC filer's notice is the same Eastern minute, read on its own clock
  const tsla = row("2019-05-13T04:15:27.000Z", "2019-05-10", "9999999995-19-001077");
  assert.equal(clockOf(tsla, "utc"), "utc");
  assert.equal(
    acceptanceTimes(tsla.acceptance_raw, "utc")!.eastern,
    "2019-05-13T00:15:27.000-04:00",
  );
  // a filer's own filing that only the other clock fits is read on the filer's clock and said
  const odd = row("2026-01-13T00:04:08.000Z", "2026-01-12", "0001318605-26-000001");
  assert.equal(clockOf(odd, "eastern"), "eastern");
  assert.equal(misfit(odd, "eastern"), "utc");
});

Deno.test("SEC's notices do not vote on the company's clock", () => {
  const notices = [
    row("2020-05-20T00:15:13.000Z", "2020-05-19", "9999999995-20-001207"),
    row("2020-05-20T00:15:11.000Z", "2020-05-19", "9999999995-20-001196"),
    row("2016-06-01T00:15:13.000Z", "2016-05-31", "9999999995-16-004789"),
  ];
  // midday filings decide nothing; three notices made it "utc" for an Eastern filer
  const midday = [row("2020-05-04T16:01:00.000Z", "2020-05-04", "0001009672-20-000020")];
  assert.equal(acceptanceClock([...midday, ...notices]), null);
  const eastern = [row("2020-03-30T07:01:50.000Z", "2020-03-30", "0001009672-20-000011")];
  assert.equal(acceptanceClock([...eastern, ...notices]), "eastern");
});

Deno.test("Tesla's 2013 NT 10-K at 11:08 'Z' fits both clocks and takes Tesla's UTC: 06:08 EST", () => {
  const nt = row("2013-03-04T11:08:26.000Z", "2013-03-04", "0001193125-13-088624");
  assert.equal(clockOf(nt, "utc"), "utc");
  assert.deepEqual(acceptanceTimes(nt.acceptance_raw, "utc"), {
    eastern: "2013-03-04T06:08:26.000-05:00",
    utc: "2013-03-04T11:08:26.000Z",
  });
});

Deno.test({
  name: "conformance: every recorded history reads on one clock, SEC's notices included",
  ignore: !SHARED,
  fn() {
    if (!sharedOrSkip("SEC submissions acceptance clocks")) return;
    const dir = join(SHARED!, "sec");
    const expect: Record<string, string> = {
      "AAPL/submissions/CIK0000320193.json": "eastern",
      "CRR/submissions/CIK0001009672.json": "eastern",
      "TSLA/submissions/CIK0001318605.json": "utc",
      "TSLA/submissions/CIK0001318605-submissions-001.json": "utc",
    };
    for (const [file, clock] of Object.entries(expect)) {
      const d = JSON.parse(Deno.readTextFileSync(join(dir, file)));
      const cols = d.filings ? d.filings.recent : d;
      const rows = cols.accessionNumber.map((a: string, i: number) =>
        row(cols.acceptanceDateTime[i], cols.filingDate[i], a)
      );
      assert.equal(acceptanceClock(rows), clock, file);
      const other = rows.filter((r: ReturnType<typeof row>) =>
        clockOf(r, clock as "utc") !== clock
      );
      assert.deepEqual(other, [], file);
    }
  },
});
