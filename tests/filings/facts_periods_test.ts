/**
 * One fiscal period tagged with different dates by different filings (NVIDIA's Q2 FY2011 ends
 * 2010-08-01 in its 10-Qs and 2010-07-31 in a later 10-K's comparatives) is one period: one
 * column, one label, the latest filed value with its filing, and a warning when the datings
 * disagree. Periods that really differ stay apart: a 13-week quarter beside a 14-week one from
 * the same day, consecutive 52/53-week years, two dates one filing reports with different values.
 * Every company here is invented; the rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import {
  type Concepts,
  type FactRow,
  filingPeriods,
  samePeriod,
} from "../../analysis/filings/facts.ts";
import { fiscalName } from "../../analysis/filings/facts_calendar.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { mergedPeriods } from "../../analysis/filings/facts_merge.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";

interface Filing {
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
}

function row(start: string | null, end: string, val: number, f: Filing): FactRow {
  return { ...(start ? { start } : {}), end, val, ...f };
}

function indexOf(concepts: Concepts) {
  return filingPeriods(Object.values(concepts).flatMap((c) => Object.values(c.units)));
}

function history(concepts: Concepts, opts: Partial<HistoryOptions> = {}) {
  return buildHistory({ "us-gaap": concepts }, indexOf(concepts), {
    statement: "income",
    period: "quarterly",
    years: 10,
    asOf: null,
    basis: "latest",
    ...opts,
  })!;
}

// ---- a late-January 52/53-week year, as NVIDIA's ----

const K10: Filing = {
  accn: "0000000021-10-000006",
  fy: 2010,
  fp: "FY",
  form: "10-K",
  filed: "2010-03-18",
};
const Q1: Filing = {
  accn: "0000000021-10-000020",
  fy: 2011,
  fp: "Q1",
  form: "10-Q",
  filed: "2010-05-27",
};
const Q2: Filing = {
  accn: "0000000021-10-000029",
  fy: 2011,
  fp: "Q2",
  form: "10-Q",
  filed: "2010-08-30",
};
const Q3: Filing = {
  accn: "0000000021-10-000045",
  fy: 2011,
  fp: "Q3",
  form: "10-Q",
  filed: "2010-12-07",
};
const K11: Filing = {
  accn: "0000000021-11-000015",
  fy: 2011,
  fp: "FY",
  form: "10-K",
  filed: "2011-03-16",
};
const Q2N: Filing = {
  accn: "0000000021-11-000046",
  fy: 2012,
  fp: "Q2",
  form: "10-Q",
  filed: "2011-08-25",
};
const K12: Filing = {
  accn: "0000000021-12-000013",
  fy: 2012,
  fp: "FY",
  form: "10-K",
  filed: "2012-03-13",
};

/**
 * Revenue of a January-year company whose FY2012 10-K tags the quarter to 2010-08-01 as ending
 * 2010-07-31 (with `later` as its value there), and cost of revenue only that 10-K reports for it.
 */
function january(later = 811): Concepts {
  const revenue = [
    row("2009-01-26", "2010-01-31", 3_326, K10),
    row("2010-02-01", "2010-05-02", 1_002, Q1),
    row("2010-05-03", "2010-08-01", 811, Q2),
    row("2010-08-02", "2010-10-31", 844, Q3),
    row("2009-01-26", "2010-01-31", 3_326, K11),
    row("2010-02-01", "2011-01-30", 3_543, K11),
    row("2010-05-03", "2010-08-01", 811, Q2N),
    row("2011-05-02", "2011-07-31", 1_017, Q2N),
    row("2010-02-01", "2011-01-30", 3_543, K12),
    row("2010-05-03", "2010-07-31", later, K12),
    row("2011-01-31", "2012-01-29", 3_998, K12),
  ];
  const cost = [
    row("2010-02-01", "2010-05-02", 545, Q1),
    row("2010-05-03", "2010-07-31", 677, K12),
    row("2010-08-02", "2010-10-31", 452, Q3),
  ];
  return {
    Revenues: { units: { USD: revenue } },
    CostOfRevenue: { units: { USD: cost } },
  };
}

Deno.test("periods: one quarter tagged a day apart by two filings is one period, latest filed", () => {
  const c = january();
  const ps = groupPeriods("Revenues", "USD", c.Revenues.units.USD, indexOf(c));
  const q2 = ps.filter((p) => p.start === "2010-05-03");
  // old: two periods, 2010-07-31 and 2010-08-01, both "Q2 FY2011"
  assert.equal(q2.length, 1);
  assert.equal(q2[0].end, "2010-08-01"); // the 10-Q's own period, not the comparative's day
  assert.equal(fiscalName(q2[0]), "Q2 FY2011");
  assert.equal(q2[0].last.value, 811);
  assert.equal(q2[0].last.accession_no, K12.accn); // the latest filed, as SEC's frames pick
  assert.equal(q2[0].first.accession_no, Q2.accn);
  assert.equal(q2[0].reports, 3);
  assert.equal(q2[0].restated, false);
  assert.deepEqual(q2[0].also_dated, [{ start: "2010-05-03", end: "2010-07-31" }]);
  assert.equal(q2[0].dates_disagree, null);
  // every quarter is labelled once
  const names = ps.filter((p) => p.kind === "quarter").map(fiscalName);
  assert.deepEqual(names, ["Q1 FY2011", "Q2 FY2011", "Q3 FY2011", "Q2 FY2012"]);
});

Deno.test("periods: filings.history shows the quarter once, every item in the one column", () => {
  const h = history(january());
  const labels = h.columns.map((c) => `${c.label}@${c.end}`);
  // old: "Q2 FY2011@2010-07-31" and "Q2 FY2011@2010-08-01"; cost of revenue only in the first
  assert.equal(labels.filter((l) => l.startsWith("Q2 FY2011")).length, 1, labels.join(", "));
  const i = labels.indexOf("Q2 FY2011@2010-08-01");
  assert.ok(i >= 0, labels.join(", "));
  const cell = (key: string) => h.rows.find((r) => r.key === key)!.cells[i];
  assert.equal(cell("revenue").value, 811);
  assert.equal(cell("revenue").accession_no, K12.accn);
  assert.equal(cell("revenue").form, "10-K");
  assert.equal(cell("cost_of_revenue").value, 677);
  assert.equal(cell("cost_of_revenue").accession_no, K12.accn);
  // no warning: the two datings agree
  assert.ok(!h.warnings.some((w) => /different dates/.test(w)), h.warnings.join("\n"));
});

Deno.test("periods: datings that disagree keep the latest filed, with a warning naming both", () => {
  const c = january(790);
  const told: string[] = [];
  const ps = groupPeriods("Revenues", "USD", c.Revenues.units.USD, indexOf(c), {
    warn: (m) => told.push(m),
  });
  const q2 = ps.filter((p) => p.start === "2010-05-03");
  // old: two periods, 811 and 790, and nothing said
  assert.equal(q2.length, 1);
  assert.equal(q2[0].last.value, 790);
  assert.equal(q2[0].last.accession_no, K12.accn);
  assert.equal(q2[0].first.value, 811);
  assert.equal(q2[0].restated, true);
  assert.equal(told.length, 1);
  for (
    const part of [
      "811 for 2010-05-03..2010-08-01 in 0000000021-11-000046 (10-Q, filed 2011-08-25)",
      "790 for 2010-05-03..2010-07-31 in 0000000021-12-000013 (10-K, filed 2012-03-13)",
      "790, the latest filed, is used",
    ]
  ) assert.ok(told[0].includes(part), told[0]);

  // filings.history says it once, for the item that shows the period
  const h = history(c);
  const said = h.warnings.filter((w) => /different dates and values/.test(w));
  assert.equal(said.length, 1, h.warnings.join("\n"));
  assert.match(said[0], /^revenue: Revenues \(USD\): .*811 .*790/);
  const i = h.columns.findIndex((col) => col.label === "Q2 FY2011");
  assert.equal(h.rows.find((r) => r.key === "revenue")!.cells[i].value, 790);

  // a difference within the rounding of the coarser report is no disagreement
  const rounded = january().Revenues.units.USD.map((r) =>
    r.accn === K12.accn && r.end === "2010-07-31" ? { ...r, val: 811_000_000 } : {
      ...r,
      val: r.val * 1_000_000 + (r.end === "2010-08-01" ? 208_000 : 0),
    }
  );
  const quiet: string[] = [];
  const r = groupPeriods("Revenues", "USD", rounded, indexOf(c), { warn: (m) => quiet.push(m) });
  assert.equal(r.filter((p) => p.start === "2010-05-03").length, 1);
  assert.deepEqual(quiet, []);
});

Deno.test("periods: a later tag's report a day off fills the period, not a second one", () => {
  // cost of revenue under CostOfRevenue (10-Qs) and, for the one quarter, only under
  // CostOfGoodsAndServicesSold in the 10-K that dates it a day off
  const cost: Concepts = {
    CostOfRevenue: {
      units: {
        USD: [
          row("2010-02-01", "2010-05-02", 545, Q1),
          row("2010-05-03", "2010-08-01", 677, Q2),
        ],
      },
    },
    CostOfGoodsAndServicesSold: {
      units: {
        USD: [
          row("2010-05-03", "2010-07-31", 677, K12),
          row("2010-02-01", "2011-01-30", 2_100, K12),
        ],
      },
    },
  };
  const ps = mergedPeriods(
    ["CostOfRevenue", "CostOfGoodsAndServicesSold"],
    cost,
    "USD",
    indexOf({ ...january(), ...cost }),
  );
  // old: the quarter twice, 2010-08-01 (CostOfRevenue) and 2010-07-31 (the later tag)
  assert.deepEqual(ps.map((p) => `${p.start}..${p.end}`), [
    "2010-02-01..2010-05-02",
    "2010-05-03..2010-08-01",
    "2010-02-01..2011-01-30",
  ]);
  // the later tag's report of the period is folded in: it is the latest filed
  assert.equal(ps[1].last.accession_no, K12.accn);
  assert.equal(ps[1].reports, 2);
});

// ---- a Saturday-nearest-January-31 retailer: 52- and 53-week years, 13- and 14-week quarters ----

const R23: Filing = {
  accn: "0000000022-23-000010",
  fy: 2022,
  fp: "FY",
  form: "10-K",
  filed: "2023-03-20",
};
const R24: Filing = {
  accn: "0000000022-24-000010",
  fy: 2023,
  fp: "FY",
  form: "10-K",
  filed: "2024-03-19",
};
const RQ: Filing = {
  accn: "0000000022-24-000020",
  fy: 2024,
  fp: "Q1",
  form: "10-Q",
  filed: "2024-05-30",
};
const R25: Filing = {
  accn: "0000000022-25-000010",
  fy: 2024,
  fp: "FY",
  form: "10-K",
  filed: "2025-03-18",
};

function retailer(): Concepts {
  return {
    Revenues: {
      units: {
        USD: [
          // the 52-week year to 2023-01-28 and the 53-week year to 2024-02-03
          row("2022-01-30", "2023-01-28", 5_200, R23),
          row("2022-01-30", "2023-01-28", 5_200, R24),
          row("2023-01-29", "2024-02-03", 5_600, R24),
          // the 14-week fourth quarter, and the 13 weeks from the same day a later filing shows
          row("2023-10-29", "2024-02-03", 1_540, R24),
          row("2023-10-29", "2024-01-27", 1_420, RQ),
          // the next 10-K dates the 53-week year at the month end, and its start a day early
          row("2023-01-28", "2024-01-31", 5_600, R25),
          row("2024-02-04", "2025-02-01", 5_900, R25),
        ],
      },
    },
  };
}

Deno.test("periods: a 53-week year dated at the month end is one year; 13 and 14 weeks stay two", () => {
  const c = retailer();
  const ps = groupPeriods("Revenues", "USD", c.Revenues.units.USD, indexOf(c));
  const years = ps.filter((p) => p.kind === "annual");
  // old: the year to 2024-02-03 twice (also as 2023-01-28..2024-01-31)
  assert.deepEqual(years.map((p) => `${fiscalName(p)}@${p.start}..${p.end}`), [
    "FY2022@2022-01-30..2023-01-28",
    "FY2023@2023-01-29..2024-02-03",
    "FY2024@2024-02-04..2025-02-01",
  ]);
  assert.equal(years[1].reports, 2);
  assert.equal(years[1].last.accession_no, R25.accn);
  assert.deepEqual(years[1].also_dated, [{ start: "2023-01-28", end: "2024-01-31" }]);
  // a 13-week quarter beside the 14-week one from the same day: a week apart, not merged
  const quarters = ps.filter((p) => p.kind === "quarter");
  assert.deepEqual(quarters.map((p) => `${p.start}..${p.end}=${p.last.value}`), [
    "2023-10-29..2024-01-27=1420",
    "2023-10-29..2024-02-03=1540",
  ]);
  assert.equal(samePeriod(quarters[0], quarters[1]), false);
  // consecutive 52/53-week years are never one
  assert.equal(samePeriod(years[0], years[1]), false);
});

// ---- a move of the year end with a 10-KT, and two dates one filing reports apart ----

Deno.test("periods: a 10-KT transition period dated a day off later is one transition period", () => {
  const q = (accn: string, fy: number, fp: string, filed: string): Filing => ({
    accn,
    fy,
    fp,
    form: "10-Q",
    filed,
  });
  const k = (accn: string, fy: number, filed: string, form = "10-K"): Filing => ({
    accn,
    fy,
    fp: "FY",
    form,
    filed,
  });
  const K22 = k("0000000023-22-000020", 2022, "2022-11-20");
  const KT = k("0000000023-23-000005", 2022, "2023-03-15", "10-KT");
  const K23 = k("0000000023-24-000010", 2023, "2024-02-20");
  const rows: FactRow[] = [
    row("2021-10-01", "2022-09-30", 430, K22),
    row("2022-10-01", "2022-12-31", 120, KT),
    row("2021-10-01", "2022-09-30", 430, KT),
    row("2023-01-01", "2023-03-31", 125, q("0000000023-23-000010", 2023, "Q1", "2023-05-01")),
    row("2023-01-01", "2023-12-31", 530, K23),
    // the next 10-K's comparative dates the transition period a day early
    row("2022-10-01", "2022-12-30", 120, K23),
  ];
  const c: Concepts = { Revenues: { units: { USD: rows } } };
  const ps = groupPeriods("Revenues", "USD", rows, indexOf(c));
  // old: two periods, the 2022-12-30 one labelled as no transition
  assert.deepEqual(ps.map((p) => `${fiscalName(p) ?? "-"}@${p.start}..${p.end}`), [
    "FY2022@2021-10-01..2022-09-30",
    "FY2022 transition@2022-10-01..2022-12-31",
    "Q1 FY2023@2023-01-01..2023-03-31",
    "FY2023@2023-01-01..2023-12-31",
  ]);
  assert.equal(ps[1].last.accession_no, K23.accn);
});

Deno.test("periods: a balance dated the day after the year end is the year-end balance, unless one filing tells them apart", () => {
  const K17: Filing = {
    accn: "0000000024-18-000005",
    fy: 2017,
    fp: "FY",
    form: "10-K",
    filed: "2018-02-20",
  };
  const Q118: Filing = {
    accn: "0000000024-18-000015",
    fy: 2018,
    fp: "Q1",
    form: "10-Q",
    filed: "2018-05-01",
  };
  const flows = [
    row("2017-01-01", "2017-12-31", 900, K17),
    row("2018-01-01", "2018-03-31", 250, Q118),
  ];
  const c: Concepts = {
    Revenues: { units: { USD: flows } },
    // the 10-Q's cash flow statement starts from cash "at 2018-01-01": the year-end balance
    CashAndCashEquivalentsAtCarryingValue: {
      units: {
        USD: [
          row(null, "2017-12-31", 300, K17),
          row(null, "2018-01-01", 300, Q118),
          row(null, "2018-03-31", 320, Q118),
        ],
      },
    },
    // equity restated on adopting a standard: the 10-Q reports both days, with two values
    StockholdersEquity: {
      units: {
        USD: [
          row(null, "2017-12-31", 1_000, K17),
          row(null, "2017-12-31", 1_000, Q118),
          row(null, "2018-01-01", 950, Q118),
          row(null, "2018-03-31", 990, Q118),
        ],
      },
    },
  };
  const filings = indexOf(c);
  const cash = groupPeriods(
    "CashAndCashEquivalentsAtCarryingValue",
    "USD",
    c.CashAndCashEquivalentsAtCarryingValue.units.USD,
    filings,
  );
  // old: three balances, 2017-12-31, 2018-01-01 and 2018-03-31
  assert.deepEqual(cash.map((p) => `${p.end}=${p.last.value}`), [
    "2017-12-31=300",
    "2018-03-31=320",
  ]);
  assert.equal(cash[0].reports, 2);
  const equity = groupPeriods("StockholdersEquity", "USD", c.StockholdersEquity.units.USD, filings);
  assert.deepEqual(equity.map((p) => `${p.end}=${p.last.value}`), [
    "2017-12-31=1000",
    "2018-01-01=950",
    "2018-03-31=990",
  ]);
});

// ---- derived quarters from year-to-date periods dated a few days apart ----

Deno.test("periods: a third quarter is derived from nine months and a half year dated 3 days apart", () => {
  // NVIDIA's 10-Q for the half to 2008-07-27 dates its start 2008-01-25, the year's first day
  // being 2008-01-28 (as the nine months and the year have it)
  const H: Filing = {
    accn: "0000000025-08-000024",
    fy: 2009,
    fp: "Q2",
    form: "10-Q",
    filed: "2008-08-20",
  };
  const N: Filing = {
    accn: "0000000025-08-000036",
    fy: 2009,
    fp: "Q3",
    form: "10-Q",
    filed: "2008-11-19",
  };
  const K: Filing = {
    accn: "0000000025-09-000006",
    fy: 2009,
    fp: "FY",
    form: "10-K",
    filed: "2009-03-18",
  };
  const ocf = [
    row("2008-01-28", "2008-04-27", 110, {
      ...H,
      accn: "0000000025-08-000010",
      fp: "Q1",
      filed: "2008-05-20",
    }),
    row("2008-01-25", "2008-07-27", 226, H),
    row("2008-01-28", "2008-10-26", 269, N),
    row("2008-01-28", "2009-01-25", 249, K),
    row("2007-01-29", "2008-01-27", 1_270, K),
  ];
  const c: Concepts = {
    // what tells the history the company's currency: its revenue
    Revenues: { units: { USD: [row("2008-01-28", "2009-01-25", 3_425, K)] } },
    NetCashProvidedByUsedInOperatingActivities: { units: { USD: ocf } },
  };
  const h = history(c, { statement: "cashflow" });
  const labels = h.columns.map((col) => `${col.label}@${col.end}`);
  const i = labels.indexOf("Q3 FY2009@2008-10-26");
  // old: no third quarter (the half's start did not match the nine months' exactly)
  assert.ok(i >= 0, labels.join(", "));
  const cell = h.rows.find((r) => r.key === "operating_cash_flow")!.cells[i];
  assert.equal(cell.value, 269 - 226);
  assert.equal(cell.derived, "Q3 YTD - Q2 YTD");
  assert.deepEqual(cell.sources!.map((s) => s.accession_no), [N.accn, H.accn]);
});
