/**
 * Headings and scales of stream tables laid out as earnings releases print them (shaped after a
 * retailer's release: a period's span centred over its dates, a balance sheet continued after a
 * blank band, a wrapped heading whose first line stands above the others):
 * - "13 Weeks Ended" over "January 28, | January 29," heads both columns: a 13-week and a
 *   52-week table of the same dates had the same headings;
 * - the rest of a balance sheet after "Commitments and contingencies" keeps the statement's
 *   "(In thousands)": read alone its totals had no scale and passed for units;
 * - "Gross square feet for" over "stores opened or | expanded during the" is the heading's start.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const S = 8;
const t = (x: number, y: number, s: string) => text(x, y, S, s);

async function saved(ops: string[]): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit12_headings_", suffix: ".pdf" });
  await Deno.writeFile(path, buildPdf([{ ops }]));
  return path;
}

/** A table of percents under a period's span, its dates and years, from `top` down. */
function shares(span: string, top: number, rows: [string, string, string][]): string[] {
  const ops = [
    t(410, top, span),
    t(395, top - 11, "January 28,"),
    t(465, top - 11, "January 29,"),
    t(402, top - 22, "2023"),
    t(472, top - 22, "2022"),
  ];
  rows.forEach(([label, a, b], i) => {
    const y = top - 36 - 13 * i;
    ops.push(t(60, y, label), t(404, y, a), t(474, y, b));
  });
  return ops;
}

Deno.test("document.tables: a period's span centred over the dates heads every column under it", async () => {
  const source = await saved([
    t(250, 760, "Sales by Category"),
    ...shares("13 Weeks Ended", 740, [["Cosmetics", "40%", "41%"], ["Skincare", "16%", "15%"], [
      "Services",
      "3%",
      "3%",
    ]]),
    ...shares("52 Weeks Ended", 620, [["Cosmetics", "42%", "43%"], ["Skincare", "17%", "17%"], [
      "Services",
      "3%",
      "3%",
    ]]),
  ]);
  const d: Any = dataOf(await envelope("document.tables", { source }));
  assert.equal(d.count, 2);
  // before: both tables were headed "January 28, 2023 | January 29, 2022"
  assert.deepEqual(d.tables[0].header.slice(1), [
    "13 Weeks Ended January 28, 2023",
    "13 Weeks Ended January 29, 2022",
  ]);
  assert.deepEqual(d.tables[1].header.slice(1), [
    "52 Weeks Ended January 28, 2023",
    "52 Weeks Ended January 29, 2022",
  ]);
  assert.deepEqual(d.tables[1].values[0], [null, 42, 43]);
});

Deno.test("document.tables: a title set well above the dates is not taken for their span", async () => {
  const ops = shares("Year Ended", 700, [["Cosmetics", "40%", "41%"], ["Skincare", "16%", "15%"]]);
  // the span line moved up to a title's distance, and worded as a title
  ops[0] = t(400, 740, "Twelve Months Ended");
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  assert.deepEqual(d.tables[0].header.slice(1), ["January 28, 2023", "January 29, 2022"]);
});

Deno.test("document.tables: a balance sheet continued after a blank band keeps the statement's scale", async () => {
  const ops = [
    t(230, 720, "Condensed Consolidated Balance Sheets"),
    t(278, 710, "(In thousands)"),
    t(446, 698, "January 28,"),
    t(500, 698, "January 29,"),
    t(460, 679, "2023"),
    t(514, 679, "2022"),
  ];
  const rows: [string, string, string][] = [
    ["Cash and cash equivalents", "737,877", "431,560"],
    ["Total assets", "5,370,411", "4,764,379"],
    ["Accounts payable", "559,527", "552,730"],
    ["Total liabilities", "3,410,600", "3,229,006"],
  ];
  rows.forEach(([l, a], i) => ops.push(t(60, 660 - 12 * i, l), t(458, 660 - 12 * i, a)));
  rows.forEach(([, , b], i) => ops.push(t(511, 660 - 12 * i, b)));
  ops.push(t(60, 595, "Commitments and contingencies"));
  ops.push(t(60, 572, "Total stockholders' equity"), t(458, 572, "1,959,811"));
  ops.push(t(511, 572, "1,535,373"));
  ops.push(t(60, 560, "Total liabilities and stockholders' equity"), t(458, 560, "5,370,411"));
  ops.push(t(511, 560, "4,764,379"));
  const env = await envelope("document.tables", { source: await saved(ops) });
  const d: Any = dataOf(env);
  assert.equal(d.count, 2, JSON.stringify(d.tables.map((x: Any) => x.rows)));
  const [first, rest] = d.tables;
  assert.equal(first.scale.multiplier, 1000);
  // before: scale null and row_scales null, so $1,959,811 thousand read as $1,959,811
  assert.deepEqual(rest.scale, { multiplier: 1000, text: "(In thousands)", where: "above" });
  assert.deepEqual(rest.row_scales, [1000, 1000]);
  assert.deepEqual(rest.header.slice(1), ["January 28, 2023", "January 29, 2022"]);
  assert.ok(
    env.warnings.some((w) =>
      /table 2 .*continues the table just above it.*\(In thousands\)/.test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("document.tables: a wrapped heading's first line above the table's first line starts that heading", async () => {
  const ops = [
    t(279, 718, "Gross square feet for"),
    t(191, 707, "Total gross square"),
    t(288, 707, "stores opened or"),
    t(372, 707, "Gross square feet for"),
    t(191, 696, "feet at beginning"),
    t(281, 696, "expanded during the"),
    t(388, 696, "stores closed"),
    t(60, 685, "Fiscal 2022"),
    t(207, 685, "the quarter"),
    t(307, 685, "quarter"),
    t(379, 685, "during the quarter"),
  ];
  const rows = [["1st Quarter", "13,770,438", "90,905", "0"], [
    "2nd Quarter",
    "13,861,343",
    "61,257",
    "0",
  ]];
  rows.forEach((r, i) => {
    const y = 672 - 13 * i;
    ops.push(t(60, y, r[0]), t(208, y, r[1]), t(309, y, r[2]), t(413, y, r[3]));
  });
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  const h = d.tables[0].header;
  // before: "stores opened or expanded during the quarter", its subject lost
  assert.equal(h[2], "Gross square feet for stores opened or expanded during the quarter");
  assert.equal(h[1], "Total gross square feet at beginning the quarter");
  assert.equal(h[3], "Gross square feet for stores closed during the quarter");
  assert.deepEqual(d.tables[0].values[0], [null, 13770438, 90905, 0]);
});

Deno.test("document.tables: a section label centred between the headings and the rows is no part of a column's heading", async () => {
  const ops = [
    t(250, 712, "(In thousands, except share data)"),
    t(372, 676, "December 31,"),
    t(480, 676, "December 31,"),
    t(387, 666, "2022"),
    t(495, 666, "2021"),
    t(289, 655, "ASSETS"),
    t(54, 643, "Current assets"),
    t(78, 631, "Cash and cash equivalents"),
    t(412, 631, "5,911,893"),
    t(520, 631, "4,703,059"),
    t(78, 619, "Inventories"),
    t(418, 619, "126,065"),
    t(530, 619, "96,374"),
  ];
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  // before: "December 31, 2022 ASSETS"
  assert.deepEqual(d.tables[0].header.slice(1), ["December 31, 2022", "December 31, 2021"]);
  assert.deepEqual(d.tables[0].values.at(-1), [null, 126065, 96374]);
});

Deno.test("tables: a par-value line wrapped onto its figures' row is dollars; a label mentioning figures is not figures run together", async () => {
  const { cellScales } = await import("../../analysis/document/table_scale.ts");
  const { multiNumber } = await import("../../analysis/document/table_figures.ts");
  const label = "Common stock, $.01 par value: authorized 1,000,000,000 shares, issued and";
  const rows = [
    [label, "", ""],
    ["outstanding 379,087,524 and 453,803,759 shares", "3,791", "4,538"],
    ["Weighted average shares outstanding", "384,018", "465,360"],
  ];
  const scales = cellScales({
    header: ["", "2022", "2021"],
    rows,
    values: [[null, null, null], [null, 3791, 4538], [null, 384018, 465360]],
    scale: { multiplier: 1000, text: "(In thousands, except share data)", where: "above" },
  });
  // before: null, as if the $3,791 thousand of par value were a count of shares
  assert.deepEqual(scales[1], [null, 1000, 1000]);
  // a share count under "except share data" is still not in thousands
  assert.deepEqual(scales[2], [null, null, null]);
  assert.equal(multiNumber(label), false);
  assert.equal(multiNumber("Revenue 1,234 5,678"), true);
  assert.equal(multiNumber("12.5 bps 13.0 bps"), true);
  assert.equal(multiNumber("$ 1,234 $ 5,678"), true);
});

Deno.test("tables: a range of two figures is not figures run together", async () => {
  const { multiNumber, parseNumber } = await import("../../analysis/document/table_figures.ts");
  assert.equal(multiNumber("50.65% - 53.51%"), false);
  assert.equal(multiNumber("3 to 5"), false);
  assert.equal(parseNumber("50.65% - 53.51%"), null);
  assert.equal(multiNumber("109 3 103 35"), true);
});
