/**
 * Company-facts layouts the AAPL/NVDA recordings do not show: banks, REITs and insurers whose
 * revenue from contracts with customers is not their revenue, statements without a gross profit
 * line, fallback tags that are other quantities, years ending on the Saturday nearest December
 * 31, balance dates SEC's fy mislabels, yen filers with dollar convenience translations, costs
 * reported negative, duplicate facts, and statements with two currencies for one fact. Every
 * company here is invented; the shapes are those of SEC's companyfacts rows and XBRL instances.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { mergedPeriods } from "../../analysis/filings/facts_merge.ts";
import { reportingBasis } from "../../analysis/filings/facts_basis.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { parseInstance } from "../../providers/filings_a/xbrl.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** A 10-K row of a calendar-year filer: accession `0000000002-<yy+1>-000001`, filed in February. */
function fy(y: number, val: number, extra: Partial<FactRow> = {}): FactRow {
  return {
    start: `${y}-01-01`,
    end: `${y}-12-31`,
    val,
    accn: `0000000002-${String(y + 1).slice(2)}-000001`,
    fy: y,
    fp: "FY",
    form: "10-K",
    filed: `${y + 1}-02-20`,
    ...extra,
  };
}

const withoutStart = (r: FactRow): FactRow => {
  const { start: _s, ...rest } = r;
  return rest;
};

function history(
  taxonomies: Record<string, Concepts>,
  opts: Partial<HistoryOptions> = {},
) {
  const filings = filingPeriods(
    Object.values(taxonomies).flatMap((c) =>
      Object.values(c).flatMap((x) => Object.values(x.units))
    ),
  );
  return buildHistory(taxonomies, filings, {
    statement: "income",
    period: "annual",
    years: 10,
    asOf: null,
    basis: "latest",
    ...opts,
  })!;
}

const rowOf = (h: ReturnType<typeof history>, key: string) => h.rows.find((r) => r.key === key);

Deno.test("bank: revenue from contracts with customers beside noninterest income is not revenue", () => {
  // A bank tags only its fee income (ASC 606) as contract revenue; its interest income and
  // noninterest income are separate lines, and it has no total revenue tag.
  const bank: Concepts = {
    RevenueFromContractWithCustomerExcludingAssessedTax: {
      units: { USD: [fy(2022, 18_000), fy(2023, 19_000)] },
    },
    InterestAndDividendIncomeOperating: { units: { USD: [fy(2022, 90_000), fy(2023, 150_000)] } },
    NoninterestIncome: { units: { USD: [fy(2022, 60_000), fy(2023, 64_000)] } },
    NetIncomeLoss: { units: { USD: [fy(2022, 37_000), fy(2023, 49_000)] } },
    Assets: { units: { USD: [withoutStart(fy(2022, 3e6)), withoutStart(fy(2023, 3.8e6))] } },
  };
  const h = history({ "us-gaap": bank });
  // the old code showed 18,000 and 19,000 as the bank's revenue
  assert.equal(rowOf(h, "revenue"), undefined);
  assert.ok(h.missing.includes("revenue"));
  assert.ok(h.missing.includes("gross_profit"));
  assert.ok(
    h.warnings.some((w) =>
      /^revenue: RevenueFromContractWithCustomerExcludingAssessedTax not used: .* beside (InterestAndDividendIncomeOperating|NoninterestIncome)/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
  assert.deepEqual(rowOf(h, "net_income")!.cells.map((c) => c.value), [37_000, 49_000]);

  // With its total net revenue tagged, that is the bank's revenue.
  bank.Revenues = { units: { USD: [fy(2022, 128_000), fy(2023, 158_000)] } };
  const withTotal = history({ "us-gaap": bank });
  const revenue = rowOf(withTotal, "revenue")!;
  assert.deepEqual(revenue.cells.map((c) => [c.value, c.tag]), [
    [128_000, "Revenues"],
    [158_000, "Revenues"],
  ]);
});

Deno.test("REIT: contract revenue a filing reports beside a larger Revenues is a part of it", () => {
  // Rental income is outside ASC 606: Revenues is the total, contract revenue a small part.
  const reit: Concepts = {
    RevenueFromContractWithCustomerExcludingAssessedTax: {
      units: { USD: [fy(2021, 40), fy(2022, 45), fy(2023, 50)] },
    },
    Revenues: { units: { USD: [fy(2022, 1_045), fy(2023, 1_150)] } },
    NetIncomeLoss: { units: { USD: [fy(2021, 300), fy(2022, 310), fy(2023, 320)] } },
  };
  const h = history({ "us-gaap": reit });
  const revenue = rowOf(h, "revenue")!;
  // old: 40, 45, 50 (the first tag in order won every year)
  assert.deepEqual(revenue.cells.map((c) => c.value), [null, 1_045, 1_150]);
  assert.ok(revenue.cells.slice(1).every((c) => c.tag === "Revenues"));
  assert.ok(h.warnings.some((w) => /only a part of Revenues/.test(w)), h.warnings.join("\n"));
});

Deno.test("facts: a friendly name does not read a contract-revenue tag that is only a part", () => {
  const reit: Concepts = {
    RevenueFromContractWithCustomerExcludingAssessedTax: { units: { USD: [fy(2023, 50)] } },
    Revenues: { units: { USD: [fy(2023, 1_150)] } },
  };
  const filings = filingPeriods(Object.values(reit).flatMap((c) => Object.values(c.units)));
  const warnings: string[] = [];
  const ps = mergedPeriods(
    ["RevenueFromContractWithCustomerExcludingAssessedTax", "Revenues"],
    reit,
    "USD",
    filings,
    {},
    {
      name: "revenue",
      partial: ["RevenueFromContractWithCustomerExcludingAssessedTax"],
      warn: (m) => warnings.push(m),
    },
  );
  assert.deepEqual(ps.map((p) => [p.tag, p.last.value]), [["Revenues", 1_150]]);
  assert.equal(warnings.length, 1);
});

Deno.test("a fallback tag that is another quantity to the company fills no period", () => {
  // NetIncomeLoss (attributable to the parent) beside ProfitLoss (with minority interests):
  // 2021 has only ProfitLoss, which must not stand in for net income.
  const c: Concepts = {
    Revenues: { units: { USD: [fy(2021, 900), fy(2022, 1_000), fy(2023, 1_100)] } },
    NetIncomeLoss: { units: { USD: [fy(2022, 100), fy(2023, 110)] } },
    ProfitLoss: { units: { USD: [fy(2021, 95), fy(2022, 130), fy(2023, 140)] } },
  };
  const h = history({ "us-gaap": c });
  const ni = rowOf(h, "net_income")!;
  // old: [95 (ProfitLoss), 100, 110]
  assert.deepEqual(ni.cells.map((x) => x.value), [null, 100, 110]);
  assert.ok(
    h.warnings.some((w) =>
      /^net_income: 1 period\(s\) only ProfitLoss reports are left empty: .*different quantities/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
  // A tag that only ever repeats the first one's values is the same quantity and still fills.
  c.ProfitLoss.units.USD = [fy(2021, 95), fy(2022, 100), fy(2023, 110)];
  assert.deepEqual(rowOf(history({ "us-gaap": c }), "net_income")!.cells.map((x) => x.value), [
    95,
    100,
    110,
  ]);
});

Deno.test("no gross profit is invented for a company whose statement has none", () => {
  // A single-step income statement: revenue and cost of revenue, no gross profit line.
  const c: Concepts = {
    Revenues: { units: { USD: [fy(2022, 1_000), fy(2023, 1_100)] } },
    CostOfRevenue: { units: { USD: [fy(2022, 400), fy(2023, 420)] } },
    NetIncomeLoss: { units: { USD: [fy(2022, 100), fy(2023, 110)] } },
  };
  const h = history({ "us-gaap": c });
  // old: 600 and 680, derived "revenue - cost_of_revenue"
  assert.equal(rowOf(h, "gross_profit"), undefined);
  assert.ok(h.warnings.some((w) => /^gross_profit: not computed .* one is not invented/.test(w)));
  // A company that reports gross profit in some periods has gaps filled, derived and cited.
  c.GrossProfit = { units: { USD: [fy(2023, 680)] } };
  const gp = rowOf(history({ "us-gaap": c }), "gross_profit")!;
  assert.deepEqual(gp.cells.map((x) => [x.value, x.derived]), [
    [600, "revenue - cost_of_revenue"],
    [680, null],
  ]);
});

Deno.test("a cost reported negative is not subtracted: free cash flow left empty with a note", () => {
  const c: Concepts = {
    Revenues: { units: { USD: [fy(2023, 1_000)] } },
    NetCashProvidedByUsedInOperatingActivities: { units: { USD: [fy(2022, 200), fy(2023, 220)] } },
    // the 2023 10-K tagged its capital expenditure with the sign shown in the statement
    PaymentsToAcquirePropertyPlantAndEquipment: { units: { USD: [fy(2022, 50), fy(2023, -60)] } },
  };
  const h = history({ "us-gaap": c }, { statement: "cashflow" });
  const fcf = rowOf(h, "free_cash_flow")!;
  assert.equal(fcf.cells[0].value, 150);
  // old: 280 (220 - -60)
  assert.equal(fcf.cells[1].value, null);
  assert.match(fcf.cells[1].note!, /^not computed: capex is reported negative \(-60/);
});

Deno.test("fiscal years ending on the Saturday nearest December 31 keep their names", () => {
  // FY2020 ended 2021-01-02, FY2021 2022-01-01, FY2022 2022-12-31, FY2023 2023-12-30
  const years: [number, string, string][] = [
    [2020, "2019-12-29", "2021-01-02"],
    [2021, "2021-01-03", "2022-01-01"],
    [2022, "2022-01-02", "2022-12-31"],
    [2023, "2023-01-01", "2023-12-30"],
  ];
  const row = ([y, start, end]: [number, string, string], val: number): FactRow => ({
    start,
    end,
    val,
    accn: `0000000003-${String(y + 1).slice(2)}-000001`,
    fy: y,
    fp: "FY",
    form: "10-K",
    filed: `${y + 1}-02-25`,
  });
  const c: Concepts = {
    Revenues: { units: { USD: years.map((y, i) => row(y, 100 + i)) } },
    Assets: { units: { USD: years.map((y, i) => withoutStart(row(y, 900 + i))) } },
    // the first quarter of FY2021 (13 weeks)
    NetIncomeLoss: {
      units: {
        USD: [{
          ...row(years[1], 7),
          end: "2021-04-03",
          fp: "Q1",
          form: "10-Q",
          accn: "0000000003-21-000002",
          filed: "2021-05-01",
        }],
      },
    },
  };
  const h = history({ "us-gaap": c });
  // old: FY2021, FY2022, FY2023, FY2023 (a year ending January 2 named for the year after)
  assert.deepEqual(h.columns.map((x) => x.label), ["FY2020", "FY2021", "FY2022", "FY2023"]);
  const bal = history({ "us-gaap": c }, { statement: "balance" });
  assert.deepEqual(
    bal.columns.map((x) => [x.label, x.end]),
    years.map(([y, , e]) => [`FY${y}`, e]),
  );
  const filings = filingPeriods(Object.values(c).flatMap((x) => Object.values(x.units)));
  const [q1] = groupPeriods("NetIncomeLoss", "USD", c.NetIncomeLoss.units.USD, filings);
  assert.deepEqual([q1.fiscal_year, q1.fiscal_period], [2021, "Q1"]);
});

Deno.test("balance dates take the fiscal calendar's name, not the fy SEC copied from the filing", () => {
  // Years end late January (FY2011 ends 2011-01-30). The FY2011 10-K was filed with fy=2010 (as
  // some old filings were), so its balance sheet date read as FY2010 next to the real FY2010.
  const row = (y: number, start: string, end: string, val: number, secFy: number): FactRow => ({
    start,
    end,
    val,
    accn: `0000000004-${String(y).slice(2)}-000001`,
    fy: secFy,
    fp: "FY",
    form: "10-K",
    filed: `${y}-03-15`,
  });
  const c: Concepts = {
    Revenues: {
      units: {
        USD: [
          row(2010, "2009-01-26", "2010-01-31", 100, 2010),
          row(2011, "2010-02-01", "2011-01-30", 110, 2010),
          row(2012, "2011-01-31", "2012-01-29", 120, 2012),
        ],
      },
    },
    Assets: {
      units: {
        USD: [
          withoutStart(row(2010, "", "2010-01-31", 900, 2010)),
          withoutStart(row(2011, "", "2011-01-30", 950, 2010)),
          withoutStart(row(2012, "", "2012-01-29", 990, 2012)),
        ],
      },
    },
  };
  const bal = history({ "us-gaap": c }, { statement: "balance" });
  // old: FY2010, FY2010, FY2012
  assert.deepEqual(bal.columns.map((x) => x.label), ["FY2010", "FY2011", "FY2012"]);
  assert.deepEqual(rowOf(bal, "total_assets")!.cells.map((x) => x.value), [900, 950, 990]);
});

Deno.test("a yen filer with dollar convenience translations is read in yen", () => {
  // A 20-F in JPY; its latest year is also given in USD (convenience translation).
  const row = (y: number, val: number, extra: Partial<FactRow> = {}): FactRow => ({
    start: `${y - 1}-04-01`,
    end: `${y}-03-31`,
    val,
    accn: `0000000005-${String(y).slice(2)}-000001`,
    fy: y,
    fp: "FY",
    form: "20-F",
    filed: `${y}-06-25`,
    ...extra,
  });
  const latest = "0000000005-24-000001";
  const c: Concepts = {
    Revenues: {
      units: {
        JPY: [
          row(2022, 9e12),
          row(2023, 1e13),
          row(2023, 1e13, { accn: latest }),
          row(2024, 1.1e13),
        ],
        USD: [row(2024, 7.3e10)],
      },
    },
    NetIncomeLoss: {
      units: { JPY: [row(2023, 8e11, { accn: latest }), row(2024, 9e11)], USD: [row(2024, 6e9)] },
    },
  };
  c.Revenues.units.JPY[3].accn = latest;
  c.NetIncomeLoss.units.JPY[1].accn = latest;
  c.Revenues.units.USD[0].accn = latest;
  c.NetIncomeLoss.units.USD[0].accn = latest;
  const basis = reportingBasis({ "us-gaap": c })!;
  // old: USD, because some values are in USD at all
  assert.equal(basis.currency, "JPY");
  const h = history({ "us-gaap": c });
  assert.equal(h.currency, "JPY");
  assert.deepEqual(rowOf(h, "revenue")!.cells.map((x) => x.value), [9e12, 1e13, 1.1e13]);
  assert.equal(rowOf(h, "revenue")!.unit, "JPY");
});

Deno.test("a company that moved from US GAAP to IFRS is read in ifrs-full, and told so", () => {
  const us: Concepts = { Revenues: { units: { USD: [fy(2017, 500), fy(2018, 520)] } } };
  const ifrs: Concepts = {
    Revenue: {
      units: { EUR: [fy(2019, 480, { form: "20-F" }), fy(2020, 470, { form: "20-F" })] },
    },
  };
  const h = history({ "us-gaap": us, "ifrs-full": ifrs });
  // old: us-gaap in USD, the two years before the switch only
  assert.equal(h.taxonomy, "ifrs-full");
  assert.equal(h.currency, "EUR");
  assert.deepEqual(h.columns.map((x) => x.label), ["FY2019", "FY2020"]);
  assert.ok(h.warnings.some((w) => /also reports us-gaap values/.test(w)));
});

Deno.test("duplicate facts of one filing: the most precise is the value, not the rounded one", () => {
  // One 10-K reports FY2023 revenue as 1,234,567,000 in the statement and $1.2 billion in a note.
  const rows = [fy(2023, 1_234_567_000), fy(2023, 1_200_000_000)];
  const filings = filingPeriods([rows]);
  for (const order of [rows, [...rows].reverse()]) {
    const [p] = groupPeriods("Revenues", "USD", order, filings);
    assert.equal(p.last.value, 1_234_567_000);
    assert.equal(p.first.value, 1_234_567_000);
    assert.equal(p.restated, false);
  }
});

const XBRLI = `xmlns:xbrli="http://www.xbrl.org/2003/instance"`;
function instance(facts: string) {
  return `<xbrli:xbrl ${XBRLI}>
<xbrli:context id="FY23"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2022-04-01</xbrli:startDate><xbrli:endDate>2023-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="FY22"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2021-04-01</xbrli:startDate><xbrli:endDate>2022-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="JPY"><xbrli:measure>iso4217:JPY</xbrli:measure></xbrli:unit>
<xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
${facts}
</xbrli:xbrl>`;
}

function statementOf(facts: string) {
  const arcs = ["ifrs-full:Revenue", "ifrs-full:CostOfSales", "ifrs-full:ProfitLoss"].map((
    to,
    i,
  ) => ({
    from: "ifrs-full:IncomeStatementAbstract",
    to,
    order: i + 1,
    preferredLabel: null,
    weight: null,
  }));
  return buildStatement({
    role: "r",
    presentation: new Map([["r", arcs]]),
    calculation: new Map(),
    labels: new Map(),
    instance: parseInstance(instance(facts)),
  });
}

Deno.test("statement: a convenience translation into dollars is not mixed into a yen statement", () => {
  // The dollar figure comes first in the document for revenue only: the old code showed revenue
  // in USD and the other rows in JPY in one column.
  const built = statementOf(`
<ifrs-full:Revenue contextRef="FY23" unitRef="USD" decimals="-6">75000000000</ifrs-full:Revenue>
<ifrs-full:Revenue contextRef="FY23" unitRef="JPY" decimals="-6">10000000000000</ifrs-full:Revenue>
<ifrs-full:Revenue contextRef="FY22" unitRef="JPY" decimals="-6">9000000000000</ifrs-full:Revenue>
<ifrs-full:CostOfSales contextRef="FY23" unitRef="JPY" decimals="-6">7000000000000</ifrs-full:CostOfSales>
<ifrs-full:CostOfSales contextRef="FY22" unitRef="JPY" decimals="-6">6500000000000</ifrs-full:CostOfSales>
<ifrs-full:ProfitLoss contextRef="FY23" unitRef="USD" decimals="-6">6000000000</ifrs-full:ProfitLoss>
<ifrs-full:ProfitLoss contextRef="FY23" unitRef="JPY" decimals="-6">800000000000</ifrs-full:ProfitLoss>
<ifrs-full:ProfitLoss contextRef="FY22" unitRef="JPY" decimals="-6">700000000000</ifrs-full:ProfitLoss>`);
  const fy23 = "2022-04-01 to 2023-03-31";
  const rev = built.rows.find((r) => r.concept === "ifrs-full:Revenue")!;
  assert.equal(rev.values[fy23].unit, "JPY");
  assert.equal(rev.values[fy23].raw, 10_000_000_000_000);
  for (const r of built.rows.filter((x) => !x.abstract)) {
    assert.ok(Object.values(r.values).every((v) => v.unit === "JPY"), r.concept);
  }
  assert.ok(
    built.warnings.some((w) => /2 row\(s\) are also reported in a currency other than JPY/.test(w)),
  );
});

Deno.test("statement: of duplicate facts the most precise is shown; conflicting ones are warned", () => {
  const built = statementOf(`
<ifrs-full:Revenue contextRef="FY23" unitRef="JPY" decimals="-12">10000000000000</ifrs-full:Revenue>
<ifrs-full:Revenue contextRef="FY23" unitRef="JPY" decimals="-6">10004000000000</ifrs-full:Revenue>
<ifrs-full:CostOfSales contextRef="FY23" unitRef="JPY" decimals="-6">7000000000000</ifrs-full:CostOfSales>
<ifrs-full:CostOfSales contextRef="FY23" unitRef="JPY" decimals="-6">7100000000000</ifrs-full:CostOfSales>`);
  const fy23 = "2022-04-01 to 2023-03-31";
  const rev = built.rows.find((r) => r.concept === "ifrs-full:Revenue")!;
  // old: the first in document order, rounded to trillions
  assert.equal(rev.values[fy23].raw, 10_004_000_000_000);
  assert.equal(rev.values[fy23].decimals, -6);
  assert.ok(
    built.warnings.some((w) => /1 value\(s\) are reported twice .*ifrs-full:CostOfSales/.test(w)),
    built.warnings.join("\n"),
  );
});

/** SEC's frames API, faked: the frames given answer, every other one is a 404. */
function framesFetch(frames: Record<string, unknown[]>): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const m = /\/frames\/([^/]+)\/([^/]+)\/([^/]+)\/([^/.]+)\.json$/.exec(url);
    const key = m ? `${m[2]}/${decodeURIComponent(m[3])}` : "";
    const data = frames[key];
    if (!data) return Promise.resolve(new Response("Not Found", { status: 404 }));
    return Promise.resolve(
      new Response(
        JSON.stringify({
          taxonomy: m![1],
          tag: m![2],
          ccp: m![4],
          uom: m![3],
          label: m![2],
          pts: data.length,
          data,
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      ),
    );
  };
}

const frameRow = (cik: number, name: string, val: number) => ({
  accn: `00000${cik}-24-000001`,
  cik,
  entityName: name,
  loc: "US-NY",
  start: "2023-01-01",
  end: "2023-12-31",
  val,
});

Deno.test("frames: a bank that reports its contract revenue and a larger total is ranked by the total, said", async () => {
  const fetch = framesFetch({
    "RevenueFromContractWithCustomerExcludingAssessedTax/USD": [
      frameRow(11, "Money Center Bank", 20_000),
      frameRow(12, "Widget Makers", 50_000),
    ],
    "Revenues/USD": [frameRow(11, "Money Center Bank", 150_000), frameRow(13, "Other Co", 1)],
  });
  const e = await envelope<Any>("filings.frames", { concept: "revenue", period: "CY2023" }, {
    fetch,
  });
  const d = dataOf<Any>(e);
  assert.equal(d.companies, 3);
  // ranked by its total, not by the fee income it also tags (it was ranked 20,000, below Widget)
  assert.deepEqual(
    d.rows.map((r: Any) => [r.company, r.value, r.tag]),
    [
      ["Money Center Bank", 150_000, "Revenues"],
      ["Widget Makers", 50_000, "RevenueFromContractWithCustomerExcludingAssessedTax"],
      ["Other Co", 1, "Revenues"],
    ],
  );
  assert.ok(
    e.warnings.some((w) =>
      /1 company\(ies\) report both a tag that may be only part of their revenue .* and a larger total: they are ranked by the total .*Money Center Bank \(RevenueFromContractWithCustomerExcludingAssessedTax 20,000, Revenues 150,000\)/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("frames: ifrs-full in the default unit says only dollar reporters are ranked", async () => {
  const fetch = framesFetch({ "Revenue/USD": [frameRow(21, "Dollar IFRS Plc", 900)] });
  const e = await envelope<Any>(
    "filings.frames",
    { concept: "Revenue", period: "CY2023", taxonomy: "ifrs-full" },
    { fetch },
  );
  dataOf<Any>(e);
  assert.ok(e.warnings.some((w) => /frames are per unit: only IFRS filers .* in USD/.test(w)));
  const eur = await envelope<Any>(
    "filings.frames",
    { concept: "Revenue", period: "CY2023", taxonomy: "ifrs-full", unit: "EUR" },
    { fetch },
  );
  assert.equal(eur.ok, false);
  assert.match(eur.error!, /no frame for ifrs-full Revenue in EUR for CY2023/);
});
