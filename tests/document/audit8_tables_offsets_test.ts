/**
 * document.tables gives each cell the offsets of its text in the text document.read returns, as
 * the contract's trust rules ask of text. Before, tables carried pages and boxes but no offsets:
 * a figure could not be cited or reopened with document.window.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, image, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const squash = (s: string) => s.replace(/\s+/g, "");

/** Runs document.tables and document.read (whole text) over the same PDF bytes. */
async function both(pdf: Uint8Array, args: Record<string, unknown> = {}) {
  const body = pdf as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(body, { headers: { "content-type": "application/pdf" } }));
  const source = "https://ir.example.com/release.pdf";
  const tables = dataOf<Any>(
    await envelope<Any>("document.tables", { source, ...args }, { fetch: fake }),
  );
  const read = dataOf<Any>(
    await envelope<Any>("document.read", { source, max_chars: 0, max_pages: 0 }, { fetch: fake }),
  );
  return { tables, text: read.text as string };
}

/** Every cell with offsets slices to its own text; returns how many cells had them. */
function checkOffsets(t: Any, text: string): number {
  let placed = 0;
  t.rows.forEach((row: string[], i: number) =>
    row.forEach((cell, k) => {
      const at = t.offsets[i][k];
      if (!cell.trim()) return assert.equal(at, null);
      if (at === null) return;
      placed++;
      assert.equal(squash(text.slice(at[0], at[1])), squash(cell), `row ${i} col ${k}`);
    })
  );
  return placed;
}

const PROSE = [
  "Acme Corp reports fourth quarter results. Revenue grew 12 percent to 1,234.5 million",
  "and operating income was 96.4 million; 2023 figures are restated. See the tables below.",
];

function statement(y0: number): string[] {
  const ops = [
    text(72, y0, 10, "Condensed Consolidated Statements of Operations"),
    text(72, y0 - 14, 9, "(in millions, except per share data)"),
    text(330, y0 - 30, 9, "2024"),
    text(420, y0 - 30, 9, "2023"),
  ];
  const rows = [
    ["Revenue", "$", "1,234.5", "$", "1,100.2"],
    ["Cost of revenue", "", "(512.3)", "", "(498.0)"],
    ["Restructuring", "", "\u2014", "", "12.0"],
    ["Operating income", "", "96.4", "", "(12.3)"],
    ["Earnings per share", "$", "0.52", "$", "(0.05)"],
  ];
  rows.forEach((r, i) => {
    const y = y0 - 46 - i * 13;
    ops.push(text(72, y, 9, r[0]));
    if (r[1]) ops.push(text(318, y, 9, r[1]));
    ops.push(text(330, y, 9, r[2]));
    if (r[3]) ops.push(text(408, y, 9, r[3]));
    ops.push(text(420, y, 9, r[4]));
  });
  return ops;
}

Deno.test("document.tables: each cell's offsets slice its text out of document.read's text", async () => {
  // the table on page 2, after a page of prose that names the same figures (1,234.5, 96.4)
  const pdf = buildPdf([
    { ops: PROSE.map((l, i) => text(72, 740 - i * 14, 10, l)) },
    { ops: [text(72, 760, 10, "Exhibit 99.1"), ...statement(720)] },
  ]);
  const { tables, text: doc } = await both(pdf);
  assert.equal(tables.count, 1);
  const t = tables.tables[0];
  assert.equal(t.page, 2);
  // before: no offsets at all
  assert.ok(Array.isArray(t.offsets), "offsets are given");
  const cells = t.rows.flat().filter((c: string) => c.trim()).length;
  assert.equal(checkOffsets(t, doc), cells, "every filled cell is placed");
  // the figures are cited on page 2, not where the prose on page 1 repeats them
  const revenue = t.rows.findIndex((r: string[]) => r[0] === "Revenue");
  const at = t.offsets[revenue][1];
  const page2 = doc.indexOf("Exhibit 99.1");
  assert.ok(page2 > 0 && at[0] > page2, "the revenue figure is the table's, on page 2");
  // a negative in parentheses and an em-dash zero are placed too, each on its own row
  const cost = t.rows.findIndex((r: string[]) => r[0] === "Cost of revenue");
  assert.equal(squash(doc.slice(...t.offsets[cost][1] as [number, number])), "(512.3)");
  const dash = t.rows.findIndex((r: string[]) => r[0] === "Restructuring");
  assert.equal(doc.slice(...t.offsets[dash][1] as [number, number]), "\u2014");
  assert.ok(t.offsets[dash][1][0] > t.offsets[cost][2][1], "rows are placed in order");
});

Deno.test("document.tables: offsets follow max_rows and stay right on a later page", async () => {
  const pdf = buildPdf([
    { ops: PROSE.map((l, i) => text(72, 740 - i * 14, 10, l)) },
    { ops: statement(720) },
    { ops: [text(72, 760, 10, "Segment results"), ...statement(700)] },
  ]);
  const { tables, text: doc } = await both(pdf, { pages: "3", max_rows: 2 });
  const t = tables.tables[0];
  assert.equal(t.page, 3);
  assert.equal(t.offsets.length, 2);
  assert.equal(checkOffsets(t, doc), t.rows.flat().filter((c: string) => c.trim()).length);
  assert.ok(t.offsets[0][0][0] > doc.indexOf("Segment results"));
});

Deno.test("document.tables: no offsets after a page document.read reads by OCR, and it says why", async () => {
  // page 1 is a scan (a page-size image, no text): document.read OCRs it, so its text and every
  // offset after it are not known without OCR
  const rgb = new Uint8Array(40 * 40 * 3).fill(255);
  const pdf = buildPdf([
    { ops: [image(0, 0, 0, 612, 792)], images: [{ width: 40, height: 40, rgb }] },
    { ops: statement(720) },
  ]);
  const body = pdf as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(body, { headers: { "content-type": "application/pdf" } }));
  const d = dataOf<Any>(
    await envelope<Any>("document.tables", { source: "https://ir.example.com/s.pdf" }, {
      fetch: fake,
    }),
  );
  assert.equal(d.count, 1);
  assert.equal(d.tables[0].offsets, null);
  assert.ok(d.warnings.some((w: string) => /page 1 .*OCR.*offsets/.test(w)), d.warnings.join("\n"));
});

const SHARED = "/work/shared/fixtures/pdf/ULTABEAUTY_2023Q4_EARNINGS.pdf";

Deno.test("document.tables: offsets on a real earnings release slice every cell's text", async () => {
  if (!existsSync(SHARED)) {
    console.log(`skipped: ${SHARED} is not here (the shared fixtures are not installed)`);
    return;
  }
  const tables = dataOf<Any>(
    await envelope<Any>("document.tables", { source: SHARED, max_rows: 0 }),
  );
  const read = dataOf<Any>(
    await envelope<Any>("document.read", { source: SHARED, max_chars: 0, max_pages: 0 }),
  );
  let filled = 0, placed = 0;
  for (const t of tables.tables) {
    filled += t.rows.flat().filter((c: string) => c.trim()).length;
    placed += checkOffsets(t, read.text);
  }
  assert.ok(filled > 100);
  assert.equal(placed, filled);
});

Deno.test("document.tables: an HTML table's cells carry their offsets in document.read's text", async () => {
  const html = `<!doctype html><html><body>
<p>Net sales were $1,234.5 million and net income was $96.4 million for the quarter, compared with
$1,100.2 million a year ago. The board declared a dividend. ${
    "More words of the release. ".repeat(20)
  }</p>
<table>
<tr><td></td><td colspan="2">2024</td><td colspan="2">2023</td></tr>
<tr><td>Net sales</td><td>$</td><td>1,234.5</td><td>$</td><td>1,100.2</td></tr>
<tr><td>COST OF SALES<br>(including occupancy)</td><td></td><td>(512.3</td><td>)</td><td>(498.0)</td></tr>
<tr><td>Net income</td><td>$</td><td>96.4</td><td>$</td><td>&#8212;</td></tr>
</table></body></html>`;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(html, { headers: { "content-type": "text/html" } }));
  const source = "https://ir.example.com/release.html";
  const d = dataOf<Any>(await envelope<Any>("document.tables", { source }, { fetch: fake }));
  const read = dataOf<Any>(
    await envelope<Any>("document.read", { source, max_chars: 0 }, { fetch: fake }),
  );
  const t = d.tables[0];
  assert.ok(Array.isArray(t.offsets), "before: no offsets");
  const text: string = read.text;
  let placed = 0;
  t.rows.forEach((row: string[], i: number) =>
    row.forEach((cell, k) => {
      const at = t.offsets[i][k];
      if (!cell.trim()) return assert.equal(at, null);
      assert.ok(at, `row ${i} col ${k} (${cell}) is placed`);
      placed++;
      // a merged cell ("$" and "1,234.5") spans the " | " between its pieces
      assert.equal(text.slice(at[0], at[1]).replace(/[\s|]/g, ""), squash(cell));
    })
  );
  assert.ok(placed >= 9);
  // the table's figure, not the prose's "$1,234.5" above it
  const sales = t.rows.findIndex((r: string[]) => r[0] === "Net sales");
  assert.ok(t.offsets[sales][1][0] > text.indexOf("Net sales |"));
});
