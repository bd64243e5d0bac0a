/**
 * A scanned page with a stamp's worth of text on it (a page number over a page-size image) is a
 * scan to document.tables too, as it is to document.read: its tables are in the image. It was
 * searched as a text page and answered "no tables detected; try the other flavor", which sent the
 * reader to the wrong tool.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const SOURCE = join(FIXTURES, "document", "audit5", "stamped_scan.pdf");

Deno.test("document.tables: a scan with a page number stamped on it is said to be a scan", async () => {
  const env = await envelope<Any>("document.tables", { source: SOURCE, pages: "2" });
  const d = dataOf<Any>(env);
  assert.equal(d.count, 0);
  assert.ok(
    env.warnings.some((w: string) =>
      /page\(s\) 2 hold only a few characters of text .* scans or pictures, whose tables \(if any\) are in the image and are not read; read them with document\.ocr/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
  // before: only "no tables detected on the pages searched; try the other flavor"
  assert.ok(!env.warnings.some((w: string) => /try the other flavor/.test(w)));
});

Deno.test("document.tables: a page of prose with no image is no scan", async () => {
  const env = await envelope<Any>("document.tables", { source: SOURCE, pages: "1" });
  assert.ok(
    !env.warnings.some((w: string) => /scans or pictures/.test(w)),
    env.warnings.join("\n"),
  );
});
