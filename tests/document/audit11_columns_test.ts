/**
 * Reading order of a page with a full-width title, two columns of unequal length and a
 * full-width closing line: each column is read whole, left then right, never across line by line.
 * The PDF is written here, byte by byte.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

function pdf(content: string): Uint8Array {
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

const at = (x: number, y: number, s: string) => `BT /F1 10 Tf ${x} ${y} Td (${s}) Tj ET`;
const LEFT = [
  "Revenue grew in every region during",
  "the year as demand for our services",
  "recovered and new customers signed",
  "longer contracts than in the past",
  "while pricing held firm across most",
  "markets and the backlog kept rising",
  "through the fourth quarter of the",
  "year which ended with record orders",
  "and a healthy pipeline for next year",
];
const RIGHT = [
  "Operating costs rose more slowly",
  "than sales because freight rates",
  "fell and the new plant reached its",
  "planned output earlier than we had",
  "expected when it was first opened",
];
const TITLE =
  "Letter to shareholders about the year that has just ended and what comes next for us";
const CLOSING =
  "We thank our employees and our shareholders for their support during this busy year";

Deno.test("document.read: a title, two columns of 9 and 5 lines and a closing line read column by column", async () => {
  const parts = [at(72, 720, TITLE)];
  LEFT.forEach((s, i) => parts.push(at(72, 690 - 14 * i, s)));
  RIGHT.forEach((s, i) => parts.push(at(320, 690 - 14 * i, s)));
  parts.push(at(72, 540, CLOSING));
  const path = await Deno.makeTempFile({ prefix: "audit11_columns_", suffix: ".pdf" });
  await Deno.writeFile(path, pdf(parts.join("\n")));
  const d: Any = dataOf(await envelope("document.read", { source: path }));
  const text = d.text.replace(/\s+/g, " ").trim();
  const expected = [TITLE, ...LEFT, ...RIGHT, CLOSING].join(" ");
  assert.equal(text, expected);
});

Deno.test("document.read: a table between two full-width lines is still read row by row", async () => {
  const labels = ["Corporate bonds", "Municipal bonds", "Sovereign debt", "Real assets", "Other"];
  const rows = labels.map((l, i) => [l, `${100 + i} (${10 + i}) ${20 + i} Gains, net`]);
  const parts = [at(72, 720, TITLE)];
  rows.forEach(([l, n], i) => parts.push(at(72, 690 - 14 * i, l), at(320, 690 - 14 * i, n)));
  parts.push(at(72, 600, CLOSING));
  const path = await Deno.makeTempFile({ prefix: "audit11_table_", suffix: ".pdf" });
  await Deno.writeFile(path, pdf(parts.join("\n")));
  const d: Any = dataOf(await envelope("document.read", { source: path }));
  const lines = d.text.split("\n").map((s: string) => s.replace(/\s+/g, " ").trim());
  assert.ok(lines.includes("Corporate bonds 100 (10) 20 Gains, net"), d.text);
});
