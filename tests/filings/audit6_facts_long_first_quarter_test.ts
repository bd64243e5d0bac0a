/**
 * A 16-week first quarter (a 16-12-12-12-week year of thirteen 4-week periods, or 17-12-12-12
 * in a 53-week year) at the start of a company's history: no year ends the day before it (the
 * 10-K of a new company shows two years, not three), and before the first 10-K no year of it
 * is reported at all. It is still the first quarter when a year starts on its first day, or
 * when a half year to date starts there and ends one 12-week quarter later. Every company here
 * is invented; the rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { fiscalName } from "../../analysis/filings/facts_calendar.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { buildHistory } from "../../analysis/filings/history.ts";

type Filing = { accn: string; fy: number; fp: string; form: string; filed: string };
const over = (start: string, end: string, val: number, f: Filing): FactRow => ({
  start,
  end,
  val,
  ...f,
});
const f = (n: string, fy: number, fp: string, form: string, filed: string): Filing => ({
  accn: `0000000061-${n}`,
  fy,
  fp,
  form,
  filed,
});

// A new grocer: its first 10-Q is Q1 FY2023, with Q1 FY2022 beside it; its first 10-K shows
// FY2023 and FY2022 only (an emerging growth company's two years).
const Q1 = f("23-000001", 2023, "Q1", "10-Q", "2023-06-20");
const Q2 = f("23-000002", 2023, "Q2", "10-Q", "2023-09-10");
const Q3 = f("23-000003", 2023, "Q3", "10-Q", "2023-12-05");
const K = f("24-000001", 2023, "FY", "10-K", "2024-03-25");
const ROWS: FactRow[] = [
  over("2023-01-29", "2023-05-20", 1_600, Q1), // 16 weeks
  over("2022-01-30", "2022-05-21", 1_500, Q1), // 16 weeks, the first period of its history
  over("2023-05-21", "2023-08-12", 1_200, Q2),
  over("2022-05-22", "2022-08-13", 1_100, Q2),
  over("2023-01-29", "2023-08-12", 2_800, Q2),
  over("2022-01-30", "2022-08-13", 2_600, Q2),
  over("2023-08-13", "2023-11-04", 1_250, Q3),
  over("2023-01-29", "2023-11-04", 4_050, Q3),
  over("2022-01-30", "2023-01-28", 5_000, K),
  over("2023-01-29", "2024-01-27", 5_350, K),
];

const periods = (rows: FactRow[]) => {
  const filings = filingPeriods([rows]);
  return groupPeriods("Revenues", "USD", rows, filings);
};
const find = (ps: ReturnType<typeof periods>, start: string, end: string) =>
  ps.find((p) => p.start === start && p.end === end)!;

Deno.test("long first quarter: the first 16 weeks of a company's history are its Q1, by the year that starts there", () => {
  const ps = periods(ROWS);
  const q1 = find(ps, "2022-01-30", "2022-05-21");
  // old: kind "other" and no fiscal label (no year ends on 2022-01-29 in its facts)
  assert.equal(q1.kind, "quarter");
  assert.equal(fiscalName(q1), "Q1 FY2022");
  assert.equal(fiscalName(find(ps, "2023-01-29", "2023-05-20")), "Q1 FY2023");
});

Deno.test("long first quarter: before any 10-K, the half year to date from its first day shows it", () => {
  const early = ROWS.filter((r) => r.form === "10-Q");
  const ps = periods(early);
  // old: both 16-week first quarters were "other", unlabelled
  for (
    const [s, e, name] of [
      ["2022-01-30", "2022-05-21", "Q1 FY2022"],
      ["2023-01-29", "2023-05-20", "Q1 FY2023"],
    ]
  ) {
    const p = find(ps, s, e);
    assert.equal(p.kind, "quarter", `${s}..${e}`);
    assert.equal(fiscalName(p), name);
  }
  // quarterly history: Q1 columns, said to be 16 weeks long (not compared unsaid)
  const t: Record<string, Concepts> = { "us-gaap": { Revenues: { units: { USD: early } } } };
  const h = buildHistory(t, filingPeriods([early]), {
    statement: "income",
    period: "quarterly",
    years: 5,
    asOf: null,
    basis: "latest",
  })!;
  assert.deepEqual(h.columns.map((c) => c.label), [
    "Q1 FY2022",
    "Q2 FY2022",
    "Q1 FY2023",
    "Q2 FY2023",
    "Q3 FY2023",
  ]);
  assert.deepEqual(h.rows.find((r) => r.key === "revenue")!.cells.map((c) => c.value), [
    1_500,
    1_100,
    1_600,
    1_200,
    1_250,
  ]);
  assert.ok(
    h.warnings.some((w) =>
      /^2 quarter column\(s\) \(Q1 FY2022 of 16 weeks, Q1 FY2023 of 16 weeks\) are longer than 13 weeks/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
});

Deno.test("long first quarter: a 17-week first quarter of a 53-week year, and a stub that is none", () => {
  const Q1b = f("24-000011", 2024, "Q1", "10-Q", "2024-06-20");
  const Q2b = f("24-000012", 2024, "Q2", "10-Q", "2024-09-10");
  const ps = periods([
    over("2024-01-28", "2024-05-25", 1_700, Q1b), // 17 weeks
    over("2024-05-26", "2024-08-17", 1_200, Q2b), // 12 weeks
    over("2024-01-28", "2024-08-17", 2_900, Q2b), // 29 weeks to date
  ]);
  const q1 = find(ps, "2024-01-28", "2024-05-25");
  assert.equal(q1.kind, "quarter");
  assert.equal(fiscalName(q1), "Q1 FY2024");
  // a 16-week stub after a spin-off, then a 13-week quarter and the 29 weeks since the spin-off:
  // no 16-12-12-12 year, no quarter
  const S1 = f("23-000021", 2023, "Q2", "10-Q", "2023-08-01");
  const S2 = f("23-000022", 2023, "Q3", "10-Q", "2023-11-01");
  const stub = periods([
    over("2023-03-05", "2023-06-24", 10, S1),
    over("2023-06-25", "2023-09-23", 12, S2),
    over("2023-03-05", "2023-09-23", 22, S2),
  ]);
  assert.equal(find(stub, "2023-03-05", "2023-06-24").kind, "other");
});

// A 12-12-12-16-week year (a warehouse club's): its cash flows come year to date, 12, 24 and
// 36 weeks, then the 52-week year.
Deno.test("12-12-12-16 years: 24- and 36-week years to date are a half and nine months, and derive the quarters", () => {
  const g = (n: string, fp: string, form: string, filed: string) => f(n, 2024, fp, form, filed);
  const Q1b = g("24-000031", "Q1", "10-Q", "2023-12-20");
  const Q2b = g("24-000032", "Q2", "10-Q", "2024-03-10");
  const Q3b = g("24-000033", "Q3", "10-Q", "2024-06-01");
  const Kb = g("24-000034", "FY", "10-K", "2024-10-10");
  const ocf: FactRow[] = [
    over("2022-08-29", "2023-09-03", 1_000, { ...Kb, accn: "0000000061-23-000034", fy: 2023 }),
    over("2023-09-04", "2023-11-26", 200, Q1b),
    over("2023-09-04", "2024-02-18", 450, Q2b), // 24 weeks
    over("2023-09-04", "2024-05-12", 700, Q3b), // 36 weeks
    over("2023-09-04", "2024-09-01", 1_100, Kb),
  ];
  const filings = filingPeriods([ocf]);
  const ps = groupPeriods("NetCashProvidedByUsedInOperatingActivities", "USD", ocf, filings);
  // old: both "other", unlabelled
  assert.equal(find(ps, "2023-09-04", "2024-02-18").kind, "half");
  assert.equal(fiscalName(find(ps, "2023-09-04", "2024-02-18")), "Q2 YTD FY2024");
  assert.equal(find(ps, "2023-09-04", "2024-05-12").kind, "nine_months");
  const t: Record<string, Concepts> = {
    "us-gaap": {
      NetCashProvidedByUsedInOperatingActivities: { units: { USD: ocf } },
      Assets: { units: { USD: [{ end: "2024-09-01", val: 9_000, ...Kb }] } },
    },
  };
  const h = buildHistory(t, filings, {
    statement: "cashflow",
    period: "quarterly",
    years: 1,
    asOf: null,
    basis: "latest",
  })!;
  // old: one column, Q1, and nothing said of the three quarters missing
  assert.deepEqual(h.columns.map((c) => c.label), [
    "Q1 FY2024",
    "Q2 FY2024",
    "Q3 FY2024",
    "Q4 FY2024",
  ]);
  const cells = h.rows.find((r) => r.key === "operating_cash_flow")!.cells;
  assert.deepEqual(cells.map((c) => c.value), [200, 250, 250, 400]);
  assert.deepEqual(cells.map((c) => c.derived), [
    null,
    "Q2 YTD - Q1",
    "Q3 YTD - Q2 YTD",
    "FY - Q1 - Q2 - Q3",
  ]);
  assert.ok(h.warnings.some((w) => /\(Q4 FY2024 of 16 weeks\) are longer than 13 weeks/.test(w)));
});
