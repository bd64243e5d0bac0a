/**
 * filings.sections and filings.read on the layouts of tests/fixtures/filings/layouts4: a 10-K/A
 * carrying Part III only (every section missing, and the answer says why and where to look), a
 * bank 10-Q whose MD&A is printed before its statements and whose Part II Item 1A says only "no
 * material changes", a 10-K with "ITEM 1.A."-style headings, a 20-F whose sub-items are written
 * "ITEM 5A.", and a 20-F whose items are incorporated from its annual report filed as EX-15.1.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = { replay: [join(FIXTURES, "filings", "layouts4")] };
const A = "https://www.sec.gov/Archives/edgar/data";
const indexOf = (cik: number, acc: string) =>
  `${A}/${cik}/${acc.replaceAll("-", "")}/${acc}-index.html`;
const PART_III_ONLY = indexOf(2000021, "0002000021-25-000019");
const BANK_10Q = indexOf(2000022, "0002000022-25-000088");
const DOTTED_10K = indexOf(2000023, "0002000023-25-000007");
const SUB_20F = indexOf(2000024, "0002000024-25-000011");
const EX15_20F = indexOf(2000025, "0002000025-25-000014");

const byKey = (d: Any) => Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
const read = (url: string, section: string) =>
  envelope<Any>("filings.read", { url, section, max_chars: 0 }, opts);

Deno.test("10-K/A of Part III only: no section, and the answer says it is an amendment of Items 10-15", async () => {
  const env = await envelope<Any>("filings.sections", { url: PART_III_ONLY }, opts);
  const d = dataOf<Any>(env);
  assert.equal(d.filing.form, "10-K/A");
  assert.deepEqual(d.item_ids, [
    "part_iii_item_10",
    "part_iii_item_11",
    "part_iii_item_12",
    "part_iii_item_13",
    "part_iii_item_14",
    "part_iv_item_15",
  ]);
  // neither "Risk Factors Considered in Compensation" nor "Business Experience" is taken
  for (const key of ["business", "risk_factors", "mda", "financial_statements"]) {
    assert.equal(byKey(d)[key].available, false, key);
  }
  const w = env.warnings.find((x: string) => /amends/.test(x));
  assert.match(w!, /^business, risk_factors, mda, financial_statements not in this filing/);
  assert.match(w!, /Items 10, 11, 12, 13, 14 and 15/);
  for (const section of ["risk_factors", "mda"]) {
    const r = await read(PART_III_ONLY, section);
    assert.equal(r.ok, false);
    assert.match(r.error!, new RegExp(`${section} was not found in 10-K/A`));
    assert.match(r.error!, /This is an amendment: a 10-K\/A repeats only the items it amends/);
    assert.match(r.error!, /original 10-K \(form=10-K\)/);
  }
});

Deno.test("bank 10-Q, MD&A before the statements: financial_statements is Part I Item 1, Legal Proceedings Part II's", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: BANK_10Q }, opts));
  assert.deepEqual(d.item_ids, [
    "part_i_item_2",
    "part_i_item_3",
    "part_i_item_1",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_2",
    "part_ii_item_6",
  ]);
  const items = Object.fromEntries(d.items.map((i: Any) => [i.id, i]));
  assert.equal(items.part_i_item_1.title, "Financial Statements");
  assert.equal(items.part_ii_item_1.title, "Legal Proceedings");
  const fs = dataOf<Any>(await read(BANK_10Q, "financial_statements"));
  assert.equal(fs.found_as, "part_i_item_1");
  assert.match(fs.text, /^Item 1\. Financial Statements\n[\s\S]*Loans, net \| 1,882,410/);
  assert.doesNotMatch(fs.text, /Legal Proceedings|Controls and Procedures/);
});

Deno.test("10-Q Part II Item 1A saying 'no material changes': that statement, warned as a pointer to the 10-K", async () => {
  const env = await read(BANK_10Q, "risk_factors");
  const d = dataOf<Any>(env);
  assert.equal(d.found_as, "part_ii_item_1a");
  assert.equal(d.form_item, "Part II, Item 1A");
  assert.match(d.text, /^Item 1A\. Risk Factors\nThere have been no material changes/);
  assert.doesNotMatch(d.text, /Unregistered|net interest/i);
  assert.match(d.cross_reference, /^There have been no material changes/);
  assert.equal(d.incorporated_by_reference, false);
  assert.equal(env.warnings.length, 1);
  assert.match(env.warnings[0], /is short and refers to risk factors disclosed in earlier reports/);
  assert.match(
    env.warnings[0],
    /in the reports it names \(usually Item 1A of the company's latest Form 10-K\)/,
  );
  // filings.sections says the same
  const s = await envelope<Any>("filings.sections", { url: BANK_10Q }, opts);
  assert.ok(s.warnings.some((w: string) => /^risk_factors: Part II, Item 1A of this 10-Q/.test(w)));
});

Deno.test("10-K with 'ITEM 1.A.' headings, an 'Item 7 of this report' paragraph and a table-only Item 2", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: DOTTED_10K }, opts));
  assert.deepEqual(d.item_ids, [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_1b",
    "part_i_item_2",
    "part_i_item_3",
    "part_i_item_4",
    "part_ii_item_7",
    "part_ii_item_7a",
    "part_ii_item_8",
    "part_ii_item_9",
  ]);
  const business = dataOf<Any>(await read(DOTTED_10K, "business"));
  assert.doesNotMatch(business.text, /RISK FACTORS|wheat flour/);
  const risk = dataOf<Any>(await read(DOTTED_10K, "risk_factors"));
  assert.match(risk.text, /^ITEM 1\.A\. RISK FACTORS\n/);
  assert.match(risk.text, /Item 7 of this report describes[\s\S]*two grocery chains/);
  assert.doesNotMatch(risk.text, /UNRESOLVED/);
  const mda = dataOf<Any>(await read(DOTTED_10K, "mda"));
  assert.match(mda.text, /^ITEM 7\. MANAGEMENT’S DISCUSSION/);
  assert.doesNotMatch(mda.text, /QUANTITATIVE|commodity risk/);
});

Deno.test("20-F with sub-items written 'ITEM 5A.': business is Item 4, mda Item 5, risk_factors Item 3.D", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: SUB_20F }, opts));
  assert.deepEqual(d.item_ids, [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_3",
    "part_i_item_3d",
    "part_i_item_4",
    "part_i_item_4a",
    "part_i_item_5",
    "part_i_item_6",
    "part_iii_item_17",
    "part_iii_item_18",
    "part_iii_item_19",
  ]);
  const items = Object.fromEntries(d.items.map((i: Any) => [i.id, i]));
  assert.equal(items.part_i_item_4a.title, "UNRESOLVED STAFF COMMENTS");
  const business = dataOf<Any>(await read(SUB_20F, "business"));
  assert.equal(business.form_item, "Item 4");
  assert.match(business.text, /founded in Oslo[\s\S]*Supramax and Panamax/);
  assert.doesNotMatch(business.text, /UNRESOLVED/);
  const mda = dataOf<Any>(await read(SUB_20F, "item 5"));
  assert.equal(mda.section.key, "mda");
  assert.match(mda.text, /^ITEM 5\. OPERATING AND FINANCIAL REVIEW[\s\S]*secured bank loans/);
  const risk = dataOf<Any>(await read(SUB_20F, "risk factors"));
  assert.equal(risk.found_as, "part_i_item_3d");
  assert.match(risk.text, /^ITEM 3D\. RISK FACTORS\nCharter rates/);
});

Deno.test("20-F incorporating its items from the annual report filed as Exhibit 15.1: follow=true reads EX-15.1", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { url: EX15_20F }, opts));
  for (const key of ["business", "risk_factors", "mda", "financial_statements"]) {
    const s = byKey(d)[key];
    assert.equal(s.incorporated_by_reference, true, key);
    assert.equal(s.reference.exhibit, "15.1", key);
    assert.equal(s.referenced?.type, "EX-15.1", key);
  }
  const mda = dataOf<Any>(
    await envelope(
      "filings.read",
      { url: EX15_20F, section: "mda", follow: true, max_chars: 0 },
      opts,
    ),
  );
  assert.equal(mda.form_item, "Item 5");
  assert.match(mda.text, /^Operating and Financial Review\nRevenue rose 6%[\s\S]*\(3\)$/);
  assert.match(mda.document_url, /fja-ex15_1\.htm$/);
  const business = dataOf<Any>(
    await envelope("filings.read", {
      url: EX15_20F,
      section: "business",
      follow: true,
      max_chars: 0,
    }, opts),
  );
  assert.match(business.text, /^Business Overview\nFjell Aqua farms[\s\S]*\(3\)$/);
  const risk = dataOf<Any>(
    await envelope("filings.read", {
      url: EX15_20F,
      section: "risk_factors",
      follow: true,
      max_chars: 0,
    }, opts),
  );
  assert.match(risk.text, /^Risk Factors\nSea lice[\s\S]*\(3\)$/);
  // without follow the text is the pointer itself, and the warning says so
  const pointer = await envelope<Any>("filings.read", { url: EX15_20F, section: "mda" }, opts);
  assert.match(
    dataOf<Any>(pointer).text,
    /incorporated by reference to “Operating and Financial Review”/,
  );
  assert.match(pointer.warnings.join(" "), /Exhibit 15\.1.*pass follow=true/);
});
