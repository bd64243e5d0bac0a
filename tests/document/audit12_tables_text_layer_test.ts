/**
 * document.tables checks each page's text layer as document.read does: a page set in a font
 * without a Unicode map (pdf.js gives its glyph codes, "!\"#$%" or control characters) gives no
 * tables and a warning naming it, a document with no readable page is ok:false pointing at
 * document.ocr, and the offsets of tables after such a page still point into document.read's
 * text. Before, the page's glyph codes came back as cells with ok:true. The PDFs are written
 * here, byte by byte.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { checkTextLayer } from "../../analysis/document/load.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A PDF of `pages` content streams; F1 is Helvetica, F2 a TrueType subset with no Unicode map. */
function pdf(pages: string[]): Uint8Array {
  const objs: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /TrueType /BaseFont /BBBBBB+Sub /FirstChar 1 /LastChar 126 " +
    `/Widths [${Array(126).fill(500).join(" ")}] >>`,
  ];
  const kids: number[] = [];
  for (const c of pages) {
    objs.push(`<< /Length ${c.length} >>\nstream\n${c}\nendstream`);
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${objs.length} 0 R >>`,
    );
    kids.push(objs.length);
  }
  objs[1] = `<< /Type /Pages /Kids [${
    kids.map((k) => `${k} 0 R`).join(" ")
  }] /Count ${kids.length} >>`;
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

const esc = (s: string) =>
  s.replace(/[\\()]/g, (c) => "\\" + c)
    // deno-lint-ignore no-control-regex
    .replace(/[\x00-\x1f]/g, (c) => "\\" + c.charCodeAt(0).toString(8).padStart(3, "0"));
const at = (font: number, x: number, y: number, s: string) =>
  `BT /F${font} 10 Tf ${x} ${y} Td (${esc(s)}) Tj ET`;

/**
 * A subset font's codes: each character gets the next code from `first` in order of first use,
 * as a subsetter numbers glyphs; pdf.js, given no map, reads the codes as characters.
 */
function subsetCodes(first: number): (s: string) => string {
  const codes = new Map<string, string>();
  return (s) =>
    [...s].map((c) => {
      if (c === " ") return " ";
      if (!codes.has(c)) codes.set(c, String.fromCharCode(first + codes.size));
      return codes.get(c)!;
    }).join("");
}

const ROWS = [
  ["Net sales", "4,812", "4,301"],
  ["Cost of sales", "(2,907)", "(2,655)"],
  ["Gross profit", "1,905", "1,646"],
  ["Operating income", "611", "540"],
];

/** A statement table: caption, year header and rows, each cell placed at its column. */
function table(font: number, encode: (s: string) => string = (s) => s, top = 700): string[] {
  const ops = [
    at(font, 72, top, encode("Condensed statement of operations (in millions)")),
    at(font, 320, top - 24, encode("2024")),
    at(font, 420, top - 24, encode("2023")),
  ];
  ROWS.forEach((r, i) => {
    const y = top - 44 - 18 * i;
    ops.push(at(font, 72, y, encode(r[0])), at(font, 320, y, encode(r[1])));
    ops.push(at(font, 420, y, encode(r[2])));
  });
  return ops;
}

async function saved(bytes: Uint8Array): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit12_tables_", suffix: ".pdf" });
  await Deno.writeFile(path, bytes);
  return path;
}

const PROSE = "Revenue grew in every region as demand for the new products held up.";

Deno.test("document.tables: a page whose font has no Unicode map gives no tables and is said", async () => {
  const source = await saved(pdf([
    table(1).join("\n"),
    // the same statement set in a subset font without a map: pdf.js reads '!"#$%&...'
    table(2, subsetCodes(0x21)).join("\n"),
    [at(1, 72, 740, PROSE), ...table(1)].join("\n"),
  ]));
  const env = await envelope("document.tables", { source, max_rows: 0 });
  const d: Any = dataOf(env);
  // before: a third table of glyph codes from page 2 came back as cells, ok:true, unsaid
  assert.deepEqual(d.tables.map((t: Any) => t.page), [1, 3], JSON.stringify(d.tables));
  for (const t of d.tables) {
    const net = t.rows.findIndex((r: string[]) => r[0] === "Net sales");
    assert.deepEqual(t.values[net], [null, 4812, 4301]);
  }
  const said = env.warnings.filter((w) =>
    /page\(s\) 2 have a text layer that does not decode/.test(w)
  );
  assert.equal(said.length, 1, env.warnings.join("\n"));
  assert.match(said[0], /document\.ocr/);
  assert.ok(!env.warnings.some((w) => /no tables detected/.test(w)));
  // the offsets of page 3's cells are document.read's, which leaves page 2's glyph codes out
  const read: Any = dataOf(await envelope("document.read", { source }));
  const t3 = d.tables[1];
  let checked = 0;
  t3.rows.forEach((r: string[], i: number) =>
    r.forEach((cell, k) => {
      const o = t3.offsets[i][k];
      if (!cell) return;
      assert.ok(o, `cell "${cell}" has offsets`);
      assert.equal(read.text.slice(o[0], o[1]).replace(/\s+/g, ""), cell.replace(/\s+/g, ""));
      checked++;
    })
  );
  assert.equal(checked, 12);
});

Deno.test("document.tables: a document with no readable page is ok:false and points at document.ocr", async () => {
  const source = await saved(pdf([table(2, subsetCodes(0x21)).join("\n")]));
  const env = await envelope("document.tables", { source });
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(env.error!, /no page searched has a readable text layer/);
  assert.match(env.error!, /page\(s\) 1 .*document\.ocr/);
  // control-character glyph codes (a subset numbered from 1) too
  const controls = await saved(pdf([table(2, subsetCodes(1)).join("\n")]));
  const e2 = await envelope("document.tables", { source: controls, flavor: "stream" });
  assert.equal(e2.ok, false, JSON.stringify(e2.data));
  assert.match(e2.error!, /document\.ocr/);
});

Deno.test("document.tables: pages= that selects only an undecodable page is ok:false; the readable page still reads", async () => {
  const source = await saved(pdf([
    table(1).join("\n"),
    table(2, subsetCodes(0x21)).join("\n"),
  ]));
  const e = await envelope("document.tables", { source, pages: "2" });
  assert.equal(e.ok, false);
  assert.match(e.error!, /page\(s\) 2/);
  const d: Any = dataOf(await envelope("document.tables", { source, pages: "1" }));
  assert.equal(d.count, 1);
});

Deno.test("document.tables: control characters on a readable page are removed from its cells, offsets still match", async () => {
  // a figure followed by a glyph of a font without a map (pdf.js gives its code, U+0003)
  const ops = [at(1, 72, 740, PROSE), ...table(1)];
  ops.push(at(1, 72, 584, "Store count"), at(1, 320, 584, "1,212"), at(2, 345.1, 584, "\x03"));
  ops.push(at(1, 420, 584, "1,190"));
  const source = await saved(pdf([ops.join("\n")]));
  const env = await envelope("document.tables", { source, max_rows: 0 });
  const d: Any = dataOf(env);
  const t = d.tables[0];
  const i = t.rows.findIndex((r: string[]) => r[0] === "Store count");
  assert.deepEqual(t.rows[i], ["Store count", "1,212", "1,190"]);
  assert.deepEqual(t.values[i], [null, 1212, 1190]);
  assert.ok(env.warnings.some((w) => /page\(s\) 1: 1 character\(s\) that do not decode/.test(w)));
  const read: Any = dataOf(await envelope("document.read", { source }));
  const o = t.offsets[i][2];
  assert.equal(read.text.slice(o[0], o[1]), "1,190");
});

Deno.test("checkTextLayer: a page of private-use glyph codes is garbage; a lone private-use bullet is not", () => {
  const codes = Array.from(
    { length: 12 },
    (_, i) => String.fromCharCode(0xe000 + 3 * i, 0xe001 + 3 * i, 0xe002 + 3 * i),
  ).join(" ");
  assert.equal(checkTextLayer(codes, 2).note?.kind, "garbled");
  const bullets = "\uf0b7 Revenue grew 12% in 2024. \uf0b7 Margins rose to 31.5% on lower costs.";
  assert.deepEqual(checkTextLayer(bullets, 1), { text: bullets });
});

Deno.test("document.tables: a table set in a font without a Unicode map on a page of readable prose is left out and said", async () => {
  const prose = Array.from({ length: 8 }, (_, i) => at(1, 72, 760 - 14 * i, PROSE));
  const source = await saved(pdf([[...prose, ...table(2, subsetCodes(0x21), 620)].join("\n")]));
  const env = await envelope("document.tables", { source, flavor: "stream" });
  const d: Any = dataOf(env);
  // before: a table whose "figures" 36781 and 36428 were glyph codes, not 4,812 and 4,301
  assert.equal(d.count, 0, JSON.stringify(d.tables));
  assert.ok(
    env.warnings.some((w) => /page 1: a table whose cells do not decode.*document\.ocr/.test(w)),
    env.warnings.join("\n"),
  );
  assert.ok(!env.warnings.some((w) => /no tables detected/.test(w)), env.warnings.join("\n"));
});
