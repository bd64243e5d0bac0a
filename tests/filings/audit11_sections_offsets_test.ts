/**
 * filings.sections and filings.read give one section the same offsets: each item's and section's
 * start_char/end_char select exactly its text (no blank space up to the next heading), so
 * end_char - start_char is char_count and the slice is what filings.read returns. Before, an
 * item's span ran on over the line break before the next heading and its end_char was one past
 * filings.read's. Against a fake SEC serving a small 10-K, then every 10-K and 10-Q primary
 * document of the shared SEC recording (skipped when ../shared is absent).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CIK = 7700021;
const ACC = "0007700021-25-000004";
const FILE = "kiln-20241231.htm";
const say = (s: string) =>
  `<p>${s} Our kilns are sold to ceramics makers in North America and Europe, and demand follows their building cycles.</p>`;
const HTML = `<html><body>
<p>FORM 10-K</p><p>PART I</p>
<p><b>Item 1. Business</b></p>${say("Kiln Works makes industrial kilns.")}${
  say("We have 400 employees.")
}
<p><b>Item 1A. Risk Factors</b></p>${say("Energy prices can reduce our margins.")}
<p>&nbsp;</p><p>&nbsp;</p>
<p><b>Item 2. Properties</b></p>${say("We own one plant in Ohio.")}
<p>PART II</p>
<p><b>Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations</b></p>${
  say("Revenue rose 4% in 2024.")
}
<p><b>Item 8. Financial Statements and Supplementary Data</b></p>${say("The statements follow.")}
<p><b>Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure</b></p><p>None.</p>
</body></html>`;

const submissions = {
  cik: String(CIK).padStart(10, "0"),
  name: "KILN WORKS INC",
  tickers: [],
  filings: {
    recent: {
      accessionNumber: [ACC],
      filingDate: ["2025-02-20"],
      reportDate: ["2024-12-31"],
      form: ["10-K"],
      primaryDocument: [FILE],
      primaryDocDescription: ["10-K"],
    },
    files: [],
  },
};

const sec: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url === `https://data.sec.gov/submissions/CIK${submissions.cik}.json`) {
    return Promise.resolve(
      new Response(JSON.stringify(submissions), {
        headers: { "content-type": "application/json" },
      }),
    );
  }
  if (url === `https://www.sec.gov/Archives/edgar/data/${CIK}/${ACC.replaceAll("-", "")}/${FILE}`) {
    return Promise.resolve(new Response(HTML, { headers: { "content-type": "text/html" } }));
  }
  return Promise.resolve(new Response("not found", { status: 404 }));
};

/** Every item and section of `args`' filing is exactly its slice of `text`, as filings.read says. */
async function checkOffsets(args: Record<string, unknown>, text: string, opts: Any) {
  const s = dataOf<Any>(await envelope("filings.sections", args, opts));
  assert.equal(s.document_chars, text.length);
  assert.ok(s.items.length >= 5, JSON.stringify(s.item_ids));
  for (const i of s.items) {
    const slice = text.slice(i.start_char, i.end_char);
    assert.equal(i.end_char - i.start_char, i.char_count, i.id);
    assert.equal(slice, slice.trim(), `${i.id}: its span has no blank space around the text`);
  }
  for (const sec of s.supported_sections.filter((x: Any) => x.available && x.start_char !== null)) {
    const r = dataOf<Any>(
      await envelope("filings.read", { ...args, section: sec.key, max_chars: 0 }, opts),
    );
    assert.equal(sec.start_char, r.start_char, sec.key);
    assert.equal(sec.end_char, r.end_char, sec.key);
    assert.equal(sec.char_count, r.char_count, sec.key);
    assert.equal(text.slice(sec.start_char, sec.end_char), r.text, sec.key);
  }
  return s;
}

Deno.test("filings.sections: an item's offsets select its text, the same as filings.read's", async () => {
  const text = cleanDocument(htmlToText(HTML)).text;
  const s = await checkOffsets({ accession: ACC, symbol: String(CIK) }, text, { fetch: sec });
  // the risk factors end at their last sentence, not at the blank lines before Item 2
  const risk = s.items.find((i: Any) => i.id === "part_i_item_1a");
  assert.match(text.slice(risk.start_char, risk.end_char), /building cycles\.$/);
  assert.match(text.slice(risk.end_char).trimStart(), /^Item 2\. Properties/);
});

const FILINGS: [string, string, string][] = [
  ["AAPL", "0000320193-24-000123", "AAPL/10-K/0000320193-24-000123/aapl-20240928.htm"],
  ["AAPL", "0000320193-25-000057", "AAPL/10-Q/0000320193-25-000057/aapl-20250329.htm"],
  ["NVDA", "0001045810-24-000029", "NVDA/10-K/0001045810-24-000029/nvda-20240128.htm"],
  ["NVDA", "0001045810-25-000209", "NVDA/10-Q/0001045810-25-000209/nvda-20250727.htm"],
  ["TSLA", "0001628280-25-003063", "TSLA/10-K/0001628280-25-003063/tsla-20241231.htm"],
  ["TSLA", "0001628280-25-035806", "TSLA/10-Q/0001628280-25-035806/tsla-20250630.htm"],
  ["1009672", "0001564590-18-004771", "CRR/10-K/0001564590-18-004771/crr-10k_20171231.htm"],
];

Deno.test({
  name: "conformance: every item and section offset of the recorded 10-Ks and 10-Qs is its text",
  ignore: !SHARED,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const opts = { replay: [join(SHARED!, "cassettes", "sec")] };
    for (const [symbol, accession, path] of FILINGS) {
      const html = await Deno.readTextFile(join(SHARED!, "sec", path));
      await checkOffsets({ symbol, accession }, cleanDocument(htmlToText(html)).text, opts);
    }
  },
});
