/**
 * filings.facts and filings.history for foreign private issuers filing in ifrs-full: a 20-F
 * filer in TWD with a USD convenience translation of its latest year (TWSC), two 20-F filers
 * with March year ends, one naming a year by the year it ends in (JPMA), one by the year it
 * starts in (JPMS), each with a half year on a 6-K, and a 40-F filer that moved from us-gaap
 * in USD to ifrs-full in CAD (CANF). The companies are invented; their company facts
 * (tests/fixtures/filings/ifrs_facts/CIK*.json) are shaped exactly as SEC's companyfacts answer.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const DIR = join(FIXTURES, "filings", "ifrs_facts");
const TICKERS: Record<string, number> = {
  TWSC: 9991101,
  JPMA: 9991102,
  JPMS: 9991103,
  CANF: 9991104,
};

const fakeSec: typeof fetch = async (input) => {
  const url = String(input instanceof Request ? input.url : input);
  const json = (b: string) =>
    new Response(b, { status: 200, headers: { "content-type": "application/json" } });
  if (url.endsWith("/files/company_tickers.json")) {
    const list = Object.entries(TICKERS).map(([ticker, cik], i) => [
      String(i),
      { cik_str: cik, ticker, title: ticker },
    ]);
    return json(JSON.stringify(Object.fromEntries(list)));
  }
  const m = url.match(/\/companyfacts\/(CIK\d{10}\.json)$/);
  if (m) {
    try {
      return json(await Deno.readTextFile(join(DIR, m[1])));
    } catch {
      // not one of ours: SEC's 404
    }
  }
  return new Response("Not Found", { status: 404 });
};

async function call(name: string, args: Record<string, unknown>) {
  const e = await envelope<Any>(name, args, { fetch: fakeSec });
  return { d: dataOf<Any>(e), w: e.warnings as string[] };
}
const row = (d: Any, key: string) => d.rows.find((r: Any) => r.key === key);
const labels = (d: Any) => d.columns.map((c: Any) => c.label);

// ---- canonical items map to ifrs-full concepts, in the reporting currency ----

Deno.test("filings.facts: an IFRS filer's friendly names read ifrs-full tags in its own currency", async () => {
  const want: [string, string, string][] = [
    ["revenue", "Revenue", "TWD"],
    ["net_income", "ProfitLossAttributableToOwnersOfParent", "TWD"],
    ["total_assets", "Assets", "TWD"],
    ["operating_cash_flow", "CashFlowsFromUsedInOperatingActivities", "TWD"],
    ["eps_basic", "BasicEarningsLossPerShare", "TWD/shares"],
  ];
  for (const [concept, tag, unit] of want) {
    const { d } = await call("filings.facts", { symbol: "TWSC", concept, period: "annual" });
    assert.equal(d.taxonomy, "ifrs-full", concept);
    assert.equal(d.unit, unit, concept);
    assert.ok(d.rows.length >= 4, concept);
    assert.ok(
      d.rows.every((r: Any) => r.tag === tag),
      `${concept}: ${d.rows.map((r: Any) => r.tag)}`,
    );
    // 20-F annual reports count as annual
    assert.ok(
      d.rows.every((r: Any) => r.fiscal_period === "FY" && r.last_reported.form === "20-F"),
    );
  }
});

Deno.test("filings.facts: a USD convenience translation beside TWD is never mixed in, and is said", async () => {
  const { d, w } = await call("filings.facts", { symbol: "TWSC", concept: "revenue" });
  const y2023 = d.rows.find((r: Any) => r.end === "2023-12-31");
  assert.equal(y2023.last_reported.value, 2161735841000); // TWD, not the USD 70,459,000,000
  assert.equal(d.rows.length, 5);
  // old: nothing said; the USD figure was silently dropped
  const c = w.filter((x) => /^revenue: some periods are also reported in USD/.test(x));
  assert.equal(c.length, 1, w.join("\n"));
  assert.match(c[0], /convenience translation.*only TWD is shown.*never mixed.*unit=USD/);
  // asked for in USD: the one translated year, said not to be the statements' currency
  const usd = await call("filings.facts", { symbol: "TWSC", concept: "revenue", unit: "USD" });
  assert.deepEqual(usd.d.rows.map((r: Any) => r.last_reported.value), [70459000000]);
  assert.ok(
    usd.w.some((x) =>
      /^unit: USD is not the currency of the company's financial statements \(TWD\)/.test(x)
    ),
    usd.w.join("\n"),
  );
  // asked in the statements' currency: nothing to say about the unit
  const twd = await call("filings.facts", { symbol: "TWSC", concept: "revenue", unit: "TWD" });
  assert.ok(!twd.w.some((x) => /^unit: /.test(x)), twd.w.join("\n"));
});

Deno.test("filings.history: an IFRS filer's statement is in its reporting currency only, the other said", async () => {
  const { d, w } = await call("filings.history", { symbol: "TWSC", period: "annual", years: 10 });
  assert.equal(d.taxonomy, "ifrs-full");
  assert.equal(d.currency, "TWD");
  assert.deepEqual(labels(d), ["FY2019", "FY2020", "FY2021", "FY2022", "FY2023"]);
  const rev = row(d, "revenue");
  assert.equal(rev.unit, "TWD");
  assert.equal(rev.cells[4].value, 2161735841000);
  assert.ok(rev.cells.every((c: Any) => c.tag === "Revenue"));
  assert.equal(row(d, "net_income").cells[4].tag, "ProfitLossAttributableToOwnersOfParent");
  assert.equal(row(d, "eps_basic").unit, "TWD/shares");
  assert.equal(row(d, "eps_basic").cells[4].value, 32.34); // not the USD 5.27
  assert.ok(
    w.some((x) => /^some items are also reported in USD .*this history is in TWD only/.test(x)),
    w.join("\n"),
  );
  const cf = await call("filings.history", { symbol: "TWSC", statement: "cashflow", years: 10 });
  assert.equal(
    row(cf.d, "operating_cash_flow").cells.at(-1).tag,
    "CashFlowsFromUsedInOperatingActivities",
  );
  assert.equal(row(cf.d, "operating_cash_flow").cells.at(-1).value, 1242000000000);
});

// ---- March year ends: labelled as the company labels them, the rule stated ----

Deno.test("filings.facts: a March year end is labelled as the company labels it, and the rule is stated", async () => {
  const a = await call("filings.facts", { symbol: "JPMA", concept: "revenue", period: "annual" });
  const y = a.d.rows.find((r: Any) => r.end === "2024-03-31");
  assert.equal(y.fiscal_year, 2024);
  assert.match(
    a.d.fiscal_year_rule,
    /by the calendar year it ends in, so FY2024 is the year ending 2024-03-31/,
  );
  // the usual rule needs no warning
  assert.ok(!a.w.some((x) => /^fiscal years end on or near/.test(x)), a.w.join("\n"));
  const s = await call("filings.facts", { symbol: "JPMS", concept: "revenue", period: "annual" });
  assert.equal(s.d.rows.find((r: Any) => r.end === "2024-03-31").fiscal_year, 2023);
  // old: FY2023 for the year ending 2024-03-31, unsaid
  assert.ok(
    s.w.some((x) =>
      /^fiscal years end on or near 03-31 .*by the calendar year it starts in, so FY2023 is the year ending 2024-03-31/
        .test(x)
    ),
    s.w.join("\n"),
  );
  const h = await call("filings.history", { symbol: "JPMS", period: "annual", years: 10 });
  assert.deepEqual(labels(h.d), ["FY2020", "FY2021", "FY2022", "FY2023"]);
  assert.match(h.d.fiscal_year_rule, /starts in/);
  assert.ok(h.w.some((x) => /^fiscal years end on or near 03-31/.test(x)), h.w.join("\n"));
  const ha = await call("filings.history", { symbol: "JPMA", period: "annual", years: 10 });
  assert.deepEqual(labels(ha.d), ["FY2021", "FY2022", "FY2023", "FY2024"]);
});

// ---- 6-K half years: half years, never quarters ----

Deno.test("filings.facts: a 6-K half year is labelled H1, never a quarter", async () => {
  const { d } = await call("filings.facts", { symbol: "JPMA", concept: "revenue" });
  const h = d.rows.find((r: Any) => r.end === "2024-09-30");
  assert.equal(h.period_kind, "half");
  assert.equal(h.fiscal_period, "H1"); // old: "Q2 YTD"
  assert.equal(h.fiscal_year, 2025);
  const bal = await call("filings.facts", { symbol: "JPMA", concept: "total_assets" });
  assert.equal(bal.d.rows.find((r: Any) => r.end === "2024-09-30").fiscal_period, "H1"); // old: "Q2"
  // left out of quarters, and said
  const q = await call("filings.facts", {
    symbol: "JPMA",
    concept: "revenue",
    period: "quarterly",
  });
  assert.equal(q.d.rows.length, 0);
  assert.ok(
    q.w.some((x) => /^2 half-year value\(s\) \(fiscal_period H1.*not a quarter/.test(x)),
    q.w.join("\n"),
  );
});

Deno.test("filings.history: a 20-F filer with only 6-K half years after its year says its TTM and quarters", async () => {
  const t = await call("filings.history", { symbol: "JPMA", period: "ttm" });
  assert.deepEqual(labels(t.d), ["TTM to 2024-03-31"]);
  // old: nothing said; TTM to 2024-03-31 read as current beside a half year to 2024-09-30
  assert.ok(
    t.w.some((x) =>
      /^the latest annual report is a 20-F \(0009991102-24-000023.*only half years from 6-K \(the latest to 2024-09-30.*the trailing twelve months are that fiscal year, not the twelve months to 2024-09-30/
        .test(x)
    ),
    t.w.join("\n"),
  );
  const q = await call("filings.history", { symbol: "JPMA", period: "quarterly" });
  assert.equal(q.d.columns.length, 0);
  assert.ok(q.w.some((x) => /half years from 6-K.*no quarters/.test(x)), q.w.join("\n"));
  // before the 6-K was filed, the usual foreign issuer warning
  const early = await call("filings.history", {
    symbol: "JPMA",
    period: "ttm",
    as_of: "2024-07-01",
  });
  assert.ok(!early.w.some((x) => /half years from 6-K/.test(x)));
  assert.ok(early.w.some((x) => /foreign private issuer/.test(x)), early.w.join("\n"));
});

// ---- a move from us-gaap (USD) to ifrs-full (CAD) on 40-F ----

Deno.test("filings.facts and history: a move to IFRS joins no US GAAP figure, and names the year", async () => {
  const f = await call("filings.facts", { symbol: "CANF", concept: "revenue", period: "annual" });
  assert.equal(f.d.taxonomy, "ifrs-full");
  assert.equal(f.d.unit, "CAD");
  assert.deepEqual(f.d.rows.map((r: Any) => r.last_reported.value), [
    1750000000,
    2000000000,
    2300000000,
  ]);
  assert.ok(f.d.rows.every((r: Any) => r.last_reported.form === "40-F")); // 40-F years are annual
  assert.ok(
    f.w.some((x) =>
      /^revenue: the company also reports it under us-gaap .*it moved from us-gaap to ifrs-full with its FY2022 annual report \(40-F 0009991104-23-000033, filed 2023-03-01\), its last in us-gaap being its FY2021 annual report/
        .test(x)
    ),
    f.w.join("\n"),
  );
  const h = await call("filings.history", { symbol: "CANF", period: "annual", years: 10 });
  assert.equal(h.d.currency, "CAD");
  assert.deepEqual(labels(h.d), ["FY2021", "FY2022", "FY2023"]);
  const values = h.d.rows.flatMap((r: Any) => r.cells.map((c: Any) => c.value));
  for (const usGaap of [1000000000, 1200000000, 1400000000, 100000000, 120000000, 140000000]) {
    assert.ok(!values.includes(usGaap), `US GAAP ${usGaap} mixed in`);
  }
  assert.ok(
    h.w.some((x) =>
      /moved from us-gaap to ifrs-full with its FY2022 annual report.*joins no us-gaap figure/.test(
        x,
      )
    ),
    h.w.join("\n"),
  );
  // a company tagging both in the same reports made no move: no year named
  const { taxonomySwitch } = await import("../../analysis/filings/taxonomy_switch.ts");
  const row = (accn: string, filed: string) => ({
    start: "2023-01-01",
    end: "2023-12-31",
    val: 1,
    accn,
    fy: 2023,
    fp: "FY",
    form: "20-F",
    filed,
  });
  const both = {
    "us-gaap": { Revenues: { units: { USD: [row("a-1", "2024-03-01")] } } },
    "ifrs-full": { Revenue: { units: { USD: [row("a-1", "2024-03-01")] } } },
  };
  assert.equal(taxonomySwitch(both, "ifrs-full"), null);
});
