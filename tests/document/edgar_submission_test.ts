/**
 * A filing from before HTML is one EDGAR submission file (.txt): filings.read cites offsets in
 * the cleaned text of its main document, and its refusals send the reader to document.scan. The
 * document commands refused the file ("neither a PDF nor an HTML document"), and document.read
 * with format=html read the whole SGML as a page, 139,691 characters where filings.read cites
 * into 60,981: its offsets opened unrelated text.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = { replay: [join(FIXTURES, "filings", "layouts")] };
const TXT =
  "https://www.sec.gov/Archives/edgar/data/2000002/000095010999001234/0000950109-99-001234.txt";

Deno.test("document.*: an EDGAR .txt submission reads as filings.read reads it", async () => {
  const mda = dataOf<Any>(
    await envelope("filings.read", { url: TXT, section: "mda", max_chars: 0 }, opts),
  );
  assert.equal(mda.document_url, TXT);
  const doc = dataOf<Any>(await envelope("document.read", { source: TXT, max_chars: 0 }, opts));
  assert.equal(doc.engine, "edgar-submission");
  // the offsets filings.read cites open the same passage
  assert.equal(doc.text.slice(mda.start_char, mda.end_char), mda.text);
  const scan = await envelope<Any>(
    "document.scan",
    { source: TXT, query: "net interest income" },
    opts,
  );
  const matches = dataOf<Any>(scan).matches;
  assert.ok(matches.length > 0);
  for (const m of matches) {
    assert.equal(doc.text.slice(m.start_char, m.end_char).toLowerCase(), "net interest income");
  }
});

Deno.test("document.tables: an EDGAR .txt submission is refused, not answered with no tables", async () => {
  const env = await envelope("document.tables", { source: TXT }, opts);
  assert.equal(env.ok, false);
  assert.match(
    env.error!,
    /is an EDGAR submission in plain text .*document\.read, document\.window or filings\.read$/,
  );
});
