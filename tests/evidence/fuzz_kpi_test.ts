/** kpi.extract at the edges of its arguments (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };

Deno.test("kpi.extract from=filings: a form with no sections (8-K, 6-K) is refused once, naming form", async () => {
  for (const form of ["8-K", "6-K"]) {
    const env = await envelope("kpi.extract", { symbol: "ACME", from: "filings", form }, opts);
    assert.equal(env.ok, false);
    assert.equal(env.data, null);
    assert.match(env.error!, new RegExp(`^form: ${form} has no section map`));
    // said once, not once per section it would have read (mda; business; financial_statements)
    assert.equal(env.error!.split("has no section map").length, 2, env.error!);
  }
});

Deno.test("kpi.extract: accession= names the filing read; quarter= is no filing's period", async () => {
  // the filing asked for by accession is the one fetched (its document is not recorded here):
  // the three sections' one failure is said once, naming the document
  const older = await envelope("kpi.extract", {
    symbol: "ACME",
    from: "filings",
    accession: "0001234567-23-000030",
  }, opts);
  assert.equal(older.ok, false);
  assert.match(
    older.error!,
    /^no filing section could be read: mda, business, financial_statements: .*000123456723000030\/acme-20230930\.htm/,
  );
  assert.equal(older.error!.split("no recording for").length, 2, older.error!);
  const latest = await envelope("kpi.extract", {
    symbol: "ACME",
    from: "filings",
    accession: "0001234567-24-000010",
    limit: 1,
  }, opts);
  assert.equal(latest.ok, true, latest.error ?? "");
  // quarter= picked the transcript only: with from=filings the latest 10-K was read for "Q3 2023"
  const quarter = await envelope("kpi.extract", {
    symbol: "ACME",
    from: "filings",
    form: "10-Q",
    quarter: "Q3 2023",
  }, opts);
  assert.equal(quarter.ok, false);
  assert.match(
    quarter.error!,
    /^quarter=Q3 2023 picks a transcript, not a filing: .*pass accession= of the 10-Q/,
  );
  // form= and accession= are a filing's: with transcripts alone they were dropped in silence
  for (const extra of [{ form: "8-K" }, { accession: "0001234567-24-000010" }]) {
    const env = await envelope("kpi.extract", { symbol: "ACME", ...extra }, opts);
    assert.equal(env.ok, false);
    assert.match(env.error!, /picks a filing, and from=transcripts reads transcripts only/);
  }
});

Deno.test("kpi.extract from=both: a transcript read is kept when no filing can be", async () => {
  // the whole answer was refused because SEC does not know the (made-up) EXSW
  const env = await envelope("kpi.extract", { symbol: "EXSW", from: "both", limit: 3 }, {
    replay: [join(FIXTURES, "evidence", "transcripts")],
  });
  assert.equal(env.ok, true, env.error ?? "");
  assert.ok(
    env.warnings.some((w) =>
      /^no filing read, so the rows are the transcript's alone: no filing section could be read: mda, business, financial_statements: /
        .test(w)
    ),
    env.warnings.join("\n"),
  );
  assert.ok((env.data as { kpis: unknown[] }).kpis.length > 0);
});

Deno.test("kpi.extract: SEC's advice names the argument kpi.extract has (accession=, not url=)", async () => {
  // url= is kpi.extract's name for a transcript's address: "pass accession= or url=" misled
  const env = await envelope("kpi.extract", { symbol: "ZZZZ", from: "filings" }, opts);
  assert.equal(env.ok, false);
  assert.match(env.error!, /pass accession= of the filing/);
  assert.doesNotMatch(env.error!, /url=/);
});
