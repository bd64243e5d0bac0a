/**
 * The sheet of filings.sections carries the filing it describes: every row with its form,
 * accession and the filing's full URL, and both its lists (the canonical sections and the items
 * found), as its text view promises ("json or csv has everything").
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { loadCommand } from "../../commands/registry.ts";
import { envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };
const FILING_URL =
  "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/acme-20231231.htm";

async function sheet(command: string, args: Record<string, unknown>) {
  const env = await envelope(command, args, opts);
  assert.equal(env.ok, true, env.error ?? "");
  const def = await loadCommand(command);
  const [head, ...rows] = renderOutput(env, "csv", { view: def.view }).out.split("\n");
  const keys = head.split(",");
  // the cells used here hold no commas
  return rows.map((r) => Object.fromEntries(r.split(",").map((c, i) => [keys[i], c])));
}

Deno.test("filings.sections csv: sections and items, each row citing the filing", async () => {
  const rows = await sheet("filings.sections", { symbol: "ACME" });
  const sections = rows.filter((r) => r.table === "supported_sections");
  const items = rows.filter((r) => r.table === "items");
  assert.deepEqual(sections.map((r) => r.key), [
    "business",
    "risk_factors",
    "mda",
    "financial_statements",
    "segments",
  ]);
  assert.ok(items.some((r) => r.id === "part_ii_item_7"));
  for (const r of rows) {
    assert.equal(r.accession_no, "0001234567-24-000010");
    assert.equal(r.form, "10-K");
    assert.equal(r.filing_url, FILING_URL);
  }
  // a section's own fields, which the text view leaves out, are in the sheet
  assert.equal(sections.find((r) => r.key === "mda")!.method, "toc_link");
});
