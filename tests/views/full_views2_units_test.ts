/**
 * Figures shown by their unit (a tax rate in `pure` printed 0 beside the JSON's 0.318; a reported
 * zero in a millions table printed 0.0; a split-adjusted column mixed 0.7500 and 1.00), and
 * compact lines of tables of periods that keep every period's value and its unit (a line item's
 * cells were one clipped field showing the first period only; a fact's line had no value).
 * Results are shaped as filings.facts, filings.frames, filings.history and filings.statement
 * return them (SEC company facts, frames and XBRL instance values).
 */
import assert from "node:assert/strict";
import { render, renderOutput } from "../../adapters/render.ts";
import { factsView, framesView, historyView } from "../../adapters/views/facts.ts";
import { fundamentalsView, statementView } from "../../adapters/views/statement.ts";
import { kpiValue } from "../../adapters/views/evidence.ts";
import { carriedDecimals, scaledDecimals, unitDecimals } from "../../adapters/views/digits.ts";
import { blocksText } from "../../adapters/views/text.ts";
import type { Block } from "../../adapters/views/model.ts";
import { success } from "../../core/envelope.ts";

const text = (blocks: Block[]) => blocksText(blocks, 200).join("\n");
const idx = (a: string) =>
  `https://www.sec.gov/Archives/edgar/data/320193/${a.replace(/-/g, "")}/${a}-index.html`;
const report = (value: number, a: string, filed: string, form = "10-K") => ({
  value,
  accession_no: a,
  form,
  filed,
  url: idx(a),
});

/** filings.facts of a ratio (unit pure), one period restated 0.32 → 0.318. */
function taxRates() {
  const row = (fy: number, first: number, last: number, a1: string, a2: string) => ({
    start: `${fy - 1}-09-28`,
    end: `${fy}-09-26`,
    duration_days: 364,
    period_kind: "annual",
    fiscal_year: fy,
    fiscal_period: "FY",
    frame: `CY${fy}`,
    tag: "EffectiveIncomeTaxRateContinuingOperations",
    first_reported: report(first, a1, `${fy}-10-27`),
    last_reported: report(last, a2, `${fy + 1}-10-26`),
    restated: first !== last,
    reports: first !== last ? 2 : 1,
    last_reported_values: null,
    first_reported_values: null,
    split_adjusted: null,
  });
  return {
    symbol: "AAPL",
    company: "Apple Inc.",
    concept: "EffectiveIncomeTaxRateContinuingOperations",
    taxonomy: "us-gaap",
    tags: ["EffectiveIncomeTaxRateContinuingOperations"],
    unit: "pure",
    period: "annual",
    as_of: null,
    count: 2,
    restated_count: 1,
    source: "sec_companyfacts",
    url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json",
    provider: "filings_a",
    rows: [
      row(2008, 0.32, 0.32, "0001193125-10-238044", "0001193125-10-238044"),
      row(2009, 0.32, 0.318, "0001193125-10-238044", "0001193125-11-282113"),
    ],
  };
}

/** The table's body lines: those holding a period label. */
const bodyLines = (t: string, re: RegExp) => t.split("\n").filter((l) => re.test(l));

Deno.test("digits: the rule per unit, binary residue aside", () => {
  assert.equal(carriedDecimals(0.1 + 0.2), 1);
  assert.equal(carriedDecimals(1e-7), 7);
  assert.equal(carriedDecimals(0.318), 3);
  assert.equal(unitDecimals("USD", [1234.56]), 0);
  assert.equal(unitDecimals("shares", [10.5]), 0);
  assert.equal(unitDecimals("USD/shares", [1.5]), 2);
  assert.equal(unitDecimals("USD/shares", [0.17025]), 4);
  assert.equal(unitDecimals("pure", [0.32, 0.318]), 3);
  assert.equal(unitDecimals("pure", [0.123456789]), 6);
  // a unit no rule names (Year, a per-barrel price) keeps its decimals, never 0
  assert.equal(unitDecimals("Year", [2.5]), 1);
  assert.equal(scaledDecimals(0), 0);
  assert.equal(scaledDecimals(2.5), 1);
  assert.equal(scaledDecimals(0.04), 2);
  assert.equal(scaledDecimals(12.345), 0);
});

Deno.test("filings.facts text: a pure ratio shows its decimals, never 0", () => {
  const t = text(factsView(taxRates()));
  const [y2008, y2009] = bodyLines(t, /^FY200[89]/);
  assert.match(y2008, /\b0\.320\s+0\.320\b/, y2008);
  assert.match(y2009, /\b0\.320\s+0\.318 r\b/, y2009);
  assert.doesNotMatch(t, /\s0\s+0\s/);
});

Deno.test("filings.facts text: a split-adjusted column has one precision", () => {
  const data = taxRates();
  data.unit = "USD/shares";
  data.tags = ["EarningsPerShareDiluted"];
  const rows = data.rows as Record<string, unknown>[];
  rows[0].first_reported = report(3, "0001193125-10-238044", "2008-10-27");
  rows[0].last_reported = report(3, "0001193125-10-238044", "2008-10-27");
  rows[0].split_adjusted = 0.75;
  rows[1].first_reported = report(1, "0001193125-10-238044", "2009-10-27");
  rows[1].last_reported = report(1, "0001193125-11-282113", "2010-10-26");
  rows[1].split_adjusted = 1;
  const t = text(factsView(data));
  const [y2008, y2009] = bodyLines(t, /^FY200[89]/);
  // first, last, split-adjusted: every cell of a column at the same decimals
  assert.match(y2008, /3\.00\s+3\.00\s+0\.75\s/, y2008);
  assert.match(y2009, /1\.00\s+1\.00 r\s+1\.00\s/, y2009);
});

Deno.test("filings.frames text: a ratio ranked keeps its decimals", () => {
  const row = (rank: number, company: string, value: number) => ({
    rank,
    company,
    cik: "0000320193",
    value,
    start: "2023-01-01",
    end: "2023-12-31",
    accession_no: "0000320193-24-000001",
    url: idx("0000320193-24-000001"),
  });
  const t = text(framesView({
    tags: ["EffectiveIncomeTaxRateContinuingOperations"],
    period: "CY2023",
    unit: "pure",
    companies: 2,
    rows: [row(1, "A", 0.21), row(2, "B", 0.0875)],
    urls: [
      "https://data.sec.gov/api/xbrl/frames/us-gaap/EffectiveIncomeTaxRateContinuingOperations/pure/CY2023.json",
    ],
  }));
  assert.match(t, /0\.2100/);
  assert.match(t, /0\.0875/);
});

/** filings.history of three years: money in millions, a reported zero, a small amount, EPS. */
function history() {
  const cell = (value: number | null, a = "0001045810-24-000029") => ({
    value,
    tag: "X",
    accession_no: value === null ? null : a,
    form: "10-K",
    filed: "2024-02-21",
    restated: false,
    first_reported: value,
    restated_from: null,
    derived: null,
    sources: null,
    note: value === null ? "not reported for this period" : null,
    url: value === null ? null : idx(a),
  });
  const row = (key: string, label: string, kind: string, unit: string, v: (number | null)[]) => ({
    key,
    label,
    kind,
    unit,
    level: 0,
    total: false,
    cells: v.map((x) => cell(x)),
  });
  return {
    symbol: "NVDA",
    company: "NVIDIA CORP",
    statement: "cashflow",
    period: "annual",
    basis: "latest",
    currency: "USD",
    source: "sec_companyfacts",
    taxonomy: "us-gaap",
    url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json",
    provider: "filings_a",
    columns: [
      { label: "FY2021", start: "2020-01-27", end: "2021-01-31" },
      { label: "FY2022", start: "2021-02-01", end: "2022-01-30" },
      { label: "FY2023", start: "2022-01-31", end: "2023-01-29" },
    ],
    rows: [
      row("operating_cash_flow", "Cash from operations", "flow", "USD", [
        5.822e9,
        9.108e9,
        5.641e9,
      ]),
      row("share_repurchases", "Share repurchases", "flow", "USD", [0, 0, 10.039e9]),
      row("other", "Other", "flow", "USD", [40_000, 2_500_000, null]),
      row("eps_diluted", "EPS, diluted", "per_share", "USD/shares", [0.1234, 1.5, 0.17]),
    ],
    missing_items: [],
  };
}

Deno.test("filings.history text: a zero is 0, a small amount is not 0.0, a row at one precision", () => {
  const t = text(historyView(history()));
  const line = (label: string) => t.split("\n").find((l) => l.startsWith(label)) ?? "";
  assert.match(line("Share repurchases"), /^Share repurchases\s+0\s+0\s+10,039$/);
  assert.match(line("Other"), /^Other\s+0\.04\s+2\.5\s+— \[1\]$/, line("Other"));
  assert.match(line("EPS"), /0\.1234\s+1\.5000\s+0\.1700$/, line("EPS"));
});

Deno.test("filings.statement text: a fact with no stated decimals keeps its own", () => {
  const fact = (raw: number, unit: string, decimals: number | null) => ({
    raw,
    reported: raw,
    unit,
    decimals,
    period_type: "duration",
    preferred_sign: 1,
  });
  const p = "2023-01-30 to 2024-01-28";
  const row = (concept: string, label: string, f: ReturnType<typeof fact>) => ({
    concept,
    label,
    level: 1,
    abstract: false,
    calculation_parent: null,
    values: { [p]: f },
  });
  const t = text(statementView({
    filing: { company: "X", form: "10-K", accession_no: "0000000000-24-000001" },
    statement: "income",
    periods: [p],
    rows: [
      row("us-gaap:Revenues", "Revenue", fact(60_922_000_000, "USD", null)),
      row("us-gaap:EffectiveIncomeTaxRate", "Tax rate", fact(0.245, "pure", null)),
      row("us-gaap:EarningsPerShareBasic", "Basic", fact(1.53, "USD/shares", null)),
    ],
  }));
  assert.match(t, /Tax rate \(pure\)\s+0\.245$/m);
  assert.match(t, /Basic \(USD per share\)\s+1\.53$/m);
  assert.match(t, /Revenue\s+60,922,000,000$/m);
});

Deno.test("fundamentals.statement text: a ratio keeps its decimals, small money is no 0.0", () => {
  const t = text(fundamentalsView({
    symbol: "X",
    statement: "income",
    period: "annual",
    periods: ["2024-12-31"],
    rows: [
      { field: "tax_rate", unit: "ratio", values: { "2024-12-31": 0.21345 } },
      { field: "other_income", unit: "USD", values: { "2024-12-31": 40_000 } },
      { field: "eps", unit: "USD per share", values: { "2024-12-31": 0.1234 } },
    ],
  }));
  assert.match(t, /tax_rate\s+ratio\s+0\.21345$/m);
  assert.match(t, /other_income\s+USD millions\s+0\.04$/m);
  assert.match(t, /eps\s+USD per share\s+0\.1234$/m);
});

Deno.test("kpi values keep the decimals the text gave", () => {
  assert.equal(kpiValue({ number: 4.125, unit: "percent" }), "4.125%");
  assert.equal(kpiValue({ number: 25, unit: "percent" }), "25.00%");
  assert.equal(kpiValue({ number: 0.0004, unit: "ratio" }), "0.0004 ratio");
});

Deno.test("compact filings.history: every period's value and the unit on the item's line", () => {
  const out = renderOutput(success(history()), "compact", { view: "history" }).out.split("\n");
  const line = out.find((l) => l.startsWith("item=eps_diluted")) ?? "";
  assert.match(line, /unit=USD\/shares FY2021=0\.1234 FY2022=1\.5 FY2023=0\.17\b/, line);
  const other = out.find((l) => l.startsWith("item=other")) ?? "";
  // an empty period is said, not dropped
  assert.match(other, /unit=USD FY2021=40000 FY2022=2500000 FY2023=— /, other);
  assert.match(other, /accession_no=0001045810-24-000029/);
  assert.match(
    out[0],
    /url=https:\/\/data\.sec\.gov\/api\/xbrl\/companyfacts\/CIK0001045810\.json/,
  );
});

Deno.test("compact filings.facts: each period's first and last value with the unit", () => {
  const out = render(success(taxRates()), "compact", { view: "facts" }).split("\n");
  assert.match(
    out[2],
    /^period=FY2009 start=2008-09-28 end=2009-09-26 first_reported=0\.32 last_reported=0\.318 unit=pure restated=true accession_no=0001193125-11-282113 /,
    out[2],
  );
});

Deno.test("compact filings.statement: every period's value, the unit, a long concept whole", () => {
  const p = ["2023-01-30 to 2024-01-28", "2022-01-31 to 2023-01-29", "2021-02-01 to 2022-01-30"];
  const concept = "us-gaap:WeightedAverageNumberOfSharesOutstandingBasic";
  const data = {
    filing: {
      company: "NVIDIA CORP",
      form: "10-K",
      accession_no: "0001045810-24-000029",
      filing_url:
        "https://www.sec.gov/Archives/edgar/data/1045810/000104581024000029/nvda-20240128.htm",
    },
    statement: "income",
    periods: p,
    rows: [{
      concept,
      label: "Basic (in shares)",
      level: 1,
      abstract: false,
      values: Object.fromEntries(p.map((k, i) => [k, {
        raw: 2_469_000_000 + i,
        reported: 2469 + i,
        unit: "shares",
        decimals: -6,
        preferred_sign: 1,
      }])),
    }],
    count: 1,
    truncated: false,
  };
  const out = render(success(data), "compact", { view: "statement" }).split("\n");
  assert.match(out[0], /filing\.accession_no=0001045810-24-000029/);
  assert.equal(
    out[1],
    `concept=${concept} label=Basic (in shares) unit=shares 2023-01-30..2024-01-28=2469000000 ` +
      "2022-01-31..2023-01-29=2469000001 2021-02-01..2022-01-30=2469000002",
  );
});

Deno.test("filings.history text: a row in another unit than the table's says its own", () => {
  const data = history();
  data.rows[2].unit = "EUR";
  data.rows[3].unit = "EUR/shares";
  const t = text(historyView(data));
  assert.match(t, /^Other \(EUR\)\s/m);
  assert.match(t, /^EPS, diluted \(EUR per share\)\s/m);
  assert.doesNotMatch(t, /USD per share/);
});
