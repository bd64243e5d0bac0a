/**
 * A note's R page embeds the filing's own HTML tables in one text-block cell (Apple's segment
 * note, R17 of its 10-Q): each is read as a table of its own, with its header row, "$" cells
 * joined to their figures, the note's "(in millions)" and its sub-headings as context.
 */
import assert from "node:assert/strict";
import { parseReport, reportText } from "../../analysis/filings/rfile.ts";
import { R_NOTE } from "./report_fixtures.ts";

Deno.test("R page: a table embedded in a note's text block is a table of its own", () => {
  const page = parseReport(R_NOTE);
  const sales = page.rows.filter((r) => r.label === "Net sales");
  assert.equal(sales.length, 2);
  // the sub-heading above the rows tells the regions' rows apart
  assert.deepEqual(sales.map((r) => r.context), [["Americas"], ["Europe"]]);
  const americas = sales[0];
  assert.equal(americas.table, "Segment Information and Geographic Data — table 1");
  assert.deepEqual(americas.values.map((v) => v.column), [
    "Three Months Ended March 29, 2025",
    "Three Months Ended March 30, 2024",
    "Six Months Ended March 29, 2025",
    "Six Months Ended March 30, 2024",
  ]);
  // "$" joined to its figure; the note's "(in millions)" scales it
  assert.deepEqual(americas.values[0], {
    column: "Three Months Ended March 29, 2025",
    text: "$ 40,315",
    number: 40315,
    scaled: 40315e6,
    unit: "$",
  });
  assert.equal(americas.values[3].scaled, 87703e6);
  // the second table: a figure split over "(8,550" and ")" is one negative figure
  const rd = page.rows.find((r) => r.label === "Research and development expense")!;
  assert.equal(rd.table, "Segment Information and Geographic Data — table 2");
  assert.deepEqual(rd.context, []);
  assert.equal(rd.values[0].text, "(8,550)");
  assert.equal(rd.values[0].scaled, -8550e6);
  // each table says its columns and scale; the page's own table states none
  assert.equal(page.tables.length, 3);
  assert.equal(page.tables[0].scale, "figures as printed (no scale stated)");
  assert.match(page.tables[1].scale, /^\$ millions; shares millions; per-share as printed$/);
  assert.match(page.tables[2].caption!, /^A reconciliation/);
  // the text block's own cell is its prose, the tables marked where they stand
  const block = page.rows.find((r) => r.concept === "us-gaap:SegmentReportingDisclosureTextBlock")!;
  assert.equal(block.values.length, 1);
  assert.match(block.values[0].text, /\(in millions\): \[table 1\] A reconciliation/);
  // headings with no figure are abstract rows of their table
  assert.ok(page.rows.some((r) => r.label === "Americas:" && r.abstract));
});

Deno.test("R page: the page's text runs past the first embedded table's end", () => {
  const text = reportText(R_NOTE);
  assert.match(text, /Total operating income/);
  assert.doesNotMatch(text, /No definition available/);
});
