/**
 * Company facts audit: a filing that gives one period several different values (a multi-class
 * company's share counts, one per class, the class dimension dropped by SEC's company facts),
 * and empty cells that sums and differences must not read as zero. Every company here is
 * invented; the rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";
import { shareBasis } from "../../analysis/filings/splits.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { parseInstance } from "../../providers/filings_a/xbrl.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const K23 = { accn: "0000000007-24-000010", fy: 2023, fp: "FY", form: "10-K", filed: "2024-02-01" };
const Q24 = { accn: "0000000007-24-000020", fy: 2024, fp: "Q1", form: "10-Q", filed: "2024-04-25" };
const K24 = { accn: "0000000007-25-000010", fy: 2024, fp: "FY", form: "10-K", filed: "2025-02-01" };

const at = (end: string, val: number, f: typeof K23): FactRow => ({ end, val, ...f });
const over = (start: string, end: string, val: number, f: typeof K23): FactRow => ({
  start,
  end,
  val,
  ...f,
});

// Class A, class C and class B counts, as a three-class company's cover page gives them.
const A = 5_824_000_000;
const C = 5_456_000_000;
const B = 836_000_000;

function history(taxonomies: Record<string, Concepts>, opts: Partial<HistoryOptions> = {}) {
  const filings = filingPeriods(
    Object.values(taxonomies).flatMap((c) =>
      Object.values(c).flatMap((x) => Object.values(x.units))
    ),
  );
  return buildHistory(taxonomies, filings, {
    statement: "balance",
    period: "annual",
    years: 10,
    asOf: null,
    basis: "latest",
    ...opts,
  })!;
}

Deno.test("distinctValues: roundings of one value are one value, share classes are three", async () => {
  const { distinctValues } = await import("../../analysis/filings/facts_periods.ts");
  assert.deepEqual(distinctValues([{ val: 1_234_567_000 }, { val: 1_200_000_000 }]), [
    1_234_567_000,
  ]);
  assert.deepEqual(distinctValues([{ val: B }, { val: A }, { val: C }]), [A, C, B]);
  // a one-digit figure is no rounding of another
  assert.deepEqual(distinctValues([{ val: 700 }, { val: 1_000 }]), [1_000, 700]);
});

Deno.test("classes: one filing's three class counts are not one class picked, nor a restatement", () => {
  // The same three counts at the same date in two filings, listed in another order by the second.
  const rows = [
    at("2024-01-20", A, K23),
    at("2024-01-20", C, K23),
    at("2024-01-20", B, K23),
    at("2024-01-20", B, K24),
    at("2024-01-20", A, K24),
    at("2024-01-20", C, K24),
  ];
  const filings = filingPeriods([[over("2023-01-01", "2023-12-31", 1, K23)]]);
  const [p] = groupPeriods("EntityCommonStockSharesOutstanding", "shares", rows, filings);
  // old: restated=true (class B then class C "as last reported") and no word of the classes
  assert.equal(p.restated, false);
  assert.equal(p.last.value, A);
  assert.deepEqual(p.last_values, [A, C, B]);
  assert.deepEqual(p.first_values, [A, C, B]);
  // a filing with one value has none listed
  const [single] = groupPeriods("X", "shares", [at("2024-01-20", A, K23)], filings);
  assert.equal(single.last_values, undefined);
});

Deno.test("classes: filings.history leaves a share count given per class empty, with a note", () => {
  const us: Concepts = {
    Revenues: {
      units: {
        USD: [
          over("2023-01-01", "2023-12-31", 900_000, K23),
          over("2024-01-01", "2024-12-31", 950_000, K24),
        ],
      },
    },
    Assets: {
      units: { USD: [at("2023-12-31", 400_000, K23), at("2024-12-31", 450_000, K24)] },
    },
    CommonStockSharesOutstanding: {
      units: {
        shares: [
          at("2023-12-31", 12_000_000_000, K23),
          at("2024-12-31", A, K24),
          at("2024-12-31", C, K24),
          at("2024-12-31", B, K24),
        ],
      },
    },
  };
  const h = history({ "us-gaap": us });
  const row = h.rows.find((r) => r.key === "shares_outstanding")!;
  assert.deepEqual(h.columns.map((c) => c.label), ["FY2023", "FY2024"]);
  assert.equal(row.cells[0].value, 12_000_000_000);
  // old: 5,824,000,000 (class A's count) as the company's shares outstanding
  assert.equal(row.cells[1].value, null);
  assert.match(
    row.cells[1].note!,
    /^several values: 0000000007-25-000010 \(10-K, filed 2025-02-01\) reports CommonStockSharesOutstanding for this period as 5,824,000,000, 5,456,000,000, 836,000,000 \(one per share class/,
  );
  assert.ok(h.warnings.some((w) => /^1 cell\(s\) \(shares_outstanding\) are left empty/.test(w)));
});

Deno.test("classes: class counts in consecutive filings are no evidence of a split", () => {
  // Class B's count last in one filing and class A's first in the next are about 7 to 1.
  const us: Concepts = {
    CommonStockSharesOutstanding: {
      units: {
        shares: [
          at("2023-12-31", A, K23),
          at("2023-12-31", B, K23),
          at("2023-12-31", A, K24),
          at("2023-12-31", B, K24),
        ],
      },
    },
  };
  // old: a 7-for-1 split between the two 10-Ks
  assert.deepEqual(shareBasis({ "us-gaap": us }).splits, []);
});

// A quarterly filer: four 10-Qs' cash flows, capital expenditure of the second quarter tagged
// negative (so free cash flow of that quarter cannot be computed).
function quarterly(capexQ2: number): Concepts {
  const q = (n: number, fp: string, filed: string) => ({
    accn: `0000000008-24-00000${n}`,
    fy: 2024,
    fp,
    form: "10-Q",
    filed,
  });
  const Q = [
    ["2023-10-01", "2023-12-31", q(1, "Q1", "2024-02-01")],
    ["2024-01-01", "2024-03-31", q(2, "Q2", "2024-05-01")],
    ["2024-04-01", "2024-06-30", q(3, "Q3", "2024-08-01")],
    ["2024-07-01", "2024-09-30", q(4, "Q4", "2024-11-01")],
  ] as const;
  const rows = (vals: number[]) => Q.map(([s, e, f], i) => over(s, e, vals[i], f));
  return {
    Revenues: { units: { USD: rows([1_000, 1_100, 1_200, 1_300]) } },
    NetCashProvidedByUsedInOperatingActivities: { units: { USD: rows([90, 100, 110, 120]) } },
    PaymentsToAcquirePropertyPlantAndEquipment: {
      units: { USD: rows([9, capexQ2, 11, 12]) },
    },
  };
}

Deno.test("ttm: a quarter left empty is not summed as zero", () => {
  const ok = history({ "us-gaap": quarterly(10) }, { statement: "cashflow", period: "ttm" });
  const fcf = (h: ReturnType<typeof history>) => h.rows.find((r) => r.key === "free_cash_flow")!;
  assert.equal(fcf(ok).cells[0].value, 420 - 42);
  const h = history({ "us-gaap": quarterly(-10) }, { statement: "cashflow", period: "ttm" });
  // old: 290, three quarters' free cash flow summed as if the fourth were zero
  assert.equal(fcf(h).cells[0].value, null);
  assert.match(
    fcf(h).cells[0].note!,
    /^not summed: .* has no value \(not computed: capex is reported negative \(-10/,
  );
  // the items with four quarters are still summed
  const ocf = h.rows.find((r) => r.key === "operating_cash_flow")!;
  assert.equal(ocf.cells[0].value, 420);
});

Deno.test("quarters: a fourth quarter is not derived from a quarter left empty", () => {
  // A calendar-year filer: Q1-Q3 10-Qs and the 10-K; the Q1 10-Q gives revenue twice.
  const q = (n: number, fp: string, filed: string) => ({
    accn: `0000000009-24-00000${n}`,
    fy: 2024,
    fp,
    form: "10-Q",
    filed,
  });
  const k = { accn: "0000000009-25-000001", fy: 2024, fp: "FY", form: "10-K", filed: "2025-02-01" };
  const us: Concepts = {
    Revenues: {
      units: {
        USD: [
          over("2024-01-01", "2024-03-31", 1_000, q(1, "Q1", "2024-05-01")),
          over("2024-01-01", "2024-03-31", 700, q(1, "Q1", "2024-05-01")),
          over("2024-04-01", "2024-06-30", 1_100, q(2, "Q2", "2024-08-01")),
          over("2024-07-01", "2024-09-30", 1_200, q(3, "Q3", "2024-11-01")),
          over("2024-01-01", "2024-12-31", 4_600, k),
        ],
      },
    },
  };
  const h = history({ "us-gaap": us }, { statement: "income", period: "quarterly" });
  const rev = h.rows.find((r) => r.key === "revenue")!;
  const i = h.columns.findIndex((c) => c.label === "Q4 FY2024");
  assert.ok(i >= 0, h.columns.map((c) => c.label).join(", "));
  assert.equal(rev.cells[0].value, null);
  assert.match(rev.cells[0].note!, /^several values: .* as 1,000, 700 /);
  // old: 1,300 (4,600 - 1,000 - 1,100 - 1,200), one of Q1's two values taken as the quarter
  assert.equal(rev.cells[i].value, null);
  assert.match(rev.cells[i].note!, /^not derived as FY - Q1 - Q2 - Q3: Q1 FY2024 has no value/);
});

// ---- filings.facts, on a fake SEC ----

function fakeSec(facts: unknown, ticker = "MCLS"): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
      );
    if (url.endsWith("/files/company_tickers.json")) {
      return json({ "0": { cik_str: 9990077, ticker, title: "Fixture Holdings" } });
    }
    if (url.includes("/companyfacts/CIK0009990077.json")) return json(facts);
    return Promise.resolve(new Response("Not Found", { status: 404 }));
  };
}

Deno.test("classes: filings.facts lists a filing's several values and says the value is not a total", async () => {
  const facts = {
    cik: 9990077,
    entityName: "Multi Class Holdings",
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: {
          label: "Entity Common Stock, Shares Outstanding",
          description: "Cover page",
          units: {
            shares: [
              at("2024-01-20", C, K23),
              at("2024-01-20", A, K23),
              at("2024-01-20", B, K23),
              at("2024-04-20", 12_100_000_000, Q24),
            ],
          },
        },
      },
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: null,
          units: { USD: [over("2023-01-01", "2023-12-31", 300_000_000_000, K23)] },
        },
      },
    },
  };
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "MCLS", concept: "EntityCommonStockSharesOutstanding" },
    { fetch: fakeSec(facts) },
  );
  const d = dataOf<Any>(e);
  assert.equal(d.rows.length, 2);
  // old: 836,000,000 (the last listed, class B) with nothing to say so
  assert.equal(d.rows[0].last_reported.value, A);
  assert.deepEqual(d.rows[0].last_reported_values, [A, C, B]);
  assert.equal(d.rows[1].last_reported_values, null);
  assert.ok(
    e.warnings.some((w: string) =>
      /^1 period\(s\) are given several different values by one filing \(the latest: 5,824,000,000, 5,456,000,000, 836,000,000 at 2024-01-20 in 0000000007-24-000010\).*never a sum/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("units: an exact tag of a euro filer is read in euros, not in a dollar translation", async () => {
  // An IFRS 20-F filer in EUR that gave its latest year's revenue in USD too.
  const f = (y: number) => ({
    accn: `0000000006-${y + 1 - 2000}-000001`,
    fy: y,
    fp: "FY",
    form: "20-F",
    filed: `${y + 1}-03-15`,
  });
  const year = (y: number, val: number) => over(`${y}-01-01`, `${y}-12-31`, val, f(y));
  const facts = {
    cik: 9990077,
    entityName: "Euro Translations SE",
    facts: {
      "ifrs-full": {
        Revenue: {
          label: "Revenue",
          description: null,
          units: {
            EUR: [year(2021, 30_000), year(2022, 31_000), year(2023, 32_000)],
            USD: [year(2023, 35_000)],
          },
        },
        ProfitLoss: {
          label: "Profit",
          description: null,
          units: { EUR: [year(2021, 3_000), year(2022, 3_100), year(2023, 3_200)] },
        },
      },
    },
  };
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "EURT", concept: "Revenue" },
    { fetch: fakeSec(facts, "EURT") },
  );
  const d = dataOf<Any>(e);
  // old: USD, the one translated year
  assert.equal(d.unit, "EUR");
  assert.deepEqual(d.rows.map((r: Any) => r.last_reported.value), [30_000, 31_000, 32_000]);
  assert.ok(
    e.warnings.some((w: string) =>
      /reported in several units \(EUR, USD\); showing EUR, the currency of the company's financial statements/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  // asked for, the translation is there
  const usd = dataOf<Any>(
    await envelope<Any>(
      "filings.facts",
      { symbol: "EURT", concept: "Revenue", unit: "USD" },
      { fetch: fakeSec(facts, "EURT") },
    ),
  );
  assert.deepEqual(usd.rows.map((r: Any) => r.last_reported.value), [35_000]);
  // a friendly name with no ifrs-full tag says so, not "tags none of  (...)"
  const none = await envelope<Any>(
    "filings.facts",
    { symbol: "EURT", concept: "operating_expenses" },
    { fetch: fakeSec(facts, "EURT") },
  );
  assert.equal(none.ok, false);
  assert.equal(
    none.error,
    `concept: "operating_expenses" maps to no ifrs-full tag, and Euro Translations SE reports in ifrs-full; pass the company's own ifrs-full tag as concept= (an XBRL tag name)`,
  );
});

Deno.test("quarters: a Q4 derived from a restated year and quarters as first reported is warned about", () => {
  // FY2023 first reported as 460, restated to 500 by the FY2024 10-K; its quarters never again.
  const q = (n: number, fp: string, filed: string) => ({
    accn: `0000000011-23-00000${n}`,
    fy: 2023,
    fp,
    form: "10-Q",
    filed,
  });
  const k23 = {
    accn: "0000000011-24-000001",
    fy: 2023,
    fp: "FY",
    form: "10-K",
    filed: "2024-02-01",
  };
  const k24 = {
    accn: "0000000011-25-000001",
    fy: 2024,
    fp: "FY",
    form: "10-K",
    filed: "2025-02-01",
  };
  const us: Concepts = {
    Revenues: {
      units: {
        USD: [
          over("2023-01-01", "2023-03-31", 100, q(1, "Q1", "2023-05-01")),
          over("2023-04-01", "2023-06-30", 110, q(2, "Q2", "2023-08-01")),
          over("2023-07-01", "2023-09-30", 120, q(3, "Q3", "2023-11-01")),
          over("2023-01-01", "2023-12-31", 460, k23),
          over("2023-01-01", "2023-12-31", 500, k24),
          over("2024-01-01", "2024-12-31", 520, k24),
        ],
      },
    },
  };
  const h = history({ "us-gaap": us }, { statement: "income", period: "quarterly" });
  const i = h.columns.findIndex((c) => c.label === "Q4 FY2023");
  const cell = h.rows.find((r) => r.key === "revenue")!.cells[i];
  // left empty (round 2: 500 - 330 put the whole restatement into Q4), the bases in its note
  assert.equal(cell.value, null);
  assert.match(cell.note!, /^not derived as FY - Q1 - Q2 - Q3: mixed basis: /);
  // old: said only inside the cell's derivation
  assert.ok(
    h.warnings.some((w) =>
      /^1 quarter\(s\) \(revenue\) are left empty rather than derived: their inputs are of different basis .* basis=first_reported/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
  const first = history({ "us-gaap": us }, {
    statement: "income",
    period: "quarterly",
    basis: "first_reported",
  });
  assert.ok(!first.warnings.some((w) => /different basis/.test(w)), first.warnings.join("\n"));
});

Deno.test("ttm: four quarters with a 14-week one are said to cover 53 weeks", () => {
  // A retailer whose fiscal year ends on the Saturday nearest January 31 and is named by the
  // calendar year it starts in: FY2023 is the 53 weeks to 2024-02-03, its Q4 14 weeks long.
  const f = (accn: string, fy: number, fp: string, form: string, filed: string) => ({
    accn,
    fy,
    fp,
    form,
    filed,
  });
  const k22 = f("0000000012-23-000001", 2022, "FY", "10-K", "2023-03-20");
  const k23 = f("0000000012-24-000001", 2023, "FY", "10-K", "2024-03-20");
  const q1 = f("0000000012-23-000002", 2023, "Q1", "10-Q", "2023-06-01");
  const q2 = f("0000000012-23-000003", 2023, "Q2", "10-Q", "2023-09-01");
  const q3 = f("0000000012-23-000004", 2023, "Q3", "10-Q", "2023-12-01");
  const q124 = f("0000000012-24-000002", 2024, "Q1", "10-Q", "2024-06-01");
  const us: Concepts = {
    Revenues: {
      units: {
        USD: [
          over("2022-01-30", "2023-01-28", 4_000, k22),
          over("2023-01-29", "2024-02-03", 4_400, k23),
          over("2023-01-29", "2023-04-29", 1_000, q1),
          over("2023-04-30", "2023-07-29", 1_050, q2),
          over("2023-07-30", "2023-10-28", 1_100, q3),
          over("2024-02-04", "2024-05-04", 1_080, q124),
        ],
      },
    },
  };
  const q = history({ "us-gaap": us }, { statement: "income", period: "quarterly" });
  assert.deepEqual(q.columns.map((c) => `${c.label} ${c.start}..${c.end}`), [
    "Q1 FY2023 2023-01-29..2023-04-29",
    "Q2 FY2023 2023-04-30..2023-07-29",
    "Q3 FY2023 2023-07-30..2023-10-28",
    "Q4 FY2023 2023-10-29..2024-02-03",
    "Q1 FY2024 2024-02-04..2024-05-04",
  ]);
  const h = history({ "us-gaap": us }, { statement: "income", period: "ttm" });
  assert.equal(
    h.rows.find((r) => r.key === "revenue")!.cells[0].value,
    1_080 + 1_250 + 1_100 + 1_050,
  );
  // old: no word that the sum covers 53 weeks
  assert.ok(
    h.warnings.some((w) =>
      /^the trailing twelve months to 2024-05-04 cover 371 days \(2023-04-30 to 2024-05-04\), not 52 weeks/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
});

Deno.test("facts quarterly: a balance series keeps the year-end balance, the fourth quarter's", async () => {
  const f = (n: string, fy: number, fp: string, form: string, filed: string) => ({
    accn: `0000000013-${n}`,
    fy,
    fp,
    form,
    filed,
  });
  const k23 = f("24-000001", 2023, "FY", "10-K", "2024-02-15");
  const q = [
    f("23-000001", 2023, "Q1", "10-Q", "2023-05-01"),
    f("23-000002", 2023, "Q2", "10-Q", "2023-08-01"),
    f("23-000003", 2023, "Q3", "10-Q", "2023-11-01"),
    f("24-000002", 2024, "Q1", "10-Q", "2024-05-01"),
  ];
  const ends = ["2023-03-31", "2023-06-30", "2023-09-30", "2024-03-31"];
  const starts = ["2023-01-01", "2023-04-01", "2023-07-01", "2024-01-01"];
  const facts = {
    cik: 9990077,
    entityName: "Quarterly Balances Inc",
    facts: {
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: null,
          units: {
            USD: [
              ...q.map((x, i) => over(starts[i], ends[i], 100 + i, x)),
              over("2023-01-01", "2023-12-31", 420, k23),
            ],
          },
        },
        Assets: {
          label: "Assets",
          description: null,
          units: {
            USD: [
              ...q.map((x, i) => at(ends[i], 1_000 + i, x)),
              at("2023-12-31", 1_050, k23),
            ],
          },
        },
      },
    },
  };
  const d = dataOf<Any>(
    await envelope<Any>(
      "filings.facts",
      { symbol: "QBAL", concept: "Assets", period: "quarterly" },
      { fetch: fakeSec(facts, "QBAL") },
    ),
  );
  // old: 2023-12-31 left out, so Q3 FY2023 and Q1 FY2024 looked consecutive
  assert.deepEqual(d.rows.map((r: Any) => `${r.end} ${r.fiscal_period}`), [
    "2023-03-31 Q1",
    "2023-06-30 Q2",
    "2023-09-30 Q3",
    "2023-12-31 FY",
    "2024-03-31 Q1",
  ]);
});

// ---- filings.statement: a value only in another currency ----

const XBRLI = `xmlns:xbrli="http://www.xbrl.org/2003/instance"`;
const context = (id: string, start: string, end: string) =>
  `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>${start}</xbrli:startDate><xbrli:endDate>${end}</xbrli:endDate></xbrli:period></xbrli:context>`;

function yenStatement(facts: string) {
  const instance = `<xbrli:xbrl ${XBRLI}>
${context("FY23", "2022-04-01", "2023-03-31")}
${context("FY22", "2021-04-01", "2022-03-31")}
<xbrli:unit id="JPY"><xbrli:measure>iso4217:JPY</xbrli:measure></xbrli:unit>
<xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
<xbrli:unit id="USDps"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
<xbrli:unit id="JPYps"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:JPY</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
${facts}
</xbrli:xbrl>`;
  const arcs = [
    "ifrs-full:Revenue",
    "ifrs-full:CostOfSales",
    "ifrs-full:ProfitLoss",
    "ifrs-full:BasicEarningsLossPerShare",
  ].map((to, i) => ({
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
    instance: parseInstance(instance),
  });
}

Deno.test("statement: a value given only in dollars in a yen statement is said, not mixed in silently", () => {
  const fact = (tag: string, ctx: string, unit: string, v: string) =>
    `<ifrs-full:${tag} contextRef="${ctx}" unitRef="${unit}" decimals="-6">${v}</ifrs-full:${tag}>`;
  const built = yenStatement([
    fact("Revenue", "FY23", "JPY", "10000000000000"),
    fact("Revenue", "FY22", "JPY", "9000000000000"),
    fact("CostOfSales", "FY23", "JPY", "7000000000000"),
    fact("CostOfSales", "FY22", "JPY", "6500000000000"),
    // the year's profit tagged in dollars only (the year before in yen)
    fact("ProfitLoss", "FY23", "USD", "6000000000"),
    fact("ProfitLoss", "FY22", "JPY", "700000000000"),
    fact("BasicEarningsLossPerShare", "FY23", "JPYps", "120.5").replace('"-6"', '"2"'),
    fact("BasicEarningsLossPerShare", "FY22", "JPYps", "101.25").replace('"-6"', '"2"'),
  ].join("\n"));
  const profit = built.rows.find((r) => r.concept === "ifrs-full:ProfitLoss")!;
  assert.equal(profit.values["2022-04-01 to 2023-03-31"].unit, "USD");
  // old: no warning; 6,000,000,000 beside 700,000,000,000 with only the unit field to tell
  assert.deepEqual(built.warnings, [
    "1 value(s) are given only in a currency other than the statement's JPY (e.g. ifrs-full:ProfitLoss 2022-04-01 to 2023-03-31 in USD): each is shown in its own unit (see its unit), not converted; do not compare or add it with the JPY values",
  ]);
  // per-share figures in the statement's own currency are not foreign
  const yen = yenStatement([
    fact("Revenue", "FY23", "JPY", "10000000000000"),
    fact("BasicEarningsLossPerShare", "FY23", "JPYps", "120.5"),
  ].join("\n"));
  assert.deepEqual(yen.warnings, []);
  const usdEps = yenStatement([
    fact("Revenue", "FY23", "JPY", "10000000000000"),
    fact("CostOfSales", "FY23", "JPY", "7000000000000"),
    fact("BasicEarningsLossPerShare", "FY23", "USDps", "0.85"),
  ].join("\n"));
  assert.match(usdEps.warnings[0], /BasicEarningsLossPerShare .* in USD\/shares/);
});

Deno.test("as_of: a company that moved to IFRS later is read as it reported by then", () => {
  const y = (yr: number, val: number, form: string) =>
    over(`${yr}-01-01`, `${yr}-12-31`, val, {
      accn: `0000000014-${yr + 1 - 2000}-000001`,
      fy: yr,
      fp: "FY",
      form,
      filed: `${yr + 1}-03-01`,
    });
  const taxonomies: Record<string, Concepts> = {
    "us-gaap": {
      Revenues: {
        units: { USD: [y(2018, 500, "10-K"), y(2019, 520, "10-K"), y(2020, 530, "10-K")] },
      },
    },
    "ifrs-full": {
      Revenue: { units: { EUR: [y(2021, 480, "20-F"), y(2022, 490, "20-F")] } },
    },
  };
  const h = history(taxonomies, { statement: "income", asOf: "2021-12-31" });
  // old: ifrs-full in EUR, the taxonomy of a report filed after as_of, and no column at all
  assert.equal(h.taxonomy, "us-gaap");
  assert.equal(h.currency, "USD");
  assert.deepEqual(h.columns.map((c) => c.label), ["FY2018", "FY2019", "FY2020"]);
  assert.deepEqual(h.rows.find((r) => r.key === "revenue")!.cells.map((c) => c.value), [
    500,
    520,
    530,
  ]);
  // now, and before anything was filed: as the company reports now
  assert.equal(history(taxonomies, { statement: "income" }).taxonomy, "ifrs-full");
  const none = history(taxonomies, { statement: "income", asOf: "2010-01-01" });
  assert.equal(none.taxonomy, "ifrs-full");
  assert.deepEqual(none.columns, []);
});

Deno.test("provider: rows whose dates are not dates, or with no form, are no facts", async () => {
  const good = over("2023-01-01", "2023-12-31", 420, K23);
  const facts = {
    cik: 9990077,
    entityName: "Bad Dates Inc",
    facts: {
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: null,
          units: {
            USD: [
              good,
              { ...good, start: "2022-01-01", end: "2022-13-45", val: 400 },
              { ...good, start: "2020-01-01", end: "2020-02-30", val: 390 },
              { ...good, start: "2021-01-01", end: "2021-12-31", val: 380, form: undefined },
              { ...good, start: null, end: "2023-12-31", val: 7 },
            ],
          },
        },
      },
    },
  };
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "BADD", concept: "Revenues" },
    { fetch: fakeSec(facts, "BADD") },
  );
  // old: "internal error: filings.facts returned data that does not match its schema" (no form)
  const d = dataOf<Any>(e);
  assert.deepEqual(
    d.rows.map((r: Any) => `${r.start}..${r.end} ${r.last_reported.value}`),
    ["null..2023-12-31 7", "2023-01-01..2023-12-31 420"],
  );
});

Deno.test("xbrl: an empty numeric element is no value, not a zero", () => {
  const inst = parseInstance(`<xbrli:xbrl ${XBRLI}>
${context("FY23", "2022-04-01", "2023-03-31")}
<xbrli:unit id="JPY"><xbrli:measure>iso4217:JPY</xbrli:measure></xbrli:unit>
<ifrs-full:Revenue contextRef="FY23" unitRef="JPY" decimals="-6">10000000000000</ifrs-full:Revenue>
<ifrs-full:CostOfSales contextRef="FY23" unitRef="JPY" decimals="-6"> </ifrs-full:CostOfSales>
</xbrli:xbrl>`);
  assert.equal(inst.facts.get("ifrs-full:Revenue")![0].value, 10_000_000_000_000);
  // old: 0
  assert.equal(inst.facts.get("ifrs-full:CostOfSales")![0].value, null);
});

Deno.test("currency: years reported only in a former currency are said, not silently missing", async () => {
  // A 20-F filer that reported in EUR until 2021 and in USD since.
  const f = (y: number) => ({
    accn: `0000000015-${y + 1 - 2000}-000001`,
    fy: y,
    fp: "FY",
    form: "20-F",
    filed: `${y + 1}-03-15`,
  });
  const year = (y: number, val: number) => over(`${y}-01-01`, `${y}-12-31`, val, f(y));
  const facts = {
    cik: 9990077,
    entityName: "Currency Changer NV",
    facts: {
      "ifrs-full": {
        Revenue: {
          label: "Revenue",
          description: null,
          units: {
            EUR: [year(2019, 900), year(2020, 950), year(2021, 1_000)],
            USD: [year(2021, 1_180), year(2022, 1_250), year(2023, 1_300)],
          },
        },
      },
    },
  };
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "CURR", concept: "revenue" },
    { fetch: fakeSec(facts, "CURR") },
  );
  const d = dataOf<Any>(e);
  assert.equal(d.unit, "USD");
  assert.deepEqual(d.rows.map((r: Any) => r.end.slice(0, 4)), ["2021", "2022", "2023"]);
  // old: 2019 and 2020 missing without a word
  assert.ok(
    e.warnings.some((w: string) =>
      /^revenue: 2 period\(s\) are reported only in EUR, not in USD .* pass unit=EUR to read them$/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("frames: a friendly name with taxonomy=dei is refused with what to pass", async () => {
  const e = await envelope<Any>(
    "filings.frames",
    { concept: "revenue", period: "CY2023", taxonomy: "dei" },
    { fetch: () => Promise.resolve(new Response("Not Found", { status: 404 })) },
  );
  assert.equal(e.ok, false);
  // old: "SEC has no frame for dei RevenueFromContractWithCustomerExcludingAssessedTax / ..."
  assert.match(
    String(e.error),
    /"revenue" is a friendly name for us-gaap and ifrs-full tags, not dei ones; pass an XBRL tag of dei/,
  );
});

// A January year end: the FY2024 10-K (year to 2024-01-28, cover count at 2024-02-16), the Q1
// FY2025 10-Q (quarter to 2024-04-28, cover count at 2024-05-24) and debt the 10-K gives at a
// subsequent event's date (2024-02-05) beside the year-end balance.
function januaryFiler() {
  const k = { accn: "0000000017-24-000010", fy: 2024, fp: "FY", form: "10-K", filed: "2024-02-21" };
  const q = { accn: "0000000017-24-000020", fy: 2025, fp: "Q1", form: "10-Q", filed: "2024-05-29" };
  const k23 = {
    accn: "0000000017-23-000010",
    fy: 2023,
    fp: "FY",
    form: "10-K",
    filed: "2023-02-24",
  };
  return {
    cik: 9990077,
    entityName: "January Years Corp",
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: {
          label: "Shares outstanding",
          description: null,
          units: {
            shares: [at("2024-02-16", 2_470_000_000, k), at("2024-05-24", 2_460_000_000, q)],
          },
        },
      },
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: null,
          units: {
            USD: [
              over("2022-01-31", "2023-01-29", 27_000, k23),
              over("2022-01-31", "2023-01-29", 27_000, k),
              over("2023-01-30", "2024-01-28", 61_000, k),
              over("2024-01-29", "2024-04-28", 26_000, q),
            ],
          },
        },
        Assets: {
          label: "Assets",
          description: null,
          units: {
            USD: [at("2023-01-29", 41_000, k23), at("2024-01-28", 66_000, k)],
          },
        },
        LongTermDebtNoncurrent: {
          label: "Long-term debt",
          description: null,
          units: {
            USD: [
              at("2023-01-29", 9_700, k23),
              at("2024-01-28", 8_500, k),
              at("2024-02-05", 11_500, k),
            ],
          },
        },
      },
    },
  };
}

Deno.test("cover dates: every cover-page count takes its report's fiscal label, said so", async () => {
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "JANY", concept: "EntityCommonStockSharesOutstanding", period: "quarterly" },
    { fetch: fakeSec(januaryFiler(), "JANY") },
  );
  const d = dataOf<Any>(e);
  // old: 2024-02-16 labelled FY2024 (19 days after the year end), 2024-05-24 left unlabelled
  // (26 days after its quarter) and so out of period=quarterly
  assert.deepEqual(d.rows.map((r: Any) => `${r.end} ${r.fiscal_period} ${r.fiscal_year}`), [
    "2024-02-16 FY 2024",
    "2024-05-24 Q1 2025",
  ]);
  assert.ok(
    e.warnings.some((w: string) => /^2 cover-page value\(s\) are dated after the end/.test(w)),
    e.warnings.join("\n"),
  );
});

Deno.test("subsequent events: a balance after the year end is no second FY column", async () => {
  const fake = { fetch: fakeSec(januaryFiler(), "JANY") };
  const h = dataOf<Any>(
    await envelope<Any>("filings.history", { symbol: "JANY", statement: "balance" }, fake),
  );
  // old: FY2023, FY2024 (2024-01-28) and FY2024 again (2024-02-05) with debt 11,500
  assert.deepEqual(h.columns.map((c: Any) => `${c.label} ${c.end}`), [
    "FY2023 2023-01-29",
    "FY2024 2024-01-28",
  ]);
  const debt = h.rows.find((r: Any) => r.key === "long_term_debt");
  assert.deepEqual(debt.cells.map((c: Any) => c.value), [9_700, 8_500]);
  const f = await envelope<Any>(
    "filings.facts",
    { symbol: "JANY", concept: "LongTermDebtNoncurrent", period: "annual" },
    fake,
  );
  // the year-end balance keeps its label (old: both lost theirs to a clash)
  assert.deepEqual(
    dataOf<Any>(f).rows.map((r: Any) => `${r.end} ${r.fiscal_period} ${r.fiscal_year}`),
    ["2023-01-29 FY 2023", "2024-01-28 FY 2024"],
  );
  assert.ok(
    f.warnings.some((w: string) =>
      /^1 value\(s\) dated on no fiscal period's end .* the latest at 2024-02-05/.test(w)
    ),
    f.warnings.join("\n"),
  );
});

Deno.test("frames: a tag with no frame in the default unit names the per-share and share units", async () => {
  const e = await envelope<Any>(
    "filings.frames",
    { concept: "EarningsPerShareDiluted", period: "CY2023" },
    { fetch: () => Promise.resolve(new Response("Not Found", { status: 404 })) },
  );
  assert.equal(e.ok, false);
  // old: "... in USD for CY2023 (balance-sheet concepts need ...); check the tag, unit and period"
  assert.match(String(e.error), /per-share tags need unit=USD\/shares, share counts unit=shares/);
});
