/**
 * Layouts where the section reader used to return the wrong text without a warning: contents
 * links to page anchors, running PART page headers, pointer items in their many wordings, a
 * 10-K/A's explanatory note listing items, Item 8 / Item 18 holding only an index of F-pages,
 * Note 1's "Segment Reporting" policy, and a 10-Q/A that carries only Part II. Small inline
 * documents, each shaped like the layout and worded its own way.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { findItems } from "../../analysis/filings/sections.ts";
import { locateSections } from "../../analysis/filings/canonical.ts";
import type { SectionKey } from "../../analysis/filings/section_maps.ts";

const p = (t: string) => `<p>${t}</p>`;
/** `n` sentences on a theme, numbered so that each line is distinct. */
const say = (n: number, sentence: string) =>
  Array.from({ length: n }, (_, i) => p(`${sentence} (${i + 1})`)).join("");
const row = (...cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
const table = (...rows: string[][]) => `<table>${rows.map((r) => row(...r)).join("")}</table>`;
/** A printed page number and the page break after it. */
const folio = (n: number | string) =>
  `<div style="text-align:center">${n}</div><hr style="page-break-after:always"/>`;

function read(html: string, form: string) {
  const doc = cleanDocument(htmlToText(html));
  const located = locateSections(doc, form);
  const text = (key: SectionKey) => {
    const s = located.sections.get(key);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  return { doc, ...located, text };
}

const AUDITED = p("REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM") +
  p("To the Shareholders and Board of Directors of Harbor Pumps Inc.") +
  p("Opinion on the Financial Statements. We have audited the consolidated balance sheets.") +
  p("CONSOLIDATED BALANCE SHEETS") +
  table(["Cash", "$ 48,210", "$ 40,115"], ["Total assets", "912,400", "877,050"]) +
  p("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS") +
  p("Note 1. Nature of Operations") + say(2, "Harbor Pumps builds pumps for municipal water.") +
  p("Note 9. Segment Information") +
  say(2, "The Company reports two segments, Municipal and Marine.") +
  p("Note 10. Commitments") + p("Purchase commitments were $3 million at year end.");

const SIGNED = p("SIGNATURES") +
  p("Pursuant to the requirements of the Exchange Act, the registrant has caused this report to be signed.");

Deno.test("contents links to page anchors: each item starts at its own heading on that page", () => {
  // The link for Item 7 lands at the top of the page that closes Item 5.
  const page = (n: number) => `${folio(n)}<a name="pg${n + 1}"></a>`;
  const html = p("TABLE OF CONTENTS") + table(
    ['<a href="#pg2">Item 1.</a>', "Business", "2"],
    ['<a href="#pg3">Item 1A.</a>', "Risk Factors", "3"],
    ['<a href="#pg4">Item 5.</a>', "Market for Registrant's Common Equity", "4"],
    ['<a href="#pg5">Item 7.</a>', "Management's Discussion and Analysis", "5"],
  ) + page(1) +
    p("Item 1. Business") + say(3, "Harbor Pumps designs pumps for cities and ports.") + page(2) +
    say(2, "Our dealers serve twelve coastal states.") +
    p("Item 1A. Risk Factors") + say(3, "Cities may delay orders when budgets tighten.") + page(3) +
    say(2, "Port traffic may fall in a recession.") +
    p("PART II") + p("Item 5. Market for Registrant's Common Equity") +
    say(2, "Our shares trade on the NYSE under HPMP.") + page(4) +
    say(3, "We paid a dividend of $0.20 each quarter of the year.") +
    p("Item 7. Management's Discussion and Analysis") + say(3, "Sales rose 9% on port projects.") +
    page(5) + say(2, "Liquidity stayed strong with no borrowings.");
  const r = read(html, "10-K");
  assert.match(r.text("mda")!, /^Item 7\. Management's Discussion and Analysis\nSales rose 9%/);
  assert.doesNotMatch(r.text("mda")!, /dividend/);
  assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nCities may delay/);
  assert.doesNotMatch(r.text("risk_factors")!, /dealers/);
});

Deno.test("a running PART header on every page does not cut the item it repeats", () => {
  const header = (part: string, item: string) => `<div>${part}</div><div>${item}</div>`;
  const html = p("PART I") + p("ITEM 1. BUSINESS") + say(3, "We sell payroll software.") +
    p("ITEM 1A. RISK FACTORS") + say(3, "A data breach could cost us customers.") + folio(9) +
    p("PART II") + p("ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS") +
    say(3, "Subscription revenue rose 14%.") + folio(30) +
    header("PART II", "Item 7") + p("LIQUIDITY AND CAPITAL RESOURCES") +
    say(3, "Operating cash flow covered all capital spending.") + folio(31) +
    header("PART II", "Item 8") + p("ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA") +
    table(["Revenue", "$ 801,200", "$ 702,900"], ["Net income", "95,400", "81,300"]) + folio(45) +
    p("PART III") + p("ITEM 10. DIRECTORS") + p("Our directors are listed in the proxy statement.");
  const r = read(html, "10-K");
  assert.match(r.text("mda")!, /Operating cash flow covered all capital spending/);
  assert.doesNotMatch(r.text("mda")!, /ITEM 8/);
  assert.match(r.text("risk_factors")!, /A data breach/);
  assert.doesNotMatch(r.text("risk_factors")!, /PART II|ITEM 7/);
  assert.doesNotMatch(r.text("financial_statements")!, /PART III|DIRECTORS/);
});

Deno.test("a 10-Q's running 'PART I' header keeps the notes (and the segment note) in Item 1", () => {
  const header = (t: string) => `<div>PART I — FINANCIAL INFORMATION</div><div>${t}</div>`;
  const html = p("PART I — FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    p("CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)") +
    table(["Cash", "$ 7,310", "$ 6,905"], ["Total assets", "210,440", "201,006"]) + folio(3) +
    header("Notes to Condensed Consolidated Financial Statements (continued)") +
    p("Note 6 – Segment Information") + say(2, "We manage two segments, Clinics and Labs.") +
    p("Note 7 – Leases") + p("Operating leases run for up to ten years.") + folio(4) +
    p("Item 2. Management’s Discussion and Analysis") + say(3, "Visits rose 6% in the quarter.") +
    p("Item 4. Controls and Procedures") + p("Our disclosure controls were effective.") +
    p("PART II — OTHER INFORMATION") + p("Item 1A. Risk Factors") +
    p("There have been no material changes to our risk factors.");
  const r = read(html, "10-Q");
  assert.match(r.text("financial_statements")!, /Note 7 – Leases/);
  assert.match(r.text("segments")!, /^Note 6 – Segment Information\nWe manage two segments/);
});

const POINTED_STATEMENTS = [
  "The financial statements required by this item are filed as a separate section of this report beginning on page F-1.",
  "Our audited consolidated financial statements begin on page F-1 of this Annual Report on Form 10-K.",
  "The consolidated financial statements and notes appear in a separate section of this report, beginning on page F-1.",
  "See the Index to Consolidated Financial Statements on page F-1.",
];

for (const sentence of POINTED_STATEMENTS) {
  Deno.test(`a pointer Item 8 is followed to the statements: "${sentence.slice(0, 60)}…"`, () => {
    const html = p("PART II") + p("Item 7. Management's Discussion and Analysis") +
      say(3, "Orders grew on harbor dredging work.") +
      p("Item 8. Financial Statements and Supplementary Data") + p(sentence) +
      p("Item 9. Changes in and Disagreements with Accountants") + p("None.") +
      p("PART IV") + p("Item 15. Exhibits") + p("(a) The documents filed as part of this report.") +
      SIGNED + AUDITED;
    const r = read(html, "10-K");
    const fs = r.sections.get("financial_statements")!;
    assert.ok(fs.cross_reference, "a pointer item says so");
    assert.match(r.text("financial_statements")!, /^REPORT OF INDEPENDENT REGISTERED/);
    assert.match(r.text("segments")!, /^Note 9\. Segment Information/);
  });
}

Deno.test("20-F: Item 18 'included at the end hereof, beginning on page F-1' reads the statements", () => {
  const html = p("PART I") + p("Item 4. Information on the Company") +
    say(3, "Fjord Lines operates ferries on the Norwegian coast.") +
    p("Item 5. Operating and Financial Review and Prospects") +
    say(3, "Ticket revenue rose with summer traffic.") +
    p("PART III") + p("Item 17. Financial Statements") + p("Not applicable.") +
    p("Item 18. Financial Statements") +
    p("The consolidated financial statements are included at the end hereof, beginning on page F-1.") +
    p("Item 19. Exhibits") + table(["1.1", "Articles of Association"]) + SIGNED + AUDITED;
  const r = read(html, "20-F");
  assert.equal(r.sections.get("financial_statements")!.form_item, "Item 18");
  assert.match(r.text("financial_statements")!, /^REPORT OF INDEPENDENT REGISTERED/);
});

const RISK_POINTERS = [
  "See “Risk Factors” beginning on page 31 of this report.",
  "Information about our risk factors appears in MD&A under the heading “Risk Factors.”",
  "Our risk factors can be found in Management’s Discussion and Analysis under “Risk Factors.”",
  "For our risk factors, please read “Risk Factors” in Part II, Item 7 of this report.",
  "Reference is made to “Risk Factors” in Item 7.",
];

for (const sentence of RISK_POINTERS) {
  Deno.test(`a pointer Item 1A is followed to its caption: "${sentence.slice(0, 60)}…"`, () => {
    const html = p("PART I") + p("Item 1. Business") + say(3, "We refine vegetable oils.") +
      p("Item 1A. Risk Factors") + p(sentence) +
      p("Item 2. Properties") + p("We own three refineries in Iowa.") +
      p("PART II") + p("Item 7. Management’s Discussion and Analysis") + p("Overview") +
      say(2, "Volumes were flat and prices fell.") + p("Risk Factors") +
      say(3, "Soybean prices may rise faster than our selling prices.") +
      p("Liquidity and Capital Resources") + say(2, "We repaid the revolver in full.") +
      p("Item 8. Financial Statements") + table(["Sales", "$ 5,210,000", "$ 4,990,000"], [
        "Net income",
        "210,000",
        "190,000",
      ]);
    const r = read(html, "10-K");
    assert.ok(r.sections.get("risk_factors")!.cross_reference);
    const risk = r.text("risk_factors")!;
    assert.match(risk, /^Risk Factors\nSoybean prices/);
    assert.doesNotMatch(risk, /repaid the revolver|Volumes were flat/);
  });
}

Deno.test("a pointer to 'the section entitled “…” in the Financial Section' reads that section", () => {
  const html = p("PART II") +
    p("ITEM 7. MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS") +
    p("Reference is made to the section entitled “Management’s Discussion and Analysis of Financial Condition and Results of Operations” in the Financial Section of this report.") +
    p("ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA") +
    p("Reference is made to the following in the Financial Section of this report: the Report of Independent Registered Public Accounting Firm and the Consolidated Financial Statements.") +
    p("PART IV") + p("ITEM 15. EXHIBITS") + p("See the Financial Section.") + SIGNED +
    p("FINANCIAL SECTION") +
    p("MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS") +
    say(4, "Chemical earnings fell on weaker margins in Asia.") + AUDITED;
  const r = read(html, "10-K");
  assert.match(r.text("mda")!, /^MANAGEMENT’S DISCUSSION AND ANALYSIS[^\n]*\nChemical earnings/);
  assert.doesNotMatch(r.text("mda")!, /Reference is made|Opinion on the Financial/);
  assert.match(r.text("financial_statements")!, /^REPORT OF INDEPENDENT REGISTERED/);
});

Deno.test("a 10-K/A explanatory note listing the amended items does not take them over", () => {
  const html = p("FORM 10-K/A") + p("EXPLANATORY NOTE") +
    p("Harbor Pumps is filing this Amendment No. 1 to restate its financial statements. The following items are amended:") +
    p("Part I, Item 1A. Risk Factors") +
    p("Part II, Item 7. Management’s Discussion and Analysis") +
    p("Part II, Item 8. Financial Statements and Supplementary Data") +
    p("New certifications are filed as exhibits. No other changes have been made to the Original Filing.") +
    p("PART I") + p("Item 1A. Risk Factors") +
    say(3, "We found a material weakness in our controls.") +
    p("PART II") + p("Item 7. Management’s Discussion and Analysis") +
    say(3, "As restated, sales rose 3% rather than 5%.") +
    p("Item 8. Financial Statements and Supplementary Data") + p("BALANCE SHEETS (As Restated)") +
    table(["Cash", "$ 48,210", "$ 40,115"], ["Total assets", "912,400", "877,050"]) +
    p("Item 9A. Controls and Procedures") + p("Our controls were not effective at year end.");
  const r = read(html, "10-K/A");
  assert.match(r.text("financial_statements")!, /^Item 8\. [^\n]*\nBALANCE SHEETS \(As Restated\)/);
  assert.doesNotMatch(r.text("mda")!, /BALANCE SHEETS|Total assets/);
  assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nWe found a material weakness/);
});

const F_INDEX = p("INDEX TO CONSOLIDATED FINANCIAL STATEMENTS") + table(
  ["Report of Independent Registered Public Accounting Firm", "F-2"],
  ["Consolidated Balance Sheets", "F-3"],
  ["Consolidated Statements of Operations", "F-4"],
  ["Notes to Consolidated Financial Statements", "F-6"],
);

Deno.test("Item 8 holding only an index of F-pages points at the statements after the signatures", () => {
  const body = p("PART II") + p("Item 7. Management's Discussion and Analysis") +
    say(3, "Orders grew on harbor dredging work.") +
    p("Item 8. Financial Statements and Supplementary Data") + F_INDEX +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.") +
    p("PART IV") + p("Item 15. Exhibits") + p("(a) The documents filed as part of this report.") +
    SIGNED;
  const r = read(body + AUDITED, "10-K");
  assert.equal(r.sections.get("financial_statements")!.found_as, "part_ii_item_8");
  assert.match(r.text("financial_statements")!, /^REPORT OF INDEPENDENT REGISTERED/);
  assert.doesNotMatch(r.text("mda")!, /INDEX TO CONSOLIDATED|F-2/);
  assert.match(r.text("segments")!, /^Note 9\. Segment Information/);
  // Without the statements it lists, the index is refused, with the reason.
  const bare = read(body, "10-K");
  assert.equal(bare.sections.get("financial_statements"), undefined);
  assert.ok(bare.warnings.some((w) => /index of the financial statements/.test(w)));
});

Deno.test("20-F: Item 18 holding an F-page index wins over Item 17 'Not applicable.'", () => {
  const html = p("PART I") + p("Item 5. Operating and Financial Review and Prospects") +
    say(3, "Ticket revenue rose with summer traffic.") +
    p("PART III") + p("Item 17. Financial Statements") + p("Not applicable.") +
    p("Item 18. Financial Statements") + F_INDEX +
    p("Item 19. Exhibits") + table(["1.1", "Articles of Association"]) + SIGNED + AUDITED;
  const r = read(html, "20-F");
  const fs = r.sections.get("financial_statements")!;
  assert.equal(fs.form_item, "Item 18");
  assert.match(r.text("financial_statements")!, /^REPORT OF INDEPENDENT REGISTERED/);
});

Deno.test("segments: the numbered segment note, not Note 1's 'Segment Reporting' policy", () => {
  const html = p("Item 8. Financial Statements") +
    table(["Cash", "$ 48,210", "$ 40,115"], ["Total assets", "912,400", "877,050"]) +
    p("Notes to Consolidated Financial Statements") +
    p("1. Summary of Significant Accounting Policies") + p("Use of Estimates") +
    p("Estimates are used in preparing these statements.") + p("Segment Reporting") +
    p("Our chief operating decision maker reviews two operating segments; see Note 12.") +
    p("Inventories") + say(2, "Inventories are stated at the lower of cost or market.") +
    p("2. Revenue") + say(2, "Revenue is recognized at shipment.") +
    p("12. Segment Information") + say(3, "Municipal and Marine are our reportable segments.") +
    p("13. Income Taxes") + p("The effective tax rate was 22%.") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
  const r = read(html, "10-K");
  assert.match(r.text("segments")!, /^12\. Segment Information\nMunicipal and Marine/);
  assert.doesNotMatch(r.text("segments")!, /13\. Income Taxes/);
});

Deno.test("a 10-Q/A carrying only Part II: its Item 2 is Part II's, never the MD&A", () => {
  const html = p("FORM 10-Q/A") + p("EXPLANATORY NOTE") +
    p("This Amendment No. 1 amends Part II of our quarterly report solely to add a risk factor.") +
    p("PART II — OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    p("See Note 8 to the financial statements in the original report.") +
    p("Item 1A. Risk Factors") + say(3, "Our new term loan limits how much we may borrow.") +
    p("Item 2. Unregistered Sales of Equity Securities and Use of Proceeds") +
    p("We repurchased 50,000 shares at an average price of $18.40 per share.") +
    p("Item 6. Exhibits") + table(["31.1", "Certification of CEO"]) + SIGNED;
  const r = read(html, "10-Q/A");
  assert.equal(r.sections.get("mda"), undefined);
  assert.ok(r.items.some((i) => i.id === "part_ii_item_2"));
  assert.equal(r.sections.get("risk_factors")!.found_as, "part_ii_item_1a");
});

Deno.test("a 10-Q contents list with page numbers on their own lines is not taken for the items", () => {
  const contents = p("INDEX") + p("PART I — FINANCIAL INFORMATION") +
    p("Item 1. Financial Statements") + p("3") + p("Item 2. Management’s Discussion and Analysis") +
    p("14") + p("PART II — OTHER INFORMATION") + p("Item 1. Legal Proceedings") + p("22") +
    p("Item 1A. Risk Factors") + p("22") + p("Item 6. Exhibits") + p("23") + p("Signatures") +
    p("24");
  const html = contents + p("FORWARD-LOOKING STATEMENTS") +
    p("This report contains forward-looking statements that involve risks and uncertainties.") +
    p("PART I — FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    table(["Cash", "$ 7,310", "$ 6,905"], ["Total assets", "210,440", "201,006"]) +
    p("Item 2. Management’s Discussion and Analysis") + say(3, "Visits rose 6% in the quarter.") +
    p("PART II — OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    p("We are a defendant in a billing suit in Ohio.") + p("Item 1A. Risk Factors") +
    p("There have been no material changes to our risk factors.") +
    p("Item 6. Exhibits") + table(["31.1", "Certification"]) + SIGNED;
  const doc = cleanDocument(htmlToText(html));
  const items = findItems(doc, "10-Q");
  const byId = new Map(items.map((i) => [i.id, i]));
  assert.equal(byId.get("part_i_item_1")?.title, "Financial Statements");
  assert.equal(byId.get("part_ii_item_1")?.title, "Legal Proceedings");
  assert.match(doc.text.slice(byId.get("part_ii_item_6")!.start), /^Item 6\. Exhibits\n31\.1/);
});

Deno.test("a whole document inside <pre> keeps its lines: items and sections are found", () => {
  const html = `<html><body><pre>
                                   PART I

ITEM 1.  BUSINESS

     Keystone Thrift, Inc. is the holding company for Keystone Savings,
a savings bank headquartered in Reading, Pennsylvania.

ITEM 2.  PROPERTIES

     The Bank operates seven offices, five of which
are owned.

                                   PART II

ITEM 7.  MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND
         RESULTS OF OPERATIONS

     Net income for 1997 rose 6% to $2.2 million on wider
interest margins.

     Total loans          $ 412,300      $ 398,100
     Total deposits         501,700        488,250

                                      14
</pre></body></html>`;
  const r = read(html, "10-K");
  assert.deepEqual(r.items.map((i) => i.id), ["part_i_item_1", "part_i_item_2", "part_ii_item_7"]);
  assert.match(
    r.text("mda")!,
    /^ITEM 7\. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS\nNet income for 1997 rose 6% to \$2\.2 million on wider interest margins\.\nTotal loans \| \$ 412,300/,
  );
  assert.doesNotMatch(r.text("business")!, /Bank operates seven offices/);
});

Deno.test("20-F: Item 3's sub-headings set in table cells ('D. | Risk Factors') are found", () => {
  const html = p("PART I") +
    p("ITEM 1. IDENTITY OF DIRECTORS, SENIOR MANAGEMENT AND ADVISERS") + p("Not applicable.") +
    p("ITEM 2. OFFER STATISTICS AND EXPECTED TIMETABLE") + p("Not applicable.") +
    p("ITEM 3. KEY INFORMATION") +
    table(["A.", "[Reserved]"]) +
    table(["B.", "Capitalization and Indebtedness"]) + p("Not applicable.") +
    table(["C.", "Reasons for the Offer and Use of Proceeds"]) + p("Not applicable.") +
    table(["D.", "Risk Factors"]) +
    say(4, "Our fleet of vessels is exposed to changes in charter rates and fuel prices.") +
    table(["E.", "Other Matters"]) + say(2, "Nothing else is reported under this heading here.") +
    p("ITEM 4. INFORMATION ON THE COMPANY") +
    table(["A.", "History and Development of the Company"]) +
    say(3, "Nordsjø Shipping was founded in Bergen in 1990 and operates tankers.") +
    p("ITEM 5. OPERATING AND FINANCIAL REVIEW AND PROSPECTS") +
    say(3, "Revenue from time charters grew on higher day rates in the year.");
  const r = read(html, "20-F");
  const risk = r.text("risk_factors");
  assert.ok(risk, `no risk factors: ${[...r.sections.keys()].join(", ")}`);
  assert.match(risk, /^D\. \| Risk Factors\n/);
  assert.match(risk, /charter rates and fuel prices\. \(4\)/);
  assert.ok(!risk.includes("Other Matters"), risk); // ends at sub-item E
  assert.equal(r.sections.get("risk_factors")!.found_as, "part_i_item_3d");
});
