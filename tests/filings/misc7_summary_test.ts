/** FilingSummary.xml text is decoded in one pass: an escaped ampersand is never decoded twice. */
import assert from "node:assert/strict";
import { parseFilingSummary } from "../../providers/filings_a/filing_summary.ts";

const summary = (short: string, long: string, file = "R4.htm") =>
  `<?xml version="1.0" encoding="utf-8"?><FilingSummary><MyReports><Report instance="a.htm">` +
  `<IsDefault>false</IsDefault><HtmlFileName>${file}</HtmlFileName><LongName>${long}</LongName>` +
  `<ShortName>${short}</ShortName><MenuCategory>Statements</MenuCategory><Position>4</Position>` +
  `<Role>http://example.com/role/x</Role></Report></MyReports>` +
  `<InputFiles><File>a&amp;b.htm</File></InputFiles></FilingSummary>`;

Deno.test("FilingSummary: &amp;lt; is the text &lt;, not <; numeric references read", () => {
  const s = parseFilingSummary(
    summary(
      "Loans &amp;lt; 90 days &#38; other",
      "0000004 - Statement - R&amp;D &#x26; SG&amp;amp;A &lt;Parenthetical&gt;",
    ),
  );
  const r = s.reports[0];
  // the filer wrote the characters "&lt;" (escaped once more in XML): they stay as written
  assert.equal(r.short_name, "Loans &lt; 90 days & other");
  assert.equal(r.long_name, "0000004 - Statement - R&D & SG&amp;A <Parenthetical>");
  assert.deepEqual(s.inputFiles, ["a&b.htm"]);
});

Deno.test("FilingSummary: a CDATA section is taken as written", () => {
  const s = parseFilingSummary(summary("<![CDATA[Cash & cash equivalents &amp; more]]>", "x"));
  assert.equal(s.reports[0].short_name, "Cash & cash equivalents &amp; more");
});

Deno.test("FilingSummary: a Position that is no number is null, never NaN", () => {
  const xml = `<FilingSummary><MyReports><Report><HtmlFileName>R2.htm</HtmlFileName>` +
    `<ShortName>A</ShortName><Position>n/a</Position></Report>` +
    `<Report><HtmlFileName>R3.htm</HtmlFileName><ShortName>B</ShortName><Position>3</Position>` +
    `</Report></MyReports></FilingSummary>`;
  assert.deepEqual(parseFilingSummary(xml).reports.map((r) => r.position), [null, 3]);
});
