/**
 * A table's units said per row and per caption, on PDFs written here byte by byte:
 * - a header "$ million" over a column that holds an EPS row in cents: the EPS row takes no
 *   money scale and a warning names it (before: "figures in millions" for the whole column);
 * - the scale's text is the unit phrase ("$ million"), not the whole heading line;
 * - a table captioned "(% of Net Sales)" says its figures are percentages (before: scale null
 *   and nothing said);
 * - multi-line column headings stacked above the rows are attached when they line up with the
 *   figures' columns, and not when a word sits between two columns.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { scaleIn } from "../../analysis/document/table_scale.ts";
import { percentCaption, unscaledRows } from "../../analysis/document/tables_units.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A one-page PDF of Helvetica text drawn by `ops`. */
function pdf(ops: string[]): Uint8Array {
  const content = ops.join("\n");
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(out);
}

const esc = (s: string) => s.replace(/[\\()]/g, (c) => "\\" + c);
const at = (x: number, y: number, s: string) => `BT /F1 9 Tf ${x} ${y} Td (${esc(s)}) Tj ET`;

async function tables(ops: string[]): Promise<{ d: Any; warnings: string[] }> {
  const source = await Deno.makeTempFile({ prefix: "audit13_units_", suffix: ".pdf" });
  try {
    await Deno.writeFile(source, pdf(ops));
    const env = await envelope("document.tables", { source, flavor: "stream", max_rows: 0 });
    const d: Any = dataOf(env);
    return { d, warnings: [...env.warnings, ...d.warnings] };
  } finally {
    await Deno.remove(source);
  }
}

/** Rows at y from `top` down, label at 72 and figures at the given x's. */
function rows(top: number, xs: number[], body: string[][]): string[] {
  return body.flatMap((r, i) => [
    at(72, top - 16 * i, r[0]),
    ...r.slice(1).map((c, k) => at(xs[k], top - 16 * i, c)),
  ]);
}

Deno.test("document.tables: an EPS row in cents under a '$ million' header takes no money scale, said per row", async () => {
  const { d, warnings } = await tables([
    at(72, 700, "GAAP results"),
    at(300, 700, "Twelve Months Ended June 30, 2023 $ million"),
    ...rows(676, [320, 420], [
      ["Net sales", "14,544", "14,694"],
      ["Net income", "805", "1,048"],
      ["EPS (diluted US cents)", "52.9", "70.5"],
    ]),
  ]);
  const t = d.tables[0];
  assert.ok(t, "no table read");
  assert.equal(t.scale?.multiplier, 1e6);
  // the unit phrase, not the whole heading line
  assert.equal(t.scale.text, "$ million");
  const eps = t.rows.findIndex((r: string[]) => r[0].startsWith("EPS"));
  assert.ok(eps >= 0);
  assert.equal(t.row_scales[eps], null);
  assert.ok(t.scales[eps].every((s: number | null) => s === null));
  assert.equal(t.row_scales[0], 1e6);
  assert.ok(
    warnings.some((w) => /does not apply to row\(s\) "EPS \(diluted US cents\)"/.test(w)),
    warnings.join("\n"),
  );
});

Deno.test("scaleIn trims a heading line to its unit phrase and keeps exceptions and currency", () => {
  assert.equal(scaleIn(["Twelve Months Ended June 30, 2022 $ million"])?.text, "$ million");
  assert.equal(scaleIn(["Rs. in crore"])?.text, "Rs. in crore");
  assert.equal(
    scaleIn(["Dollars in millions, except per share data"])?.text,
    "Dollars in millions, except per share data",
  );
  assert.equal(
    scaleIn(["Amounts in thousands unless otherwise noted; fiscal 2023"])?.text,
    "Amounts in thousands unless otherwise noted",
  );
  assert.equal(
    scaleIn(["(In thousands, except per share data)"])?.text,
    "(In thousands, except per share data)",
  );
});

Deno.test("document.tables: a table captioned '(% of Net Sales)' says its figures are percentages", async () => {
  const { d, warnings } = await tables([
    at(72, 720, "Key Financial Ratios (% of Net Sales)"),
    at(72, 700, "Parameter"),
    at(320, 700, "Q1 FY21"),
    at(420, 700, "Q4 FY20"),
    ...rows(684, [320, 420], [
      ["Material Cost", "79.6", "74.3"],
      ["Employee Cost", "19.9", "4.8"],
      ["Other Expenses", "35.7", "17.8"],
    ]),
  ]);
  assert.equal(d.tables[0].scale, null);
  assert.ok(
    warnings.some((w) =>
      /"Key Financial Ratios \(% of Net Sales\)" says its figures are percentages/.test(w)
    ),
    warnings.join("\n"),
  );
});

Deno.test("percentCaption and unscaledRows: what they find and what they leave", () => {
  assert.equal(percentCaption(["Margins (% of revenue)"], []), "Margins (% of revenue)");
  assert.equal(percentCaption([], ["Figures in %"]), "Figures in %");
  assert.equal(percentCaption(["Revenue (in millions)"], ["2023", "% change"]), null);
  assert.deepEqual(
    unscaledRows([["Sales", "10"], ["EPS", "1.2"], ["Note", ""]], [[null, 10], [null, 1.2], [
      null,
      null,
    ]], [[null, 1e6], [null, null], [null, null]]),
    ["EPS"],
  );
});

const STACK = [
  // three columns' headings in three lines, then a caption over the label column, then the rows
  [[300, "Total Number of"], [380, "Average"], [450, "Maximum Dollar"]],
  [[310, "Shares"], [380, "Price Paid"], [450, "Value of Shares"]],
  [[300, "Repurchased"], [380, "per Share"], [450, "Yet to be Bought"]],
] as const;

/** The stack at 716 down, a row caption over the label column, then the rows. */
const stacked = (extra: string[] = []) => [
  at(72, 740, "The table below shows our repurchases in the year."),
  ...STACK.flatMap((line, i) => line.map(([x, s]) => at(x, 716 - 10 * i, s))),
  ...extra,
  at(72, 672, "Repurchases during each quarter of"),
  at(82, 662, "2022:"),
  ...rows(646, [310, 385, 460], [
    ["Jan 1 - Mar 31", "15,785,806", "$121.03", "$8,327"],
    ["Apr 1 - Jun 30", "10,159,900", "$90.58", "$7,407"],
    ["Jul 1 - Sep 30", "6,895,972", "$89.52", "$6,790"],
  ]),
];

Deno.test("document.tables: column headings stacked above the rows are attached when they line up", async () => {
  const { d } = await tables(stacked());
  const t = d.tables[0];
  assert.ok(t, "no table read");
  assert.deepEqual(t.header.slice(-3), [
    "Total Number of Shares Repurchased",
    "Average Price Paid per Share",
    "Maximum Dollar Value of Shares Yet to be Bought",
  ]);
});

Deno.test("document.tables: a scale printed among stacked headings is still said to be a column's", async () => {
  const { d, warnings } = await tables(stacked([at(452, 686, "(In millions)")]));
  const t = d.tables[0];
  assert.ok(t, "no table read");
  assert.equal(t.header.at(-1), "Maximum Dollar Value of Shares Yet to be Bought");
  assert.ok(
    warnings.some((w) => /scale "\(In millions\)" is printed among them/.test(w)),
    warnings.join("\n"),
  );
});

Deno.test("document.tables: a heading word between two columns leaves the stack unattached", async () => {
  // centred between the first two figure columns
  const { d } = await tables(stacked([at(343, 686, "Total")]));
  const t = d.tables[0];
  assert.ok(t, "no table read");
  assert.ok(
    !t.header.includes("Total Number of Shares Repurchased"),
    `headings were attached across a straddling word: ${JSON.stringify(t.header)}`,
  );
});
