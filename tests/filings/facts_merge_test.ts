/** Company facts periods: rounding is not a restatement; a renamed tag keeps its first report. */
import assert from "node:assert/strict";
import {
  type Concepts,
  differs,
  type FactRow,
  filingPeriods,
} from "../../analysis/filings/facts.ts";
import { mergedPeriods } from "../../analysis/filings/facts_merge.ts";

const row = (val: number, accn: string, filed: string, end = "2016-09-24"): FactRow => ({
  start: "2015-09-27",
  end,
  val,
  accn,
  fy: 2016,
  fp: "FY",
  form: "10-K",
  filed,
});

Deno.test("differs: a figure rounded to millions is not a restatement of the thousands it came from", () => {
  assert.equal(differs(136_516_000, 137_000_000), false);
  assert.equal(differs(127_976_000, 128_000_000), false);
  assert.equal(differs(246_000_000, 247_000_000), true);
  assert.equal(differs(196_000_000, 208_000_000), true);
  assert.equal(differs(1000, 1010), true);
  assert.equal(differs(5, 5.01), true);
});

Deno.test("mergedPeriods: a period first reported under a tag since renamed keeps that first report", () => {
  // Apple: FY2016 revenue as SalesRevenueNet in its 2016 10-K, as Revenues in a 2018 comparative
  const concepts: Concepts = {
    Revenues: { units: { USD: [row(215_639_000_000, "B", "2018-11-05")] } },
    SalesRevenueNet: { units: { USD: [row(215_639_000_000, "A", "2016-10-26")] } },
  };
  const filings = filingPeriods(Object.values(concepts).flatMap((c) => Object.values(c.units)));
  const [p] = mergedPeriods(["Revenues", "SalesRevenueNet"], concepts, "USD", filings);
  assert.equal(p.tag, "Revenues");
  assert.equal(p.first.accession_no, "A");
  assert.equal(p.first.filed, "2016-10-26");
  // each report names the tag its own filing used, where it is not the period's
  assert.equal(p.first.tag, "SalesRevenueNet");
  assert.equal(p.last.accession_no, "B");
  assert.equal(p.last.tag, undefined);
  assert.equal(p.reports, 2);
  assert.equal(p.restated, false);
  // as of before the new tag's filing, only the old report counts
  const [then] = mergedPeriods(["Revenues", "SalesRevenueNet"], concepts, "USD", filings, {
    asOf: "2017-12-31",
  });
  assert.equal(then.first.accession_no, "A");
  assert.equal(then.last.accession_no, "A");
  assert.equal(then.last.tag ?? then.tag, "SalesRevenueNet");
});

Deno.test("mergedPeriods: two tags one filing gives different values for are two quantities, not merged", () => {
  const concepts: Concepts = {
    Revenues: { units: { USD: [row(230, "B", "2018-11-05"), row(230, "C", "2019-11-05")] } },
    RevenueFromContractWithCustomerExcludingAssessedTax: {
      units: { USD: [row(200, "A", "2016-10-26"), row(200, "B", "2018-11-05")] },
    },
  };
  const filings = filingPeriods(Object.values(concepts).flatMap((c) => Object.values(c.units)));
  const [p] = mergedPeriods(
    ["Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax"],
    concepts,
    "USD",
    filings,
  );
  assert.equal(p.first.accession_no, "B");
  assert.equal(p.first.value, 230);
  assert.equal(p.restated, false);
});

Deno.test("fiscal labels follow the company's calendar from its annual reports, not a filing's wrong fy", async () => {
  const { groupPeriods } = await import("../../analysis/filings/facts_periods.ts");
  // a January year end named for the year it ends in (NVIDIA), and an old 10-Q whose fy is a
  // year off, as SEC's data has it
  const q = (start: string, end: string, val: number, accn: string, fy: number, fp: string) => ({
    start,
    end,
    val,
    accn,
    fy,
    fp,
    form: fp === "FY" ? "10-K" : "10-Q",
    filed: end,
  });
  const rows: FactRow[] = [
    q("2023-01-30", "2024-01-28", 100, "K24", 2024, "FY"),
    q("2024-01-29", "2025-01-26", 120, "K25", 2025, "FY"),
    q("2010-02-01", "2010-05-02", 10, "Q10", 2010, "Q1"),
    q("2024-04-29", "2024-07-28", 30, "Q25", 2024, "Q2"),
  ];
  const filings = filingPeriods([rows]);
  const label = (end: string) => {
    const p = groupPeriods("NetIncomeLoss", "USD", rows, filings).find((x) => x.end === end)!;
    return `${p.fiscal_period} FY${p.fiscal_year}`;
  };
  assert.equal(label("2024-01-28"), "FY FY2024");
  // the 10-Q says fy 2024; the quarter ending July 2024 is in the year ending January 2025
  assert.equal(label("2024-07-28"), "Q2 FY2025");
  // long before the years the calendar was read from, the filing's own label stands
  assert.equal(label("2010-05-02"), "Q1 FY2010");
});

Deno.test("filingPeriods: a period ending after its filing (a dividend declared ahead) is not the filing's own", () => {
  // NVIDIA's 10-Q for the quarter to 2013-10-27 also tags a dividend for the quarter to 2014-01-26
  const q3: FactRow = {
    start: "2013-07-29",
    end: "2013-10-27",
    val: 1,
    accn: "Q3",
    fy: 2014,
    fp: "Q3",
    form: "10-Q",
    filed: "2013-11-20",
  };
  const ahead: FactRow = { ...q3, start: "2013-10-28", end: "2014-01-26", val: 0.085 };
  const index = filingPeriods([[q3, ahead]]);
  assert.equal(index.byAccn.get("Q3")?.end, "2013-10-27");
  assert.ok(!index.ends?.has("2014-01-26"));
  assert.ok(index.ends?.has("2013-10-27"));
});
