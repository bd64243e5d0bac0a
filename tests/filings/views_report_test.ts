/**
 * filings.report as a person reads it: the table as EDGAR renders it (labels indented under their
 * headings, one column per period, figures as printed, the scale stated once) and the citation
 * with the R page's full URL; as a sheet, one row per line item with its concept, context and,
 * per column, the figure as printed and scaled.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { parseReport, reportText } from "../../analysis/filings/rfile.ts";
import { loadCommand } from "../../commands/registry.ts";
import type { Envelope } from "../../core/envelope.ts";
import { envelope, FIXTURES } from "../_helpers.ts";
import { R_NOTE } from "./report_fixtures.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };
const R2_URL = "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/R2.htm";

async function acme(mode: "text" | "csv") {
  const env = await envelope("filings.report", { symbol: "ACME", report: "R2", max_rows: 0 }, opts);
  const def = await loadCommand("filings.report");
  return renderOutput(env, mode, { view: def.view, width: 100 }).out;
}

/** A CSV line split into cells (quoted cells may hold commas). */
const cells = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1].replace(/^"|"$/g, ""))
    .slice(0, -1);

Deno.test("filings.report text: the table as EDGAR renders it, the scale once, the R page cited", async () => {
  const text = await acme("text");
  assert.doesNotMatch(text, /values:|column=/);
  assert.match(text, /^USD millions; shares thousands; per-share as printed/m);
  // one column per period header, figures as printed
  assert.match(text, /12 Months Ended\s+12 Months Ended/);
  assert.match(text, /Dec\. 31, 2023\s+Dec\. 31, 2022/);
  assert.match(text, /^Net revenue\s+\$ 1,200\s+\$ 1,000$/m);
  // a row under a heading is indented beneath it
  assert.match(text, /^Costs:\n {2}Less: cost of revenue\s+\(900\)\s+\(760\)$/m);
  // a dimension member heads its rows
  assert.match(text, /^Widgets\n {2}Net revenue\s+\$ 900\s+—$/m);
  assert.match(text, /Source: SEC EDGAR 10-K, accession 0001234567-24-000010, report R2/);
  assert.ok(text.includes(R2_URL), text);
});

Deno.test("filings.report csv: one row per line item, printed and scaled per column, cited", async () => {
  const [head, ...rows] = (await acme("csv")).split("\n");
  const keys = cells(head);
  for (
    const k of [
      "context",
      "label",
      "concept",
      "scale",
      "12 Months Ended Dec. 31, 2023",
      "12 Months Ended Dec. 31, 2023 (scaled)",
      "accession_no",
      "url",
    ]
  ) assert.ok(keys.includes(k), `${k} in ${head}`);
  const recs = rows.map((r) => Object.fromEntries(cells(r).map((c, i) => [keys[i], c])));
  // line items only: the "Costs:" heading is context, not a row
  assert.ok(!recs.some((r) => r.label === "Costs:"));
  const cost = recs.find((r) => r.concept === "us-gaap:CostOfRevenue")!;
  assert.equal(cost.context, "Costs");
  assert.equal(cost["12 Months Ended Dec. 31, 2023"], "(900)");
  assert.equal(cost["12 Months Ended Dec. 31, 2023 (scaled)"], "-900000000");
  assert.equal(cost.url, R2_URL);
  assert.equal(cost.accession_no, "0001234567-24-000010");
});

Deno.test("filings.report text: a note's embedded table reads as a table under its sub-headings", () => {
  const parsed = parseReport(R_NOTE);
  const env: Envelope = {
    ok: true,
    data: {
      filing: {
        company: "Example Co",
        form: "10-Q",
        accession_no: "0000000001-25-000057",
        filing_date: "2025-05-02",
        period_of_report: "2025-03-29",
        filing_url: "https://www.sec.gov/Archives/edgar/data/1/000000000125000057/ex-20250329.htm",
      },
      report: {
        short_name: "Segment Information and Geographic Data",
        long_name: "9952167 - Disclosure - Segment Information and Geographic Data",
        category: "Notes",
        file_name: "R17.htm",
        url: "https://www.sec.gov/Archives/edgar/data/1/000000000125000057/R17.htm",
      },
      text: reportText(R_NOTE),
      tables: parsed.tables,
      rows: parsed.rows,
      row_count: parsed.rows.length,
      row_query: null,
      rows_truncated: false,
    },
    error: null,
    warnings: [],
  } as unknown as Envelope;
  const text = renderOutput(env, "text", { view: "report", width: 120 }).out;
  assert.match(text, /^\$ millions; shares millions; per-share as printed/m);
  assert.match(text, /Three Months Ended\s+Three Months Ended\s+Six Months Ended/);
  assert.match(text, /^Americas:\n {2}Net sales\s+\$ 40,315\s+\$ 37,273\s+\$ 92,963\s+\$ 87,703$/m);
  assert.match(text, /^Europe:\n {2}Net sales\s+\$ 24,454/m);
  assert.match(text, /^Research and development expense\s+\(8,550\)/m);
  assert.match(text, /R17\.htm/);
  const csv = renderOutput(env, "csv", { view: "report" }).out.split("\n");
  const europe = csv.find((l) =>
    l.startsWith("Segment Information and Geographic Data — table 1,Europe,Net sales")
  );
  assert.ok(europe?.includes('"$ 24,454",24454000000'), europe);
});
