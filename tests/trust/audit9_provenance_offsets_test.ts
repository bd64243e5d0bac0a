/**
 * The trust rules' character offsets for the filings and document namespaces: every quote a
 * command returns with start_char/end_char is exactly that slice of the text document.read
 * returns for the same document (max_chars=0), or of the text the command itself returns.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, FIXTURES, run } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const ACME = { replay: [join(FIXTURES, "filings", "cassette")], now: "2026-02-25T12:00:00Z" };
const doc = (name: string) => join(FIXTURES, "document", name);

async function data(command: string, args: Record<string, unknown>, opts = {}): Promise<Any> {
  return dataOf((await run(command, args, opts)).envelope);
}

/** What document.read gives for `source`, all of it. */
async function read(source: string, opts = {}): Promise<Any> {
  const d = await data("document.read", { source, max_chars: 0, max_pages: 0 }, opts);
  assert.equal(d.truncated, false);
  return d;
}

/** The whole text document.read gives for `source`. */
const readText = async (source: string, opts = {}): Promise<string> =>
  (await read(source, opts)).text;

/** Each quote whose offsets do not cut exactly its text out of `text`. */
function offsetProblems(text: string, quotes: Any[], field = "text"): string[] {
  return quotes.filter((q) =>
    !Number.isInteger(q.start_char) || text.slice(q.start_char, q.end_char) !== q[field]
  ).map((q) => `${JSON.stringify(q[field])} at ${q.start_char}-${q.end_char}`);
}

Deno.test("offsets: filings.read's section text is that slice of its document_url as document.read reads it", async () => {
  for (const section of ["business", "risk_factors", "mda"]) {
    const d = await data("filings.read", { symbol: "ACME", section, max_chars: 0 }, ACME);
    assert.equal(d.truncated, false);
    const text = await readText(d.document_url, ACME);
    assert.deepEqual(offsetProblems(text, [d]), [], section);
  }
});

Deno.test("offsets: filings.sections' spans are the sections filings.read returns", async () => {
  const s = await data("filings.sections", { symbol: "ACME" }, ACME);
  const whole = await read(s.filing.filing_url, ACME);
  const text = whole.text;
  assert.equal(whole.char_count, s.document_chars);
  for (const section of s.supported_sections.filter((x: Any) => x.available)) {
    const r = await data(
      "filings.read",
      { symbol: "ACME", section: section.key, max_chars: 0 },
      ACME,
    );
    assert.equal(r.start_char, section.start_char, section.key);
    // the section's span holds the section's text, nothing of the next item
    const span = text.slice(section.start_char, section.end_char);
    assert.equal(span.trim(), r.text.trim(), section.key);
    assert.equal(section.char_count, r.char_count, section.key);
  }
});

Deno.test("offsets: document.scan matches and contexts, and document.window, cut document.read's text", async () => {
  for (const name of ["prose.pdf", "filing.html", "two_column.pdf", "stream_table.pdf"]) {
    const source = doc(name);
    const text = await readText(source);
    const scan = await data("document.scan", {
      source,
      topics: "revenue,effective tax rate,net income,dividend",
    });
    assert.ok(scan.matches.length, name);
    assert.deepEqual(offsetProblems(text, scan.matches), [], name);
    const contexts = scan.matches.map((m: Any) => ({
      text: m.context,
      start_char: m.context_start_char,
      end_char: m.context_end_char,
    }));
    assert.deepEqual(offsetProblems(text, contexts), [], `${name} contexts`);
    for (const m of scan.matches) {
      const w = await data("document.window", { source, match_id: m.match_id, chars: 120 });
      assert.deepEqual(offsetProblems(text, [w]), [], `${name} window ${m.match_id}`);
    }
  }
});

Deno.test("offsets: a scan of part of a document gives offsets into the whole text, not the part", async () => {
  const source = doc("prose.pdf");
  const text = await readText(source);
  const scan = await data("document.scan", {
    source,
    query: "effective tax rate",
    start_char: 200,
  });
  assert.equal(scan.matches.length, 1);
  assert.ok(scan.matches[0].start_char >= 200);
  assert.deepEqual(offsetProblems(text, scan.matches), []);
  const window = await data("document.window", {
    source,
    match_id: scan.matches[0].match_id,
    chars: 60,
  });
  assert.deepEqual(offsetProblems(text, [window]), []);
});

Deno.test("offsets: document.ocr's pages and uncertain figures cut its own text", async () => {
  const o = await data("document.ocr", { source: doc("scanned.pdf"), max_pages: 1 });
  assert.ok(o.pages.length);
  assert.deepEqual(offsetProblems(o.text, o.pages), []);
  assert.deepEqual(offsetProblems(o.text, o.uncertain_figures), []);
  // document.read reads the scanned page by OCR: the same text, the same offsets
  assert.equal(await readText(doc("scanned.pdf")), o.text);
});

Deno.test("offsets: a section filings.read follows into an exhibit cuts that exhibit's text, which it cites as read", async () => {
  const layouts = { replay: [join(FIXTURES, "filings", "layouts")] };
  const index = (cik: number, acc: string) =>
    `https://www.sec.gov/Archives/edgar/data/${cik}/${acc.replaceAll("-", "")}/${acc}-index.html`;
  const cases = [
    [index(2000002, "0002000002-24-000012"), "mda"],
    [index(2000002, "0002000002-24-000012"), "segments"],
    [index(2000004, "0002000004-24-000003"), "mda"],
    [index(2000004, "0002000004-24-000003"), "risk_factors"],
  ];
  for (const [url, section] of cases) {
    const d = await data("filings.read", { url, section, follow: true, max_chars: 0 }, layouts);
    assert.ok(d.followed, `${url} ${section}`);
    assert.equal(d.document_url, d.followed.url);
    const text = await readText(d.document_url, layouts);
    assert.deepEqual(offsetProblems(text, [d]), [], `${url} ${section}`);
    assert.ok(d.source_urls.includes(d.document_url), d.source_urls.join(", "));
    assert.equal(d.provider, "filings_a");
  }
});
