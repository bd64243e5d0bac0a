/**
 * Column headings written as whole numbers (airplane models, day counts) in a first row with no
 * label: read as the header when the row can only be headings, kept as a row of figures with a
 * caution when it could be either, never taken from a row of amounts or a total row.
 */
import assert from "node:assert/strict";
import { applyNumberStyle } from "../../analysis/document/table_figures.ts";
import { cellScales } from "../../analysis/document/table_scale.ts";
import { htmlTable, streamTables } from "../../analysis/document/tables.ts";
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

/** A stream table whose first line is `head` (label at the left, headings over the columns). */
const headed = (label: string, cells: string[]) => [
  ...(label ? [run(label, 36, 694)] : []),
  ...headings(cells),
];

Deno.test("headings: a labelled row of model numbers ('Model | 737 | 747 | 767') heads the columns", () => {
  const t = table(headed("Model", ["319", "320", "321", ""]), [
    ["Units delivered", "12", "95", "41"],
    ["Units on order", "310", "1,122", "96"],
  ]);
  assert.deepEqual(t.header.slice(0, 4), ["Model", "319", "320", "321"]);
  assert.deepEqual(t.rows.map((r) => r[0]), ["Units delivered", "Units on order"]);
  assert.ok(!t.values.flat().some((v) => v === 319 || v === 320 || v === 321));
  assert.equal(t.warnings?.length, 1);
  assert.match(t.warnings![0], /first row \(Model: 319, 320, 321\) is labelled.*column headings/);
  // two numbers under "Program", and a word among the numbers ("Total") under any label
  const two = table(headed("Program", ["640", "650", "", ""]), [
    ["Accounting quantity", "1,200", "800"],
    ["Firm orders", "310", "122"],
  ]);
  assert.deepEqual(two.header.slice(0, 3), ["Program", "640", "650"]);
  assert.equal(two.rows.length, 2);
  const total = table(headed("Airplanes", ["640", "650", "Total", ""]), [
    ["Accounting quantity", "1,200", "800", "2,000"],
    ["Firm orders", "310", "122", "432"],
  ]);
  assert.deepEqual(total.header.slice(0, 4), ["Airplanes", "640", "650", "Total"]);
  assert.equal(total.warnings, undefined);
});

Deno.test("headings: a labelled first row of figures stays figures; in heading form, with a caution", () => {
  const t = table([], [
    ["Stores", "120", "135", "150"],
    ["Employees", "1,200", "1,350", "1,500"],
  ]);
  assert.deepEqual(t.header.filter(Boolean), []);
  assert.deepEqual(t.values[0], [null, 120, 135, 150]);
  assert.equal(t.warnings?.length, 1);
  assert.match(t.warnings![0], /first row \(Stores: 120, 135, 150\) .*kept as a row of figures/);
  // not in heading form (out of order, or two numbers): figures, no caution
  const plain = table([], [
    ["Stores", "120", "95", "150"],
    ["Employees", "1,200", "1,350", "1,500"],
  ]);
  assert.deepEqual(plain.values[0], [null, 120, 95, 150]);
  assert.equal(plain.warnings, undefined);
  // a word in a column of text under a label names no column of figures
  const text = table([], [
    ["Plan", "12", "15", "Fixed"],
    ["Grants", "3", "4", "Open"],
  ]);
  assert.deepEqual(text.values[0].slice(0, 3), [null, 12, 15]);
  // labelled years and quarters still head the columns
  const years = table(headed("Fiscal year", ["2024", "2023", "2022", ""]), [
    ["Units delivered", "12", "95", "41"],
    ["Units on order", "310", "122", "96"],
  ]);
  assert.deepEqual(years.header.slice(0, 4), ["Fiscal year", "2024", "2023", "2022"]);
  assert.equal(years.warnings, undefined);
  const quarters = table(headed("Quarter", ["Q1", "Q2", "Q3", "Q4"]), [
    ["Units delivered", "12", "95", "41", "40"],
    ["Units on order", "310", "122", "96", "90"],
  ]);
  assert.deepEqual(quarters.header, ["Quarter", "Q1", "Q2", "Q3", "Q4"]);
});

Deno.test("annotations: parenthesised counts in an unheaded column beside counts are not negatives", () => {
  // "Deliveries | 387 | (13)": 387 airplanes, 13 of them intercompany, as a footnote says
  const t = table(headings(["319 *", "", "320", "Total"]), [
    ["Cumulative units", "1,410", "", "4,812", ""],
    ["Units delivered", "62", "(7)", "95", "157"],
    ["Units returned", "40", "(3)", "41", "81"],
  ]);
  assert.deepEqual(t.header, ["", "319 *", "", "320", "Total"]);
  assert.deepEqual(t.values[1], [null, 62, null, 95, 157]);
  assert.deepEqual(t.values[2], [null, 40, null, 41, 81]);
  assert.equal(t.warnings?.length, 1);
  assert.match(
    t.warnings![0],
    /column 3 has no heading .*"\(7\)".*beside column 2 may be annotations \(counts in parentheses\), not negative values/,
  );
  // read again in a number style, the annotations stay null
  applyNumberStyle(t, { style: "point", ambiguous: null });
  assert.deepEqual(t.values[1], [null, 62, null, 95, 157]);
  // a column headed only by a footnote mark ("†") is no heading either
  const marked = table(headings(["640", "650", "Total", "\u2020"]), [
    ["Firm orders", "310", "122", "432", "(8)"],
    ["Program quantity", "1,200", "800", "2,000", ""],
  ]);
  assert.deepEqual(marked.values[0], [null, 310, 122, 432, null]);
  assert.match(marked.warnings?.join(" ") ?? "", /column 5 is headed only by a footnote mark/);
});

Deno.test("annotations: a column of parenthesised amounts is never taken for annotations", () => {
  const counts = [
    ["Units delivered", "62", "(7)", "95", "157"],
    ["Units returned", "40", "(3)", "41", "81"],
  ] as [string, ...string[]][];
  // the rule itself, so that what follows is weighed against a table it does change
  const base = table(headings(["319", "", "320", "Total"]), counts);
  assert.deepEqual(base.values[0], [null, 62, null, 95, 157]);
  // a heading of its own over the parenthesised column: negatives
  const change = table(headings(["319", "Change", "320", "Total"]), counts);
  assert.deepEqual(change.values[0], [null, 62, -7, 95, 157]);
  assert.equal(change.warnings, undefined);
  // a table of amounts: a currency, a decimal or a percent anywhere in it
  for (const amount of ["$ 157", "157.5", "15 %"]) {
    const money = table(headings(["319", "", "320", "Total"]), [
      counts[0],
      ["Units returned", "40", "(3)", "41", amount],
    ]);
    assert.deepEqual(money.values[0], [null, 62, -7, 95, 157], amount);
    assert.equal(money.warnings, undefined, amount);
  }
  // a scale stated above the table
  const scaled = table(
    [run("(In thousands)", 36, 720), ...headings(["319", "", "320", "Total"])],
    counts,
  );
  assert.equal(scaled.scale?.multiplier, 1e3);
  assert.deepEqual(scaled.values[0], [null, 62, -7, 95, 157]);
  // beside no count in its row, or beside a column of negatives: negatives
  const alone = table(headings(["319", "", "320", "Total"]), [
    ["Units delivered", "62", "(7)", "95", "157"],
    ["Write-downs", "", "(3)", "41", "38"],
  ]);
  assert.deepEqual(alone.values.map((r) => r[2]), [-7, -3]);
  const negatives = table(headings(["319", "", "320", "Total"]), [
    ["Units delivered", "(62)", "(7)", "(95)", "(164)"],
    ["Units returned", "(40)", "(3)", "(41)", "(84)"],
  ]);
  assert.deepEqual(negatives.header.slice(1), ["319", "", "320", "Total"]);
  assert.deepEqual(negatives.values[0], [null, -62, -7, -95, -164]);
});

Deno.test("document.tables says which parenthesised counts it took for annotations", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const td = (t: string) => `<td>${t}</td>`;
    const row = (cells: string[]) => `<tr>${cells.map(td).join("")}</tr>`;
    const file = `${dir}/deliveries.html`;
    await Deno.writeTextFile(
      file,
      `<html><body><p>Deliveries by model</p><table>${row(["", "319 *", "", "320", "Total"])}${
        row(["Units delivered", "62", "(7)", "95", "157"])
      }${row(["Units returned", "40 (3)", "", "41", "81"])}${
        row(["Units leased", "12", "(2)", "3", "15"])
      }</table></body></html>`,
    );
    const env = await envelope("document.tables", { source: file });
    assert.equal(env.ok, true, env.error ?? "");
    const data = env.data as { tables: { values: (number | null)[][] }[] };
    assert.deepEqual(data.tables[0].values, [
      [null, 62, null, 95, 157],
      [null, null, null, 41, 81], // "40 (3)": a count and its annotation in one cell
      [null, 12, null, 3, 15],
    ]);
    assert.ok(
      env.warnings.some((w) =>
        /^table 1\b.*column 3 has no heading .*"\(7\)".*may be annotations/.test(w)
      ),
      env.warnings.join(" | "),
    );
    assert.ok(
      env.warnings.some((w) =>
        /^table 1\b.*several numbers run together \(e\.g\. "40 \(3\)"\)/.test(w)
      ),
      env.warnings.join(" | "),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
