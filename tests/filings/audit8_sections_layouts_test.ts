/**
 * Item layouts of an eighth audit of the section reader, on small made-up documents shaped like
 * EDGAR HTML: the letter of "Item 1A." set apart ("Item 1 A.", a tag and &#160; between, read as
 * Item 1 again: Business ran on through the risk factors), "ITEM 1. AND 2." headings, items
 * answered by their title alone ("Item 1A. [Reserved]": dropped, its heading left at the end of
 * Item 1), contents rows with dot leaders or a page number and no cell (a contents row and the
 * forward-looking statements under it returned as Item 8), and a 10-Q/A that carries Part II
 * alone without its PART heading (its "Item 2. Unregistered Sales…" listed as Part I's Item 2),
 * a zero-width space written raw inside "Item\u200b1A.", and a paragraph that opens with an
 * item's title ("Item 1A. Risk Factors in our Annual Report … describes …": Part II's risk
 * factors started inside the MD&A). Every section is checked at its offsets in the cleaned text.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { locateSections } from "../../analysis/filings/canonical.ts";
import type { SectionKey } from "../../analysis/filings/section_maps.ts";

const p = (t: string, id = "") => `<p${id ? ` id="${id}"` : ""}>${t}</p>`;
/** `n` sentences on a theme, numbered so that each line is distinct. */
const say = (n: number, sentence: string) =>
  Array.from({ length: n }, (_, i) => p(`${sentence} (${i + 1})`)).join("");

function read(html: string, form: string) {
  const doc = cleanDocument(htmlToText(html));
  const located = locateSections(doc, form);
  const text = (key: SectionKey) => {
    const s = located.sections.get(key);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  const byId = new Map(located.items.map((i) => [i.id, i]));
  const item = (id: string) => {
    const i = byId.get(id);
    return i ? doc.text.slice(i.start, i.end) : null;
  };
  return { doc, ...located, text, item, ids: located.items.map((i) => i.id) };
}

const BUSINESS = "Quill Corp sells paper and toner to offices in the Midwest.";
const RISK = "A rise in pulp prices could cut our margins before we can raise prices.";
const MDA = "Net sales rose 4% on stronger demand from schools.";
const MARKET = "Our exposure to interest rates is limited to our revolving credit line.";
const STATEMENTS = "The consolidated balance sheets show total assets of $310 million.";

/** A 10-K whose item headings are written by `head` (number, title). */
function tenK(head: (n: string, title: string) => string) {
  return p("PART I") + head("1", "Business") + say(3, BUSINESS) +
    head("1A", "Risk Factors") + say(3, RISK) +
    head("1B", "Unresolved Staff Comments") + p("None.") +
    head("2", "Properties") + p("We lease a warehouse in Dayton, Ohio.") + p("PART II") +
    head("7", "Management&#8217;s Discussion and Analysis of Financial Condition") + say(3, MDA) +
    head("7A", "Quantitative and Qualitative Disclosures About Market Risk") + say(2, MARKET) +
    head("8", "Financial Statements and Supplementary Data") + say(2, STATEMENTS) +
    head("9", "Changes in and Disagreements with Accountants") + p("None.");
}

const spaced = (n: string) => n.replace(/^(\d+)([A-Z])$/, "$1 $2");
for (
  const [name, head] of [
    ["Item 1 A.", (n: string, t: string) => p(`Item ${spaced(n)}. ${t}`)],
    [
      "Item&#160;1<span>&#160;</span>A.",
      (n: string, t: string) =>
        `<p><b>Item&#160;${n.replace(/^(\d+)([A-Z])$/, "$1<span>&#160;</span>$2")}.</b>` +
        `<b>&#160;&#160;${t}</b></p>`,
    ],
    [
      "ITEM 1 A. in table cells",
      (n: string, t: string) =>
        `<table><tr><td>ITEM ${spaced(n)}.</td><td>${t.toUpperCase()}</td></tr></table>`,
    ],
  ] as const
) {
  Deno.test(`items: a heading whose letter stands apart (${name}) is Item 1A, not Item 1 again`, () => {
    const r = read(tenK(head), "10-K");
    assert.deepEqual(r.ids, [
      "part_i_item_1",
      "part_i_item_1a",
      "part_i_item_1b",
      "part_i_item_2",
      "part_ii_item_7",
      "part_ii_item_7a",
      "part_ii_item_8",
      "part_ii_item_9",
    ]);
    // before: business ran on through Item 1A and 1B; risk_factors was not found; MD&A held 7A
    const business = r.text("business")!;
    assert.ok(business.includes(BUSINESS) && !business.includes(RISK), business);
    const risk = r.text("risk_factors")!;
    assert.match(risk, /^ITEM 1 A\.|^Item 1 A\./i);
    assert.ok(risk.includes(`${RISK} (3)`) && !risk.includes("Unresolved"), risk);
    assert.ok(!r.text("mda")!.includes(MARKET));
    assert.ok(r.item("part_ii_item_7a")!.includes(MARKET));
    assert.deepEqual(r.warnings, []);
  });
}

Deno.test('items: "ITEM 1. AND 2. BUSINESS AND PROPERTIES" names both items, one text', () => {
  const html = p("PART I") + p("ITEM 1. AND 2. BUSINESS AND PROPERTIES") + say(3, BUSINESS) +
    p("ITEM 1A. RISK FACTORS") + say(3, RISK) + p("PART II") +
    p("ITEM 7. MANAGEMENT&#8217;S DISCUSSION AND ANALYSIS") + say(3, MDA) +
    p("ITEM 8. FINANCIAL STATEMENTS") + say(2, STATEMENTS);
  const r = read(html, "10-K");
  const one = r.items.find((i) => i.id === "part_i_item_1")!;
  const two = r.items.find((i) => i.id === "part_i_item_2")!;
  // before: Item 2 was not found and Item 1 was titled "AND 2. BUSINESS AND PROPERTIES"
  assert.equal(one.title, "BUSINESS AND PROPERTIES");
  assert.deepEqual([two.start, two.end], [one.start, one.end]);
  assert.match(r.text("business")!, /^ITEM 1\. AND 2\. BUSINESS AND PROPERTIES\nQuill Corp/);
  assert.ok(r.warnings.some((w) => /Item 1 shares one heading with Item 2/.test(w)));
});

/** A smaller company's 10-K: Items 1A and 6 answered "[Reserved]" in their headings. */
function reservedTenK(contents: string) {
  return contents + p("PART I") + p("Item 1. Business") + say(3, BUSINESS) +
    p("Item 1A. [Reserved]") + p("Item 1B. Unresolved Staff Comments") + p("Not applicable.") +
    p("Item 2. Properties") + p("We lease a warehouse in Dayton, Ohio.") + p("PART II") +
    p("Item 6. [Reserved]") + p("Item 7. Management&#8217;s Discussion and Analysis") +
    say(3, MDA) + p("Item 8. Financial Statements and Supplementary Data") + say(2, STATEMENTS);
}
const LINKLESS_CONTENTS = p("INDEX") + p("PART I") + p("Item 1. Business") +
  p("Item 1A. [Reserved]") + p("Item 1B. Unresolved Staff Comments") + p("Item 2. Properties") +
  p("PART II") + p("Item 6. [Reserved]") + p("Item 7. Management&#8217;s Discussion and Analysis") +
  p("Item 8. Financial Statements and Supplementary Data");

for (
  const [name, contents] of [
    ["headings only", ""],
    ["after a contents list without links or page numbers", LINKLESS_CONTENTS],
  ] as const
) {
  Deno.test(`items: "Item 1A. [Reserved]" is the item, answered, not the end of Item 1 (${name})`, () => {
    const r = read(reservedTenK(contents), "10-K");
    assert.deepEqual(r.ids, [
      "part_i_item_1",
      "part_i_item_1a",
      "part_i_item_1b",
      "part_i_item_2",
      "part_ii_item_6",
      "part_ii_item_7",
      "part_ii_item_8",
    ]);
    // before: Item 1A was dropped and its heading ended Business; Item 6 ran inside Item 2
    assert.equal(r.text("risk_factors"), "Item 1A. [Reserved]\n");
    assert.doesNotMatch(r.text("business")!, /Reserved/);
    assert.equal(
      r.item("part_i_item_2"),
      "Item 2. Properties\nWe lease a warehouse in Dayton, Ohio.\n",
    );
    assert.equal(r.item("part_ii_item_6"), "Item 6. [Reserved]\n");
    // the body's headings, not the contents list's lines
    const first = r.items[0].start;
    if (contents) assert.ok(first > r.doc.text.indexOf("Item 8. Financial"), String(first));
  });
}

Deno.test('items: "[Reserved]" in a contents list alone is never the item (its rows are not the text)', () => {
  const contents = LINKLESS_CONTENTS.replace(
    "Item 1A. [Reserved]",
    "Item 1A. Risk Factors [Reserved]",
  );
  const html = contents + p("PART I") + p("Item 1. Business") + say(3, BUSINESS) +
    p("Item 2. Properties") + p("We lease a warehouse in Dayton, Ohio.") + p("PART II") +
    p("Item 7. Management&#8217;s Discussion and Analysis") + say(3, MDA) +
    p("Item 8. Financial Statements and Supplementary Data") + say(2, STATEMENTS);
  const r = read(html, "10-K");
  assert.ok(!r.ids.includes("part_i_item_1a"), r.ids.join());
  assert.equal(r.text("risk_factors"), null);
  assert.match(r.text("business")!, /^Item 1\. Business\nQuill Corp/);
});

/** A 10-K whose contents list is plain lines ending in page numbers, before its statements. */
function pagedContents(row: (title: string, page: number) => string) {
  return p("TABLE OF CONTENTS") + row("Item 1. Business", 3) + row("Item 1A. Risk Factors", 5) +
    row("Item 7. Management&#8217;s Discussion and Analysis", 12) +
    row("Item 8. Financial Statements and Supplementary Data", 20) +
    p("FORWARD-LOOKING STATEMENTS") +
    say(3, "This report contains forward-looking statements about our plans and expectations.") +
    p("PART I") + p("Item 1. Business") + say(3, BUSINESS) + p("Item 1A. Risk Factors") +
    say(3, RISK) + p("PART II") + p("Item 7. Management&#8217;s Discussion and Analysis") +
    say(3, MDA) + p("SIGNATURES") +
    p("Pursuant to the requirements of the Exchange Act, the report is signed.");
}

for (
  const [name, row] of [
    ["dot leaders", (t: string, n: number) => p(`${t}${".".repeat(24)} ${n}`)],
    ["spaced dot leaders", (t: string, n: number) => p(`${t} ${". ".repeat(12)}${n}`)],
    ["a page number after the title", (t: string, n: number) => p(`${t} ${n}`)],
  ] as const
) {
  Deno.test(`items: a contents row with ${name} is not an item, even when the body lacks it`, () => {
    const r = read(pagedContents(row), "10-K");
    assert.deepEqual(r.ids, ["part_i_item_1", "part_i_item_1a", "part_ii_item_7"]);
    // before: Item 8 was the contents row and the forward-looking statements under it
    assert.equal(r.text("financial_statements"), null);
    assert.match(r.text("business")!, /^Item 1\. Business\nQuill Corp/);
    assert.doesNotMatch(r.text("mda")!, /SIGNATURES/);
  });
}

const FIN = p("Item 1. Financial Statements") +
  "<table><tr><td>Net sales</td><td>$ 1,234</td><td>$ 1,100</td></tr>" +
  "<tr><td>Net income</td><td>$ 234</td><td>$ 200</td></tr></table>" +
  say(2, "The condensed consolidated financial statements are unaudited.");

Deno.test("items: a 10-Q/A carrying Part II alone without its PART heading lists Part II's items", () => {
  const html = p("EXPLANATORY NOTE") +
    p("This Amendment No. 1 amends Part II, Item 2 of our quarterly report to correct the table of repurchases.") +
    p("Item 2. Unregistered Sales of Equity Securities and Use of Proceeds") +
    say(2, "We repurchased 1,000 shares during the quarter.") + p("Item 6. Exhibits") +
    p("See the exhibit index.");
  const r = read(html, "10-Q/A");
  // before: part_i_item_2 and part_i_item_6 (a 10-Q's Part I has Items 1-4, none of them these)
  assert.deepEqual(r.ids, ["part_ii_item_2", "part_ii_item_6"]);
  assert.equal(r.sections.has("mda"), false);
  assert.match(r.item("part_ii_item_2")!, /^Item 2\. Unregistered Sales[\s\S]*1,000 shares/);
});

Deno.test("items: a 10-Q contents row whose link was copied from Part I's Item 2 leaves Part I as it is", () => {
  const row = (href: string, n: string, t: string) =>
    `<tr><td><a href="#${href}">Item ${n}.</a></td><td><a href="#${href}">${t}</a></td><td>3</td></tr>`;
  const contents = `<table><tr><td>PART I</td></tr>${row("i1", "1", "Financial Statements")}${
    row("i2", "2", "Management&#8217;s Discussion and Analysis")
  }${row("i4", "4", "Controls and Procedures")}<tr><td>PART II</td></tr>${
    row("ii1", "1", "Legal Proceedings")
  }${row("i2", "2", "Unregistered Sales of Equity Securities and Use of Proceeds")}${
    row("ii6", "6", "Exhibits")
  }</table>`;
  const html = contents + p("PART I. FINANCIAL INFORMATION") + FIN.replace("<p>", '<p id="i1">') +
    p("Item 2. Management&#8217;s Discussion and Analysis", "i2") + say(3, MDA) +
    p("Item 4. Controls and Procedures", "i4") + say(2, "Our disclosure controls were effective.") +
    p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings", "ii1") + p("None.") +
    p("Item 2. Unregistered Sales of Equity Securities and Use of Proceeds") +
    say(2, "We repurchased 1,000 shares during the quarter.") + p("Item 6. Exhibits", "ii6") +
    p("See the exhibit index.");
  const r = read(html, "10-Q");
  assert.deepEqual(r.ids, [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_2",
    "part_ii_item_6",
  ]);
  assert.match(r.text("mda")!, /^Item 2\. Management’s Discussion/);
  assert.doesNotMatch(r.text("mda")!, /repurchased/);
  assert.match(r.item("part_ii_item_2")!, /^Item 2\. Unregistered Sales[\s\S]*repurchased/);
});

Deno.test("items: long runs of answered item lines (a contents run and a body of them) are read", () => {
  const run = Array.from({ length: 30_000 }, (_, i) => p(`Item ${1 + (i % 16)}. [Reserved]`))
    .join("");
  const mixed = Array.from(
    { length: 30_000 },
    (_, i) => p(`Item ${1 + (i % 16)}. [Reserved]`) + p(`Item ${1 + (i % 16)}. Business`),
  ).join("");
  for (const html of [run, mixed]) {
    const doc = cleanDocument(htmlToText(html));
    for (const form of ["10-K", "10-Q"]) {
      // (a scan of the run, or of every later heading, per answered line took 3-7 s at 20,000;
      // its speed is measured in bench/, not timed here)
      assert.ok(Array.isArray(locateSections(doc, form).items), form);
    }
  }
});

Deno.test("items: a zero-width space written raw in a heading (Item\\u200b1A.) leaves the heading readable", () => {
  const zw = (n: string, t: string) => p(`Item\u200b${n}.\u200b${t}\ufeff`);
  const r = read(tenK(zw), "10-K");
  // before: no heading was read; every section came from title lines alone, or not at all
  assert.deepEqual(r.ids, [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_1b",
    "part_i_item_2",
    "part_ii_item_7",
    "part_ii_item_7a",
    "part_ii_item_8",
    "part_ii_item_9",
  ]);
  const risk = r.text("risk_factors")!;
  assert.match(risk, /^Item1A\.Risk Factors\nA rise in pulp prices/);
  assert.ok(!r.doc.text.includes("\u200b"));
  assert.ok(r.text("business")!.includes(BUSINESS) && !r.text("business")!.includes(RISK));
  assert.deepEqual(r.warnings, []);
});

Deno.test("items: a sentence that opens with an item's title inside another item is not its heading", () => {
  // 10-Q: a paragraph of MD&A that begins "Item 1A. Risk Factors in our Annual Report …"
  const q = p("PART I. FINANCIAL INFORMATION") + FIN +
    p("Item 2. Management&#8217;s Discussion and Analysis") + say(2, MDA) +
    p("Item 1A. Risk Factors in our Annual Report on Form 10-K for 2024 describes the risks that could affect our results.") +
    say(2, "Cash from operations paid for the new plant.") + p("Item 4. Controls and Procedures") +
    say(2, "Our disclosure controls were effective.") + p("PART II. OTHER INFORMATION") +
    p("Item 1. Legal Proceedings") + p("None.") + p("Item 1A. Risk Factors") +
    say(2, "Tariffs could raise our costs.") + p("Item 6. Exhibits") + p("See the exhibit index.");
  const r = read(q, "10-Q");
  // before: part_ii_item_1a began inside the MD&A (and took its tail), Item 4 became Part II's
  assert.deepEqual(r.ids, [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_6",
  ]);
  assert.match(
    r.text("mda")!,
    /describes the risks[\s\S]*new plant\. \(2\)\n$/,
  );
  assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nTariffs could raise/);
  assert.ok(!r.warnings.some((w) => /stands 2 times/.test(w)), r.warnings.join("\n"));
  // 10-K: "Item 8. Financial Statements…, which follows, includes…" at the end of the MD&A
  const k = tenK((n, t) => p(`Item ${n}. ${t}`)).replace(
    p("Item 7A. Quantitative and Qualitative Disclosures About Market Risk"),
    p("Item 8. Financial Statements and Supplementary Data, which follows, includes our audited statements and the notes to them.") +
      p("Item 7A. Quantitative and Qualitative Disclosures About Market Risk"),
  );
  const kr = read(k, "10-K");
  assert.match(
    kr.text("financial_statements")!,
    /^Item 8\. Financial Statements and Supplementary Data\nThe consolidated/,
  );
  assert.match(kr.text("mda")!, /which follows, includes our audited statements/);
  // run-in headings keep their text on the heading's line
  const runIn = p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings. None.") +
    p("Item 1A. Risk Factors. There have been no material changes from the risk factors described in our Annual Report on Form 10-K.") +
    p("Item 3. Defaults Upon Senior Securities &#8212; see Note 9, which is incorporated herein by reference.") +
    p("Item 6. Exhibits") + p("See the exhibit index.");
  assert.deepEqual(read(runIn, "10-Q").ids, [
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_3",
    "part_ii_item_6",
  ]);
});

Deno.test("items: a 20-F item headed right over its own lettered item (ITEM 3. over ITEM 3.D.) is listed", () => {
  const h = (t: string) => p(`<b>${t}</b>`);
  const contents = p("TABLE OF CONTENTS") + p("ITEM 2. OFFER STATISTICS") +
    p("ITEM 3. KEY INFORMATION") + p("ITEM 3.D. RISK FACTORS") +
    p("ITEM 4. INFORMATION ON THE COMPANY") + p("ITEM 5. OPERATING AND FINANCIAL REVIEW");
  const html = contents + p("PART I") + h("ITEM 2. OFFER STATISTICS AND EXPECTED TIMETABLE") +
    p("Not applicable.") + h("ITEM 3. KEY INFORMATION") + h("ITEM 3.D. RISK FACTORS") +
    say(3, "Swings in the krone could cut our reported results.") +
    h("ITEM 4. INFORMATION ON THE COMPANY") + say(3, "Nordhav ASA was founded in Bergen in 1921.") +
    h("ITEM 5. OPERATING AND FINANCIAL REVIEW AND PROSPECTS") + say(3, "Revenue rose 8%.");
  const r = read(html, "20-F");
  // before: Item 3 was dropped as a contents line, and Item 2 ran on over its heading
  assert.deepEqual(r.ids, [
    "part_i_item_2",
    "part_i_item_3",
    "part_i_item_3d",
    "part_i_item_4",
    "part_i_item_5",
  ]);
  assert.equal(
    r.item("part_i_item_2"),
    "ITEM 2. OFFER STATISTICS AND EXPECTED TIMETABLE\nNot applicable.\n",
  );
  assert.equal(r.item("part_i_item_3"), "ITEM 3. KEY INFORMATION\n");
  assert.match(r.text("risk_factors")!, /^ITEM 3\.D\. RISK FACTORS\nSwings in the krone/);
  // the contents list's rows are not the items
  assert.ok(r.items[0].start > r.doc.text.indexOf("PART I"));
});
