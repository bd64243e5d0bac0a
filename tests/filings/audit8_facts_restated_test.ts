/**
 * A restated year, a 20-F filer moving from US GAAP to IFRS, a reporting currency changed from
 * EUR to USD, and a share split: which value is shown, which filings are cited, and that two
 * bases never meet in one series unsaid. The companies are invented (audit8_facts_fixture.ts).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { type Any, call, cellAt, history } from "./audit8_facts_fixture.ts";

const K22 = "0009990804-23-000001"; // FY2022 10-K: 1,100
const K23 = "0009990804-24-000001"; // FY2023 10-K: FY2022 restated to 1,040

Deno.test("filings.history: a restated year cites both filings, on either basis", async () => {
  const { d } = await history({ symbol: "RSTM", period: "annual" });
  const fy = cellAt(d, "revenue", "FY2022");
  assert.equal(fy.value, 1040);
  assert.equal(fy.accession_no, K23);
  assert.equal(fy.restated, true);
  assert.equal(fy.first_reported, 1100);
  // old: no field named the filing of the first report
  assert.equal(fy.restated_from.accession_no, K22);
  assert.equal(fy.restated_from.value, 1100);
  assert.equal(fy.restated_from.form, "10-K");
  assert.equal(fy.restated_from.filed, "2023-02-23");
  assert.match(fy.restated_from.url, /\/000999080423000001\//);
  // never restated: null
  assert.equal(cellAt(d, "revenue", "FY2023").restated_from, null);
  // as first reported: the first report shown, the restating filing cited beside it
  const first = await history({ symbol: "RSTM", period: "annual", basis: "first_reported" });
  const f = cellAt(first.d, "revenue", "FY2022");
  assert.equal(f.value, 1100);
  assert.equal(f.accession_no, K22);
  assert.equal(f.restated_from.accession_no, K23);
  assert.equal(f.restated_from.value, 1040);
});

Deno.test("filings.history quarterly: Q4 is not derived from a restated year and quarters never restated", async () => {
  const { d, w } = await history({ symbol: "RSTM", period: "quarterly" });
  const q4 = cellAt(d, "revenue", "Q4 FY2022");
  assert.equal(q4.value, null);
  assert.match(q4.note, /^not derived as FY - Q1 - Q2 - Q3: mixed basis: FY2022 is as restated/);
  assert.ok(w.some((x) => /left empty rather than derived/.test(x)));
  // all four as first reported are one basis: derived
  const first = await history({ symbol: "RSTM", period: "quarterly", basis: "first_reported" });
  const f4 = cellAt(first.d, "revenue", "Q4 FY2022");
  assert.equal(f4.value, 1100 - 260 - 270 - 280);
  // FY2023 and its quarters, never restated: derived
  assert.equal(cellAt(d, "revenue", "Q4 FY2023").value, 1270 - 300 - 310 - 320);
});

Deno.test("filings.facts: the restated year gives both reports with their filings", async () => {
  const e = await call("filings.facts", { symbol: "RSTM", concept: "revenue", period: "annual" });
  const fy = dataOf<Any>(e).rows.find((r: Any) => r.end === "2022-12-31");
  assert.equal(fy.restated, true);
  assert.equal(fy.first_reported.accession_no, K22);
  assert.equal(fy.last_reported.accession_no, K23);
});

// ---- US GAAP to IFRS ----

Deno.test("filings.facts: a friendly name read in IFRS says the US GAAP periods it leaves out", async () => {
  const e = await call("filings.facts", { symbol: "IFRS", concept: "revenue" });
  const d = dataOf<Any>(e);
  assert.equal(d.taxonomy, "ifrs-full");
  assert.deepEqual(d.rows.map((r: Any) => r.last_reported.value), [5450, 5900, 6100]);
  // old: nothing said; the series silently began at the move to IFRS
  const w = e.warnings.filter((x: string) => /also reports it under us-gaap/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(
    w[0],
    /^revenue: the company also reports it under us-gaap \(Revenues: 3 period\(s\) to 2021-12-31, 2 of them not in this series\).*never mixes two taxonomies.*taxonomy=us-gaap/,
  );
  // read as asked, nothing to say
  const us = await call("filings.facts", {
    symbol: "IFRS",
    concept: "revenue",
    taxonomy: "us-gaap",
  });
  assert.deepEqual(dataOf<Any>(us).rows.map((r: Any) => r.last_reported.value), [5000, 5200, 5500]);
  assert.ok(!us.warnings.some((x: string) => /also reports it under/.test(x)));
});

Deno.test("filings.history: an IFRS series holds no US GAAP value, and says the other taxonomy", async () => {
  const { d, w } = await history({ symbol: "IFRS", period: "annual" });
  assert.equal(d.taxonomy, "ifrs-full");
  const rev = d.rows.find((r: Any) => r.key === "revenue");
  assert.deepEqual(rev.cells.map((c: Any) => c.tag), ["Revenue", "Revenue", "Revenue"]);
  assert.equal(cellAt(d, "revenue", "FY2021").value, 5450); // IFRS's, not US GAAP's 5,500
  assert.ok(w.some((x) => /also reports us-gaap values/.test(x)));
});

// ---- EUR to USD ----

Deno.test("filings.history and filings.facts: a currency change is never mixed into one series", async () => {
  const { d, w } = await history({ symbol: "CURR", period: "annual" });
  assert.equal(d.currency, "USD");
  assert.deepEqual(d.columns.map((c: Any) => c.label), ["FY2021", "FY2022", "FY2023"]);
  assert.ok(w.some((x) => /^revenue: 2 period\(s\) reported only in EUR/.test(x)));
  const e = await call("filings.facts", { symbol: "CURR", concept: "revenue" });
  assert.equal(dataOf<Any>(e).unit, "USD");
  assert.ok(e.warnings.some((x: string) => /reported only in EUR/.test(x)));
  const eur = await call("filings.facts", { symbol: "CURR", concept: "revenue", unit: "EUR" });
  assert.deepEqual(dataOf<Any>(eur).rows.map((r: Any) => r.last_reported.value), [
    4000,
    4100,
    4300,
  ]);
});

// ---- a 4-for-1 split ----

Deno.test("filings.history and filings.facts: values before a split are stated on the latest share basis", async () => {
  const { d, w } = await history({ symbol: "SPLT", period: "annual" });
  const eps = cellAt(d, "eps_diluted", "FY2020");
  assert.equal(eps.value, 0.5);
  assert.match(eps.derived, /^2 as reported ÷ 4/);
  // a split alone is no restatement: nothing restated, nothing cited as such
  assert.equal(cellAt(d, "eps_diluted", "FY2021").restated, false);
  assert.equal(cellAt(d, "eps_diluted", "FY2021").restated_from, null);
  assert.ok(w.some((x) => /4-for-1 split/.test(x)));
  const f = dataOf<Any>(
    await call("filings.facts", { symbol: "SPLT", concept: "eps_diluted", period: "annual" }),
  );
  assert.deepEqual(f.rows.map((r: Any) => r.split_adjusted), [0.5, 0.6, 0.7, 0.8]);
});

Deno.test({
  name: "conformance: a restated AAPL year cites the filing of its first report",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts restatements")) return;
    const e = await envelope<Any>(
      "filings.history",
      { symbol: "AAPL", statement: "cashflow", period: "annual", years: 20 },
      { replay: [join(SHARED!, "cassettes", "sec")] },
    );
    const d = dataOf<Any>(e);
    const i = d.columns.findIndex((c: Any) => c.label === "FY2017");
    const cell = d.rows.find((r: Any) => r.key === "financing_cash_flow").cells[i];
    assert.equal(cell.value, -17_974_000_000);
    assert.equal(cell.restated, true);
    assert.equal(cell.restated_from.value, -17_347_000_000);
    assert.equal(cell.restated_from.accession_no, "0000320193-17-000070");
  },
});
