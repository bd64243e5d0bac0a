/** filings.facts / history / frames against the project's own XBRL API cassette. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "facts")] };
// deno-lint-ignore no-explicit-any
type Any = any;

const row = (d: Any, key: string) => d.rows.find((r: Any) => r.key === key);
const byLabel = (d: Any, r: Any, label: string) =>
  r.cells[d.columns.findIndex((c: Any) => c.label === label)];

Deno.test("filings.facts: first and last reported, restated, fiscal labels, citations", async () => {
  const d = dataOf<Any>(
    await envelope("filings.facts", { symbol: "FCTS", concept: "revenue", period: "annual" }, opts),
  );
  assert.equal(d.alias, "revenue");
  assert.deepEqual(d.tags, ["Revenues", "SalesRevenueNet"]);
  assert.deepEqual(d.rows.map((r: Any) => [r.fiscal_year, r.fiscal_period, r.tag]), [
    [2020, "FY", "SalesRevenueNet"],
    [2021, "FY", "SalesRevenueNet"],
    [2022, "FY", "Revenues"],
    [2023, "FY", "Revenues"],
  ]);
  const fy22 = d.rows[2];
  assert.equal(fy22.first_reported.value, 1000);
  assert.equal(fy22.first_reported.accession_no, "0009990001-23-000010");
  assert.equal(fy22.last_reported.value, 1010);
  assert.equal(fy22.last_reported.accession_no, "0009990001-24-000010");
  assert.equal(
    fy22.last_reported.url,
    "https://www.sec.gov/Archives/edgar/data/9990001/000999000124000010/0009990001-24-000010-index.html",
  );
  assert.equal(fy22.restated, true);
  assert.equal(fy22.reports, 2);
  assert.equal(fy22.duration_days, 365);
  assert.equal(d.restated_count, 1);
  // The FY2020 value appears only as a comparative in the FY2021 10-K: its fiscal year is
  // counted back from that filing, not copied from the filing's own fy.
  assert.equal(d.rows[0].first_reported.accession_no, "0009990001-22-000010");
});

Deno.test("filings.facts: as_of drops values filed later (point in time)", async () => {
  const d = dataOf<Any>(
    await envelope("filings.facts", {
      symbol: "FCTS",
      concept: "Revenues",
      period: "annual",
      as_of: "2023-12-31",
    }, opts),
  );
  assert.deepEqual(d.rows.map((r: Any) => r.end), ["2022-12-31"]);
  assert.equal(d.rows[0].last_reported.value, 1000);
  assert.equal(d.rows[0].restated, false);
});

Deno.test("filings.facts: quarterly keeps three-month periods; tag in any case; unknown concept suggests", async () => {
  const d = dataOf<Any>(
    await envelope(
      "filings.facts",
      { symbol: "FCTS", concept: "revenues", period: "quarterly" },
      opts,
    ),
  );
  // "revenues" is a synonym of the friendly name, so it maps to all revenue tags.
  assert.equal(d.alias, "revenue");
  assert.ok(d.rows.every((r: Any) => r.period_kind === "quarter"));
  assert.deepEqual(d.rows.map((r: Any) => r.fiscal_period), ["Q1", "Q1", "Q2", "Q3", "Q1"]);
  const exact = dataOf<Any>(
    await envelope("filings.facts", { symbol: "FCTS", concept: "netincomeloss" }, opts),
  );
  assert.deepEqual(exact.tags, ["NetIncomeLoss"]);
  const bad = await envelope("filings.facts", { symbol: "FCTS", concept: "NetIncomeLos" }, opts);
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /concept: .*did you mean NetIncomeLoss/);
});

Deno.test("filings.facts: a filer without XBRL facts is a provider error naming the URL", async () => {
  const e = await envelope("filings.facts", { symbol: "NOXB", concept: "revenue" }, opts);
  assert.equal(e.ok, false);
  assert.match(
    e.error!,
    /no XBRL company facts for CIK 9990003.*companyfacts\/CIK0009990003\.json/,
  );
});

Deno.test("filings.history annual: latest values, restatement marked, tag change merged", async () => {
  const d = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", statement: "income", years: 3 }, opts),
  );
  assert.deepEqual(d.columns.map((c: Any) => c.label), ["FY2021", "FY2022", "FY2023"]);
  const rev = row(d, "revenue");
  assert.deepEqual(rev.cells.map((c: Any) => c.value), [900, 1010, 1100]);
  assert.equal(rev.cells[1].restated, true);
  assert.equal(rev.cells[1].first_reported, 1000);
  assert.equal(rev.cells[0].tag, "SalesRevenueNet");
  assert.equal(rev.unit, "USD");
  const first = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", basis: "first_reported", years: 3 }, opts),
  );
  assert.equal(row(first, "revenue").cells[1].value, 1000);
  assert.equal(row(first, "revenue").cells[1].accession_no, "0009990001-23-000010");
});

Deno.test("filings.history quarterly: Q4 = FY - Q1 - Q2 - Q3 with four citations; never for EPS", async () => {
  const d = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", period: "quarterly", years: 2 }, opts),
  );
  const rev = row(d, "revenue");
  const q4 = byLabel(d, rev, "Q4 FY2023");
  assert.equal(q4.value, 1100 - 250 - 260 - 270);
  assert.equal(q4.derived, "FY - Q1 - Q2 - Q3");
  // As last reported: Q1 2023 was repeated as a comparative in the Q1 2024 10-Q.
  assert.deepEqual(q4.sources.map((s: Any) => s.accession_no), [
    "0009990001-24-000010",
    "0009990001-24-000020",
    "0009990001-23-000030",
    "0009990001-23-000040",
  ]);
  assert.ok(q4.sources.every((s: Any) => s.url.endsWith("-index.html")));
  const eps = byLabel(d, row(d, "eps_diluted"), "Q4 FY2023");
  assert.equal(eps.value, null);
  assert.match(eps.note, /not derived/);
  assert.equal(byLabel(d, row(d, "eps_diluted"), "Q3 FY2023").value, 0.54);
});

Deno.test("filings.history quarterly cash flow: quarters derived from year-to-date figures", async () => {
  const d = dataOf<Any>(
    await envelope("filings.history", {
      symbol: "FCTS",
      statement: "cashflow",
      period: "quarterly",
      years: 2,
    }, opts),
  );
  const ocf = row(d, "operating_cash_flow");
  assert.deepEqual(
    ["Q1 FY2023", "Q2 FY2023", "Q3 FY2023", "Q4 FY2023", "Q1 FY2024"].map((l) => {
      const c = byLabel(d, ocf, l);
      return [c.value, c.derived];
    }),
    [
      [40, null],
      [50, "Q2 YTD - Q1"],
      [60, "Q3 YTD - Q2 YTD"],
      [70, "FY - Q1 - Q2 - Q3"],
      [60, null],
    ],
  );
});

Deno.test("filings.history balance: year-end balances, never derived; Q4 is the year-end balance", async () => {
  const annual = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", statement: "balance" }, opts),
  );
  assert.deepEqual(annual.columns.map((c: Any) => c.end), ["2022-12-31", "2023-12-31"]);
  assert.deepEqual(row(annual, "total_assets").cells.map((c: Any) => c.value), [5000, 5400]);
  const q = dataOf<Any>(
    await envelope("filings.history", {
      symbol: "FCTS",
      statement: "balance",
      period: "quarterly",
    }, opts),
  );
  const assets = row(q, "total_assets");
  assert.ok(assets.cells.every((c: Any) => c.derived === null));
  assert.equal(byLabel(q, assets, "Q4 FY2023").value, 5400);
});

Deno.test("filings.history ttm: the last four quarters, formula and citations; as_of moves it back", async () => {
  const d = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", period: "ttm" }, opts),
  );
  assert.equal(d.columns[0].label, "TTM to 2024-03-31");
  const rev = row(d, "revenue").cells[0];
  assert.equal(rev.value, 300 + 320 + 270 + 260);
  // The same figure as last full year plus this year-to-date minus last year's.
  assert.equal(rev.value, 1100 + 300 - 250);
  assert.equal(rev.derived, "Q1 FY2024 + Q4 FY2023 + Q3 FY2023 + Q2 FY2023");
  assert.equal(rev.sources.length, 4);
  assert.equal(rev.sources[1].derived, "FY - Q1 - Q2 - Q3");
  assert.equal(rev.sources[1].sources.length, 4);
  const eps = row(d, "eps_diluted").cells[0];
  assert.equal(eps.value, null);
  assert.match(eps.note, /not summed/);
  const cf = dataOf<Any>(
    await envelope(
      "filings.history",
      { symbol: "FCTS", statement: "cashflow", period: "ttm" },
      opts,
    ),
  );
  assert.equal(row(cf, "operating_cash_flow").cells[0].value, 220 + 60 - 40);
  const earlier = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", period: "ttm", as_of: "2024-03-01" }, opts),
  );
  assert.equal(earlier.columns[0].end, "2023-12-31");
  assert.equal(row(earlier, "revenue").cells[0].value, 1100);
});

Deno.test("filings.history free cash flow is computed and cites both figures", async () => {
  const d = dataOf<Any>(
    await envelope("filings.history", { symbol: "FCTS", statement: "cashflow" }, opts),
  );
  const fcf = byLabel(d, row(d, "free_cash_flow"), "FY2023");
  assert.equal(fcf.value, 220 - 50);
  assert.equal(fcf.derived, "operating_cash_flow - capex");
  assert.deepEqual(fcf.sources.map((s: Any) => s.item), ["operating_cash_flow", "capex"]);
});

Deno.test("filings.history IFRS filer: ifrs-full in EUR; a USD-only line is left out with a warning", async () => {
  const e = await envelope<Any>("filings.history", { symbol: "EURO" }, opts);
  const d = dataOf<Any>(e);
  assert.equal(d.taxonomy, "ifrs-full");
  assert.equal(d.currency, "EUR");
  assert.deepEqual(row(d, "revenue").cells.map((c: Any) => c.value), [4500, 5000]);
  assert.equal(row(d, "revenue").unit, "EUR");
  assert.equal(row(d, "net_income").cells[1].value, 400);
  // Cost of sales exists only in USD: never mixed into a EUR statement.
  assert.equal(row(d, "cost_of_revenue"), undefined);
  assert.ok(d.missing_items.includes("cost_of_revenue"));
  assert.ok(e.warnings.some((w) => /cost_of_revenue: reported only in USD/.test(w)));
});

Deno.test("filings.frames: ranked across filers; a friendly name merges tags per company", async () => {
  const d = dataOf<Any>(
    await envelope("filings.frames", { concept: "Revenues", period: "cy2023", limit: 2 }, opts),
  );
  assert.equal(d.period, "CY2023");
  assert.equal(d.companies, 3);
  assert.deepEqual(d.rows.map((r: Any) => [r.rank, r.company, r.value]), [
    [1, "Big Revenue Holdings", 900000],
    [2, "Mid Cap Industries", 55000],
  ]);
  assert.equal(
    d.rows[0].url,
    "https://www.sec.gov/Archives/edgar/data/9990004/000999000424000003/0009990004-24-000003-index.html",
  );
  const alias = dataOf<Any>(
    await envelope("filings.frames", { concept: "revenue", period: "CY2023" }, opts),
  );
  assert.equal(alias.companies, 4);
  const mid = alias.rows.find((r: Any) => r.company === "Mid Cap Industries");
  // A company that tags its contract revenue and a larger total is ranked by the total, said
  assert.equal(mid.tag, "Revenues");
  assert.equal(mid.value, 55000);
});

Deno.test("filings.frames: instants need I; a missing frame is an error saying so", async () => {
  const d = dataOf<Any>(
    await envelope("filings.frames", { concept: "Assets", period: "CY2023Q4I" }, opts),
  );
  assert.equal(d.rows[0].value, 2000000);
  assert.equal(d.rows[0].start, null);
  const e = await envelope("filings.frames", { concept: "Assets", period: "CY2023" }, opts);
  assert.equal(e.ok, false);
  assert.match(e.error!, /no frame .*Assets.*CY2023.*instant period such as CY2023Q4I/);
  const bad = await envelope("filings.frames", { concept: "Revenues", period: "2023" }, opts);
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /period/);
});

Deno.test("filings.history text view: periods as columns, unit once, derived cells explained, URLs", async () => {
  const { render } = await import("../../adapters/render.ts");
  const e = await envelope("filings.history", {
    symbol: "FCTS",
    period: "quarterly",
    years: 2,
  }, opts);
  const text = render(e, "text", { view: "history", width: 200 });
  assert.match(text, /Q4 FY2023\s+Q1 FY2024/);
  assert.match(text, /^USD unless labelled/m);
  assert.match(text, /Revenue\s.*\b320 \[1\]\s+300/m);
  assert.match(text, /\[1\] FY - Q1 - Q2 - Q3 = FY2023 \(0009990001-24-000010\)/);
  assert.match(
    text,
    /https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/9990001\/000999000124000010\//,
  );
  const facts = await envelope("filings.facts", { symbol: "FCTS", concept: "revenue" }, opts);
  const ftext = render(facts, "text", { view: "facts", width: 200 });
  assert.match(
    ftext,
    /FY2022\s+2022-01-01\s+2022-12-31\s+1,000\s+1,010 r\s+0009990001-24-000010\s+2023-02-15 10-K/,
  );
});

Deno.test("filings.history CSV: one row per line item and period, in full, with unit and citation", async () => {
  const { render } = await import("../../adapters/render.ts");
  const e = await envelope("filings.history", { symbol: "FCTS", years: 3 }, opts);
  const csv = render(e, "csv", { view: "history" }).trim().split("\n");
  assert.equal(
    csv[0],
    "item,label,period,start,end,value,unit,restated,derived,note,accession_no,form,filed,url",
  );
  const fy22 = csv.find((l) => l.startsWith("revenue,Revenue,FY2022,"));
  assert.equal(
    fy22,
    "revenue,Revenue,FY2022,2022-01-01,2022-12-31,1010,USD,true,,,0009990001-24-000010,10-K,2024-02-15," +
      "https://www.sec.gov/Archives/edgar/data/9990001/000999000124000010/0009990001-24-000010-index.html",
  );
  assert.ok(!csv.some((l) => l.includes("{")), "no cell is written as JSON");
});

Deno.test("filings.facts: form= keeps one form's reports, as the usage line spells it", async () => {
  const e = await envelope<Any>("filings.facts", {
    symbol: "FCTS",
    concept: "Revenues",
    form: "10-K",
    period: "annual",
  }, opts);
  const d = dataOf<Any>(e);
  assert.deepEqual(e.warnings, []);
  assert.ok(d.rows.every((r: Any) => r.first_reported.form === "10-K"));
  const q = dataOf<Any>(
    await envelope("filings.facts", { symbol: "FCTS", concept: "Revenues", form: "10-q" }, opts),
  );
  assert.ok(q.rows.length > 0 && q.rows.every((r: Any) => r.last_reported.form === "10-Q"));
});

Deno.test("filings.facts and filings.frames refuse a unit that is not a unit", async () => {
  for (
    const [name, args] of [
      ["filings.facts", { symbol: "FCTS", concept: "revenue", unit: "../../x" }],
      ["filings.frames", { concept: "Revenues", period: "CY2023", unit: "USD?x=1" }],
    ] as const
  ) {
    const e = await envelope(name, args, opts);
    assert.equal(e.ok, false);
    assert.match(e.error!, /argument `unit`: expected a unit as SEC writes it/);
  }
});
