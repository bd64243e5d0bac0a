/**
 * A table continued on the next page ("Segment information (continued)") is in the scale its
 * first page states: read alone, the second page's figures had no scale, as if in units. When the
 * first page is not searched, the caution says where the scale may be.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, type PdfPageSpec, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const width = (s: string, size: number) =>
  [...s].reduce((n, c) => n + (/[(),]/.test(c) ? (c === "," ? 278 : 333) : 556), 0) * size / 1000;
const right = (xr: number, y: number, s: string) => text(xr - width(s, 9), y, 9, s);

function page(title: string, rows: string[][]): PdfPageSpec {
  const ops = [text(72, 740, 11, title), right(310, 720, "2024"), right(390, 720, "2023")];
  rows.forEach((r, i) => {
    const y = 700 - i * 13;
    ops.push(text(72, y, 9, r[0]), right(310, y, r[1]), right(390, y, r[2]));
  });
  return { ops };
}

const PDF = buildPdf([
  page("Segment information (in millions)", [
    ["Americas", "1,234", "1,100"],
    ["Europe", "512", "481"],
    ["Asia", "300", "280"],
  ]),
  page("Segment information (continued)", [
    ["Africa", "45", "40"],
    ["Other", "(12)", "(7)"],
    ["Total", "2,079", "1,894"],
  ]),
]) as Uint8Array<ArrayBuffer>;

const tables = (args: Record<string, unknown> = {}) =>
  envelope<Any>("document.tables", { source: "https://ir.example.com/seg.pdf", ...args }, {
    fetch: () =>
      Promise.resolve(new Response(PDF, { headers: { "content-type": "application/pdf" } })),
  });

Deno.test("document.tables: a table continued on the next page takes the scale of its first page, said", async () => {
  const env = await tables();
  const d = dataOf<Any>(env);
  assert.equal(d.count, 2);
  const next = d.tables[1];
  assert.equal(next.page, 2);
  // before: scale null and every scale null, the figures as if in units
  assert.equal(next.scale?.multiplier, 1e6);
  assert.deepEqual(next.scales[2], [null, 1e6, 1e6]);
  assert.ok(
    env.warnings.some((w: string) =>
      /table 2 \(page 2\): it continues a table from page 1, whose scale \("\(in millions\)"\)/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("document.tables: a continued table read without its first page says where its scale may be", async () => {
  const env = await tables({ pages: "2" });
  const d = dataOf<Any>(env);
  assert.equal(d.tables[0].scale, null);
  assert.ok(
    env.warnings.some((w: string) =>
      /continues a table from an earlier page, which was not searched.*pages=1-2/.test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("document.tables: a caption that only uses the word ('Continued growth') continues nothing", async () => {
  const pdf = buildPdf([
    page("Segment information (in millions)", [["Americas", "1,234", "1,100"], [
      "Europe",
      "512",
      "481",
    ]]),
    page("Continued growth in every region", [["Africa", "45", "40"], ["Other", "(12)", "(7)"]]),
  ]) as Uint8Array<ArrayBuffer>;
  const env = await envelope<Any>("document.tables", { source: "https://ir.example.com/g.pdf" }, {
    fetch: () =>
      Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } })),
  });
  const d = dataOf<Any>(env);
  assert.equal(d.tables[1].scale, null);
  assert.ok(!env.warnings.some((w: string) => /continues a table/.test(w)));
});
