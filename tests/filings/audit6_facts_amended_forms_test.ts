/**
 * filings.facts form=10-K leaves out 10-K/A: when an amendment later corrected a value, the
 * rows show the original figure with restated false (restated is judged within the forms
 * kept), which reads as the company's figure. Said, naming the amendment and both values.
 * The company is invented; its facts are shaped as SEC's companyfacts answer.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const K22 = { accn: "0000000062-23-000001", fy: 2022, fp: "FY", form: "10-K", filed: "2023-02-20" };
const KA22 = {
  accn: "0000000062-23-000009",
  fy: 2022,
  fp: "FY",
  form: "10-K/A",
  filed: "2023-06-15",
};
const K23 = { accn: "0000000062-24-000001", fy: 2023, fp: "FY", form: "10-K", filed: "2024-02-20" };

function facts(restatedLater: boolean) {
  const rows = [
    { start: "2021-01-01", end: "2021-12-31", val: 800, ...K22 },
    { start: "2022-01-01", end: "2022-12-31", val: 1_000, ...K22 },
    // the amendment corrects 2022 revenue
    { start: "2022-01-01", end: "2022-12-31", val: 900, ...KA22 },
    { start: "2021-01-01", end: "2021-12-31", val: 800, ...KA22 },
    { start: "2023-01-01", end: "2023-12-31", val: 1_200, ...K23 },
    // the next 10-K's comparative: the corrected figure, or (restatedLater false) none
    ...(restatedLater ? [{ start: "2022-01-01", end: "2022-12-31", val: 900, ...K23 }] : []),
  ];
  return {
    cik: 9990062,
    entityName: "Fixture Amenders",
    facts: {
      "us-gaap": { Revenues: { label: "Revenues", description: null, units: { USD: rows } } },
    },
  };
}

function fakeSec(body: unknown): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const json = (b: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(b), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
      );
    if (url.endsWith("/files/company_tickers.json")) {
      return json({ "0": { cik_str: 9990062, ticker: "AMND", title: "Fixture Amenders" } });
    }
    if (url.includes("/companyfacts/CIK0009990062.json")) return json(body);
    return Promise.resolve(new Response("Not Found", { status: 404 }));
  };
}

const read = (body: unknown, args: Record<string, unknown>) =>
  envelope<Any>("filings.facts", { symbol: "AMND", concept: "Revenues", ...args }, {
    fetch: fakeSec(body),
  });

Deno.test("filings.facts form=10-K: a value an amendment left out corrected is said, with both values", async () => {
  const e = await read(facts(false), { form: "10-K", period: "annual" });
  const d = dataOf<Any>(e);
  const fy22 = d.rows.find((r: Any) => r.end === "2022-12-31");
  assert.equal(fy22.last_reported.value, 1_000); // as the 10-K gave it, as asked
  assert.equal(fy22.restated, false);
  // old: no warning; the uncorrected 1,000 read as the company's figure
  const w = e.warnings.filter((x: string) => /amendment form= leaves out/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(
    w[0],
    /^1 period\(s\) .*900 for 2022-01-01\.\.2022-12-31 in 0000000062-23-000009 \(10-K\/A, filed 2023-06-15\), against 1,000 shown/,
  );
  assert.match(w[0], /add 10-K\/A to form=/);
  // with the amendment kept, the corrected value and no warning
  const both = await read(facts(false), { form: "10-K,10-K/A", period: "annual" });
  const fy = dataOf<Any>(both).rows.find((r: Any) => r.end === "2022-12-31");
  assert.equal(fy.last_reported.value, 900);
  assert.equal(fy.restated, true);
  assert.ok(!both.warnings.some((x: string) => /amendment form= leaves out/.test(x)));
});

Deno.test("filings.facts form=10-K: an amendment a later 10-K already carries, or one agreeing, is not said", async () => {
  // the FY2023 10-K gives the corrected 900: the kept rows are corrected too
  const e = await read(facts(true), { form: "10-K", period: "annual" });
  const fy22 = dataOf<Any>(e).rows.find((r: Any) => r.end === "2022-12-31");
  assert.equal(fy22.last_reported.value, 900);
  assert.ok(!e.warnings.some((x: string) => /amendment/.test(x)), e.warnings.join("\n"));
  // no form=: every form is read, nothing left out
  const all = await read(facts(false), { period: "annual" });
  assert.ok(!all.warnings.some((x: string) => /amendment form= leaves out/.test(x)));
});

// ---- filings.history: values an amendment gave are said ----

Deno.test("filings.history: shown values an amendment reported are said, with how many it changed", async () => {
  const { filingPeriods } = await import("../../analysis/filings/facts.ts");
  const { buildHistory } = await import("../../analysis/filings/history.ts");
  const body = facts(false);
  const rows = body.facts["us-gaap"].Revenues.units.USD;
  const t = { "us-gaap": { Revenues: { units: { USD: rows } } } };
  const opts = { statement: "income", period: "annual", years: 5, asOf: null } as const;
  const h = buildHistory(t, filingPeriods([rows]), { ...opts, basis: "latest" })!;
  const rev = h.rows.find((r) => r.key === "revenue")!;
  const fy22 = rev.cells[h.columns.findIndex((c) => c.end === "2022-12-31")];
  assert.equal(fy22.value, 900);
  assert.equal(fy22.form, "10-K/A");
  // old: nothing said; the amended 900 passed without a word beside the 10-K's 1,000
  const w = h.warnings.filter((x) => /as an amendment reported them/.test(x));
  assert.equal(w.length, 1, h.warnings.join("\n"));
  assert.match(
    w[0],
    /^2 shown value\(s\) \(revenue\) are as an amendment reported them \(10-K\/A 0000000062-23-000009\), not the original filing; 1 of them differ from the first report/,
  );
  // as first reported, the original 10-K's values: no amendment shown, nothing said
  const first = buildHistory(t, filingPeriods([rows]), { ...opts, basis: "first_reported" })!;
  assert.ok(!first.warnings.some((x) => /amendment/.test(x)), first.warnings.join("\n"));
});

Deno.test({
  name: "conformance: filings.history AAPL says FY2007-FY2009 are as its 2010 10-K/A restated them",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts amendments")) return;
    const e = await envelope<Any>(
      "filings.history",
      { symbol: "AAPL", statement: "income", period: "annual", years: 20 },
      { replay: [join(SHARED!, "cassettes", "sec")] },
    );
    const d = dataOf<Any>(e);
    const i = d.columns.findIndex((c: Any) => c.label === "FY2007");
    const rev = d.rows.find((r: Any) => r.key === "revenue").cells[i];
    assert.equal(rev.form, "10-K/A");
    assert.equal(rev.value, 24_578_000_000);
    assert.equal(rev.first_reported, 24_006_000_000);
    assert.ok(
      e.warnings.some((x: string) =>
        /shown value\(s\) .* are as an amendment reported them \(10-K\/A 0001193125-10-012091\)/
          .test(x)
      ),
      e.warnings.join("\n"),
    );
  },
});
