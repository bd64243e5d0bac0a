/**
 * PDF text layers that do not decode, and scripts beyond Latin: a page whose font has no map to
 * Unicode (pdf.js gives its glyph codes: "!\"#$%", control characters) is said and left out, never
 * returned as the page's words; Cyrillic and CJK text with a Unicode map is kept as it is.
 * The PDFs are written here, byte by byte.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { checkTextLayer } from "../../analysis/document/load.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** A PDF of `pages` content streams; fonts are objects 3.. (F1, F2...), then `extra` objects. */
function pdf(fonts: string[], extra: string[], pages: string[]): Uint8Array {
  const objs: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", "", ...fonts, ...extra];
  const res = fonts.map((_, i) => `/F${i + 1} ${3 + i} 0 R`).join(" ");
  const kids: number[] = [];
  for (const c of pages) {
    objs.push(`<< /Length ${c.length} >>\nstream\n${c}\nendstream`);
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${res} >> >> /Contents ${objs.length} 0 R >>`,
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

const HELVETICA =
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
const esc = (s: string) =>
  s.replace(/[\\()]/g, (c) => "\\" + c)
    // deno-lint-ignore no-control-regex
    .replace(/[\x00-\x1f]/g, (c) => "\\" + c.charCodeAt(0).toString(8).padStart(3, "0"));
const line = (font: number, y: number, s: string) =>
  `BT /F${font} 11 Tf 72 ${y} Td (${esc(s)}) Tj ET`;

async function saved(bytes: Uint8Array): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit9_read_", suffix: ".pdf" });
  await Deno.writeFile(path, bytes);
  return path;
}

/** A Type0 font (Identity-H, two bytes a glyph) with a ToUnicode map of `text`'s characters. */
function unicodeFontPdf(text: string): Uint8Array {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const uniq = [...new Set(cps)];
  const cid = (u: number) => uniq.indexOf(u) + 3;
  const h4 = (n: number) => n.toString(16).padStart(4, "0");
  const cmap =
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Audit9 def " +
    "/CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange " +
    `${uniq.length} beginbfchar ${
      uniq.map((u) => `<${h4(cid(u))}> <${h4(u)}>`).join(" ")
    } endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  return pdf(
    [
      "<< /Type /Font /Subtype /Type0 /BaseFont /AAAAAA+Uni /Encoding /Identity-H " +
      "/DescendantFonts [4 0 R] /ToUnicode 5 0 R >>",
    ],
    [
      "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /AAAAAA+Uni /CIDSystemInfo << /Registry " +
      "(Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 6 0 R /DW 1000 >>",
      `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
      "<< /Type /FontDescriptor /FontName /AAAAAA+Uni /Flags 4 /FontBBox [0 -200 1000 900] " +
      "/ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>",
    ],
    [`BT /F1 11 Tf 72 700 Td <${cps.map((c) => h4(cid(c))).join("")}> Tj ET`],
  );
}

Deno.test("document.read: Cyrillic and CJK text with a Unicode map is kept as written", async () => {
  const words = "Выручка выросла на 12% 売上高は増加した";
  const source = await saved(unicodeFontPdf(words));
  const d: Any = dataOf(await envelope("document.read", { source }));
  assert.equal(d.text.replace(/\s+/g, " "), words);
  assert.deepEqual(d.warnings, []);
  const s: Any = dataOf(await envelope("document.scan", { source, query: "выручка выросла" }));
  assert.equal(s.matches[0]?.score, 100);
});

Deno.test("document.read: a page whose font has no Unicode map is said and left out, not returned as text", async () => {
  // page 1 readable; page 2 set in a font whose codes pdf.js reads as punctuation; page 3 in a
  // font of glyph codes 1, 2, 3... (control characters)
  const symbols = "!\"#$%&'()*+ ,-./01 #$%&!\" 2345 &'()*+,-. !#%' $&(*";
  const tt = "<< /Type /Font /Subtype /TrueType /BaseFont /BBBBBB+Sub /FirstChar 1 /LastChar 40 " +
    `/Widths [${Array(40).fill(500).join(" ")}] >>`;
  const source = await saved(pdf([HELVETICA, tt], [], [
    line(1, 700, "Net revenue rose 12 percent to $4,812 million."),
    line(2, 700, symbols) + "\n" + line(2, 680, '*+,-./ !"#$% &\'()*+,- ./012 !"#$'),
    line(2, 700, "\x01\x02\x03\x04 \x05\x06\x07\x08\x09 \x0a\x0b\x03\x04\x0c \x0e\x0f\x10\x11"),
  ]));
  const d: Any = dataOf(await envelope("document.read", { source }));
  // before: pages 2 and 3 read '!"#$%&…' and "\u0001\u0002…" without a word said
  assert.equal(d.text, "Net revenue rose 12 percent to $4,812 million.");
  assert.equal(d.char_count, d.text.length + 4);
  // the blank pages are listed: they were read
  assert.equal(d.pages.length, 3);
  assert.equal(d.pages[1].start_char, d.pages[1].end_char);
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(d.text, /[\x00-\x08!"#]/);
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0], /^page\(s\) 2, 3 have a text layer that does not decode/);
  assert.match(d.warnings[0], /document\.ocr/);
  const s: Any = dataOf(await envelope("document.scan", { source, query: "revenue" }));
  assert.ok(s.warnings.some((w: string) => /2, 3 have a text layer that does not/.test(w)));
  // a window that reads only the first pages says the same of the pages it covers
  const w: Any = dataOf(
    await envelope("document.window", { source, start_char: 0, chars: 20 }),
  );
  assert.equal(w.text, d.text.slice(w.start_char, w.end_char));
});

Deno.test("document.read: a document whose only page does not decode says so instead of 'may be scanned'", async () => {
  const tt = "<< /Type /Font /Subtype /TrueType /BaseFont /BBBBBB+Sub /FirstChar 1 /LastChar 40 " +
    `/Widths [${Array(40).fill(500).join(" ")}] >>`;
  const source = await saved(pdf([tt], [], [
    line(1, 700, "\x01\x02\x03\x04 \x05\x06\x07\x08\x09 \x0a\x0b\x03\x04\x0c \x0e\x0f\x10\x11\x12"),
  ]));
  const d: Any = dataOf(await envelope("document.read", { source }));
  assert.equal(d.text, "");
  assert.equal(d.warnings.length, 1, d.warnings.join("\n"));
  assert.match(d.warnings[0], /does not decode.*\\u0001\\u0002/);
});

Deno.test("checkTextLayer: real pages of filings are not taken for garbage; control characters are removed and said", () => {
  for (
    const page of [
      "Gain on (gains)/losses, net(1) 13a-14(a) Revenue..............12 $.01 *All Place®. UltraScale+,",
      "Total $ 1,234 $ (56.7) % — 12.5% 2023 2022 (in millions) U.S. 10-K § 1.2 — * † ‡ ........",
      "売上高は、前年同期比１２％増加した。（百万円） 「営業利益」 «Выручка» выросла на 12%.",
      'Contents ______________ ------ .......... 1."Adjusted EBITDA" 512‑2921 Forward‑Looking',
    ]
  ) {
    assert.deepEqual(checkTextLayer(page, 1), { text: page });
  }
  const mixed = checkTextLayer(
    "Revenue rose \x03\x04\x05 in 2024 as demand grew in every region.",
    4,
  );
  assert.equal(mixed.text, "Revenue rose  in 2024 as demand grew in every region.");
  assert.equal(mixed.note?.kind, "controls");
  assert.equal(mixed.note?.removed, 3);
});
