/**
 * document.read max_chars=0 said the whole page was cut (pages[0].truncated: true, the answer's
 * truncated: false): the page's closing newline, which the text's end drops, counted as cut.
 */
import assert from "node:assert/strict";
import { cutToBudget } from "../../analysis/document/view.ts";
import type { DocText } from "../../analysis/document/model.ts";

const doc = (text: string, pages: [number, number][]) =>
  ({
    source: "x.html",
    url: null,
    path: null,
    format: "html",
    engine: "html",
    text,
    pages: pages.map(([s, e], i) => ({ page: i + 1, start_char: s, end_char: e, ocr: false })),
    page_count: pages.length,
    complete: true,
    warnings: [],
  }) as unknown as DocText;

Deno.test("cutToBudget: a page read whole is not cut, a page cut by max_chars is", () => {
  const whole = cutToBudget(doc("First page.\nSecond page.\n", [[0, 12], [12, 25]]), 0);
  assert.equal(whole.truncated, false);
  assert.deepEqual(whole.pages.map((p) => p.truncated), [false, false]);
  const cut = cutToBudget(doc("First page.\nSecond page.\n", [[0, 12], [12, 25]]), 16);
  assert.equal(cut.truncated, true);
  assert.deepEqual(cut.pages.map((p) => p.truncated), [false, true]);
});

Deno.test("document.window: an offset past the end says what to give; chars=0 is refused by the schema", async () => {
  const { envelope } = await import("../_helpers.ts");
  const { join } = await import("node:path");
  const { FIXTURES } = await import("../_helpers.ts");
  const opts = { replay: [join(FIXTURES, "filings", "layouts")] };
  const txt =
    "https://www.sec.gov/Archives/edgar/data/2000002/000095010999001234/0000950109-99-001234.txt";
  const far = await envelope("document.window", { source: txt, start_char: 999_999 }, opts);
  assert.match(
    far.error!,
    /past the end of the document text \(\d+ characters\); give an offset below \d+: offsets from document\.scan/,
  );
  const none = await envelope("document.window", { source: txt, start_char: 5, chars: 0 }, opts);
  assert.match(none.error!, /argument `chars`: must be at least 1/);
});
