/**
 * HTML pages in other encodings than UTF-8 (windows-1252 by meta tag, header or nothing, UTF-16
 * with a byte order mark) and characters that print nothing (soft hyphens, zero-width spaces,
 * ligatures): read as the page shows them.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { declaredCharset, decodeHtml } from "../../providers/decode.ts";

const F = (name: string) => join(FIXTURES, "document", "audit5", name);
// deno-lint-ignore no-explicit-any
type Any = any;

const QUOTED = "The company\u2019s revenue was \u20ac1,234 million \u2013 up 5% " +
  "\u201cyear over year\u201d.\nCaf\u00e9 sales were \u00a35 million.";

Deno.test("document.read: a windows-1252 page declared in its meta tag is read in windows-1252", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("cp1252_meta.html") }));
  assert.ok(d.text.startsWith(QUOTED), d.text.slice(0, 120));
  assert.ok(!d.text.includes("\ufffd"));
  assert.deepEqual(d.warnings, []);
});

Deno.test("document.read: an undeclared page with windows-1252 bytes is read as such and said", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("cp1252_undeclared.html") }));
  assert.ok(d.text.startsWith(QUOTED), d.text.slice(0, 120));
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0], /not UTF-8 .*windows-1252/);
});

Deno.test("document.read and scan: UTF-16 pages with a byte order mark are read", async () => {
  for (const name of ["utf16le.html", "utf16be.html"]) {
    const d: Any = dataOf(await envelope("document.read", { source: F(name) }));
    assert.equal(d.format, "html");
    assert.ok(d.text.startsWith("The company\u2019s revenue was \u20ac1,234 million."), name);
    const s: Any = dataOf(
      await envelope("document.scan", { source: F(name), query: "revenue was 1,234 million" }),
    );
    assert.equal(s.count, 1, name);
  }
});

Deno.test("document.read: the server's Content-Type charset is used for a page that declares none", async () => {
  const body = Deno.readFileSync(F("cp1252_undeclared.html"));
  const fake: typeof fetch = () =>
    Promise.resolve(
      new Response(body, { headers: { "content-type": "text/html; charset=ISO-8859-1" } }),
    );
  const d: Any = dataOf(
    await envelope("document.read", { source: "https://ir.example.com/results.html" }, {
      fetch: fake,
    }),
  );
  // ISO-8859-1 is windows-1252 to browsers (WHATWG Encoding): \x92 is a right quote
  assert.ok(d.text.startsWith(QUOTED), d.text.slice(0, 120));
  assert.deepEqual(d.warnings, []);
});

Deno.test("decodeHtml: UTF-8 with a stray windows-1252 byte keeps the UTF-8 and reads the byte", () => {
  const bytes = new Uint8Array([
    ...new TextEncoder().encode("<p>\u2019ok\u20ac "),
    0x93,
    ...new TextEncoder().encode("quoted"),
    0x94,
    ...new TextEncoder().encode("</p>"),
  ]);
  const out = decodeHtml(bytes);
  assert.equal(out.html, "<p>\u2019ok\u20ac \u201cquoted\u201d</p>");
  assert.equal(out.warnings.length, 1);
  assert.match(out.warnings[0], /2 byte\(s\)/);
  const unknown = decodeHtml(
    new TextEncoder().encode('<meta charset="x-nonsense"><p>caf\u00e9</p>'),
  );
  assert.match(unknown.html, /caf\u00e9/);
  assert.match(unknown.warnings[0], /x-nonsense/);
  assert.equal(
    declaredCharset(new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?>')),
    "ISO-8859-1",
  );
});

Deno.test("document.read and scan: soft hyphens, zero-width spaces and ligatures print as the page shows", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("invisible.html") }));
  assert.ok(
    d.text.startsWith(
      "Our financial statements and financial flows.\nRevenue was $1,234 million.",
    ),
    d.text.slice(0, 100),
  );
  const s: Any = dataOf(
    await envelope("document.scan", { source: F("invisible.html"), query: "financial flows" }),
  );
  assert.equal(s.count, 1);
  assert.equal(s.matches[0].score, 100);
  const n: Any = dataOf(
    await envelope("document.scan", { source: F("invisible.html"), query: "1,234 million" }),
  );
  assert.equal(n.count, 1);
  assert.equal(n.matches[0].text, "1,234 million");
});

Deno.test("document.read: the same HTML bytes read from a file and then from EDGAR take EDGAR's text model", async () => {
  const body = Deno.readFileSync(F("invisible.html"));
  const local: Any = dataOf(await envelope("document.read", { source: F("invisible.html") }));
  assert.equal(local.engine, "html");
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(body, { headers: { "content-type": "text/html" } }));
  const edgar: Any = dataOf(
    await envelope("document.read", {
      source: "https://www.sec.gov/Archives/edgar/data/1/000000000024000001/x-20240101.htm",
    }, { fetch: fake }),
  );
  // a remembered model of a local read answered with its engine and offsets
  assert.equal(edgar.engine, "edgar-html");
});

Deno.test("decodeHtml: UTF-8 bytes under a latin-1 declaration are read as UTF-8, and said", () => {
  const page = '<meta charset="iso-8859-1"><p>The company\u2019s \u20ac5 million</p>';
  const out = decodeHtml(new TextEncoder().encode(page));
  assert.equal(out.html, page);
  assert.match(out.warnings[0], /declared iso-8859-1 by itself but its bytes are UTF-8/);
  const header = decodeHtml(new TextEncoder().encode("<p>caf\u00e9</p>"), "ISO-8859-1");
  assert.equal(header.html, "<p>caf\u00e9</p>");
  assert.match(header.warnings[0], /by the server/);
  // real windows-1252 bytes stay windows-1252
  const real = decodeHtml(Uint8Array.from([0x3c, 0x70, 0x3e, 0x92, 0xe9]), "windows-1252");
  assert.equal(real.html, "<p>\u2019\u00e9");
  assert.deepEqual(real.warnings, []);
});

Deno.test("document.read and scan: a footnote mark after a figure does not join its digits", async () => {
  const source = F("footnote_marks.html");
  const d: Any = dataOf(await envelope("document.read", { source }));
  // before: "$1,2341 million" and "5,6783"
  assert.ok(d.text.startsWith("Revenue was $1,234 1 million, up 12%2."), d.text.slice(0, 80));
  assert.match(d.text, /Revenue \| 5,678 3 \| 4,321\(a\)/);
  const s: Any = dataOf(
    await envelope("document.scan", { source, query: "revenue was $1,234 million" }),
  );
  // the figure is found with the mark beside it (before: "$1,2341" stated another number)
  assert.equal(s.count, 1);
  assert.match(s.matches[0].text, /\$1,234 1 million/);
  const figure: Any = dataOf(await envelope("document.scan", { source, query: "$1,234" }));
  assert.equal(figure.count, 1);
  assert.equal(figure.matches[0].text, "1,234");
});

Deno.test("document.read: a drop-down reads as its chosen option, a datalist not at all", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("dropdowns.html") }));
  // before: "Show results for 2024 2023 2022 fiscal year." and the datalist's suggestion
  assert.ok(
    d.text.startsWith("Show results for 2023 fiscal year.\nPick Q1 now.\n"),
    d.text.slice(0, 80),
  );
  assert.ok(!d.text.includes("Suggested choice"));
});
