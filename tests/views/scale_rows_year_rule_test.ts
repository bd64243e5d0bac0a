/**
 * Two lines a reader relies on:
 * - document.tables: a "(Dollars in millions, except per share data)" table said "figures in
 *   millions" for every figure, EPS in dollars and percent rows included; the caption now names
 *   the rows the scale does not cover (row_scales null), as it names such columns;
 * - filings.facts and filings.history: how the company names its fiscal years
 *   (fiscal_year_rule) is a line under the title (FY2023 of a retailer can end in 2024).
 */
import assert from "node:assert/strict";
import { factsView, historyView } from "../../adapters/views/facts.ts";
import { tablesView } from "../../adapters/views/tables_view.ts";
import { blocksText } from "../../adapters/views/text.ts";

// shaped as document.tables answers for an earnings release's highlights table
const MILLIONS = { multiplier: 1e6, text: "(Dollars in millions, except per share data)" };
const HEADER = ["(Dollars in millions, except per share data)", "Q4 2023", "Q4 2022", "Change"];
const ROWS: [string, number | null, number | null, number | null, boolean][] = [
  // label, two periods, change %, whether the scale covers the periods
  ["Net sales", 3226.8, 2729.4, 18.2, true],
  ["Comparable sales", 15.6, 21.4, null, false],
  ["Diluted earnings per share", 6.68, 5.41, 23.5, false],
  ["Selling, general and administrative expenses", 762.7, 650, 17.3, true],
  ["New store openings, net", 12, 6, null, false],
  ["Gross margin change (bps)", null, null, 40, false],
];

function table(rows = ROWS, withRowScales = true) {
  const t: Record<string, unknown> = {
    table: 1,
    page: 1,
    flavor: "stream",
    header: HEADER,
    rows: rows.map(([l, a, b, c]) => [l, ...[a, b, c].map((v) => (v === null ? "" : String(v)))]),
    values: rows.map(([, a, b, c]) => [null, a, b, c]),
    scale: { ...MILLIONS, where: "header" },
    // the change column is a percent: never covered
    scales: rows.map((
      [, a, b, , on],
    ) => [null, on && a !== null ? 1e6 : null, on && b !== null ? 1e6 : null, null]),
    shape: [rows.length, 4],
    returned_rows: rows.length,
    truncated: false,
  };
  if (withRowScales) t.row_scales = rows.map(([, , , , on]) => (on ? 1e6 : null));
  return { source: "release.pdf", tables: [t], count: 1, total_detected: 1 };
}

/** The caption of the first table as printed, one string. */
function caption(data: unknown, width = 100): { text: string; lines: string[] } {
  const lines = blocksText(tablesView(data), width);
  const start = lines.findIndex((l) => l.startsWith("Table 1"));
  const end = lines.findIndex((l, i) => i > start && /^\(Dollars| {2,}|^-/.test(l));
  const cap = lines.slice(start, end);
  return { text: cap.join(" "), lines };
}

Deno.test("document.tables view: rows the money scale does not cover are named in the caption", () => {
  const { text, lines } = caption(table());
  assert.match(text, /figures in millions as printed/);
  const not = /; not in millions: (.*)$/.exec(text)?.[1] ?? "";
  // the percent column is named as before, then each uncovered row once
  assert.equal(
    not,
    "Change; Comparable sales; Diluted earnings per share; New store openings, net",
    text,
  );
  // covered rows are not named; a row whose only figure is in the uncovered column is not
  // named again
  assert.doesNotMatch(not, /Net sales|Selling|Gross margin/);
  for (const l of lines) assert.ok(l.length <= 100, `over 100 columns: ${l}`);
});

Deno.test("document.tables view: without row_scales the rows are read from the cell scales", () => {
  assert.equal(caption(table(ROWS, false)).text, caption(table()).text);
});

Deno.test("document.tables view: a long list of uncovered rows is cut and counted, lines kept in 100", () => {
  const many = [
    ROWS[0],
    ...Array.from(
      { length: 12 },
      (_, i) => [`Ratio number ${i + 1} of the company`, 1.5, 2.5, null, false] as typeof ROWS[0],
    ),
  ];
  const { text, lines } = caption(table(many));
  assert.match(text, /Ratio number 8 of the company; 4 more rows$/);
  assert.doesNotMatch(text, /Ratio number 9 /);
  for (const l of lines) assert.ok(l.length <= 100, `over 100 columns: ${l}`);
  // at 60 columns the caption wraps as every caption does
  for (const l of caption(table(many), 60).lines) assert.ok(l.length <= 60, l);
});

Deno.test("document.tables view: a table whose scale covers no figure lists no rows", () => {
  const none = ROWS.map((r) => [...r.slice(0, 4), false] as typeof ROWS[0]);
  const { text } = caption(table(none));
  assert.match(text, /no figure in millions as printed/);
  assert.doesNotMatch(text, /not in millions/);
});

const RETAILER =
  "fiscal years end on or near 02-01 (MM-DD) and are labelled as the company labels them in its annual reports (SEC's fy): by the calendar year it starts in, so FY2023 is the year ending 2024-02-03";

const history = (rule: unknown) => ({
  company: "Example Retail Inc",
  statement: "income",
  period: "annual",
  currency: "USD",
  fiscal_year_rule: rule,
  columns: [{ label: "FY2023", start: "2023-01-29", end: "2024-02-03" }],
  rows: [{
    key: "revenue",
    label: "Revenue",
    kind: "flow",
    unit: "USD",
    level: 0,
    total: false,
    cells: [{
      value: 1000,
      accession_no: "0000000001-24-000001",
      url:
        "https://www.sec.gov/Archives/edgar/data/1/000000000124000001/0000000001-24-000001-index.html",
      restated: false,
      derived: null,
      note: null,
      sources: null,
    }],
  }],
  url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0000000001.json",
  taxonomy: "us-gaap",
});

const report = {
  value: 1000,
  accession_no: "0000000001-24-000001",
  form: "10-K",
  filed: "2024-03-20",
  url:
    "https://www.sec.gov/Archives/edgar/data/1/000000000124000001/0000000001-24-000001-index.html",
};
const facts = (rule: unknown) => ({
  company: "Example Retail Inc",
  tags: ["Revenues"],
  taxonomy: "us-gaap",
  unit: "USD",
  fiscal_year_rule: rule,
  rows: [{
    fiscal_year: 2023,
    fiscal_period: "FY",
    start: "2023-01-29",
    end: "2024-02-03",
    first_reported: report,
    last_reported: report,
    restated: false,
  }],
  count: 1,
  restated_count: 0,
  url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0000000001.json",
});

Deno.test("filings.history and filings.facts views: the fiscal-year rule is one line under the title", () => {
  for (
    const [name, view, data] of [
      ["history", historyView, history],
      ["facts", factsView, facts],
    ] as const
  ) {
    const lines = blocksText(view(data(RETAILER)), 100);
    assert.match(lines[0], /^Example Retail Inc — /, name);
    assert.equal(
      lines[1],
      "Fiscal years as the company names them: by the calendar year it starts in (FY2023 ends 2024-02-03)",
      name,
    );
    assert.match(lines[2], /^USD/, name);
    // wording the view does not know is shown whole, never dropped
    const other = blocksText(view(data("years are named by their end date")), 100);
    assert.equal(other[1], "Fiscal years: years are named by their end date", name);
    // no annual report, no rule: the unit line stays right under the title
    assert.match(blocksText(view(data(null)), 100)[1], /^USD/, name);
  }
});

Deno.test("filings views: a rule without an example year still says when years end", () => {
  const rule =
    "fiscal years end on or near 09-30 (MM-DD) and are labelled as the company labels them in its annual reports (SEC's fy): by the calendar year it ends in plus 1";
  const lines = blocksText(historyView(history(rule)), 100);
  assert.equal(
    lines.slice(1, 3).join(" "),
    "Fiscal years as the company names them: by the calendar year it ends in plus 1 (years end near 09-30, MM-DD)",
  );
  assert.match(lines[3], /^USD/);
});
