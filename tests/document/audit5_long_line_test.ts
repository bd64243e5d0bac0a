/**
 * A document of one very long line (minified text, a data blob, no spaces): windows and scan
 * contexts keep the size asked for, and every offset given reopens the text it names.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";
import { MAX_SNAP, snapEnd, snapStart } from "../../analysis/document/model.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const BLOB = "x".repeat(1_000_000);

async function longPage(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "audit5_long_" });
  const path = join(dir, "one_line.html");
  await Deno.writeTextFile(
    path,
    `<html><body><p>Our effective tax rate was 21%. ${BLOB} the effective tax rate rose to 23%. ${BLOB} end</p></body></html>`,
  );
  return path;
}

Deno.test("document.window: a window inside a million-character word is about as long as asked", async () => {
  const source = await longPage();
  const full: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }));
  for (const direction of ["around", "next", "previous"]) {
    const w: Any = dataOf(
      await envelope("document.window", { source, start_char: 500_000, chars: 100, direction }),
    );
    // before: the window grew to the whole word, a megabyte for chars=100
    assert.ok(w.returned_chars <= 100 + 2 * MAX_SNAP, `${direction}: ${w.returned_chars}`);
    assert.equal(w.text, full.text.slice(w.start_char, w.end_char));
  }
});

Deno.test("document.scan: a hit next to a megabyte word has a context of about the window asked, and its offsets reopen it", async () => {
  const source = await longPage();
  const s: Any = dataOf(
    await envelope("document.scan", { source, query: "effective tax rate", window: 200 }),
  );
  assert.equal(s.count, 2);
  const full: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }));
  for (const m of s.matches) {
    assert.ok(m.context.length <= 200 + m.text.length + 2 * MAX_SNAP, `${m.context.length}`);
    assert.equal(full.text.slice(m.start_char, m.end_char), m.text);
    assert.equal(full.text.slice(m.context_start_char, m.context_end_char), m.context);
    const w: Any = dataOf(
      await envelope("document.window", { source, match_id: m.match_id, chars: 60 }),
    );
    assert.ok(w.text.includes(m.text), w.text);
  }
});

Deno.test("snapStart/snapEnd: words move the edge, a word longer than MAX_SNAP does not", () => {
  const t = "alpha bravo charlie";
  assert.equal(snapStart(t, 8), 6);
  assert.equal(snapEnd(t, 8), 11);
  const long = "a " + "y".repeat(MAX_SNAP * 3) + " b";
  assert.equal(snapStart(long, 150), 150);
  assert.equal(snapEnd(long, 150), 150);
});
