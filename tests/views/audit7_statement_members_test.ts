/**
 * filings.statement's sheet of a statement with lines by member of an axis (Apple's 10-Q: Net
 * sales, then Products and Services, each with Net sales' concept) gave those lines the concept
 * alone: a sheet filtered or summed by concept read three values of Net sales, the members added
 * to their total. The sheet now has axis and member columns when the statement has such lines.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import type { Envelope } from "../../core/envelope.ts";
import { run, SHARED, sharedOrSkip } from "../_helpers.ts";

const ok = (data: unknown, warnings: string[] = []): Envelope =>
  ({ ok: true, data, error: null, warnings }) as unknown as Envelope;

const Q = "2023-04-02 to 2023-07-01";
const REVENUE = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";
const fact = (raw: number) => ({ raw, reported: raw / 1e6, unit: "USD", decimals: -6 });
const line = (label: string, level: number, raw: number, member: string | null) => ({
  concept: REVENUE,
  label,
  level,
  abstract: false,
  balance: null,
  parent: member ? REVENUE : "us-gaap:StatementLineItems",
  calculation_parent: member ? null : "us-gaap:GrossProfit",
  axis: member ? "srt:ProductOrServiceAxis" : null,
  member,
  values: { [Q]: fact(raw) },
});

const statement = (rows: unknown[]) => ({
  symbol: "EXMP",
  statement: "income",
  title: "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)",
  periods: [Q],
  filing: {
    company: "Example Inc.",
    form: "10-Q",
    accession_no: "0000000063-23-000077",
    period_of_report: "2023-07-01",
    filing_date: "2023-08-04",
    filing_url: "https://www.sec.gov/Archives/edgar/data/63/000000006323000077/exmp-20230701.htm",
  },
  rows,
  truncated: false,
});

Deno.test("filings.statement csv: a line by member has its axis and member beside its concept", () => {
  const data = statement([
    line("Net sales", 3, 81_797e6, null),
    line("Products", 4, 60_584e6, "us-gaap:ProductMember"),
    line("Services", 4, 21_213e6, "us-gaap:ServiceMember"),
  ]);
  const [head, ...rows] = renderOutput(ok(data), "csv", { view: "statement" }).out.split("\n")
    .map((l) => l.split(","));
  const col = (name: string) => head.indexOf(name);
  assert.ok(col("member") > 0 && col("axis") > 0, head.join(","));
  assert.deepEqual(rows.map((r) => [r[col("label")], r[col("member")]]), [
    ["Net sales", ""],
    ["Products", "us-gaap:ProductMember"],
    ["Services", "us-gaap:ServiceMember"],
  ]);
  assert.equal(rows[1][col("axis")], "srt:ProductOrServiceAxis");
  // a statement without such lines keeps its sheet as it was
  const plain = renderOutput(ok(statement([line("Net sales", 3, 81_797e6, null)])), "csv", {
    view: "statement",
  }).out;
  assert.doesNotMatch(plain.split("\n")[0], /member|axis/);
});

Deno.test({
  name: "conformance: Apple's 10-Q income sheet says which rows are members",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("statement member columns")) return;
    const { envelope } = await run("filings.statement", {
      symbol: "AAPL",
      accession: "0000320193-23-000077",
      statement: "income",
    }, { replay: [join(SHARED!, "cassettes", "sec")], now: "2026-11-20T12:00:00Z" });
    assert.ok(envelope.ok, String(envelope.error));
    const rows = (envelope.data as { rows: { label: string; member: string | null }[] }).rows;
    const members = rows.filter((r) => r.member);
    const sheet = renderOutput(envelope, "csv", { view: "statement" }).out.split("\n");
    if (!members.length) {
      assert.doesNotMatch(sheet[0], /,member,/);
      return;
    }
    const head = sheet[0].split(",");
    assert.ok(head.includes("member"), sheet[0]);
    for (const m of members) {
      assert.ok(sheet.some((l) => l.includes(`,${m.label},`) && l.includes(m.member!)), m.label);
    }
  },
});
