/**
 * document.tables' pages= list: read against the document's page count, and checked before the
 * document is fetched, so a list that names no page costs no download.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pageRanges, parsePages } from "../../analysis/document/table_read.ts";
import { envelope } from "../_helpers.ts";

Deno.test("page list: ranges, 'end' and 'all' read against the page count", () => {
  assert.deepEqual(parsePages("1-end", 4), [1, 2, 3, 4]);
  assert.deepEqual(parsePages("all", 3), [1, 2, 3]);
  assert.deepEqual(parsePages("3,1-2,2", 5), [1, 2, 3]);
  assert.deepEqual(parsePages("2-end", 1), []);
  assert.deepEqual(parsePages("4-9", 5), [4, 5]);
  assert.deepEqual(pageRanges("2-end, 5"), [{ from: 2, to: null }, { from: 5, to: 5 }]);
});

Deno.test("page list: a list that names no page is refused, naming the part", () => {
  assert.throws(() => pageRanges("0"), /pages="0": range 0 is empty or starts before page 1/);
  assert.throws(() => pageRanges("1,3-2"), /range 3-2 is empty/);
  assert.throws(() => pageRanges("1-x"), /is not a page list: use forms like 1, 1-3, 2-end/);
});

Deno.test("document.tables: a bad pages= is refused before the document is fetched", async () => {
  // a cassette holding nothing: a fetch would fail on the missing recording instead
  const empty = await Deno.makeTempDir({ prefix: "finance-pages-empty-" });
  try {
    await Deno.writeTextFile(join(empty, "index.json"), '{"entries":[]}');
    const opts = { replay: [empty] };
    for (const pages of ["0", "2-1", "one"]) {
      const env = await envelope("document.tables", {
        source: "https://example.com/report.pdf",
        pages,
      }, opts);
      assert.equal(env.ok, false);
      assert.match(env.error!, new RegExp(`^pages="${pages}"`), env.error!);
    }
    // a good list goes on to the fetch (here: no recording of it)
    const good = await envelope("document.tables", {
      source: "https://example.com/report.pdf",
      pages: "2-end",
    }, opts);
    assert.match(good.error!, /no recording for GET https:\/\/example\.com\/report\.pdf/);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
