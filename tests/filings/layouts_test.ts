/**
 * filings.sections / read / statement on layouts beyond the plain 10-K, against the project's
 * own EDGAR look-alikes (tests/fixtures/filings/layouts): 10-Q parts, cross-reference items with
 * an EX-13 annual report, 20-F, 40-F, an annual-report 10-K with a cross-reference index, XBRL
 * without FilingSummary.xml, and filings opened from their URL alone.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = { replay: [join(FIXTURES, "filings", "layouts")] };
const A = "https://www.sec.gov/Archives/edgar/data";
/** Index-page URL of a fixture filing: the filing opens from it alone (no submissions JSON). */
function indexOf(cik: number, acc: string): string {
  return `${A}/${cik}/${acc.replaceAll("-", "")}/${acc}-index.html`;
}
const Q = indexOf(2000001, "0002000001-23-000045");
const Q_NO_ITEM1 = indexOf(2000006, "0002000006-24-000031");
const EX13 = indexOf(2000002, "0002000002-24-000012");
const F20 = indexOf(2000003, "0002000003-24-000007");
const F40 = indexOf(2000004, "0002000004-24-000003");
const AR = indexOf(2000005, "0002000005-24-000021");
const EIGHT_K = indexOf(2000001, "0002000001-23-000050");
const AR20F = indexOf(2000008, "0002000008-24-000011");
const AR10Q = indexOf(2000005, "0002000005-24-000044");

const byKey = (d: Any) => Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
const read = (url: string, section: string, more: Record<string, unknown> = {}) =>
  envelope<Any>("filings.read", { url, section, max_chars: 0, ...more }, opts);

Deno.test("a filing opens from its index URL alone: form, dates and company from the index page", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: Q }, opts));
  assert.equal(d.filing.form, "10-Q");
  assert.equal(d.filing.company, "BRIGHTWATER FOODS, INC.");
  assert.equal(d.filing.filing_date, "2023-11-08");
  assert.equal(d.filing.period_of_report, "2023-09-30");
  assert.match(d.filing.filing_url, /\/bwf-20230930x10q\.htm$/);
  // A URL naming an exhibit still opens the filing at its primary document.
  const ex = dataOf<Any>(
    await envelope("filings.sections", {
      url: `${A}/2000002/000200000224000012/omb-ex13_2023.htm`,
    }, opts),
  );
  assert.equal(ex.filing.form, "10-K");
  assert.match(ex.filing.filing_url, /\/omb-10k_2023\.htm$/);
});

Deno.test("10-Q: the reader tracks parts; Part II Item 1 is not Part I Item 1", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: Q }, opts));
  const items = Object.fromEntries(d.items.map((i: Any) => [i.id, i]));
  assert.equal(items.part_i_item_1.title, "Financial Statements (Unaudited)");
  assert.equal(items.part_ii_item_1.title, "Legal Proceedings");
  assert.equal(items.part_ii_item_1.part, "ii");
  assert.equal(items.part_ii_item_1a.title, "Risk Factors");
  assert.ok(d.items.every((i: Any) => ["toc_link", "item_heading"].includes(i.found_as)));
  const s = byKey(d);
  assert.equal(s.financial_statements.found_as, "part_i_item_1");
  assert.equal(s.risk_factors.found_as, "part_ii_item_1a");
  assert.equal(s.risk_factors.part, "ii");
  assert.equal(s.risk_factors.form_item, "Part II, Item 1A");
  const fs = dataOf<Any>(await read(Q, "financial_statements"));
  assert.match(fs.text, /^Item 1\. Financial Statements \(Unaudited\)\nBRIGHTWATER FOODS/);
  assert.doesNotMatch(fs.text, /Legal Proceedings|distributor filed a complaint/);
  const risk = dataOf<Any>(await read(Q, "risk_factors"));
  assert.match(risk.text, /^Item 1A\. Risk Factors\nExcept as set out below/);
  assert.doesNotMatch(risk.text, /repurchased 120,000 shares/);
  const biz = await read(Q, "business");
  assert.equal(biz.ok, false);
  assert.match(biz.error!, /a 10-Q has no business item/);
});

Deno.test("10-Q without a Part I Item 1 heading: financial_statements is missing, never Legal Proceedings", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: Q_NO_ITEM1 }, opts));
  assert.ok(d.item_ids.includes("part_ii_item_1"));
  assert.ok(!d.item_ids.includes("part_i_item_1"));
  assert.equal(byKey(d).financial_statements.available, false);
  const env = await read(Q_NO_ITEM1, "financial_statements");
  assert.equal(env.ok, false);
  assert.match(env.error!, /financial_statements was not found in 10-Q 0002000006-24-000031/);
});

Deno.test("cross-reference items: short items are sections of their own, not a table of contents", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: EX13 }, opts));
  // Items 5 to 9B stand a few lines apart: all of them are found.
  for (const id of ["part_ii_item_5", "part_ii_item_7", "part_ii_item_7a", "part_ii_item_8"]) {
    const item = d.items.find((i: Any) => i.id === id);
    assert.ok(item, id);
    assert.equal(item.incorporated_by_reference, true, id);
  }
  assert.equal(
    d.items.find((i: Any) => i.id === "part_i_item_1b").incorporated_by_reference,
    false,
  );
  const s = byKey(d);
  assert.equal(s.mda.incorporated_by_reference, true);
  assert.equal(s.mda.reference.exhibit, "13");
  assert.equal(s.mda.reference.pages, "3 through 6");
  assert.match(s.mda.reference.caption, /^Management’s Discussion and Analysis/);
  assert.ok(s.mda.char_count < 500);
  // …and where follow=true will find its text
  assert.equal(s.mda.referenced.type, "EX-13");
  assert.equal(s.mda.referenced.located_by, "pages 3 through 6");
  assert.ok(s.mda.referenced.char_count > 3500);
  // the table of contents (page-numbered rows) is no item
  assert.ok(d.items.every((i: Any) => i.start_char > 1000));
});

Deno.test("cross-reference items: read gives the reference; follow=true reads EX-13 with its URL and offsets", async () => {
  const env = await read(EX13, "mda");
  const plain = dataOf<Any>(env);
  assert.match(
    plain.text,
    /^Item 7\. Management’s Discussion .*\nThe information required by this item is incorporated herein by reference/,
  );
  assert.equal(plain.followed, null);
  assert.match(
    env.warnings[0],
    /incorporated by reference \(Exhibit 13, pages 3 through 6\).*follow=true/,
  );
  const mda = dataOf<Any>(await read(EX13, "mda", { follow: true }));
  assert.match(
    mda.text,
    /^Management’s Discussion and Analysis of Financial Condition and Results of Operations\nOverview\nNet income for 2023 was \$9\.4 million/,
  );
  assert.match(mda.text, /Asset\/Liability Management and Interest Rate Risk/);
  assert.doesNotMatch(mda.text, /Letter to Shareholders|Report on Internal Control/);
  assert.ok(mda.char_count > 3500 && mda.char_count < 5500, String(mda.char_count));
  assert.equal(mda.followed.type, "EX-13");
  assert.equal(mda.followed.url, `${A}/2000002/000200000224000012/omb-ex13_2023.htm`);
  assert.equal(mda.document_url, mda.followed.url);
  assert.equal(mda.followed.located_by, "pages 3 through 6");
  assert.equal(mda.end_char - mda.start_char, mda.char_count);
  const fs = dataOf<Any>(await read(EX13, "financial_statements", { follow: true }));
  assert.match(fs.text, /^Management’s Report on Internal Control/);
  assert.match(
    fs.text,
    /Report of Independent Registered Public Accounting Firm\nTo the Shareholders/,
  );
  assert.match(fs.text, /Note 2 – Loans/);
  assert.doesNotMatch(fs.text, /Market for Common Stock and Dividends/);
  // the segment note is looked for in the statements the 10-K incorporates
  const noFollow = await read(EX13, "segments");
  assert.equal(noFollow.ok, false);
  assert.match(noFollow.error!, /incorporated by reference \(Exhibit 13\); pass follow=true/);
  const seg = dataOf<Any>(await read(EX13, "segments", { follow: true }));
  assert.match(seg.text, /^Note 3 – Segment Information\nThe Company has one reportable segment/);
  assert.doesNotMatch(seg.text, /Regulatory Capital/);
  assert.equal(seg.document_url, mda.followed.url);
});

Deno.test("20-F: items map to the same keys with 20-F numbering (4, 3.D, 5, 18)", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: F20 }, opts));
  const s = byKey(d);
  assert.deepEqual(
    ["business", "risk_factors", "mda", "financial_statements"].map((k) => [
      s[k].form_item,
      s[k].edgar_section,
    ]),
    [
      ["Item 4", "part_i_item_4"],
      ["Item 3.D", "part_i_item_3d"],
      ["Item 5", "part_i_item_5"],
      ["Item 18", "part_iii_item_18"],
    ],
  );
  assert.ok(d.item_ids.includes("part_ii_item_16j"));
  const biz = dataOf<Any>(await read(F20, "business"));
  assert.match(biz.text, /^Item 4\. Information on the Company\nA\. History and Development/);
  assert.doesNotMatch(biz.text, /Identity of Directors|Item 5\./);
  const risk = dataOf<Any>(await read(F20, "risk_factors"));
  assert.match(risk.text, /^D\. Risk Factors\nOur business is exposed to the cyclical market/);
  assert.match(risk.text, /Risks Relating to Our Indebtedness/);
  const mda = dataOf<Any>(await read(F20, "mda"));
  assert.match(mda.text, /^Item 5\. Operating and Financial Review and Prospects/);
  const fs = dataOf<Any>(await read(F20, "financial_statements"));
  assert.equal(fs.form_item, "Item 18");
  assert.match(
    fs.text,
    /^Report of Independent Registered Public Accounting Firm\nTo the Board of Directors and Shareholders of Nordvik/,
  );
});

Deno.test("40-F: sections point to the EX-99 exhibits; follow=true reads them", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: F40 }, opts));
  const s = byKey(d);
  assert.equal(s.business.found_as, "EX-99.1");
  assert.equal(s.mda.found_as, "EX-99.3");
  assert.equal(s.financial_statements.found_as, "EX-99.2");
  assert.equal(s.mda.incorporated_by_reference, true);
  assert.equal(s.risk_factors.referenced.located_by, 'caption "Risk Factors"');
  assert.equal(s.mda.referenced.url, `${A}/2000004/000200000424000003/mrm-ex993_mda2023.htm`);
  // the text is in the exhibit: no size in the primary document (not 0, which reads as empty)
  assert.equal(s.mda.char_count, null);
  assert.ok(s.mda.referenced.char_count > 0);
  const without = await read(F40, "mda");
  assert.equal(without.ok, false);
  assert.match(without.error!, /filed as EX-99\.3 \(mrm-ex993_mda2023\.htm\); pass follow=true/);
  const mda = dataOf<Any>(await read(F40, "mda", { follow: true }));
  assert.match(
    mda.text,
    /MANAGEMENT’S DISCUSSION AND ANALYSIS\nThis management’s discussion and analysis, dated March 27, 2024/,
  );
  assert.equal(mda.document_url, `${A}/2000004/000200000424000003/mrm-ex993_mda2023.htm`);
  const risk = dataOf<Any>(await read(F40, "risk_factors", { follow: true }));
  assert.match(risk.text, /^RISK FACTORS\nThe Company’s revenue depends on the price of gold/);
  assert.match(risk.text, /Permitting and Environmental Risks/);
  assert.doesNotMatch(risk.text, /DIVIDENDS|quarterly dividends/);
  assert.equal(risk.followed.type, "EX-99.1");
});

Deno.test("a form without a section map is ok:false naming the form, never 10-K numbering", async () => {
  for (const cmd of ["filings.sections", "filings.read"]) {
    const env = await envelope(cmd, { url: EIGHT_K }, opts);
    assert.equal(env.ok, false, cmd);
    assert.equal(env.data, null);
    assert.match(env.error!, /form 8-K of 0002000001-23-000050 has no section map/);
  }
});

Deno.test("a bare symbol with a form that has no section map is refused before any request", async () => {
  for (const cmd of ["filings.sections", "filings.read"]) {
    for (const form of ["8-K", "10-KX"]) {
      const env = await envelope(cmd, { symbol: "BWF", form }, opts);
      assert.equal(env.ok, false, `${cmd} ${form}`);
      assert.equal(env.data, null);
      assert.match(env.error!, new RegExp(`^form: ${form} has no section map`));
    }
    // Amendments keep their map.
    const amended = await envelope(cmd, { symbol: "BWF", form: "10-K/A" }, opts);
    assert.doesNotMatch(amended.error ?? "", /has no section map/);
  }
});

Deno.test("annual-report 10-K: items come from the Form 10-K cross-reference index; unmappable ones warn", async () => {
  const env = await envelope<Any>("filings.sections", { url: AR }, opts);
  const d = dataOf<Any>(env);
  const s = byKey(d);
  assert.equal(s.mda.method, "cross_reference_index");
  assert.ok(d.items.every((i: Any) => i.found_as === "cross_reference_index"));
  assert.equal(s.risk_factors.available, false);
  assert.ok(
    env.warnings.some((w: string) =>
      /risk_factors: the Form 10-K cross-reference index maps Item 1A to pages 55–62/.test(w)
    ),
  );
  const mda = dataOf<Any>(await read(AR, "mda"));
  assert.match(mda.text, /^Management’s discussion and analysis\nExecutive overview\n/);
  assert.match(mda.text, /Market risk management/);
  assert.doesNotMatch(mda.text, /report on internal control|Contents|Letter to shareholders/);
  // running footers, with the page number before or after the title, are not text
  assert.doesNotMatch(mda.text, /2023 Form 10-K/);
  assert.ok(mda.char_count > 4000 && mda.char_count < 6500, String(mda.char_count));
  const biz = dataOf<Any>(await read(AR, "business"));
  assert.match(
    biz.text,
    /^Business overview\nGranite Continental Financial Corporation is a bank holding company/,
  );
  const fs = dataOf<Any>(await read(AR, "financial_statements"));
  assert.match(fs.text, /Report of Independent Registered Public Accounting Firm/);
  assert.doesNotMatch(fs.text, /Supervision and regulation|cross-reference index/);
  const missing = await read(AR, "risk_factors");
  assert.equal(missing.ok, false);
  assert.match(missing.error!, /cross-reference index maps Item 1A to pages 55–62/);
});

Deno.test("XBRL without FilingSummary.xml: the schema comes from the filing index or the schemaRef", async () => {
  // By URL: the index page lists EX-101.SCH bwf-20230930.xsd (not bwf-20230930x10q.xsd).
  const byIndex = dataOf<Any>(
    await envelope("filings.statement", {
      url: `${A}/2000001/000200000123000045/bwf-20230930x10q.htm`,
    }, opts),
  );
  assert.equal(byIndex.instance_file, "bwf-20230930x10q_htm.xml");
  assert.equal(byIndex.rows[0].concept, "us-gaap:Revenues");
  // By symbol, with no index page recorded: the inline document's schemaRef names the schema.
  const bySchemaRef = dataOf<Any>(
    await envelope("filings.statement", { symbol: "NIMB", form: "10-Q" }, opts),
  );
  assert.equal(bySchemaRef.filing.accession_no, "0002000007-23-000019");
  assert.equal(bySchemaRef.instance_file, "nimbus-20230930x10q_htm.xml");
  assert.equal(bySchemaRef.rows[0].values["2023-01-01 to 2023-12-31"].reported, 1200);
});

Deno.test("no XBRL at all: ok:false saying what is missing and where the text can be read", async () => {
  const cases: [string, RegExp][] = [
    [EIGHT_K, /8-K\) names no XBRL schema: .*, and bwf-20231108\.htm has no schemaRef;/],
    [
      `${A}/2000002/0000950109-99-001234.txt`,
      /10-K405\) names no XBRL schema: .*, and its primary document 0000950109-99-001234\.txt is not inline XBRL;/,
    ],
  ];
  for (const [url, why] of cases) {
    const env = await envelope("filings.statement", { url }, opts);
    assert.equal(env.ok, false, url);
    assert.equal(env.data, null);
    assert.match(env.error!, why);
    assert.doesNotMatch(
      env.error!,
      /filings\.reports/,
      "filings.reports needs FilingSummary.xml too",
    );
  }
});

Deno.test("20-F annual report: the Form 20-F cross-reference guide maps Items 4, 3.D, 5 and 18", async () => {
  const env = await envelope<Any>("filings.sections", { url: AR20F }, opts);
  const s = byKey(dataOf<Any>(env));
  assert.deepEqual(env.warnings, []);
  assert.deepEqual(
    ["business", "risk_factors", "mda", "financial_statements"].map((k) => [
      s[k].found_as,
      s[k].method,
    ]),
    [
      ["part_i_item_4", "cross_reference_index"],
      ["part_i_item_3d", "cross_reference_index"],
      ["part_i_item_5", "cross_reference_index"],
      ["part_iii_item_18", "cross_reference_index"],
    ],
  );
  const risk = dataOf<Any>(await read(AR20F, "risk_factors"));
  assert.match(risk.text, /^Risk factors\nOur results depend on the frequency and severity/);
  assert.match(risk.text, /Financial market risks/);
  assert.doesNotMatch(risk.text, /Operating and financial review|Investments/);
  const fs = dataOf<Any>(await read(AR20F, "financial_statements"));
  assert.equal(fs.form_item, "Item 18");
  assert.doesNotMatch(fs.text, /Corporate governance|cross-reference guide/);
});

Deno.test("bank 10-Q: the Form 10-Q cross-reference index keeps Part I and Part II apart", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: AR10Q }, opts));
  const items = Object.fromEntries(d.items.map((i: Any) => [i.id, i]));
  assert.equal(items.part_i_item_1.title, "Financial Statements");
  assert.equal(items.part_ii_item_1.title, "Legal Proceedings");
  const fs = dataOf<Any>(await read(AR10Q, "financial_statements"));
  assert.equal(fs.found_as, "part_i_item_1");
  assert.match(fs.text, /^Consolidated financial statements\nConsolidated statements of income/);
  assert.doesNotMatch(fs.text, /overdraft fees|Legal proceedings/);
  const risk = dataOf<Any>(await read(AR10Q, "risk_factors"));
  assert.equal(risk.found_as, "part_ii_item_1a");
  // page 10 also holds Item 2: the section stops at that item's caption
  assert.match(risk.text, /^Risk factors\nThere have been no material changes/);
  assert.doesNotMatch(risk.text, /repurchased/);
});

Deno.test("a filing whose index page cannot be read opens from its -index-headers.html", async () => {
  const url = indexOf(2000009, "0002000009-24-000005");
  const d = dataOf<Any>(
    await envelope("filings.read", { url, section: "mda", max_chars: 60 }, opts),
  );
  assert.deepEqual(
    [d.filing.company, d.filing.form, d.filing.filing_date, d.filing.period_of_report],
    ["PINE HOLLOW SYSTEMS INC", "10-Q", "2024-05-02", "2024-03-31"],
  );
  assert.match(d.filing.filing_url, /\/phl-20240331\.htm$/);
  assert.match(d.text, /^Item 2\. Management’s Discussion/);
});

Deno.test("plain-text submission: an item incorporated from its EX-13 is read from inside the same .txt", async () => {
  const url = indexOf(2000002, "0000950109-99-001234");
  const plain = dataOf<Any>(await read(url, "financial_statements"));
  assert.equal(plain.incorporated_by_reference, true);
  assert.equal(plain.reference.pages, "4 through 6");
  const fs = dataOf<Any>(await read(url, "financial_statements", { follow: true }));
  assert.match(fs.text, /^REPORT OF INDEPENDENT AUDITORS\nTo the Board of Directors/);
  assert.match(fs.text, /Net income \| 6,104 \| 5,733/);
  assert.doesNotMatch(fs.text, /SHAREHOLDER INFORMATION|MANAGEMENT'S DISCUSSION/);
  assert.equal(fs.followed.type, "EX-13");
  assert.equal(fs.document_url, `${A}/2000002/000095010999001234/0000950109-99-001234.txt`);
});
