/**
 * Column headings written as whole numbers (airplane models, day counts) in a first row with no
 * label: read as the header when the row can only be headings, kept as a row of figures with a
 * caution when it could be either, never taken from a row of amounts or a total row.
 */
import assert from "node:assert/strict";
import {
  applyNumberStyle,
  cellScales,
  htmlTable,
  streamTables,
} from "../../analysis/document/tables.ts";
import { htmlTableBlocks } from "../../analysis/document/html.ts";
import { envelope } from "../_helpers.ts";
import type { TextRun } from "../../analysis/document/pdf_layout.ts";

/** A text run of 9-point type, its width estimated from its length. */
const run = (str: string, x: number, y: number, size = 9): TextRun => ({
  str,
  x,
  y,
  size,
  width: str.length * size * 0.5,
});

/** Right-aligned figure runs ending at each column's right edge. */
const COLUMNS = [260, 330, 400, 470];
const figures = (cells: string[], y: number) =>
  cells.flatMap((c, k) => c ? [run(c, COLUMNS[k] - c.length * 4.5, y)] : []);

/** A stream table from rows of [label, ...figures], top first, 14 points apart. */
function table(head: TextRun[], rows: [string, ...string[]][]) {
  const runs = [...head];
  rows.forEach(([label, ...cells], i) => {
    const y = 680 - 14 * i;
    if (label) runs.push(run(label, 36, y));
    runs.push(...figures(cells, y));
  });
  const [t] = streamTables(runs, 1, 800);
  assert.ok(t, "a table");
  return t;
}

/** A heading row over the columns at y = 694, each centred over its column. */
const headings = (cells: string[]) =>
  cells.flatMap((c, k) => c ? [run(c, COLUMNS[k] - 12 - c.length * 2.25, 694)] : []);

Deno.test("headings: model numbers with a 'Total' over labelled rows head the columns", () => {
  const t = table(headings(["319 *", "320", "321 *", "Total"]), [
    ["2023"],
    ["Cumulative units", "1,410", "4,812", "2,307", ""],
    ["Units delivered", "12", "95", "41", "148"],
    ["2022"],
    ["Cumulative units", "1,398", "4,717", "2,266", ""],
    ["Units delivered", "9", "88", "37", "134"],
  ]);
  assert.deepEqual(t.header, ["", "319 *", "320", "321 *", "Total"]);
  assert.deepEqual(t.rows[0], ["2023", "", "", "", ""]);
  // no model number is read as a figure, and a year naming a group of rows has no value
  assert.ok(!t.values.flat().some((v) => v === 320 || v === 2023 || v === 2022));
  assert.deepEqual(t.values[2], [null, 12, 95, 41, 148]);
  assert.equal(t.warnings, undefined);
});

Deno.test("headings: a word of letters and digits ('777X') and a lone mark column count too", () => {
  const t = table(headings(["640", "650", "650X", "\u2020"]), [
    ["Accounting quantity", "1,200", "800", "350", ""],
    ["Firm orders", "310", "122", "96", "(6)"],
  ]);
  assert.deepEqual(t.header, ["", "640", "650", "650X", "\u2020"]);
  assert.deepEqual(t.rows.map((r) => r[0]), ["Accounting quantity", "Firm orders"]);
});

Deno.test("headings: whole numbers of one width in order are headings, with a caution", () => {
  const t = table(headings(["30", "60", "90", ""]), [
    ["Receivables past due", "1,204", "310", "57"],
    ["Allowance", "(12)", "(9)", "(20)"],
  ]);
  assert.deepEqual(t.header.slice(0, 4), ["", "30", "60", "90"]);
  assert.equal(t.rows[0][0], "Receivables past due");
  assert.equal(t.warnings?.length, 1);
  assert.match(t.warnings![0], /no label.*read as the column headings/);
});

Deno.test("headings: an unlabeled first row that may be figures stays a row, with a caution", () => {
  const t = table([], [
    ["", "5", "33", "24", "480"],
    ["Deliveries", "12", "95", "41", "148"],
    ["Returns", "1", "2", "4", "7"],
  ]);
  assert.deepEqual(t.rows[0], ["", "5", "33", "24", "480"]);
  assert.deepEqual(t.values[0], [null, 5, 33, 24, 480]);
  assert.equal(t.warnings?.length, 1);
  assert.match(t.warnings![0], /first row \(5, 33, 24, 480\) has no label: it was kept/);
});

Deno.test("headings: amounts, dashes and an unlabeled total row are never headings", () => {
  const amounts = table([], [
    ["", "$ 1,200", "$ 950", "$ 800"],
    ["Cost of sales", "700", "610", "500"],
  ]);
  assert.deepEqual(amounts.values[0], [null, 1200, 950, 800]);
  assert.equal(amounts.warnings, undefined);
  const dashed = table([], [
    ["", "12", "\u2014", "15"],
    ["Openings", "3", "4", "5"],
  ]);
  assert.deepEqual(dashed.values[0], [null, 12, null, 15]);
  // a footnote mark set apart and a multiple are no words naming a column
  const marked = table([], [
    ["", "14", "12 (a)", "8.5x"],
    ["Openings", "3", "4", "7.0x"],
    ["Closings", "1", "2", "6.5x"],
  ]);
  assert.deepEqual(marked.values[0].slice(0, 2), [null, 14]);
  assert.equal(marked.header.filter(Boolean).length, 0);
  const total = table(headings(["2024", "2023", "2022"]), [
    ["Product", "410", "380", "350"],
    ["Services", "120", "115", "111"],
    ["", "530", "495", "461"],
  ]);
  assert.deepEqual(total.header.slice(1, 4), ["2024", "2023", "2022"]);
  assert.deepEqual(total.values.at(-1), [null, 530, 495, 461]);
  assert.equal(total.warnings, undefined);
});

Deno.test("headings: years and quarters head the columns as before", () => {
  const q = table(headings(["Q1", "Q2", "Q3", "Q4"]), [
    ["Revenue", "1,001", "1,102", "1,203", "1,304"],
    ["Net income", "101", "112", "123", "134"],
  ]);
  assert.deepEqual(q.header, ["", "Q1", "Q2", "Q3", "Q4"]);
  assert.equal(q.rows.length, 2);
});

Deno.test("headings: a year naming a group of rows has no value and takes no scale", () => {
  const t = table(headings(["H1", "H2"]), [
    ["2023"],
    ["Revenue", "1,001", "1,102"],
    ["2022"],
    ["Revenue", "901", "1,002"],
  ]);
  t.scale = { multiplier: 1e3, text: "(In thousands)", where: "above" };
  assert.deepEqual(t.header.slice(0, 3), ["", "H1", "H2"]);
  assert.deepEqual(t.rows[0].slice(0, 1), ["2023"]);
  applyNumberStyle(t, { style: "point", ambiguous: null });
  assert.deepEqual(t.values[2].slice(0, 1), [null]);
  assert.deepEqual(cellScales(t)[2].slice(0, 1), [null]);
  assert.deepEqual(cellScales(t)[3].slice(0, 2), [null, 1e3]);
});

Deno.test("headings: an HTML row of model numbers over '$ | figure' cells names the columns", async () => {
  const td = (t: string, span = 1) => `<td colspan="${span}">${t}</td>`;
  const html = `<table>
    <tr>${td("&#160;")}${td("319", 2)}${td("320", 2)}${td("Total", 2)}</tr>
    <tr>${td("Cumulative units")}${td("")}${td("1,410")}${td("")}${td("4,812")}${td("")}${
    td("6,222")
  }</tr>
    <tr>${td("Units delivered")}${td("")}${td("12")}${td("")}${td("95")}${td("")}${td("107")}</tr>
    </table>`;
  const [block] = await htmlTableBlocks(html);
  const t = htmlTable(block.grid, block.above);
  assert.deepEqual(t.header, ["", "319", "320", "Total"]);
  assert.deepEqual(t.rows, [
    ["Cumulative units", "1,410", "4,812", "6,222"],
    ["Units delivered", "12", "95", "107"],
  ]);
});

Deno.test("document.tables says which table has a first row of numbers with no label", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const td = (t: string) => `<td>${t}</td>`;
    const row = (cells: string[]) => `<tr>${cells.map(td).join("")}</tr>`;
    const file = `${dir}/units.html`;
    await Deno.writeTextFile(
      file,
      `<html><body><p>Units by plant</p><table>${row(["", "5", "33", "24", "480"])}${
        row(["Deliveries", "12", "95", "41", "148"])
      }${row(["Returns", "1", "2", "4", "7"])}</table></body></html>`,
    );
    const env = await envelope("document.tables", { source: file });
    assert.equal(env.ok, true, env.error ?? "");
    assert.ok(
      env.warnings.some((w) => /^table 1\b.*first row \(5, 33, 24, 480\) has no label/.test(w)),
      env.warnings.join(" | "),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
