/**
 * filings.facts marked a period restated to a thousand times its first value (NVIDIA's FY2012
 * OCI tax: 937 first, 937,000 later) with the same "r" as a real restatement, so the table read
 * as four restatements while the warning called them likely tagging slips. The view now marks
 * those rows "s" and says what it means; a real restatement keeps "r". Data shaped as
 * filings.facts answers (company facts rows with first and last reports).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import type { Envelope } from "../../core/envelope.ts";
import { run, SHARED, sharedOrSkip } from "../_helpers.ts";

const ok = (data: unknown, warnings: string[] = []): Envelope =>
  ({ ok: true, data, error: null, warnings }) as unknown as Envelope;

const report = (value: number, accn: string, filed: string) => ({
  value,
  accession_no: accn,
  form: "10-K",
  filed,
  url: `https://www.sec.gov/Archives/edgar/data/63/${accn.replace(/-/g, "")}/${accn}-index.html`,
});

const row = (fy: number, first: number, last: number) => ({
  start: `${fy - 1}-01-01`,
  end: `${fy - 1}-12-31`,
  duration_days: 364,
  period_kind: "annual",
  fiscal_year: fy - 1,
  fiscal_period: "FY",
  frame: `CY${fy - 1}`,
  tag: "IncomeTaxExpenseBenefit",
  first_reported: report(first, `0000000063-${String(fy).slice(2)}-000001`, `${fy}-02-20`),
  last_reported: report(last, `0000000063-${String(fy + 1).slice(2)}-000001`, `${fy + 1}-02-20`),
  restated: first !== last,
  reports: 2,
  last_reported_values: null,
  first_reported_values: null,
  split_adjusted: null,
});

const facts = (unit: string) => ({
  symbol: "EXMP",
  cik: "0000000063",
  company: "EXAMPLE CORP",
  concept: "IncomeTaxExpenseBenefit",
  alias: null,
  taxonomy: "us-gaap",
  tags: ["IncomeTaxExpenseBenefit"],
  unit,
  label: "Income tax",
  description: null,
  period: "annual",
  as_of: null,
  count: 3,
  restated_count: 2,
  source: "SEC XBRL company facts",
  url: "https://data.sec.gov/api/xbrl/companyfacts/CIK0000000063.json",
  rows: [row(2021, 937, 937_000), row(2022, 1_000, 1_100), row(2023, 1_200, 1_200)],
});

const lineOf = (out: string, end: string) => out.split("\n").find((l) => l.includes(end)) ?? "";

Deno.test("filings.facts text: a restatement to 1,000 times its first value is marked s, not r", () => {
  const out = renderOutput(ok(facts("USD")), "text", { view: "facts", width: 120 }).out;
  // old: "937,000 r", read as a restatement like the next row's
  assert.match(lineOf(out, "2020-12-31"), /937,000 s /, out);
  assert.match(lineOf(out, "2021-12-31"), /1,100 r /, out);
  assert.doesNotMatch(lineOf(out, "2022-12-31"), / [rs] /);
  assert.match(out, /s = restated to a power\s+of\s+a\s+thousand\s+times\s+its\s+first\s+value/);
  // a share count a thousand times its first is no money slip the command warns of: r
  const shares = renderOutput(ok(facts("shares")), "text", { view: "facts", width: 120 }).out;
  assert.match(lineOf(shares, "2020-12-31"), /937,000 r /, shares);
  assert.doesNotMatch(shares, /s = restated/);
});

Deno.test({
  name: "conformance: filings.facts NVDA's slips are marked s, as many as its warning counts",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts slip marks")) return;
    const { envelope } = await run("filings.facts", {
      symbol: "NVDA",
      concept:
        "OtherComprehensiveIncomeUnrealizedHoldingGainLossOnSecuritiesArisingDuringPeriodTax",
      period: "annual",
    }, { replay: [join(SHARED!, "cassettes", "sec")] });
    const out = renderOutput(envelope, "text", { view: "facts", width: 120 }).out;
    const marked = out.split("\n").filter((l) => / s {2}0001045810-/.test(l));
    assert.equal(marked.length, 4, out);
    assert.match(out, /warning: 4 period\(s\) are restated to a power of a thousand/);
    assert.match(lineOf(out, "2012-01-29"), /937,000 s /);
  },
});
