/**
 * PDF pages read the way they print: text drawn turned (landscape pages, upside-down pages), a
 * diagonal watermark kept out of the sentences, three columns read one after another, damaged
 * pages said instead of raw pdf.js exceptions.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const F = (name: string) => join(FIXTURES, "document", "audit5", name);
// deno-lint-ignore no-explicit-any
type Any = any;

const LINES = "Segment results for fiscal 2024\nRevenue grew in every segment this year\n" +
  "Operating margin was 21.5 percent";

Deno.test("document.read: text drawn a quarter or a half turn reads line by line, top line first", async () => {
  const d: Any = dataOf(
    await envelope("document.read", { source: F("rotated.pdf"), max_chars: 0 }),
  );
  const page = (n: number) => d.text.slice(d.pages[n - 1].start_char, d.pages[n - 1].end_char);
  // before: "…fiscal 2024Revenue grew…" on one line (page 1), bottom line first (page 2)
  assert.equal(page(1), LINES);
  assert.equal(page(2), LINES);
  const s: Any = dataOf(
    await envelope("document.scan", {
      source: F("rotated.pdf"),
      query: "fiscal 2024 revenue grew",
    }),
  );
  assert.equal(s.matches.filter((m: Any) => m.score === 100).length, 2);
});

Deno.test("document.read: a diagonal watermark follows the page's text instead of splitting a sentence", async () => {
  const d: Any = dataOf(
    await envelope("document.read", { source: F("rotated.pdf"), max_chars: 0 }),
  );
  const third = d.text.slice(d.pages[2].start_char, d.pages[2].end_char);
  assert.equal(
    third,
    "Net sales increased because of strong demand\nfor our products in every region we serve.\nCONFIDENTIAL",
  );
});

Deno.test("document.read: three columns are read one after another", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("three_columns.pdf") }));
  const t: string = d.text;
  assert.ok(t.startsWith("Three Column Quarterly Letter\nAlpha column opens the letter\n"), t);
  assert.ok(t.includes("Alpha column ends right here.\nBravo column opens the letter\n"), t);
  assert.ok(t.includes("Bravo column ends right here.\nCharlie column opens the letter\n"), t);
  const s: Any = dataOf(
    await envelope("document.scan", {
      source: F("three_columns.pdf"),
      query: "margins that improved steadily. Bravo column ends right here",
    }),
  );
  assert.equal(s.matches.filter((m: Any) => m.score === 100).length, 1);
});

Deno.test("document.read: a damaged page is said and the other pages are read; a looping page tree is an envelope in our words", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("damaged_page.pdf") }));
  assert.equal(d.text, "Page one text about revenue.");
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0], /page\(s\) 2 could not be read/);
  const loop = await envelope("document.scan", { source: F("looping_tree.pdf"), query: "revenue" });
  assert.equal(loop.ok, false);
  assert.match(String(loop.error), /page 1 of .*looping_tree\.pdf could not be read/);
  assert.doesNotMatch(String(loop.error), /Exception|internal error|circular/);
});

Deno.test("document.read: a scanned page carrying a stamped page number is read by OCR, and said", async () => {
  const d: Any = dataOf(
    await envelope("document.read", { source: F("stamped_scan.pdf"), max_chars: 0 }),
  );
  assert.equal(d.engine, "pdfjs+tesseract");
  assert.equal(d.pages[1].ocr, true);
  assert.equal(d.pages[0].ocr, false);
  // before: page 2 read "Page 2" and nothing else, without a word said
  assert.match(d.text, /Total revenue was \$4,812 million/);
  assert.ok(
    d.warnings.some((w: string) => /page\(s\) 2 hold only a few characters .* OCR/.test(w)),
    d.warnings.join("\n"),
  );
});

Deno.test("document.read: a slide's title over a page-size chart keeps its text layer, and says the picture's words are not read", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("chart_slide.pdf") }));
  assert.equal(d.text, "Total Sales by Year");
  assert.equal(d.engine, "pdfjs");
  assert.equal(d.pages[0].ocr, false);
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0], /page\(s\) 1 hold a page-size image and little text/);
});

Deno.test("document.read: when OCR cannot run, a stamped page keeps its text layer and says so (no failure)", async () => {
  // other bytes than the fixture's (a comment after %%EOF), so no remembered text model answers
  const bytes = Deno.readFileSync(F("stamped_scan.pdf"));
  const source = await Deno.makeTempFile({ prefix: "audit5_stamp_", suffix: ".pdf" });
  await Deno.writeFile(source, new Uint8Array([...bytes, ...new TextEncoder().encode("% copy\n")]));
  const env = { FINANCE_TESSERACT: "/nonexistent/tesseract" };
  const d: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }, { env }));
  assert.equal(d.engine, "pdfjs");
  assert.match(d.text, /\n\nPage 2$/);
  assert.ok(
    d.warnings.some((w: string) => /page\(s\) 2 .* may be scans, but OCR could not run/.test(w)),
    d.warnings.join("\n"),
  );
});
