/**
 * filings.history as text: a row's unit stays on it however narrow the terminal (the label is
 * wrapped, never cut), balances are "at" their date, and a total is ruled off only under the
 * items it sums (never above the first row).
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import type { Envelope } from "../../core/envelope.ts";

const cell = (value: number | null) => ({
  value,
  tag: null,
  accession_no: "0009990001-24-000010",
  form: "10-K",
  filed: "2024-02-20",
  url:
    "https://www.sec.gov/Archives/edgar/data/9990001/000999000124000010/0009990001-24-000010-index.html",
  restated: false,
  first_reported: value,
  derived: null,
  sources: null,
  note: null,
});
const row = (
  key: string,
  label: string,
  kind: string,
  level: number,
  total: boolean,
  values: number[],
) => ({
  key,
  label,
  kind,
  unit: kind === "shares" ? "shares" : kind === "per_share" ? "USD/shares" : "USD",
  level,
  total,
  cells: values.map(cell),
});

function history(statement: string, columns: unknown[], rows: unknown[]): string {
  const env = {
    ok: true,
    data: {
      symbol: "FCTS",
      cik: "0009990001",
      company: "Factual Widgets Corp",
      statement,
      period: "annual",
      basis: "latest",
      as_of: null,
      taxonomy: "us-gaap",
      currency: "USD",
      columns,
      rows,
      missing_items: [],
      source: "sec_companyfacts",
      url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0009990001.json",
    },
    error: null,
    warnings: [],
  } as unknown as Envelope;
  return renderOutput(env, "text", { view: "history", width: 64 }).out;
}

const fy = (year: number, instant: boolean) => ({
  label: `FY${year}`,
  start: instant ? null : `${year - 1}-10-01`,
  end: `${year}-09-30`,
  fiscal_year: year,
  fiscal_period: "FY",
});

Deno.test("filings.history text: labels keep their unit; balances are at their date", () => {
  const text = history("balance", [fy(2022, true), fy(2023, true)], [
    row("cash", "Cash and cash equivalents", "instant", 1, false, [23_646e6, 29_965e6]),
    row("total_assets", "Total assets", "instant", 0, true, [352_755e6, 352_583e6]),
    row("shares_outstanding", "Shares outstanding (common, end of period)", "shares", 1, false, [
      15_943_425_000,
      15_550_061_000,
    ]),
  ]);
  assert.match(text, /at 2022-09-30\s+at 2023-09-30/);
  assert.doesNotMatch(text, /to 2022-09-30/);
  // the shares row says it is shares, whole, even where the label has to wrap
  const flat = text.replace(/\s+/g, " ");
  assert.match(flat, /Shares outstanding \(common, end of period\) \(shares\)/);
  assert.doesNotMatch(text, /…/);
});

Deno.test("filings.history text: no rule above the first row, none between two totals", () => {
  const text = history("cashflow", [fy(2022, false), fy(2023, false)], [
    row("operating_cash_flow", "Cash from operating activities", "flow", 0, true, [
      122_151e6,
      110_543e6,
    ]),
    row("capex", "Capital expenditure", "flow", 1, false, [10_708e6, 10_959e6]),
    row("free_cash_flow", "Free cash flow", "flow", 0, true, [111_443e6, 99_584e6]),
    row("investing_cash_flow", "Cash from investing activities", "flow", 0, true, [
      -22_354e6,
      3_705e6,
    ]),
  ]);
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /^-+\s+-+/.test(l));
  assert.match(lines[header + 1], /^Cash from operating activities/);
  // the one total that sums rows above it is ruled off
  const fcf = lines.findIndex((l) => l.startsWith("Free cash flow"));
  assert.match(lines[fcf - 1], /^\s+-+\s+-+$/);
  const investing = lines.findIndex((l) => l.startsWith("Cash from investing"));
  assert.equal(investing, fcf + 1);
  assert.match(lines[header - 1], /to 2022-09-30\s+to 2023-09-30/);
});
