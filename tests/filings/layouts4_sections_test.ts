/**
 * Layouts of a fourth audit where the section reader returned another item's text, or cut an
 * item short, without a word: item headings written "ITEM1A." or "ITEM 1.A.", a paragraph that
 * opens with an item's name ("Item 7 of this report describes…"), an item answered by a table
 * alone, a bank 10-Q that prints its MD&A (Item 2) before its statements (Item 1), 20-F sub-items
 * written "ITEM 5A." or "Item 3.B", and a 10-Q whose Part II Item 1A says only "no material
 * changes". Small made-up inline documents.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { locateSections } from "../../analysis/filings/canonical.ts";
import type { SectionKey } from "../../analysis/filings/section_maps.ts";

const p = (t: string) => `<p>${t}</p>`;
/** `n` sentences on a theme, numbered so that each line is distinct. */
const say = (n: number, sentence: string) =>
  Array.from({ length: n }, (_, i) => p(`${sentence} (${i + 1})`)).join("");
const row = (...cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
const table = (...rows: string[][]) => `<table>${rows.map((r) => row(...r)).join("")}</table>`;
const SHEET = table(["Cash and cash equivalents", "$ 48,210", "$ 40,115"], [
  "Total assets",
  "912,400",
  "877,050",
]);

function read(html: string, form: string) {
  const doc = cleanDocument(htmlToText(html));
  const located = locateSections(doc, form);
  const text = (key: SectionKey) => {
    const s = located.sections.get(key);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  const item = (id: string) => {
    const s = located.items.find((i) => i.id === id);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  return { doc, ...located, text, item };
}

const RISKS = say(3, "A shortage of wheat flour could raise our costs faster than our prices.");
/** A 10-K whose Item 1A is `risk` and whose Item 2 is `properties`, headings as `head` writes. */
function tenK(
  opts: { risk?: string; properties?: string; head?: (n: string, t: string) => string } = {},
) {
  const head = opts.head ?? ((n: string, t: string) => `Item ${n}. ${t}`);
  return p("PART I") + p(head("1", "Business")) +
    say(3, "Crestline Foods makes frozen bakery goods for grocery chains.") +
    p(head("1A", "Risk Factors")) + (opts.risk ?? RISKS) +
    p(head("1B", "Unresolved Staff Comments")) + p("None.") +
    p(head("2", "Properties")) + (opts.properties ?? say(1, "We own a bakery in Dayton, Ohio.")) +
    p(head("3", "Legal Proceedings")) + say(1, "We are not party to material litigation.") +
    p("PART II") +
    p(head("7", "Management’s Discussion and Analysis of Financial Condition")) +
    say(3, "Net sales rose 4% on higher volumes of frozen croissants.") +
    p(head("7A", "Quantitative and Qualitative Disclosures About Market Risk")) +
    say(2, "Commodity contracts of up to six months limit our exposure to wheat prices.") +
    p(head("8", "Financial Statements and Supplementary Data")) + SHEET +
    p(head("9", "Changes in and Disagreements with Accountants")) + p("None.");
}

const HEADS: [string, (n: string, t: string) => string][] = [
  ["ITEM1A.RISK FACTORS (no space after ITEM)", (n, t) => `ITEM${n}.${t.toUpperCase()}`],
  [
    "ITEM 1.A. RISK FACTORS (a dot before the letter)",
    (n, t) => `ITEM ${n.replace(/^(\d+)([A-Z])$/, "$1.$2")}. ${t.toUpperCase()}`,
  ],
];

for (const [name, head] of HEADS) {
  Deno.test(`lettered items written "${name}" are items: business and mda stop at them`, () => {
    const r = read(tenK({ head }), "10-K");
    assert.equal(r.sections.get("risk_factors")?.found_as, "part_i_item_1a");
    assert.match(r.text("risk_factors")!, /wheat flour/);
    assert.doesNotMatch(r.text("risk_factors")!, /Unresolved|bakery in Dayton/i);
    assert.doesNotMatch(r.text("business")!, /RISK FACTORS|wheat flour/);
    // Item 7 ends at Item 7A: no market risk text in the MD&A
    assert.doesNotMatch(r.text("mda")!, /QUANTITATIVE|Commodity contracts/);
    assert.ok(r.items.some((i) => i.id === "part_ii_item_7a"));
  });
}

const OPENERS = [
  "Item 7 of this report describes our borrowing capacity, and a covenant breach could end it at once.",
  "Item 2, “Properties,” lists the two bakeries that a single flood could close for months.",
  "Items 7 and 8 of this report show how much of our cash a product recall would use up.",
];
for (const line of OPENERS) {
  Deno.test(`a paragraph opening with an item's name is no heading: "${line.slice(0, 40)}…"`, () => {
    const risk = RISKS + p(line) + say(2, "We depend on two grocery chains for 38% of sales.");
    const r = read(tenK({ risk }), "10-K");
    // Item 1A keeps its whole text (the paragraph and what follows it)
    assert.match(r.text("risk_factors")!, /two grocery chains for 38% of sales\. \(2\)/);
    assert.ok(r.text("risk_factors")!.includes(line));
    // and the MD&A is Item 7's own heading, not the paragraph
    assert.match(r.text("mda")!, /^Item 7\. Management’s Discussion/);
    assert.deepEqual(r.warnings, []);
    assert.equal(r.items.filter((i) => i.id === "part_i_item_2").length, 1);
    assert.match(r.item("part_i_item_2")!, /^Item 2\. Properties/);
  });
}

Deno.test("an item answered by a table alone (Item 2 as a list of plants) ends the item before it", () => {
  for (
    const properties of [
      table(["Location", "Use", "Owned or leased"], ["Dayton, Ohio", "Bakery", "Owned"], [
        "Reno, Nevada",
        "Bakery and distribution",
        "Leased",
      ]),
      p("Principal Facilities") +
      table(["Location", "Use"], ["Dayton, Ohio", "Bakery"], ["Reno, Nevada", "Warehouse"]),
    ]
  ) {
    // no Item 1B between them: Item 1A would otherwise run into Item 2
    const html = tenK({ properties }).replace(
      p("Item 1B. Unresolved Staff Comments") + p("None."),
      "",
    );
    const r = read(html, "10-K");
    assert.doesNotMatch(r.text("risk_factors")!, /Dayton|Properties/);
    assert.match(r.item("part_i_item_2")!, /Reno, Nevada/);
  }
});

Deno.test("a table of contents without page numbers is still no item (hasTable does not take it)", () => {
  const contents = table(["Item 1.", "Business"], ["Item 1A.", "Risk Factors"], [
    "Item 2.",
    "Properties",
  ], ["Item 7.", "Management’s Discussion and Analysis"]);
  const r = read(p("TABLE OF CONTENTS") + contents + tenK(), "10-K");
  assert.match(r.text("business")!, /^Item 1\. Business\nCrestline/);
  assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nA shortage/);
});

const BANK_10Q = p("PART I — FINANCIAL INFORMATION") +
  p("Item 2. Management’s Discussion and Analysis of Financial Condition and Results of Operations") +
  say(3, "Net interest income rose 6% on higher loan balances.") +
  p("Item 3. Quantitative and Qualitative Disclosures About Market Risk") +
  say(1, "Interest rate risk is discussed under Asset/Liability Management in Item 2 above.") +
  p("Item 1. Financial Statements") + SHEET +
  say(2, "The interim statements follow the policies of our annual statements.") +
  p("Item 4. Controls and Procedures") + say(1, "Our disclosure controls were effective.") +
  p("PART II — OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
  say(1, "We are party to routine litigation incidental to banking.") +
  p("Item 1A. Risk Factors") + say(2, "Falling rates could compress our net interest margin.") +
  p("Item 6. Exhibits") + table(["31.1", "Certification"], ["32.1", "Certification"]);

Deno.test("bank 10-Q with its MD&A (Item 2) before its statements (Item 1): Item 1 is Part I's", () => {
  const r = read(BANK_10Q, "10-Q");
  assert.equal(r.sections.get("financial_statements")?.found_as, "part_i_item_1");
  assert.match(r.text("financial_statements")!, /^Item 1\. Financial Statements\nCash/);
  assert.match(r.item("part_ii_item_1")!, /^Item 1\. Legal Proceedings/);
  assert.equal(r.items.find((i) => i.item === "4")?.id, "part_i_item_4");
  assert.match(r.text("mda")!, /Net interest income/);
  // without a PART II heading, numbering that starts again at a Part I number is still Part II
  const bare = read(BANK_10Q.replace(p("PART II — OTHER INFORMATION"), ""), "10-Q");
  assert.match(bare.item("part_ii_item_1")!, /^Item 1\. Legal Proceedings/);
  assert.equal(bare.sections.get("risk_factors")?.found_as, "part_ii_item_1a");
  assert.match(bare.text("financial_statements")!, /^Item 1\. Financial Statements/);
});

Deno.test("10-Q: a Part II Item 1A that says only 'no material changes' is that statement, with a warning", () => {
  const said =
    "There have been no material changes to the risk factors disclosed in Part I, Item 1A, “Risk Factors,” of our Annual Report on Form 10-K for the year ended December 31, 2024.";
  const html = BANK_10Q.replace(
    say(2, "Falling rates could compress our net interest margin."),
    p(said),
  ).replace(
    say(3, "Net interest income rose 6% on higher loan balances."),
    say(3, "Net interest income rose 6% on higher loan balances.") + p("Risk Factors") +
      say(2, "Deposit outflows are a risk the asset/liability committee watches weekly."),
  );
  const r = read(html, "10-Q");
  const rf = r.sections.get("risk_factors")!;
  assert.equal(rf.found_as, "part_ii_item_1a");
  // the item's own words: never the MD&A's "Risk Factors" caption, never another report
  assert.equal(r.text("risk_factors")!.trim(), `Item 1A. Risk Factors\n${said}`);
  assert.equal(rf.cross_reference, said);
  const w = r.warnings.find((x) => x.startsWith("risk_factors:"));
  assert.match(w!, /Part II, Item 1A of this 10-Q is short and refers to risk factors/);
  assert.match(w!, /in the reports it names \(usually Item 1A of the company's latest Form 10-K\)/);
  // a 10-Q that lists its own risk factors gets no such warning
  assert.ok(!read(BANK_10Q, "10-Q").warnings.some((x) => x.startsWith("risk_factors:")));
});

/** A 20-F whose sub-items are written by `sub` ("Item 3.B", "ITEM 3B.", "3.B."). */
function twentyF(sub: (n: string, letter: string, title: string) => string) {
  return p("PART I") + p("Item 1. Identity of Directors, Senior Management and Advisers") +
    p("Not applicable.") + p("Item 2. Offer Statistics and Expected Timetable") +
    p("Not applicable.") + p("Item 3. Key Information") + p(sub("3", "A", "[Reserved]")) +
    p(sub("3", "B", "Capitalization and Indebtedness")) + p("Not applicable.") +
    p(sub("3", "D", "Risk Factors")) +
    say(3, "Charter rates for dry bulk vessels could fall below our operating costs.") +
    p("Item 4. Information on the Company") +
    p(sub("4", "A", "History and Development of the Company")) +
    say(3, "Skagen Bulk Shipping was founded in Oslo in 1994.") +
    p(sub("4", "B", "Business Overview")) + say(2, "We charter Supramax vessels to traders.") +
    p("Item 4A. Unresolved Staff Comments") + p("None.") +
    p("Item 5. Operating and Financial Review and Prospects") +
    p(sub("5", "A", "Operating Results")) + say(3, "Charter revenue rose 6% on higher rates.") +
    p(sub("5", "B", "Liquidity and Capital Resources")) +
    say(2, "We fund vessel purchases with secured bank loans.") +
    p("Item 6. Directors, Senior Management and Employees") + say(2, "Our board has six members.") +
    p("PART II") + p("Item 16J. Insider Trading Policies") + say(1, "We have adopted a policy.") +
    p("Item 16K. Cybersecurity") + say(2, "Our security team reports to the audit committee.") +
    p("PART III") + p("Item 17. Financial Statements") + p("Not applicable.") +
    p("Item 18. Financial Statements") + SHEET + p("Item 19. Exhibits") +
    table(["1.1", "Articles of Association"], ["12.1", "Certification"]);
}

const SUBS: [string, (n: string, l: string, t: string) => string][] = [
  ["Item 3.B", (n, l, t) => `Item ${n}.${l} ${t}`],
  ["ITEM 3B.", (n, l, t) => `ITEM ${n}${l}. ${t.toUpperCase()}`],
  ["3.B.", (n, l, t) => `${n}.${l}. ${t}`],
];
for (const [name, sub] of SUBS) {
  Deno.test(`20-F sub-items written "${name}" stay inside their items (4, 5) and 3.D is risk_factors`, () => {
    const r = read(twentyF(sub), "20-F");
    assert.match(r.text("business")!, /^Item 4\. Information on the Company/);
    assert.match(r.text("business")!, /founded in Oslo[\s\S]*Supramax/);
    assert.doesNotMatch(r.text("business")!, /Unresolved/);
    assert.match(r.text("mda")!, /^Item 5\. Operating and Financial Review/);
    assert.match(r.text("mda")!, /Charter revenue rose[\s\S]*secured bank loans/);
    assert.match(r.text("risk_factors")!, /Risk Factors\nCharter rates/i);
    assert.doesNotMatch(r.text("risk_factors")!, /Information on the Company/);
    // Item 4A is the form's own (Unresolved Staff Comments), not the history sub-item
    assert.match(r.item("part_i_item_4a")!, /^Item 4A\. Unresolved Staff Comments\nNone\./);
    assert.ok(!r.items.some((i) => /^part_i_item_(3[abc]|4b|5[ab])$/.test(i.id)));
    // Item 16K (cybersecurity) is an item: Item 16J ends where it starts
    assert.doesNotMatch(r.item("part_ii_item_16j")!, /Cybersecurity/);
    assert.match(r.item("part_ii_item_16k")!, /security team/);
  });
}

Deno.test("items combined under one heading ('Items 1 and 2', 'Items 7 and 7A'): the text is both, and a warning says so", () => {
  const html = tenK()
    .replace(
      p("Item 1. Business"),
      p("Items 1 and 2. Business and Properties"),
    )
    .replace(p("Item 2. Properties") + say(1, "We own a bakery in Dayton, Ohio."), "")
    .replace(
      p("Item 7. Management’s Discussion and Analysis of Financial Condition"),
      p("Items 7 and 7A. Management’s Discussion and Analysis and Market Risk"),
    )
    .replace(p("Item 7A. Quantitative and Qualitative Disclosures About Market Risk"), "");
  const r = read(html, "10-K");
  assert.match(r.text("business")!, /^Items 1 and 2\. Business and Properties\nCrestline/);
  assert.match(r.text("mda")!, /Net sales rose[\s\S]*Commodity contracts/);
  assert.deepEqual(r.warnings, [
    'business: Item 1 shares one heading with Item 2 ("Business and Properties"); the text returned is that of both items',
    'mda: Item 7 shares one heading with Item 7A ("Management’s Discussion and Analysis and Market Risk"); the text returned is that of both items',
  ]);
  // a heading of its own draws no such warning
  assert.deepEqual(read(tenK(), "10-K").warnings, []);
});

Deno.test("zero-width spaces and soft hyphens inside a heading ('Item&#8203; 1A.') are nothing on the page", () => {
  const html = tenK().replace(
    p("Item 1A. Risk Factors"),
    p("Item&#8203; 1A.&#x200B;&ZeroWidthSpace;Risk&shy; Factors"),
  );
  const r = read(html, "10-K");
  assert.equal(r.sections.get("risk_factors")?.found_as, "part_i_item_1a");
  assert.match(r.text("risk_factors")!, /^Item 1A\.Risk Factors\nA shortage/);
  assert.doesNotMatch(r.text("business")!, /wheat flour/);
});

/** A 10-Q whose MD&A holds a "Risk Factors" caption and whose Part II Item 1A is `pointer`. */
function pointingTenQ(pointer: string) {
  return p("PART I. FINANCIAL INFORMATION") + p("Item 1. Financial Statements") + SHEET +
    say(2, "The notes describe the basis of presentation.") +
    p("Item 2. Management’s Discussion and Analysis of Financial Condition") +
    say(3, "Net interest income rose on higher loan balances.") + p("Risk Factors") +
    say(3, "Deposit outflows could strain our liquidity.") + p("Liquidity and Capital Resources") +
    say(2, "We hold ample liquid assets.") +
    p("Item 4. Controls and Procedures") + say(1, "Our disclosure controls were effective.") +
    p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    say(1, "We are party to routine litigation incidental to banking.") +
    p("Item 1A. Risk Factors") + p(pointer) +
    p("Item 2. Unregistered Sales of Equity Securities and Use of Proceeds") +
    say(3, "We repurchased 10,000 shares in the quarter at an average price of $41.") +
    p("Item 6. Exhibits") + table(["31.1", "Certification"], ["32.1", "Certification"]);
}

const POINTERS: [string, RegExp][] = [
  [
    "For a discussion of our risk factors, see “Risk Factors” in Part I, Item 2 of this report.",
    /^Risk Factors\nDeposit outflows[\s\S]*\(3\)\n$/,
  ],
  [
    "Our risk factors are discussed in Part I, Item 2 of this Form 10-Q, which is incorporated herein by reference.",
    /^Item 2\. Management’s Discussion[\s\S]*Deposit outflows/,
  ],
  [
    "See Item 2, Management's Discussion and Analysis, in Part I above for our risk factors.",
    /^Item 2\. Management’s Discussion[\s\S]*Deposit outflows/,
  ],
];
for (const [pointer, want] of POINTERS) {
  Deno.test(`10-Q: a pointer to Part I's Item 2 is never Part II's Item 2 (share sales): "${pointer.slice(0, 50)}…"`, () => {
    const r = read(pointingTenQ(pointer), "10-Q");
    const rf = r.sections.get("risk_factors")!;
    assert.equal(rf.found_as, "part_i_item_2");
    assert.match(r.text("risk_factors")!, want);
    assert.doesNotMatch(r.text("risk_factors")!, /repurchased/);
  });
}

Deno.test("10-Q: an item of another report ('Part I, Item 2 … of our Annual Report on Form 10-K') is not this 10-Q's", () => {
  for (
    const pointer of [
      "Our risk factors are described in Part I, Item 2, “Management’s Discussion and Analysis,” of our Annual Report on Form 10-K for 2024.",
      "See Item 2 of our 2024 Form 10-K for a discussion of the risk factors that affect our business.",
    ]
  ) {
    const r = read(pointingTenQ(pointer), "10-Q");
    const rf = r.sections.get("risk_factors")!;
    assert.equal(rf.found_as, "part_ii_item_1a");
    assert.equal(r.text("risk_factors")!.trim(), `Item 1A. Risk Factors\n${pointer}`);
    assert.equal(rf.cross_reference, pointer);
  }
});

/** Statements printed after the signatures on numbered F-pages, opening with their index. */
const F_PAGES = p("SIGNATURES") + say(1, "Pursuant to the Act the registrant has signed.") +
  p("58") + p("INDEX TO CONSOLIDATED FINANCIAL STATEMENTS") +
  table(["Report of Independent Registered Public Accounting Firm", "F-2"], [
    "Consolidated Balance Sheets",
    "F-3",
  ]) + p("F-1") + p("REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM") +
  p("To the Board of Directors and Shareholders of Harbor Dredge Inc.") +
  say(2, "In our opinion, the statements present fairly, in all material respects.") + p("F-2") +
  p("CONSOLIDATED BALANCE SHEETS") + SHEET + p("F-3") +
  p("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS") + p("Note 9. Segment Information") +
  say(2, "We have two segments: dredging and marine construction.") + p("F-4") +
  p("EXHIBIT INDEX") + table(["21.1", "Subsidiaries"], ["23.1", "Consent"]);

for (
  const pointer of [
    "The financial statements required by this item are filed as a separate section of this report beginning on page F-1.",
    "See the Index to Consolidated Financial Statements on page F-1.",
    "The information required by this item appears on pages F-1 through F-4 of this report.",
  ]
) {
  Deno.test(`Item 8 pointing at page F-1 (page footers present) is the statements, not their one-page index: "${pointer.slice(0, 40)}…"`, () => {
    const html = p("PART II") + p("Item 7. Management’s Discussion and Analysis") +
      say(3, "Orders grew on harbor dredging work.") + p("55") +
      p("Item 8. Financial Statements and Supplementary Data") + p(pointer) +
      p("Item 9. Changes in and Disagreements with Accountants") + p("None.") + p("56") +
      p("PART IV") + p("Item 15. Exhibits") + p("(a) The documents filed as part of this report.") +
      p("57") + F_PAGES;
    const r = read(html, "10-K");
    const fs = r.text("financial_statements")!;
    assert.match(fs, /^REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM\n/);
    assert.match(fs, /Total assets[\s\S]*Note 9\. Segment Information/);
    assert.doesNotMatch(fs, /EXHIBIT INDEX|Subsidiaries/);
    assert.ok(r.sections.get("financial_statements")!.cross_reference);
    assert.match(r.text("segments")!, /^Note 9\. Segment Information/);
  });
}

Deno.test("'See “Risk Factors” beginning on page 12': from that caption to the next one, not page 12 alone", () => {
  const html = p("PART I") + p("Item 1. Business") + say(3, "Harbor Dredge deepens ports.") +
    p("3") + p("Item 1A. Risk Factors") +
    p("See “Risk Factors” beginning on page 12 of this report.") + p("Item 2. Properties") +
    say(1, "We own a shipyard in Mobile.") + p("4") + p("PART II") +
    p("Item 7. Management’s Discussion and Analysis") +
    say(3, "Orders grew on harbor dredging work.") + p("11") + p("Risk Factors") +
    say(4, "Dredging permits may be delayed by regulators.") + p("12") +
    say(3, "Fuel costs could rise sharply.") + p("13") + p("Liquidity and Capital Resources") +
    say(2, "We have ample credit.") + p("14") +
    p("Item 8. Financial Statements and Supplementary Data") + SHEET + p("15");
  const r = read(html, "10-K");
  const rf = r.sections.get("risk_factors")!;
  assert.equal(rf.found_as, "part_ii_item_7");
  assert.match(
    r.text("risk_factors")!,
    /^Risk Factors\nDredging permits[\s\S]*Fuel costs could rise sharply\. \(3\)\n$/,
  );
});

Deno.test("a 10-K whose headings are item titles without numbers: each section ends at the next title", () => {
  const html = p("PART I") + p("BUSINESS") + say(3, "Crestline Foods makes frozen bakery goods.") +
    p("RISK FACTORS") + RISKS + p("UNRESOLVED STAFF COMMENTS") + p("None.") + p("PROPERTIES") +
    say(1, "We own a bakery in Dayton, Ohio.") + p("PART II") +
    p("MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS") +
    say(3, "Net sales rose 4% on higher volumes of frozen croissants.") +
    p("QUANTITATIVE AND QUALITATIVE DISCLOSURES ABOUT MARKET RISK") +
    say(1, "Commodity contracts limit our exposure to wheat prices.") +
    p("FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA") + SHEET +
    p("CHANGES IN AND DISAGREEMENTS WITH ACCOUNTANTS ON ACCOUNTING AND FINANCIAL DISCLOSURE") +
    p("None.") + p("PART III") + p("EXECUTIVE COMPENSATION") +
    say(
      2,
      "Incorporated by reference to our definitive proxy statement for the 2025 annual meeting.",
    );
  const r = read(html, "10-K");
  assert.equal(
    r.text("business"),
    `BUSINESS\n${
      [1, 2, 3].map((i) => `Crestline Foods makes frozen bakery goods. (${i})\n`).join("")
    }`,
  );
  assert.match(r.text("risk_factors")!, /^RISK FACTORS\nA shortage[\s\S]*\(3\)\n$/);
  assert.match(r.text("mda")!, /^MANAGEMENT’S DISCUSSION[\s\S]*croissants\. \(3\)\n$/);
  assert.match(
    r.text("financial_statements")!,
    /^FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA\n[\s\S]*Total assets \| 912,400 \| 877,050\n$/,
  );
  // nothing of Part III's proxy pointer makes the statements "incorporated by reference"
  assert.equal(r.sections.get("financial_statements")!.incorporated_by_reference, false);
  for (const s of r.sections.values()) {
    assert.equal(s.method === "note" || s.method === "pattern", true);
  }
});

/** A 10-Q body with no PART I heading (Part II has one). */
const Q_BODY = p("Item 1. Financial Statements") + SHEET +
  say(2, "The notes describe the basis of presentation.") +
  p("Item 2. Management’s Discussion and Analysis of Financial Condition") +
  say(3, "Revenue grew on higher unit sales in the quarter.") +
  p("Item 4. Controls and Procedures") + say(1, "Our disclosure controls were effective.") +
  p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
  say(1, "We are party to ordinary litigation incidental to our business.") +
  p("Item 1A. Risk Factors") + say(2, "Demand for our products may fall.") +
  p("Item 6. Exhibits") + table(["31.1", "Certification"], ["32.1", "Certification"]);

const CONTENTS: [string, string][] = [
  [
    "a table with page numbers",
    table(
      ["PART I. FINANCIAL INFORMATION"],
      ["Item 1.", "Financial Statements", "3"],
      [
        "Item 2.",
        "Management’s Discussion and Analysis",
        "12",
      ],
      ["Item 4.", "Controls and Procedures", "20"],
      ["PART II. OTHER INFORMATION"],
      [
        "Item 1.",
        "Legal Proceedings",
        "21",
      ],
      ["Item 1A.", "Risk Factors", "21"],
      ["Item 6.", "Exhibits", "22"],
    ),
  ],
  [
    "plain lines",
    p("PART I") + p("Item 1. Financial Statements") + p("Item 2. Management’s Discussion") +
    p("PART II") + p("Item 1. Legal Proceedings") + p("Item 1A. Risk Factors"),
  ],
];
for (const [name, contents] of CONTENTS) {
  Deno.test(`10-Q: the PART lines of a contents list (${name}) do not put Part I's items in Part II`, () => {
    const r = read(p("FORM 10-Q") + p("INDEX") + contents + Q_BODY, "10-Q");
    assert.equal(r.sections.get("financial_statements")?.found_as, "part_i_item_1");
    assert.match(r.text("financial_statements")!, /^Item 1\. Financial Statements\nCash/);
    assert.equal(r.sections.get("mda")?.found_as, "part_i_item_2");
    assert.match(r.text("mda")!, /Revenue grew/);
    assert.match(r.item("part_ii_item_1")!, /^Item 1\. Legal Proceedings/);
    assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nDemand/);
  });
}

Deno.test("'Item 7 and Item 7A. …' is one heading of both items, not a sentence", () => {
  const html = tenK().replace(
    p("Item 7. Management’s Discussion and Analysis of Financial Condition"),
    p("Item 7 and Item 7A. Management’s Discussion and Analysis and Market Risk"),
  ).replace(p("Item 7A. Quantitative and Qualitative Disclosures About Market Risk"), "");
  const r = read(html, "10-K");
  assert.match(r.text("mda")!, /^Item 7 and Item 7A\. Management’s[\s\S]*Commodity contracts/);
  assert.ok(r.items.some((i) => i.id === "part_ii_item_7a"));
  assert.doesNotMatch(r.text("risk_factors")!, /Management’s/);
});
