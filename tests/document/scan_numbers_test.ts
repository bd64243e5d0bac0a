/**
 * document.scan's figures keep their signs as printed, and a hyphen joining two figures or a
 * word and a figure ("2,100-2,370 units", "COVID-19") is no minus sign: a query naming "2,370"
 * finds the range's high end instead of reporting a figure of the other sign.
 */
import assert from "node:assert/strict";
import { scanText, statedNumbers } from "../../analysis/document/scan.ts";

Deno.test("statedNumbers: a hyphen after a figure or a word is no minus", () => {
  assert.deepEqual(statedNumbers("deliveries of 2,100-2,370 units"), ["2100", "2370"]);
  assert.deepEqual(statedNumbers("COVID-19 costs"), ["19"]);
  assert.deepEqual(statedNumbers("fiscal 2024-2025"), ["2024", "2025"]);
  // minus signs and parentheses as before
  assert.deepEqual(statedNumbers("a loss of -2,370 and \u22121,234 and ($56)"), [
    "-2370",
    "-1234",
    "-56",
  ]);
});

Deno.test("document.scan: a range's high end matches a query naming it", () => {
  const text = "We expect deliveries of 2,100-2,370 units in the year.";
  const doc = {
    source: "t",
    url: null,
    path: null,
    format: "html" as const,
    engine: "test",
    text,
    pages: [{ page: 1, start_char: 0, end_char: text.length, ocr: false, ocr_confidence: null }],
    page_count: 1,
    complete: true,
    warnings: [],
  };
  const found = scanText(doc, {
    topics: [{ topic: "q", queries: ["2,370 units in the year"] }],
    mode: "fuzzy",
    threshold: 80,
    limit: 10,
    window: 0,
    start: 0,
    end: text.length,
  });
  assert.equal(found.matches.length, 1);
  assert.equal(found.mismatches.length, 0);
});
