/**
 * Figures as reports outside the US print them: decimal commas, other minus signs, currencies
 * after the figure, glued footnote marks and scale captions in other words. A figure whose
 * decimal mark nothing settles is null and said, never guessed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import {
  applyNumberStyle,
  numberStyles,
  parseNumber,
} from "../../analysis/document/table_figures.ts";
import { cellScales, scaleIn } from "../../analysis/document/table_scale.ts";
import { streamTables } from "../../analysis/document/tables.ts";
import type { TextRun } from "../../analysis/document/pdf_layout.ts";

const F = (name: string) => join(FIXTURES, "document", name);
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("parseNumber: minus signs, currencies after the figure and glued footnote marks", () => {
  const cases: [string, number | null][] = [
    ["\u22121,234", -1234],
    ["\u20131,234", -1234],
    ["1,234-", -1234],
    ["\u25b31,234", -1234], // Japanese filings
    ["\u25b212", -12],
    ["1,234(a)", 1234],
    ["12.5*", 12.5],
    ["(3.2)\u2020", -3.2],
    ["$(1,234)", -1234],
    ["1,234.5 kr", 1234.5],
    ["Rs. 1,234", 1234],
    ["1'234.50", 1234.5],
    ["(5)", -5],
    ["(2), (3)", null], // two note references, no figure
    ["737 *", null], // a mark set apart may head a column (an airplane model)
    ["401(k)", 401],
  ];
  for (const [cell, want] of cases) assert.equal(parseNumber(cell), want, cell);
  assert.equal(parseNumber("1.234,5", "comma"), 1234.5);
  assert.equal(parseNumber("1\u202f234,5", "comma"), 1234.5);
  assert.equal(parseNumber("1 234,5", "comma"), 1234.5, "groups of three before a decimal comma");
  assert.equal(parseNumber("1.234 \u20ac", "comma"), 1234);
  assert.equal(parseNumber("1.234,5"), null, "not a point-style figure");
});

Deno.test("scale captions in other words: euros, Mio., TEUR, crore and lakh, millions of yen", () => {
  const forms: [string, number | null][] = [
    ["in thousands of euros", 1e3],
    ["(in \u20ac million)", 1e6],
    ["\u20acm 2023 2022", 1e6],
    ["in Mio. EUR", 1e6],
    ["Mio. \u20ac", 1e6],
    ["in Mrd. \u20ac", 1e9],
    ["TEUR", 1e3],
    ["Rs. in crore", 1e7],
    ["(\u20b9 in lakhs)", 1e5],
    ["\u20b9 crore", 1e7],
    ["(Millions of yen)", 1e6],
    ["\u5358\u4f4d\uff1a\u767e\u4e07\u5186", 1e6],
    ["Thousands of U.S. dollars", 1e3],
    ["$ million", 1e6],
    ["millions of customers", null],
    ["$ 5m in revenue", null],
    ["Bitcoin mining", null],
  ];
  for (const [text, multiplier] of forms) {
    assert.equal(scaleIn([text])?.multiplier ?? null, multiplier, text);
  }
});

const run = (str: string, x: number, y: number): TextRun => ({
  str,
  x,
  y,
  size: 10,
  width: str.length * 5,
});

Deno.test("number styles: a table's own figures decide, the document's other tables settle the rest", () => {
  const table = (cells: string[], context = "") => ({ cells, context });
  const [eu, us, open, settled, hinted, noted] = numberStyles([
    table(["1.234,5", "12,5", "1.100"]),
    table(["1,234", "0.25"]),
    table(["1.234", "2.468"], "in thousands of euros"),
    table(["1,234", "9,876"]),
    table(["1,234"], "(in EUR million)"),
    table(["3,4", "1,234", "2,345"]),
  ]);
  assert.equal(eu.style, "comma");
  assert.equal(us.style, "point");
  // both styles appear in the document: the caption's euros leave "1.234" open
  assert.equal(open.ambiguous, ".");
  assert.equal(settled.ambiguous, null);
  assert.equal(hinted.ambiguous, ",");
  assert.equal(
    noted.style,
    "point",
    'one "3,4" (note references) does not make a table decimal-comma',
  );
  // a document whose only evidence is decimal commas reads its open tables so
  const [a, b] = numberStyles([table(["1.234,5", "2,25"]), table(["1.234", "2.000"])]);
  assert.equal(a.style, "comma");
  assert.deepEqual(b, { style: "comma", ambiguous: null });
  const t = { rows: [["Revenue", "1.234", "2.000"]], values: [[null, 1.234, 2]] };
  assert.equal(applyNumberStyle(t, b), 0);
  assert.deepEqual(t.values, [[null, 1234, 2000]]);
});

Deno.test("stream tables: a decimal-comma row is a row, not a header", () => {
  const runs = [
    run("2024", 400, 730),
    run("2023", 480, 730),
    run("Umsatz", 54, 712),
    run("1.234,5", 400, 712),
    run("1.100,2", 480, 712),
    run("Kosten", 54, 700),
    run("(812,3)", 400, 700),
    run("790,1-", 480, 700),
  ];
  const [t] = streamTables(runs, 1, 800);
  assert.deepEqual(t.header, ["", "2024", "2023"]);
  assert.equal(t.rows.length, 2);
  const [style] = numberStyles([{ cells: t.rows.flat(), context: "" }]);
  applyNumberStyle(t, style);
  assert.deepEqual(t.values, [[null, 1234.5, 1100.2], [null, -812.3, -790.1]]);
});

Deno.test("cellScales: an exception the caption names, a change column headed inside the table, FX rates", () => {
  const scaled = cellScales({
    header: ["", "Q1 FY21", "Q1 FY20"],
    rows: [["Sales Volume", "76,599", "402,594"], ["Net Sales", "36,775", "187,352"]],
    values: [[null, 76599, 402594], [null, 36775, 187352]],
    scale: {
      multiplier: 1e6,
      text: "All figures except sales volume are in INR million",
      where: "above",
    },
  });
  assert.deepEqual(scaled, [[null, null, null], [null, 1e6, 1e6]]);
  const block = cellScales({
    header: ["Results", "2022 $ million", "2023 $ million"],
    rows: [
      ["Net sales", "14,544", "14,694"],
      ["Adjusted results", "2023 $ million", "Reported \u2206%"],
      ["EBITDA", "2,018", "(5)"],
      ["USD:EUR average FX rate", "0.9391", "0.9185"],
      ["Effect of exchange rate changes on cash", "(73)", "(39)"],
    ],
    values: [[null, 14544, 14694], [null, null, null], [null, 2018, -5], [null, 0.9391, 0.9185], [
      null,
      -73,
      -39,
    ]],
    scale: { multiplier: 1e6, text: "$ million", where: "header" },
  });
  assert.deepEqual(block[2], [null, 1e6, null], "the change column is no money");
  assert.deepEqual(block[3], [null, null, null], "an exchange rate is no money");
  assert.deepEqual(block[4], [null, 1e6, null], "the effect of exchange rates is money");
});

Deno.test("document.tables: a decimal-comma statement is read so and said; an unsettled '1.234' is null and said", async () => {
  const eu: Any = dataOf(await envelope("document.tables", { source: F("decimal_comma.pdf") }));
  const t = eu.tables[0];
  assert.deepEqual(t.scale, { multiplier: 1e6, text: "(in Mio. EUR)", where: "above" });
  assert.deepEqual(t.values, [
    [null, 1234.5, 1100.2],
    [null, -812.3, -790.1],
    [null, 12.5, 9.75],
    [null, 1234567, 987654],
  ]);
  assert.ok(eu.warnings.some((w: string) => /decimal comma/.test(w)), eu.warnings.join());
  assert.ok(!t.rows.flat().includes("3"), "the page number is no cell");
  const open: Any = dataOf(await envelope("document.tables", { source: F("ambiguous_point.pdf") }));
  const o = open.tables[0];
  assert.deepEqual(o.values, [[null, null, null], [null, null, null], [null, 512, 498]]);
  assert.ok(
    open.warnings.some((w: string) =>
      /4 figure\(s\) such as "1\.234" could be read with either decimal mark/.test(w)
    ),
    open.warnings.join(),
  );
});

Deno.test("cellScales: 'in millions except share price' scales share counts and values, not per-share prices", () => {
  const header = (price: string) => [
    "",
    "Number of Shares",
    `${price} (In millions except share price)`,
    "Aggregate Intrinsic Value",
    "Average Remaining Contractual Life (in years)",
  ];
  const t = (price: string) => ({
    header: header(price),
    rows: [
      ["Unvested shares as of December 25, 2021", "10", "$ 79.03", "", ""],
      ["Granted", "17", "$ 92.92", "", ""],
      ["Unvested shares as of December 31, 2022", "28", "$ 95.49", "$1,810", "1.67"],
    ],
    values: [[null, 10, 79.03, null, null], [null, 17, 92.92, null, null], [
      null,
      28,
      95.49,
      1810,
      1.67,
    ]],
    scale: {
      multiplier: 1e6,
      text: "(In millions except share price)",
      where: "header" as const,
    },
  });
  const expected = [
    [null, 1e6, null, null, null],
    [null, 1e6, null, null, null],
    [null, 1e6, null, 1e6, null],
  ];
  // AMD's award tables: 10 million shares at $79.03 a share, an intrinsic value of $1,810 million
  assert.deepEqual(cellScales(t("Weighted- Average Grant Date Fair Value")), expected);
  assert.deepEqual(cellScales(t("Weighted-Average Exercise Price")), expected);
});
