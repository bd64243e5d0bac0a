/**
 * Company facts, second audit: a filing's several values are not restated by a later filing
 * giving one of them; 16-week quarters of a 13-period (16-12-12-12) calendar read as quarters;
 * money items tagged in "shares" said as such, not as another currency; ifrs-full tags for
 * shares outstanding, share-based compensation and share repurchases. Every company here is
 * invented; the rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { fiscalName } from "../../analysis/filings/facts_calendar.ts";
import { groupPeriods } from "../../analysis/filings/facts_periods.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

type Filing = { accn: string; fy: number; fp: string; form: string; filed: string };
const at = (end: string, val: number, f: Filing): FactRow => ({ end, val, ...f });
const over = (start: string, end: string, val: number, f: Filing): FactRow => ({
  start,
  end,
  val,
  ...f,
});

function history(taxonomies: Record<string, Concepts>, opts: Partial<HistoryOptions> = {}) {
  const filings = filingPeriods(
    Object.values(taxonomies).flatMap((c) =>
      Object.values(c).flatMap((x) => Object.values(x.units))
    ),
  );
  return buildHistory(taxonomies, filings, {
    statement: "income",
    period: "quarterly",
    years: 10,
    asOf: null,
    basis: "latest",
    ...opts,
  })!;
}

function fakeSec(facts: unknown, ticker: string): typeof fetch {
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
      return json({ "0": { cik_str: 9990088, ticker, title: "Fixture Grocers" } });
    }
    if (url.includes("/companyfacts/CIK0009990088.json")) return json(facts);
    return Promise.resolve(new Response("Not Found", { status: 404 }));
  };
}

// ---- several values in the first filing, one of them in a later one ----

const K23 = { accn: "0000000021-24-000010", fy: 2023, fp: "FY", form: "10-K", filed: "2024-02-01" };
const K24 = { accn: "0000000021-25-000010", fy: 2024, fp: "FY", form: "10-K", filed: "2025-02-01" };

Deno.test("restated: a later filing giving one of the first filing's several values restates nothing", () => {
  const filings = filingPeriods([[over("2023-01-01", "2023-12-31", 1, K23)]]);
  // class A and class B counts at the year end in the first 10-K, class A alone in the next
  const rows = [
    at("2023-12-31", 5_000_000_000, K23),
    at("2023-12-31", 800_000_000, K23),
    at("2023-12-31", 800_000_000, K24),
  ];
  const [p] = groupPeriods("CommonStockSharesOutstanding", "shares", rows, filings);
  // old: restated=true (5,000,000,000, the first filing's largest, "restated" to 800,000,000)
  assert.equal(p.restated, false);
  assert.equal(p.first_change, null);
  assert.deepEqual(p.first_values, [5_000_000_000, 800_000_000]);
  // the reverse (one value, then several including it) restates nothing either
  const [q] = groupPeriods("X", "shares", [
    at("2023-12-31", 800_000_000, K23),
    at("2023-12-31", 800_000_000, K24),
    at("2023-12-31", 5_000_000_000, K24),
  ], filings);
  assert.equal(q.restated, false);
  // a class's count changed: restated, and when
  const [r] = groupPeriods("X", "shares", [
    at("2023-12-31", 5_000_000_000, K23),
    at("2023-12-31", 800_000_000, K23),
    at("2023-12-31", 5_000_000_000, K24),
    at("2023-12-31", 810_000_000, K24),
  ], filings);
  assert.equal(r.restated, true);
  assert.equal(r.first_change, "2025-02-01");
});

// ---- a 16-12-12-12-week fiscal year ----

// A grocer whose fiscal year ends on the Saturday nearest January 31, named by the calendar year
// it starts in, of thirteen 4-week periods: its first quarter is 16 weeks, the others 12.
const f = (n: string, fy: number, fp: string, form: string, filed: string): Filing => ({
  accn: `0000000022-${n}`,
  fy,
  fp,
  form,
  filed,
});
const Q1_23 = f("23-000001", 2023, "Q1", "10-Q", "2023-06-20");
const Q2_23 = f("23-000002", 2023, "Q2", "10-Q", "2023-09-10");
const Q3_23 = f("23-000003", 2023, "Q3", "10-Q", "2023-12-05");
const K_23 = f("24-000001", 2023, "FY", "10-K", "2024-03-25");
const Q1_24 = f("24-000002", 2024, "Q1", "10-Q", "2024-06-18");

function grocer(): Record<string, Concepts> {
  const revenue: FactRow[] = [
    over("2023-01-29", "2023-05-20", 1_600, Q1_23), // 16 weeks
    over("2023-05-21", "2023-08-12", 1_200, Q2_23), // 12 weeks
    over("2023-01-29", "2023-08-12", 2_800, Q2_23),
    over("2023-08-13", "2023-11-04", 1_250, Q3_23),
    over("2023-01-29", "2023-11-04", 4_050, Q3_23),
    over("2022-01-30", "2023-01-28", 5_000, K_23),
    over("2023-01-29", "2024-01-27", 5_350, K_23),
    over("2024-01-28", "2024-05-18", 1_700, Q1_24), // 16 weeks
    over("2023-01-29", "2023-05-20", 1_600, Q1_24),
  ];
  const assets: FactRow[] = [
    at("2023-01-28", 9_000, K_23),
    at("2023-05-20", 9_100, Q1_23),
    at("2023-08-12", 9_200, Q2_23),
    at("2023-11-04", 9_300, Q3_23),
    at("2024-01-27", 9_400, K_23),
    at("2024-05-18", 9_500, Q1_24),
  ];
  return {
    "us-gaap": {
      Revenues: { units: { USD: revenue } },
      Assets: { units: { USD: assets } },
    },
  };
}

Deno.test("16-week quarters: the first quarter of a 16-12-12-12 year is a quarter, labelled Q1", () => {
  const t = grocer();
  const filings = filingPeriods(Object.values(t["us-gaap"]).map((c) => c.units.USD));
  const ps = groupPeriods("Revenues", "USD", t["us-gaap"].Revenues.units.USD, filings);
  const q1 = ps.find((p) => p.start === "2024-01-28")!;
  // old: period kind "other", no fiscal period: no Q1 anywhere
  assert.equal(q1.kind, "quarter");
  assert.equal(fiscalName(q1), "Q1 FY2024");
  assert.equal(
    fiscalName(ps.find((p) => p.start === "2023-01-29" && p.end === "2023-05-20")!),
    "Q1 FY2023",
  );
  // balances at the 16-week quarter's end and the next one's are labelled too
  const bs = groupPeriods("Assets", "USD", t["us-gaap"].Assets.units.USD, filings);
  const label = (end: string) => fiscalName(bs.find((p) => p.end === end)!);
  // old: null for both (36 and 24 weeks before the year end fit no 13-week quarter end)
  assert.equal(label("2023-05-20"), "Q1 FY2023");
  assert.equal(label("2023-08-12"), "Q2 FY2023");
  assert.equal(label("2023-11-04"), "Q3 FY2023");
  // a 16-week period that starts on no year's first day is no quarter (a stub after a spin-off)
  const stub = groupPeriods(
    "Revenues",
    "USD",
    [over("2023-03-05", "2023-06-24", 10, Q1_23)],
    filings,
  );
  assert.equal(stub[0].kind, "other");
});

Deno.test("16-week quarters: quarterly history has Q1, a Q4 from the year, and a TTM, and says so", () => {
  const h = history(grocer());
  const rev = h.rows.find((r) => r.key === "revenue")!;
  const cell = (label: string) => {
    const i = h.columns.findIndex((c) => c.label === label);
    assert.ok(i >= 0, h.columns.map((c) => c.label).join(", "));
    return rev.cells[i];
  };
  assert.equal(cell("Q1 FY2024").value, 1_700);
  assert.equal(cell("Q1 FY2023").value, 1_600);
  // old: FY - Q3 YTD only; now from the quarters, all four of them reported
  assert.equal(cell("Q4 FY2023").value, 5_350 - 1_600 - 1_200 - 1_250);
  assert.equal(cell("Q4 FY2023").derived, "FY - Q1 - Q2 - Q3");
  assert.ok(
    h.warnings.some((w) =>
      /^2 quarter column\(s\) \(Q1 FY2023 of 16 weeks, Q1 FY2024 of 16 weeks\) are longer than 13 weeks/
        .test(w)
    ),
    h.warnings.join("\n"),
  );
  // the quarterly balance sheet has the Q1 and Q2 columns' balances
  const bal = history(grocer(), { statement: "balance" });
  const assets = bal.rows.find((r) => r.key === "total_assets")!;
  const q1 = bal.columns.findIndex((c) => c.label === "Q1 FY2023");
  assert.ok(q1 >= 0, bal.columns.map((c) => c.label).join(", "));
  assert.equal(assets.cells[q1].value, 9_100);
  // TTM to the 16-week Q1: Q1 FY2024 + Q4 + Q3 + Q2 FY2023, 52 weeks
  const ttm = history(grocer(), { period: "ttm" });
  const t = ttm.rows.find((r) => r.key === "revenue")!.cells[0];
  // old: empty ("fewer than four consecutive quarters reported"), and as of Q4 FY2023
  assert.equal(ttm.columns[0].end, "2024-05-18");
  assert.equal(t.value, 1_700 + (5_350 - 4_050) + 1_250 + 1_200);
  assert.equal(ttm.columns[0].start, "2023-05-21");
  assert.ok(!ttm.warnings.some((w) => /not 52 weeks/.test(w)), ttm.warnings.join("\n"));
});

Deno.test("16-week quarters: filings.facts period=quarterly lists them and says they are long", async () => {
  const facts = {
    cik: 9990088,
    entityName: "Fixture Grocers",
    facts: {
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: null,
          units: grocer()["us-gaap"].Revenues.units,
        },
      },
    },
  };
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "GROC", concept: "revenue", period: "quarterly" },
    { fetch: fakeSec(facts, "GROC") },
  );
  const d = dataOf<Any>(e);
  // old: the two 16-week first quarters were not there
  assert.deepEqual(
    d.rows.map((r: Any) => `${r.fiscal_period} ${r.fiscal_year} ${r.duration_days}`),
    ["Q1 2023 112", "Q2 2023 84", "Q3 2023 84", "Q1 2024 112"],
  );
  assert.ok(
    e.warnings.some((w: string) =>
      /^2 quarter\(s\) are longer than 13 weeks \(the latest: 2024-01-28\.\.2024-05-18, 16 weeks\)/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

// ---- a money item tagged in "shares" ----

Deno.test("units: a money item's values tagged in shares are not called another currency", () => {
  const K = (y: number) => f(`${y % 100}-000090`, y - 1, "FY", "10-K", `${y}-02-20`);
  const t: Record<string, Concepts> = {
    "us-gaap": {
      Revenues: {
        units: {
          USD: [over("2022-01-01", "2022-12-31", 500, K(2023))],
          // a tagging slip: an older year's figure with unit shares
          shares: [over("2021-01-01", "2021-12-31", 450, K(2022))],
        },
      },
    },
  };
  const h = history(t, { period: "annual" });
  // old: "revenue: 1 period(s) reported only in shares, not in USD, are left out rather than
  // mixed with USD figures", as if shares were a currency
  assert.ok(
    !h.warnings.some((w) => /mixed with USD figures/.test(w)),
    h.warnings.join("\n"),
  );
  assert.ok(
    h.warnings.some((w) =>
      w.startsWith(
        "revenue: 1 period(s) are tagged only in shares, not in USD, the unit this item is read in (an amount of money): a tagging slip or another quantity under the same tag, left out",
      )
    ),
    h.warnings.join("\n"),
  );
});

// ---- ifrs-full tags ----

Deno.test("ifrs-full: shares outstanding, share-based compensation and repurchases are read", () => {
  const F = (y: number) => f(`${y % 100}-000070`, y - 1, "FY", "20-F", `${y}-04-20`);
  const year = (y: number, v: number) => over(`${y}-01-01`, `${y}-12-31`, v, F(y + 1));
  const t: Record<string, Concepts> = {
    "ifrs-full": {
      Revenue: { units: { EUR: [year(2022, 10_000), year(2023, 11_000)] } },
      Assets: {
        units: { EUR: [at("2022-12-31", 50_000, F(2023)), at("2023-12-31", 52_000, F(2024))] },
      },
      NumberOfSharesOutstanding: {
        units: { shares: [at("2022-12-31", 700, F(2023)), at("2023-12-31", 690, F(2024))] },
      },
      AdjustmentsForSharebasedPayments: { units: { EUR: [year(2022, 80), year(2023, 90)] } },
      PaymentsToAcquireOrRedeemEntitysShares: {
        units: { EUR: [year(2022, 300), year(2023, 400)] },
      },
    },
  };
  const bal = history(t, { statement: "balance", period: "annual" });
  assert.equal(bal.taxonomy, "ifrs-full");
  // old: no shares_outstanding row (missing)
  const shares = bal.rows.find((r) => r.key === "shares_outstanding");
  assert.ok(shares, bal.missing.join(", "));
  assert.deepEqual(shares.cells.map((c) => c.value), [700, 690]);
  const cf = history(t, { statement: "cashflow", period: "annual" });
  const values = (key: string) => cf.rows.find((r) => r.key === key)?.cells.map((c) => c.value);
  assert.deepEqual(values("stock_compensation"), [80, 90]);
  assert.deepEqual(values("share_repurchases"), [300, 400]);
  // still no ifrs-full tag for a total of operating expenses
  const inc = history(t, { statement: "income", period: "annual" });
  assert.ok(inc.missing.includes("operating_expenses"));
});

// ---- a transition period reported on form 10-K ----

Deno.test("transition: a short period on form 10-K after a year on another day is no Q4", () => {
  // September years, then October-December 2022 reported on a 10-K (the transition box ticked,
  // SEC's form 10-K, fp FY), then December years
  const F = (n: string, fy: number, fp: string, form: string, filed: string) =>
    f(n, fy, fp, form, filed);
  const K21 = F("21-000020", 2021, "FY", "10-K", "2021-11-20");
  const K22 = F("22-000020", 2022, "FY", "10-K", "2022-11-20");
  const T22 = F("23-000005", 2022, "FY", "10-K", "2023-03-15");
  const K23b = F("24-000010", 2023, "FY", "10-K", "2024-02-20");
  const rows: FactRow[] = [
    over("2020-10-01", "2021-09-30", 400, K21),
    over("2021-10-01", "2021-12-31", 100, F("22-000001", 2022, "Q1", "10-Q", "2022-02-01")),
    over("2022-01-01", "2022-03-31", 105, F("22-000002", 2022, "Q2", "10-Q", "2022-05-01")),
    over("2022-04-01", "2022-06-30", 110, F("22-000003", 2022, "Q3", "10-Q", "2022-08-01")),
    over("2021-10-01", "2022-09-30", 430, K22),
    over("2022-10-01", "2022-12-31", 120, T22),
    over("2021-10-01", "2022-09-30", 430, T22),
    over("2023-01-01", "2023-03-31", 125, F("23-000010", 2023, "Q1", "10-Q", "2023-05-01")),
    over("2023-04-01", "2023-06-30", 130, F("23-000011", 2023, "Q2", "10-Q", "2023-08-01")),
    over("2023-07-01", "2023-09-30", 135, F("23-000012", 2023, "Q3", "10-Q", "2023-11-01")),
    over("2023-01-01", "2023-12-31", 530, K23b),
    over("2022-10-01", "2022-12-31", 120, K23b),
  ];
  const h = history({ "us-gaap": { Revenues: { units: { USD: rows } } } });
  // old: "Q4 FY2022@2022-12-31", a second Q4 FY2022 beside the September year's
  assert.deepEqual(h.columns.map((c) => `${c.label}@${c.end}`).slice(3, 5), [
    "Q4 FY2022@2022-09-30",
    "FY2022 transition@2022-12-31",
  ]);
  // a new company's first short period on a 10-K (no year before it) is no transition
  const first = [
    over("2022-10-01", "2022-12-31", 50, F("23-000099", 2022, "FY", "10-K", "2023-03-01")),
    over("2023-01-01", "2023-12-31", 300, F("24-000099", 2023, "FY", "10-K", "2024-03-01")),
  ];
  const ps = groupPeriods("Revenues", "USD", first, filingPeriods([first]));
  assert.notEqual(ps[0].fiscal_period, "transition");
  // nor a 10-K whose facts run past its year (the next quarter shown): its years all end in
  // January (seen on a real 10-K, whose Q1 FY2015 column became "FY2013 transition")
  const K = (n: string, fy: number, filed: string) => F(n, fy, "FY", "10-K", filed);
  const past = [
    over("2012-01-30", "2013-01-27", 400, K("13-000001", 2013, "2013-03-12")),
    over("2013-01-28", "2014-01-26", 410, K("14-000001", 2014, "2014-03-13")),
    over("2014-01-27", "2014-04-27", 110, K("14-000030", 2013, "2014-05-20")),
    over("2014-01-27", "2014-04-27", 110, F("14-000040", 2015, "Q1", "10-Q", "2014-05-22")),
    over("2014-01-27", "2015-01-25", 450, K("15-000001", 2015, "2015-03-12")),
  ];
  const pp = groupPeriods("Revenues", "USD", past, filingPeriods([past]));
  assert.equal(fiscalName(pp.find((p) => p.end === "2014-04-27")!), "Q1 FY2015");
});

// ---- free cash flow of a quarter whose operating cash flow is left empty ----

Deno.test("computed: free cash flow over an operating cash flow left empty says why", () => {
  const Q = (n: number, fp: string, filed: string) => f(`23-00000${n}`, 2023, fp, "10-Q", filed);
  const KA = f("24-000001", 2023, "FY", "10-K", "2024-02-01");
  const KB = f("25-000001", 2024, "FY", "10-K", "2025-02-01");
  const quarters = (vals: number[]) =>
    vals.map((v, i) =>
      over(
        ["2023-01-01", "2023-04-01", "2023-07-01"][i],
        ["2023-03-31", "2023-06-30", "2023-09-30"][i],
        v,
        Q(i + 1, `Q${i + 1}`, ["2023-05-01", "2023-08-01", "2023-11-01"][i]),
      )
    );
  const t: Record<string, Concepts> = {
    "us-gaap": {
      Revenues: { units: { USD: [over("2023-01-01", "2023-12-31", 900, KA)] } },
      NetCashProvidedByUsedInOperatingActivities: {
        units: {
          USD: [
            ...quarters([100, 110, 120]),
            over("2023-01-01", "2023-12-31", 460, KA),
            // the year restated by the next 10-K, its quarters never reported again
            over("2023-01-01", "2023-12-31", 500, KB),
          ],
        },
      },
      PaymentsToAcquirePropertyPlantAndEquipment: {
        units: {
          USD: [...quarters([10, 10, 10]), over("2023-01-01", "2023-12-31", 40, KA)],
        },
      },
    },
  };
  const h = history(t, { statement: "cashflow" });
  const i = h.columns.findIndex((c) => c.label === "Q4 FY2023");
  const cell = (key: string) => h.rows.find((r) => r.key === key)!.cells[i];
  assert.equal(cell("operating_cash_flow").value, null);
  // old: 170 - 10 = 160, free cash flow of a quarter on neither basis
  assert.equal(cell("free_cash_flow").value, null);
  assert.match(
    cell("free_cash_flow").note!,
    /^not computed as operating_cash_flow - capex: operating_cash_flow has no value \(not derived as FY - Q1 - Q2 - Q3: mixed basis: /,
  );
});

// ---- filings.frames: instant frames and share counts ----

function framesFetch(frames: Record<string, unknown[]>): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const m = /\/frames\/([^/]+)\/([^/]+)\/([^/]+)\/([^/.]+)\.json$/.exec(url);
    const data = m ? frames[`${m[2]}/${decodeURIComponent(m[3])}/${m[4]}`] : undefined;
    if (!data) return Promise.resolve(new Response("Not Found", { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify({ taxonomy: m![1], tag: m![2], label: m![2], data }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
  };
}
const frameRow = (cik: number, name: string, val: number, end: string, start?: string) => ({
  accn: `00000${cik}-24-000001`,
  cik,
  entityName: name,
  loc: "US-DE",
  ...(start ? { start } : {}),
  end,
  val,
});

Deno.test("frames: a year-end balance is CY2023Q4I, never CY2023I", async () => {
  const fetch = framesFetch({
    "Assets/USD/CY2023": [frameRow(31, "Odd Co", 1, "2023-12-31", "2023-01-01")],
    "Assets/USD/CY2023Q4I": [frameRow(32, "Balance Co", 5_000, "2023-12-31")],
  });
  // old: accepted, asked SEC for a frame that does not exist, "check the tag, unit and period"
  const e = await envelope<Any>("filings.frames", { concept: "Assets", period: "CY2023I" }, {
    fetch,
  });
  assert.equal(e.ok, false);
  assert.match(e.error!, /a year-end balance is CY2023Q4I, not CY2023I/);
  // a balance item asked for a year: the hint names a frame SEC has (old: "such as CY2023I")
  const y = await envelope<Any>(
    "filings.frames",
    { concept: "total_assets", period: "CY2023" },
    { fetch },
  );
  assert.ok(
    y.warnings.some((w: string) => w.includes("use an instant period such as CY2023Q4I")),
    y.warnings.join("\n"),
  );
});

Deno.test("frames: a weighted average share count is over a period, shares outstanding at a date", async () => {
  const fetch = framesFetch({
    "WeightedAverageNumberOfSharesOutstandingBasic/shares/CY2023Q4I": [
      frameRow(33, "Share Co", 100, "2023-12-31"),
    ],
    "CommonStockSharesOutstanding/shares/CY2023": [
      frameRow(34, "Count Co", 90, "2023-12-31", "2023-01-01"),
    ],
  });
  // old: no word for either (share counts were never warned about)
  const w = await envelope<Any>(
    "filings.frames",
    { concept: "shares_basic", period: "CY2023Q4I" },
    { fetch },
  );
  assert.ok(
    w.warnings.some((x: string) => /^shares_basic is over a period, not at a date/.test(x)),
    w.warnings.join("\n"),
  );
  const o = await envelope<Any>(
    "filings.frames",
    { concept: "shares_outstanding", period: "CY2023" },
    { fetch },
  );
  assert.ok(
    o.warnings.some((x: string) =>
      /^shares_outstanding is a balance at a date; use an instant period such as CY2023Q4I/.test(x)
    ),
    o.warnings.join("\n"),
  );
});

// ---- XBRL instances with single-quoted attributes ----

Deno.test("xbrl: contexts and units with single-quoted ids are read", async () => {
  const { parseInstance } = await import("../../providers/filings_a/xbrl.ts");
  const xml = `<?xml version='1.0' encoding='utf-8'?>
<xbrli:xbrl xmlns:xbrli='http://www.xbrl.org/2003/instance' xmlns:iso4217='http://www.xbrl.org/2003/iso4217' xmlns:us-gaap='http://fasb.org/us-gaap/2023'>
  <xbrli:context id='c2023'>
    <xbrli:entity><xbrli:identifier scheme='http://www.sec.gov/CIK'>0009990001</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2023-01-01</xbrli:startDate><xbrli:endDate>2023-12-31</xbrli:endDate></xbrli:period>
  </xbrli:context>
  <xbrli:unit id='usd'><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
  <us-gaap:Revenues contextRef='c2023' unitRef='usd' decimals='-6'>1234000000</us-gaap:Revenues>
</xbrli:xbrl>`;
  const inst = parseInstance(xml);
  // old: no context and no unit read, so the statement had no value and said nothing
  assert.deepEqual(inst.contexts.get("c2023"), {
    start: "2023-01-01",
    end: "2023-12-31",
    instant: null,
    dimensional: false,
  });
  assert.equal(inst.facts.get("us-gaap:Revenues")![0].unit, "USD");
});

// ---- TTM on a fiscal year end whose Q4 is left empty ----

Deno.test("ttm: at a fiscal year end whose Q4 is not derived, the year is the twelve months", () => {
  const Q = (n: number, fp: string, filed: string) => f(`23-10000${n}`, 2023, fp, "10-Q", filed);
  const KA = f("24-100001", 2023, "FY", "10-K", "2024-02-01");
  const KB = f("24-100002", 2023, "FY", "10-K/A", "2024-06-01");
  const t: Record<string, Concepts> = {
    "us-gaap": {
      Revenues: {
        units: {
          USD: [
            over("2023-01-01", "2023-03-31", 100, Q(1, "Q1", "2023-05-01")),
            over("2023-04-01", "2023-06-30", 110, Q(2, "Q2", "2023-08-01")),
            over("2023-07-01", "2023-09-30", 120, Q(3, "Q3", "2023-11-01")),
            over("2023-01-01", "2023-12-31", 460, KA),
            // the year restated by an amended 10-K, its quarters never reported again
            over("2023-01-01", "2023-12-31", 500, KB),
          ],
        },
      },
    },
  };
  const q = history(t);
  const i = q.columns.findIndex((c) => c.label === "Q4 FY2023");
  assert.equal(q.rows[0].cells[i].value, null);
  const h = history(t, { period: "ttm" });
  const cell = h.rows.find((r) => r.key === "revenue")!.cells[0];
  // the sum with the Q4 (500 - 330) was the year; with that Q4 left empty it must still be
  assert.equal(h.columns[0].end, "2023-12-31");
  assert.equal(cell.value, 500);
  assert.equal(cell.accession_no, KB.accn);
  assert.match(
    cell.derived!,
    /^FY2023 \(the twelve months end on the fiscal year end; the quarters are not summed: Q4 FY2023 has no value\)$/,
  );
  assert.equal(h.columns[0].start, "2023-01-01");
});
