/**
 * ir.read with ocr=off leaves scanned pages unread: the text of the other pages must not pass
 * for the whole document, so the missing pages are named.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, image, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("ir.read ocr=off: a page without a text layer is named as unread, not left out silently", async () => {
  const gray = { width: 8, height: 8, rgb: new Uint8Array(8 * 8 * 3).fill(200) };
  const pdf = buildPdf([
    { ops: [text(72, 720, 12, "Quarterly results overview")] },
    { ops: [image(0, 72, 300, 400, 400)], images: [gray] },
  ]);
  const fake: typeof fetch = () =>
    Promise.resolve(
      new Response(pdf as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": "application/pdf" },
      }),
    );
  const d: Any = dataOf(
    await envelope("ir.read", { source: "https://ir.example.com/mixed.pdf", ocr: "off" }, {
      fetch: fake,
    }),
  );
  assert.match(d.text, /Quarterly results overview/);
  assert.deepEqual(d.ocr.pages, []);
  assert.ok(
    d.warnings.some((w: string) => /page\(s\) 2 have no text layer .* OCR is off/.test(w)),
    d.warnings.join(),
  );
});
