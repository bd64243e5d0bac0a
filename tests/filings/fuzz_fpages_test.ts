/**
 * A 10-K whose Item 8 points to F-pages printed after the signatures (found by fuzzing the
 * real CARBO 10-K): the statements are read from those pages alone, and the warning says they
 * lie outside every item, never that Item 8 holds them.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "fuzz_fpages")] };
const ARCHIVE = "https://www.sec.gov/Archives/edgar/data";
const FOOTERS = `${ARCHIVE}/2000041/000200004125000005/pfx-20241231x10k.htm`;
const NO_FOOTERS = `${ARCHIVE}/2000042/000200004225000003/pfn-20241231x10k.htm`;

type Read = { text: string; start_char: number; end_char: number; found_as: string };

for (
  const [name, url] of [["page footers", FOOTERS], ["footers on the F-pages only", NO_FOOTERS]]
) {
  Deno.test(`filings.read: Item 8 pointing to F-pages after the signatures (${name})`, async () => {
    const env = await envelope<Read>("filings.read", {
      url,
      section: "financial_statements",
      max_chars: 0,
    }, opts);
    const d = dataOf(env);
    // the statements, from the auditor's report on: never the 10-K's business or MD&A
    assert.match(d.text, /^Report of Independent Registered Public Accounting Firm\n/);
    assert.match(d.text, /STATEMENTS OF OPERATIONS/);
    assert.doesNotMatch(d.text, /ITEM 1\. BUSINESS|ITEM 7\./);
    const w = env.warnings.find((x) => x.startsWith("Item 8 only refers elsewhere"));
    assert.ok(w, JSON.stringify(env.warnings));
    assert.match(
      w,
      new RegExp(
        `text taken from the pages it points to \\(characters ${d.start_char}-${d.end_char}\\), which lie outside every item heading`,
      ),
    );
  });
}
