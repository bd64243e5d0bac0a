/** OCR figures read with low confidence are flagged where they stand, from either engine. */
import assert from "node:assert/strict";
import { nativeResult } from "../../providers/ocr_a/client.ts";
import { pageResult, uncertainFigures } from "../../providers/ocr_a/wasm_child.ts";
import { assemble } from "../../analysis/document/model.ts";

Deno.test("uncertain figures: low-confidence words that are figures, placed in reading order", () => {
  const text = "Revenue 2 2\nTotal income 86,775 (2,494)\nCIN L34103DL1981PLC011375";
  const words = [
    { text: "Revenue", confidence: 96 },
    { text: "2", confidence: 95 },
    { text: "2", confidence: 47 }, // the second "2", not the first
    { text: "Total", confidence: 96 },
    { text: "income", confidence: 96 },
    { text: "86,775", confidence: 49 },
    { text: "(2,494)", confidence: 84 },
    { text: "CIN", confidence: 90 },
    { text: "L34103DL1981PLC011375", confidence: 41 }, // an identifier, no figure
  ];
  assert.deepEqual(uncertainFigures(text, words), [
    { text: "2", confidence: 47, start: 10, end: 11 },
    { text: "86,775", confidence: 49, start: 25, end: 31 },
  ]);
});

Deno.test("uncertain figures: native tesseract's TSV and tesseract.js's words give them", () => {
  const row = (conf: number, word: string) => `5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t${conf}\t${word}`;
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    row(96, "Profit"),
    row(49, "86,775"),
  ].join("\n");
  const native = nativeResult("Profit  86,775\n", tsv);
  assert.deepEqual(native.uncertain, [{ text: "86,775", confidence: 49, start: 7, end: 13 }]);
  const wasm = pageResult({
    text: "Profit 86,775",
    blocks: [{
      paragraphs: [{
        lines: [{
          words: [{ text: "Profit", confidence: 96 }, { text: "86,775", confidence: 49 }],
        }],
      }],
    }],
  });
  assert.deepEqual(wasm.uncertain, [{ text: "86,775", confidence: 49, start: 7, end: 13 }]);
  // in the document's text: offsets move with the page
  const doc = assemble([{ text: "page one" }, {
    text: native.text,
    ocr: true,
    uncertain: native.uncertain,
  }]);
  assert.deepEqual(doc.uncertain_figures, [
    { page: 2, text: "86,775", confidence: 49, start_char: 17, end_char: 23 },
  ]);
  assert.equal(doc.text.slice(17, 23), "86,775");
});
