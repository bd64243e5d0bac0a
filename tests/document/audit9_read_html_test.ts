/**
 * HTML pages read as they show: text the page's own style sheet hides (a class or id set to
 * display:none) and closed dialogs are left out, a table row whose cells wrap their text in <p> or
 * <div> (as Workiva and Word write them) stays one row, and document.window returns exactly the
 * slice its offsets name.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { htmlToText } from "../../analysis/document/html.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const FILLER = "<p>" + "The company reports its results each quarter in this release. ".repeat(10) +
  "</p>";

async function saved(html: string): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit9_read_", suffix: ".html" });
  await Deno.writeTextFile(path, html);
  return path;
}

const PAGE = `<!doctype html><html><head><title>Results</title>
<style>
  /* the site's sheet */
  .visually-off, #promo { display: none !important; }
  @media (max-width: 600px) { .wide-only { display: none } }
  .tab { display: none } .tab.current { display: block }
</style></head><body>
<h1>Fourth quarter results</h1>
<div class="visually-off">Net revenue was $9,999 million (a template left in the page)</div>
<p id="promo">Subscribe for $1 a month</p>
<dialog><p>We use cookies. Accept all?</p></dialog>
<p class="wide-only">Shown on the printed page.</p>
<div class="tab current">Net revenue was $4,812 million.</div>
<table>
  <tr><th><p>Item</p></th><th><p>2024</p></th><th><p>2023</p></th></tr>
  <tr><td><p>Total revenue</p><p>and other income</p></td><td><div>$</div><div>4,812</div></td><td><p>4,100</p></td></tr>
  <tr><td><div>Net income</div></td><td><p>(12)</p></td><td><p>35</p></td></tr>
</table>
${FILLER}
</body></html>`;

Deno.test("document.read (HTML): text hidden by the page's style sheet and closed dialogs is left out", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: await saved(PAGE) }));
  // before: "Net revenue was $9,999 million", "Subscribe for $1" and the cookie text were read
  assert.doesNotMatch(d.text, /9,999|Subscribe|cookies/);
  assert.match(d.text, /Shown on the printed page\./);
  assert.match(d.text, /Net revenue was \$4,812 million\./);
  const s: Any = dataOf(
    await envelope("document.scan", { source: await saved(PAGE), query: "net revenue was" }),
  );
  assert.deepEqual(s.matches.map((m: Any) => m.context.includes("4,812")), [true]);
});

Deno.test("document.read (HTML): a row whose cells hold paragraphs is one line, cells apart", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: await saved(PAGE) }));
  // before: "Total revenue\nand other income\n$\n4,812\n4,100\nNet income\n(12)\n35"
  assert.match(d.text, /\nItem \| 2024 \| 2023\n/);
  assert.match(d.text, /\nTotal revenue and other income \| \$ 4,812 \| 4,100\n/);
  assert.match(d.text, /\nNet income \| \(12\) \| 35\n/);
});

Deno.test("htmlToText: a layout table's long cell keeps its lines; <br> and blocks break lines outside cells", async () => {
  const long = "<p>" + "A long paragraph of the letter to shareholders. ".repeat(6) + "</p>";
  const text = await htmlToText(
    `<html><body><table><tr><td>${long}${long}</td></tr></table><p>One<br>Two</p><div>Three<div>Four</div></div></body></html>`,
  );
  const lines = text.split("\n");
  assert.equal(lines.length, 6, text);
  assert.deepEqual(lines.slice(2), ["One", "Two", "Three", "Four"]);
});

Deno.test("htmlToText: a style sheet of unclosed braces and comments is read in linear time", async () => {
  const css = "{".repeat(200_000) + "}" + "/*".repeat(100_000) + ".x{display:none}";
  const t0 = performance.now();
  const text = await htmlToText(
    `<html><head><style>${css}</style></head><body><p class="x">kept</p></body></html>`,
  );
  assert.equal(text, "kept"); // the rule sits inside an open comment
  assert.ok(performance.now() - t0 < 2000);
});

Deno.test("document.window (HTML): the text is exactly the slice its offsets name", async () => {
  const source = await saved(PAGE);
  const d: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }));
  for (const direction of ["around", "next", "previous"]) {
    for (const start of [0, 37, 250, d.char_count - 5]) {
      const w: Any = dataOf(
        await envelope("document.window", { source, start_char: start, chars: 120, direction }),
      );
      assert.equal(w.text, d.text.slice(w.start_char, w.end_char), `${direction} ${start}`);
      assert.equal(w.match_id, `char_${w.start_char}_${w.end_char}`);
    }
  }
});

Deno.test({
  name:
    "document.read (HTML, shared fixture): Buckle's statement rows keep their figures on the row",
  ignore: !SHARED,
  async fn() {
    const dir = sharedOrSkip("Buckle 8-K exhibit");
    if (!dir) return;
    const d: Any = dataOf(
      await envelope("document.read", {
        source: join(dir, "ir", "BuckleInc.8-K.EX99.1.html"),
        max_chars: 0,
      }),
    );
    // before: the label on one line and its four figures on the next; the period headings
    // "November 2,\n2024 | October 28,\n2023" read across the cells
    assert.match(
      d.text,
      /\nCOST OF SALES \(Including buying, distribution, and occupancy costs\) \| 153,547 \| 156,242 \| 445,188 \| 459,835\n/,
    );
    assert.match(
      d.text,
      /\nNovember 2, 2024 \| October 28, 2023 \| November 2, 2024 \| October 28, 2023\n/,
    );
  },
});

Deno.test("document.scan: a phrase in a script written without spaces is found inside its sentence", async () => {
  const source = await saved(
    `<html><body><p>当社の売上高は前年同期比で増加しました。営業利益も増加。</p>${FILLER}</body></html>`,
  );
  const d: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }));
  for (const query of ["売上高", "営業利益"]) {
    const s: Any = dataOf(await envelope("document.scan", { source, query }));
    // before: no match (no word boundary inside the sentence)
    assert.equal(s.matches.length, 1, query);
    const m = s.matches[0];
    assert.equal(m.text, query);
    assert.equal(d.text.slice(m.start_char, m.end_char), query);
  }
});
