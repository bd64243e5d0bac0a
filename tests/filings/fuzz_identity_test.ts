/** Arguments that name a filing twice must name one filing (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { transitionNote } from "../../commands/filings/_shared.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };
const TEN_K =
  "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/acme-20231231.htm";

Deno.test("filings.*: accession= and url= of two different filings are refused, never one answered for the other", async () => {
  for (const name of ["filings.sections", "filings.read", "filings.reports"]) {
    const env = await envelope(name, { accession: "0001234567-23-000030", url: TEN_K }, opts);
    assert.equal(env.ok, false, `${name} answered ${JSON.stringify(env.data)?.slice(0, 200)}`);
    assert.equal(env.data, null);
    assert.match(
      env.error!,
      /accession 0001234567-23-000030 and url \(a file of filing 0001234567-24-000010\) name different filings; pass only one/,
    );
  }
});

Deno.test("filings.*: accession= and url= of the same filing (dashed or 18 digits) agree", async () => {
  for (const accession of ["0001234567-24-000010", "000123456724000010"]) {
    const d = dataOf<{ filing: { accession_no: string } }>(
      await envelope("filings.sections", { accession, url: TEN_K }, opts),
    );
    assert.equal(d.filing.accession_no, "0001234567-24-000010");
  }
  const bad = await envelope("filings.sections", { accession: "12-34", url: TEN_K }, opts);
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /accession: "12-34" is not an accession number/);
});

Deno.test("filings.*: form= beside accession= or url= must be the named filing's form, not ignored", async () => {
  for (const name of ["filings.sections", "filings.read", "filings.reports"]) {
    for (const named of [{ url: TEN_K }, { accession: "0001234567-24-000010" }]) {
      const wrong = await envelope(name, { ...named, form: "10-Q" }, opts);
      assert.equal(wrong.ok, false, `${name} ${JSON.stringify(named)}`);
      assert.equal(wrong.data, null);
      assert.match(
        wrong.error!,
        /form=10-Q does not fit the filing named: 0001234567-24-000010 is a 10-K; drop form=/,
      );
    }
    // its own form, in any case, is no mistake; the original beside its amendment is said
    const same = await envelope(name, { url: TEN_K, form: "10-k" }, opts);
    assert.equal(same.ok, true, `${name}: ${same.error}`);
    const amended = await envelope(name, { url: TEN_K, form: "10-K/A" }, opts);
    assert.equal(amended.ok, true, `${name}: ${amended.error}`);
    assert.ok(
      amended.warnings.some((w) =>
        /form=10-K\/A was given, and the filing named .* is a 10-K/.test(w)
      ),
      amended.warnings.join("\n"),
    );
  }
});

Deno.test("filings: a 10-KT or 10-QT is said to be a transition report, never a full year or quarter", () => {
  const kt = transitionNote({
    form: "10-KT",
    accession_no: "0001234567-24-000099",
    period_of_report: "2024-06-30",
  });
  assert.match(kt!, /is a 10-KT, a transition report: .* \(to 2024-06-30\), not a full year/);
  assert.match(
    transitionNote({ form: "10-QT/A", accession_no: "x", period_of_report: "" })!,
    /not a full quarter; its items are read as a 10-Q's/,
  );
  for (const form of ["10-K", "10-K/A", "10-Q", "20-F"]) {
    assert.equal(transitionNote({ form, accession_no: "x" }), null, form);
  }
});
