/**
 * Company facts on calendars nobody tuned: quarters before a filer's first XBRL 10-K (labelled
 * from its fiscal calendar, not SEC's fy), a Q4 derived from a restated year and quarters never
 * restated (said in its derivation), a move of the year end with a 10-KT transition period (not
 * a year, not a fourth quarter), and year-to-date periods never named as the full year. Every
 * company here is invented; the rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { fiscalName } from "../../analysis/filings/facts_calendar.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";

function row(
  start: string | null,
  end: string,
  val: number,
  accn: string,
  filing: { fy: number; fp: string; form: string; filed: string },
): FactRow {
  return { ...(start ? { start } : {}), end, val, accn, ...filing };
}

function history(concepts: Concepts, opts: Partial<HistoryOptions> = {}) {
  const taxonomies = { "us-gaap": concepts };
  const filings = filingPeriods(Object.values(concepts).flatMap((c) => Object.values(c.units)));
  return buildHistory(taxonomies, filings, {
    statement: "income",
    period: "quarterly",
    years: 10,
    asOf: null,
    basis: "latest",
    ...opts,
  })!;
}

// ---- quarters before the first XBRL 10-K ----

// A late-January year end (as NVIDIA's). The first XBRL 10-K is for the year to 2010-01-31 and
// shows two earlier years; a 10-Q filed in August 2009 carries SEC's fy 2009 for the quarter to
// 2009-07-26 (it is in the year to January 2010, FY2010) and shows the quarter to 2008-07-27.
const K10 = { fy: 2010, fp: "FY", form: "10-K", filed: "2010-03-18" };
const K11 = { fy: 2011, fp: "FY", form: "10-K", filed: "2011-03-16" };
const Q09 = { fy: 2009, fp: "Q2", form: "10-Q", filed: "2009-08-20" };
const JANUARY: FactRow[] = [
  row("2007-01-29", "2008-01-27", 4_000, "0000000009-10-000006", K10),
  row("2008-01-28", "2009-01-25", 3_400, "0000000009-10-000006", K10),
  row("2009-01-26", "2010-01-31", 3_300, "0000000009-10-000006", K10),
  row("2009-01-26", "2010-01-31", 3_300, "0000000009-11-000015", K11),
  row("2010-02-01", "2011-01-30", 3_500, "0000000009-11-000015", K11),
  row("2008-04-28", "2008-07-27", 890, "0000000009-09-000024", Q09),
  row("2009-04-27", "2009-07-26", 770, "0000000009-09-000024", Q09),
  row("2008-01-28", "2008-07-27", 2_040, "0000000009-09-000024", Q09),
];

Deno.test("calendar: a quarter a year before the first XBRL 10-K is labelled from the calendar", () => {
  const ps = groupPeriods("Revenues", "USD", JANUARY, filingPeriods([JANUARY]));
  const label = (start: string, end: string) => {
    const p = ps.find((x) => x.start === start && x.end === end)!;
    return fiscalName(p);
  };
  // old: Q2 FY2008 (SEC's fy 2009 of the 10-Q counted back a year)
  assert.equal(label("2008-04-28", "2008-07-27"), "Q2 FY2009");
  assert.equal(label("2009-04-27", "2009-07-26"), "Q2 FY2010");
  // old: Q2 YTD FY2008
  assert.equal(label("2008-01-28", "2008-07-27"), "Q2 YTD FY2009");
  assert.equal(label("2007-01-29", "2008-01-27"), "FY2008");
  assert.equal(label("2008-01-28", "2009-01-25"), "FY2009");
});

Deno.test("calendar: a half year reported beside a year is never named as the full year", () => {
  // a 10-K (fp FY) reporting the second half on its own: no fiscal period fits it
  const K = { fy: 2023, fp: "FY", form: "10-K", filed: "2024-02-20" };
  const rows = [
    row("2023-01-01", "2023-12-31", 100, "0000000001-24-000001", K),
    row("2023-07-01", "2023-12-31", 50, "0000000001-24-000001", K),
  ];
  const ps = groupPeriods("Revenues", "USD", rows, filingPeriods([rows]));
  const half = ps.find((p) => p.kind === "half")!;
  assert.equal(half.fiscal_period, null);
  // old: "FY2023", the name of the year it is half of
  assert.equal(fiscalName(half), null);
});

// ---- Q4 from a restated year and quarters never restated ----

const fyOf = (y: number, filed: string, accn: string) => ({
  fy: y,
  fp: "FY",
  form: "10-K",
  filed,
  accn,
});
function quarterRows(y: number, vals: number[], filedYear: number, n: number): FactRow[] {
  const ends = ["03-31", "06-30", "09-30"];
  const starts = ["01-01", "04-01", "07-01"];
  return vals.map((v, i) =>
    row(`${y}-${starts[i]}`, `${y}-${ends[i]}`, v, `0000000003-${filedYear % 100}-00000${n + i}`, {
      fy: filedYear,
      fp: `Q${i + 1}`,
      form: "10-Q",
      filed: `${filedYear}-${["05", "08", "11"][i]}-01`,
    })
  );
}

function restatedYear(): Concepts {
  const k23 = fyOf(2022, "2023-02-20", "0000000003-23-000010");
  const k24 = fyOf(2023, "2024-02-20", "0000000003-24-000010");
  const rows: FactRow[] = [
    // quarters of 2022 as first reported, and again unchanged as 2023's comparatives
    ...quarterRows(2022, [100, 110, 120], 2022, 1),
    ...quarterRows(2022, [100, 110, 120], 2023, 4).map((r) => ({ ...r })),
    ...quarterRows(2023, [140, 150, 160], 2023, 4),
    // FY2022 reported as 460, then restated to 500 by the next 10-K (quarters never again)
    row("2022-01-01", "2022-12-31", 460, k23.accn, k23),
    row("2022-01-01", "2022-12-31", 500, k24.accn, k24),
    row("2023-01-01", "2023-12-31", 600, k24.accn, k24),
  ];
  return { Revenues: { units: { USD: rows } } };
}

const q4 = (h: ReturnType<typeof history>, year: number) => {
  const i = h.columns.findIndex((c) => c.label === `Q4 FY${year}`);
  assert.ok(i >= 0, h.columns.map((c) => c.label).join(", "));
  return h.rows.find((r) => r.key === "revenue")!.cells[i];
};

Deno.test("Q4 from a full year restated later and quarters as first reported is not given", () => {
  const h = history(restatedYear());
  const cell = q4(h, 2022);
  // 500 - 330 = 170 put the whole restatement (+40) into Q4: the quarter on neither basis. An
  // empty cell whose note names the bases (first "FY - Q1 - Q2 - Q3" alone, then 170 labelled
  // "mixed basis") is what the filings support.
  assert.equal(cell.value, null);
  assert.match(
    cell.note!,
    /^not derived as FY - Q1 - Q2 - Q3: mixed basis: FY2022 is as restated \(0000000003-24-000010, filed 2024-02-20\), Q1 FY2022 as last reported before that \(0000000003-23-000004, filed 2023-05-01\), Q2 FY2022 .*, Q3 FY2022 .*never reported again on the restated basis, so the difference would put the whole restatement into this quarter \(170 on neither basis\); basis=first_reported/,
  );
  // the citation lists every input's accession
  assert.deepEqual(cell.sources!.map((s) => s.accession_no), [
    "0000000003-24-000010",
    "0000000003-23-000004",
    "0000000003-23-000005",
    "0000000003-23-000006",
  ]);
  // a year and quarters on one basis: the formula alone
  assert.equal(q4(h, 2023).derived, "FY - Q1 - Q2 - Q3");
  assert.equal(q4(h, 2023).value, 150);
  // as first reported, the year and its quarters are all as originally filed: one basis
  const first = history(restatedYear(), { basis: "first_reported" });
  assert.equal(q4(first, 2022).value, 460 - 330);
  assert.equal(q4(first, 2022).derived, "FY - Q1 - Q2 - Q3");
});

Deno.test("as first reported: a year filed before its quarters were restated and first tagged", () => {
  // The year as first reported (460), restated by a 10-Q in May 2023 that is also the first
  // XBRL report of its quarters (on the new basis): first reports of two bases.
  const k23 = fyOf(2022, "2023-02-20", "0000000003-23-000010");
  const rows: FactRow[] = [
    row("2022-01-01", "2022-12-31", 460, k23.accn, k23),
    ...quarterRows(2022, [110, 120, 130], 2023, 4),
    row("2022-01-01", "2022-12-31", 500, "0000000003-23-000004", {
      fy: 2023,
      fp: "Q1",
      form: "10-Q",
      filed: "2023-05-01",
    }),
  ];
  const h = history({ Revenues: { units: { USD: rows } } }, { basis: "first_reported" });
  const cell = q4(h, 2022);
  // 460 - 360 = 100 is Q4 on neither basis: left empty, the bases said
  assert.equal(cell.value, null);
  assert.match(
    cell.note!,
    /: mixed basis: FY2022 is as first reported \(0000000003-23-000010, filed 2023-02-20\) though restated on 2023-05-01, Q1 FY2022 first reported after that/,
  );
});

// ---- a move of the year end: September to December, with a 10-KT for October-December ----

function movedYearEnd(): Concepts {
  const q = (fy: number, fp: string, filed: string) => ({ fy, fp, form: "10-Q", filed });
  const k = (fy: number, filed: string, form = "10-K") => ({ fy, fp: "FY", form, filed });
  const rows: FactRow[] = [
    // the September years and their quarters
    row("2020-10-01", "2021-09-30", 400, "0000000004-21-000020", k(2021, "2021-11-20")),
    row("2021-10-01", "2021-12-31", 100, "0000000004-22-000001", q(2022, "Q1", "2022-02-01")),
    row("2022-01-01", "2022-03-31", 105, "0000000004-22-000002", q(2022, "Q2", "2022-05-01")),
    row("2022-04-01", "2022-06-30", 110, "0000000004-22-000003", q(2022, "Q3", "2022-08-01")),
    row("2021-10-01", "2022-09-30", 430, "0000000004-22-000020", k(2022, "2022-11-20")),
    row("2020-10-01", "2021-09-30", 400, "0000000004-22-000020", k(2022, "2022-11-20")),
    // the transition period, October to December 2022, on a 10-KT (SEC's fp: FY)
    row("2022-10-01", "2022-12-31", 120, "0000000004-23-000005", k(2022, "2023-03-15", "10-KT")),
    row("2021-10-01", "2022-09-30", 430, "0000000004-23-000005", k(2022, "2023-03-15", "10-KT")),
    // the first December year and its quarters
    row("2023-01-01", "2023-03-31", 125, "0000000004-23-000010", q(2023, "Q1", "2023-05-01")),
    row("2023-04-01", "2023-06-30", 130, "0000000004-23-000011", q(2023, "Q2", "2023-08-01")),
    row("2023-07-01", "2023-09-30", 135, "0000000004-23-000012", q(2023, "Q3", "2023-11-01")),
    row("2023-01-01", "2023-12-31", 530, "0000000004-24-000010", k(2023, "2024-02-20")),
    row("2022-10-01", "2022-12-31", 120, "0000000004-24-000010", k(2023, "2024-02-20")),
  ];
  return {
    Revenues: { units: { USD: rows } },
    Assets: {
      units: {
        USD: [
          row(null, "2022-09-30", 9_000, "0000000004-22-000020", k(2022, "2022-11-20")),
          row(null, "2022-12-31", 9_100, "0000000004-23-000005", k(2022, "2023-03-15", "10-KT")),
          row(null, "2023-12-31", 9_500, "0000000004-24-000010", k(2023, "2024-02-20")),
        ],
      },
    },
  };
}

Deno.test("a 10-KT transition period is neither a year nor a fourth quarter", () => {
  const h = history(movedYearEnd());
  const labels = h.columns.map((c) => `${c.label}@${c.end}`);
  // old: the quarters of the September year were renamed on the December calendar
  // (Q4 FY2021, Q1 FY2022, Q2 FY2022) and the transition quarter was a second Q4 FY2022
  assert.deepEqual(labels, [
    "Q1 FY2022@2021-12-31",
    "Q2 FY2022@2022-03-31",
    "Q3 FY2022@2022-06-30",
    "Q4 FY2022@2022-09-30",
    "FY2022 transition@2022-12-31",
    "Q1 FY2023@2023-03-31",
    "Q2 FY2023@2023-06-30",
    "Q3 FY2023@2023-09-30",
    "Q4 FY2023@2023-12-31",
  ]);
  const rev = h.rows.find((r) => r.key === "revenue")!;
  assert.equal(rev.cells[3].value, 430 - 315);
  assert.equal(rev.cells[3].derived, "FY - Q1 - Q2 - Q3");
  assert.equal(rev.cells[4].value, 120);
  assert.equal(rev.cells[4].derived, null);
  assert.equal(rev.cells[8].value, 530 - 390);
  // the September quarters' labels are SEC's, from before the December calendar: said
  assert.ok(
    h.warnings.some((w) =>
      /^5 column\(s\) \(Q1 FY2022 ending 2021-12-31, .*FY2022 transition ending 2022-12-31\) are before 2023-01-01, .*not checked against the company's calendar/
        .test(w)
    ),
    h.warnings.join("\n"),
  );

  // annual: the September years and the December year, no transition "year"
  const annual = history(movedYearEnd(), { period: "annual" });
  assert.deepEqual(annual.columns.map((c) => `${c.label}@${c.end}`), [
    "FY2021@2021-09-30",
    "FY2022@2022-09-30",
    "FY2023@2023-12-31",
  ]);
  // a balance at the transition's end is not a year-end balance
  const balance = history(movedYearEnd(), { period: "annual", statement: "balance" });
  assert.deepEqual(balance.columns.map((c) => `${c.label}@${c.end}`), [
    "FY2022@2022-09-30",
    "FY2023@2023-12-31",
  ]);
});
