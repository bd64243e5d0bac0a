/** Item finding on small inline documents: what counts as a heading, a contents block, a part. */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { findItems } from "../../analysis/filings/sections.ts";
import { locateSections } from "../../analysis/filings/canonical.ts";

const p = (t: string) => `<p>${t}</p>`;
const ids = (html: string, n: "10-K" | "10-Q" = "10-K") =>
  findItems(cleanDocument(htmlToText(html)), n).map((i) => i.id);

Deno.test("items: headings that link back to the contents are still headings", () => {
  const html = `<div id="toc">${p("Table of Contents")}</div>` +
    `<p><a href="#toc">Item 1. Business</a></p>${p("We make valves for water utilities.")}` +
    `<p><a href="#toc">Item 1A. Risk Factors</a></p>${
      p("Steel costs may rise faster than prices.")
    }` +
    `<p><a href="#toc">Item 2. Properties</a></p>${p("We own two plants in Ohio.")}` +
    `<p><a href="#toc">Item 7. Management's Discussion and Analysis</a></p>${
      p("Sales grew on utility demand.")
    }`;
  assert.deepEqual(ids(html), [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_2",
    "part_ii_item_7",
  ]);
});

Deno.test("items: a contents list without page numbers is not taken for the items", () => {
  const html = p("Item 1. Business") + p("Item 1A. Risk Factors") +
    p("Item 7. Management's Discussion") +
    "<hr/>" + p("Item 1. Business") + p("We make valves for water utilities.") +
    p("Item 1A. Risk Factors") + p("Steel costs may rise faster than prices.") +
    p("Item 7. Management's Discussion") + p("Sales grew on utility demand in every region.");
  const doc = cleanDocument(htmlToText(html));
  const items = findItems(doc, "10-K");
  assert.deepEqual(items.map((i) => i.id), ["part_i_item_1", "part_i_item_1a", "part_ii_item_7"]);
  assert.match(doc.text.slice(items[0].start, items[0].end), /^Item 1\. Business\nWe make valves/);
});

Deno.test("items: 10-Q numbering that starts again is Part II even without a PART heading", () => {
  const html = p("Item 1. Financial Statements") + p("Balance sheets follow below, unaudited.") +
    p("Item 2. Management's Discussion and Analysis") + p("Revenue grew in the quarter.") +
    p("Item 4. Controls and Procedures") + p("Controls were effective.") +
    p("Item 1. Legal Proceedings") + p("None.") + p("Item 1A. Risk Factors") +
    p("No material changes occurred.");
  assert.deepEqual(ids(html, "10-Q"), [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_1a",
  ]);
});

Deno.test("sections: an item titled as another item is not returned under the wrong key", () => {
  // A 10-Q whose only Item 1 (Part I missing its heading, no PART line) is Legal Proceedings.
  const html = p("Item 1. Legal Proceedings") + p("A distributor sued us in May over a contract.") +
    p("Item 1A. Risk Factors") + p("No material changes occurred.");
  const { sections, warnings } = locateSections(cleanDocument(htmlToText(html)), "10-Q");
  assert.equal(sections.has("financial_statements"), false);
  assert.match(warnings[0], /titled "Legal Proceedings", not financial_statements/);
});

Deno.test("exhibits: a reference by caption alone is located by the caption, not the contents list", async () => {
  const { locateInExhibit } = await import("../../analysis/filings/exhibits.ts");
  const { parseReference } = await import("../../analysis/filings/xref.ts");
  const html = p("Contents") + p("Management's Discussion and Analysis") +
    p("Consolidated Statements of Income") +
    p("Management's Discussion and Analysis") +
    p("Revenue rose 6% on higher volumes in every region.") +
    p("Liquidity") + p("Cash from operations funded the dividend and capital spending.") +
    p("Consolidated Statements of Income") + p("Net sales | 1,200 | 1,100");
  const doc = cleanDocument(htmlToText(html));
  const ref = parseReference(
    'The information is incorporated by reference to the section captioned "Management\'s Discussion and Analysis" in the Annual Report.',
  );
  assert.equal(ref.caption, "Management's Discussion and Analysis");
  assert.equal(ref.pages, null);
  const at = locateInExhibit(doc, "mda", ref)!;
  assert.equal(at.located_by, `caption "Management's Discussion and Analysis"`);
  assert.match(
    doc.text.slice(at.start, at.end),
    /^Management's Discussion and Analysis\nRevenue rose 6%[\s\S]*dividend and capital spending\.\n$/,
  );
});

Deno.test("40-F: exhibits with bare descriptions are matched through the form's list of principal documents", async () => {
  const { fortyFExhibits } = await import("../../analysis/filings/exhibits.ts");
  const docs = ["99.1", "99.2", "99.3"].map((n) => ({
    type: `EX-${n}`,
    description: `EXHIBIT ${n}`,
    document: `x-ex${n.replace(".", "")}.htm`,
  }));
  const text =
    "A. | Annual Information Form for the year ended December 31, 2023 (Exhibit 99.1);\n" +
    "B. | Audited Annual Consolidated Financial Statements (Exhibit 99.2); and\n" +
    "C. | Management’s Discussion and Analysis for the year (Exhibit 99.3).";
  const map = fortyFExhibits(docs, text);
  assert.equal(map.get("business")?.type, "EX-99.1");
  assert.equal(map.get("risk_factors")?.type, "EX-99.1");
  assert.equal(map.get("financial_statements")?.type, "EX-99.2");
  assert.equal(map.get("mda")?.type, "EX-99.3");
  assert.equal(fortyFExhibits(docs).size, 0);
});

Deno.test("sections: an item's own title wins even when it names another item's words", () => {
  const html = p("Item 1A. Risk Factors Relating to Our Business") +
    p("Demand for valves depends on municipal budgets, which may shrink.") +
    p("Item 2. Properties") +
    p("We own two plants in Ohio.");
  const { sections, warnings } = locateSections(cleanDocument(htmlToText(html)), "10-K");
  assert.equal(sections.get("risk_factors")?.found_as, "part_i_item_1a");
  assert.deepEqual(warnings, []);
});

Deno.test("sections: 'see “Risk Factors” in Item 7' reads that caption inside Item 7, not all of MD&A", () => {
  const html = p("Item 1. Business") + p("We make valves for water utilities across the Midwest.") +
    p("Item 1A. Risk Factors") +
    p("The information required by this item is set forth under “Risk Factors” in Item 7 of this report.") +
    p("Item 7. Management's Discussion and Analysis") + p("Overview") +
    p("Sales grew 6% on utility demand in every region we serve.") + p("Risk Factors") +
    p("Municipal budgets may shrink, reducing orders for our valves.") +
    p("Liquidity and Capital Resources") + p("Cash from operations funded capital spending.") +
    p("Item 8. Financial Statements") + p("The statements follow the auditor's report.");
  const doc = cleanDocument(htmlToText(html));
  const risk = locateSections(doc, "10-K").sections.get("risk_factors")!;
  assert.equal(risk.found_as, "part_ii_item_7");
  assert.equal(
    doc.text.slice(risk.start, risk.end),
    "Risk Factors\nMunicipal budgets may shrink, reducing orders for our valves.\n",
  );
});

Deno.test("items: a heading followed only by statements (rows of amounts) is an item", () => {
  const rows = Array.from(
    { length: 45 },
    (_, i) => `<tr><td>Line ${i}</td><td>${i + 1},250</td><td>${i + 2},100</td></tr>`,
  ).join("");
  const html = p("PART I. FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    p("Widget Co.") +
    p("CONDENSED CONSOLIDATED BALANCE SHEETS") + `<table>${rows}</table>` +
    p("Item 2. Management's Discussion and Analysis") + p("Revenue grew in the quarter.") +
    p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings") + p("None.");
  assert.deepEqual(ids(html, "10-Q"), ["part_i_item_1", "part_i_item_2", "part_ii_item_1"]);
});

Deno.test("exhibits: pages that hold only a contents list are passed over for the caption", async () => {
  const { locateInExhibit } = await import("../../analysis/filings/exhibits.ts");
  const { parseReference } = await import("../../analysis/filings/xref.ts");
  const footer = (n: number) => `<div>${n}</div>`;
  const html = p("Contents") + "<table>" +
    [
      "Letter | 2",
      "Management's Discussion and Analysis | 3",
      "Report of Independent Registered Public Accounting Firm | 5",
      "Consolidated Balance Sheets | 6",
      "Notes | 7",
      "Shareholder Information | 9",
    ]
      .map((r) => `<tr>${r.split(" | ").map((c) => `<td>${c}</td>`).join("")}</tr>`).join("") +
    "</table>" + footer(1) + p("Letter") +
    p("Dear shareholders, the year went well for the bank.") +
    footer(2) + p("Management's Discussion and Analysis") +
    p("Net income rose 6% on wider margins.") +
    p("Report of Independent Registered Public Accounting Firm") +
    p("We have audited the statements.");
  const doc = cleanDocument(htmlToText(html));
  // the filer's pages are wrong: page 1 is the contents list
  const ref = parseReference(
    "incorporated by reference to page 1 of the Annual Report (Exhibit 13)",
  );
  const at = locateInExhibit(doc, "mda", ref)!;
  assert.equal(at.located_by, "its mda caption");
  assert.match(
    doc.text.slice(at.start, at.end),
    /^Management's Discussion and Analysis\nNet income rose 6%/,
  );
});

Deno.test("items: Item 16 written as a table row is titled by its cell and ends before the statements after it", () => {
  const row = (a: string, b: string) => `<table><tr><td>${a}</td><td>${b}</td></tr></table>`;
  const html = p("Item 1. Business") + p("We make valves for water utilities.") +
    p("Item 15. Exhibits and Financial Statement Schedules") +
    p("The following documents are filed as part of this Report.") +
    row("Item 16.", "Form 10-K Summary") + p("None") +
    p("MANAGEMENT’S REPORT ON INTERNAL CONTROL OVER FINANCIAL REPORTING") +
    p("Management is responsible for establishing and maintaining adequate internal control.") +
    p("REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM") +
    p("We have audited the balance sheets of the Company as of December 31, 2017.");
  const doc = cleanDocument(htmlToText(html));
  const items = findItems(doc, "10-K");
  const summary = items.find((i) => i.id === "part_iv_item_16")!;
  assert.equal(summary.title, "Form 10-K Summary");
  assert.equal(
    doc.text.slice(summary.start, summary.end).trim(),
    "Item 16. | Form 10-K Summary\nNone",
  );
});

Deno.test("exhibits: an annual information form's risk factors end at its next section (mineral projects, escrowed securities)", async () => {
  const { locateInExhibit } = await import("../../analysis/filings/exhibits.ts");
  const html = p("ANNUAL INFORMATION FORM") + p("DESCRIPTION OF THE BUSINESS") +
    p("We explore for and mine gold in northern Ontario.") + p("RISK FACTORS") +
    p("Gold prices may fall below our costs of production for a long time.") +
    p("MINERAL PROJECTS") +
    p("Proven and probable reserves were 2.1 million ounces at the Red Lake mine.") +
    p("DIVIDENDS") + p("We have not paid dividends.");
  const doc = cleanDocument(htmlToText(html));
  const at = locateInExhibit(doc, "risk_factors", null)!;
  const text = doc.text.slice(at.start, at.end);
  assert.match(text, /^RISK FACTORS\nGold prices may fall/);
  assert.doesNotMatch(text, /MINERAL PROJECTS|reserves/);
});

Deno.test("items: a 10-K/A of Part III only takes no 'Risk Factors' or 'Financial Statements' subheading of its items for the sections", () => {
  const html = p("AMENDMENT NO. 1") + p("PART III") +
    p("Item 10. Directors, Executive Officers and Corporate Governance") +
    p("Our board has seven members, six of them independent.") +
    p("Item 11. Executive Compensation") + p("Risk Factors") +
    p("The committee reviewed whether our pay programs encourage excessive risk taking.") +
    p("Item 13. Certain Relationships and Related Transactions") + p("None.") +
    p("PART IV") + p("Item 15. Exhibits and Financial Statement Schedules") +
    p("Financial Statements") +
    p("No financial statements are filed with this Amendment No. 1.");
  const located = locateSections(cleanDocument(htmlToText(html)), "10-K/A");
  assert.equal(located.sections.get("risk_factors"), undefined);
  assert.equal(located.sections.get("financial_statements"), undefined);
});

Deno.test("index 10-K: pages that number again from 1 after the wrapper are the annual report's", () => {
  const f = (n: string) => `<div>${n}</div>`;
  const row = (...c: string[]) => `<tr>${c.map((x) => `<td>${x}</td>`).join("")}</tr>`;
  const say = (n: number, t = "Revenue grew on steady demand in every region we serve.") =>
    Array.from({ length: n }, (_, i) => p(`${t} (${i + 1})`)).join("");
  const html = p("FORM 10-K") +
    p("Annual report pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934.") +
    f("1") + p("FORM 10-K CROSS-REFERENCE INDEX") + "<table>" + row("", "", "Page") +
    row("PART I", "", "") + row("Item 1.", "Business", "1-3") +
    row("Item 1A.", "Risk Factors", "4-5") + row("Item 2.", "Properties", "3") +
    row("PART II", "", "") +
    row("Item 7.", "Management’s Discussion and Analysis of Financial Condition", "6-8") +
    "</table>" + f("2") + p("SIGNATURES") +
    p("The registrant has duly caused this report to be signed on its behalf.") + f("3") +
    p("2023 ANNUAL REPORT TO SHAREHOLDERS") + p("Business") +
    say(4, "Granite Bank serves consumers and businesses in fourteen states.") + f("1") +
    say(4, "Our wealth management business oversees client assets.") + f("2") +
    p("Properties") + say(2, "We own our headquarters building in Hartford.") + f("3") +
    p("Risk Factors") + say(4, "Credit losses may rise if unemployment increases.") + f("4") +
    say(3, "Cyber attacks could disrupt our online banking.") + f("5") +
    p("Management’s Discussion and Analysis") + say(4) + f("6") + say(3) + f("7") + say(3) +
    f("8");
  const doc = cleanDocument(htmlToText(html));
  const located = locateSections(doc, "10-K");
  const business = located.sections.get("business")!;
  assert.equal(business.method, "index");
  const text = doc.text.slice(business.start, business.end);
  assert.match(text, /^Business\nGranite Bank serves/);
  assert.doesNotMatch(text, /FORM 10-K|SIGNATURES/);
});
