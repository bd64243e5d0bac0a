/**
 * OCR engines: the native tesseract binary when installed, tesseract.js otherwise (or with
 * FINANCE_TESSERACT=off); both read the same rendered page. Runs offline on the project's own
 * generated scan.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { nativeResult } from "../../providers/ocr_a/client.ts";
import { clearModels } from "../../analysis/document/load.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const scanned = join(FIXTURES, "document", "scanned.pdf");

Deno.test("ocr: tesseract's txt and tsv outputs give the text and the mean word confidence", () => {
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t",
    "5\t1\t1\t1\t1\t1\t1\t1\t10\t10\t90.5\tTotal",
    "5\t1\t1\t1\t1\t2\t12\t1\t10\t10\t80.5\t$4,812",
    "5\t1\t1\t1\t1\t3\t24\t1\t10\t10\t-1\t ",
  ].join("\n");
  const r = nativeResult("Total  $4,812\n\n\n\nmillion \n\f", tsv);
  assert.equal(r.text, "Total $4,812\n\nmillion");
  assert.equal(r.words, 2);
  assert.equal(r.confidence, 85.5);
  assert.deepEqual(nativeResult("", "level\tpage_num\n"), {
    text: "",
    confidence: null,
    words: 0,
    uncertain: [],
  });
});

Deno.test("ocr: tesseract.js (FINANCE_TESSERACT=off) reads the scan as the default engine does", async () => {
  clearModels(); // each engine reads the page itself, not a remembered model
  const wasm: Any = dataOf(
    await envelope("document.ocr", { source: scanned }, { env: { FINANCE_TESSERACT: "off" } }),
  );
  clearModels();
  const auto: Any = dataOf(await envelope("document.ocr", { source: scanned }));
  for (const d of [wasm, auto]) {
    assert.match(d.text, /Total revenue was \$4,812 million/);
    assert.match(d.text, /Diluted earnings per share \$2\.45/);
    assert.ok(d.mean_confidence > 80);
  }
});

Deno.test("ocr: a FINANCE_TESSERACT binary that does not run is an error that says what to do", async () => {
  clearModels();
  const e = await envelope("document.ocr", { source: scanned }, {
    env: { FINANCE_TESSERACT: "/nonexistent/tesseract" },
  });
  assert.equal(e.ok, false);
  assert.match(
    e.error!,
    /FINANCE_TESSERACT=\/nonexistent\/tesseract does not run.*off for tesseract\.js/,
  );
});

Deno.test("ocr: a scan whose every page was read by OCR says so", async () => {
  const s = await envelope("document.scan", { source: scanned, query: "net income" });
  const d: Any = dataOf(s);
  assert.ok(d.matches.length > 0);
  assert.ok(
    s.warnings.some((w) =>
      /no page read has a text layer: all of this text comes from OCR/.test(w)
    ),
    s.warnings.join("; "),
  );
});

Deno.test({
  name: "ocr: document.read and document.scan of a scanned page read what document.ocr reads",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("OCR paths on the scanned results page")) return;
    const source = join(SHARED!, "ocr", "Financial_results.pdf");
    const env = { FINANCE_DOCUMENT_ROOTS: SHARED! };
    clearModels();
    const ocr: Any = dataOf(
      await envelope("document.ocr", { source, max_pages: 1, max_chars: 0 }, { env }),
    );
    // document.read found no text layer and ran OCR itself (it used to read noise here)
    const read: Any = dataOf(
      await envelope("document.read", { source, max_pages: 1, max_chars: 0 }, { env }),
    );
    assert.equal(read.engine, "pdfjs+tesseract");
    assert.equal(read.text, ocr.text);
    assert.match(read.text, /\(3,457\)/);
    const scan = await envelope("document.scan", {
      source,
      query: "profit before tax",
      max_pages: 1,
    }, { env });
    assert.ok(dataOf<Any>(scan).matches.length > 0);
    assert.ok(scan.warnings.some((w) => /all of this text comes from OCR/.test(w)));
  },
});
