/**
 * Layouts of a third audit where the section reader returned the wrong text, or none, without a
 * word: an item answered on its own heading line ("Risk Factors — Not required for smaller
 * reporting companies"), a combined report whose items repeat per registrant, 8-K item numbers
 * quoted under Other Information, headings set as pictures or in letter-spaced capitals, and a
 * section found by its title line alone inside another item. Small made-up inline documents.
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
const SHEET = (cash: string) =>
  table(["Cash and cash equivalents", `$ ${cash}`, "$ 40,115"], [
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
  return { doc, ...located, text };
}

const PART_II = p("PART II") + p("Item 7. Management’s Discussion and Analysis") +
  say(3, "Water meter sales rose 7% on municipal replacement programs.") +
  p("Item 8. Financial Statements and Supplementary Data") + SHEET("48,210") +
  p("Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure") +
  p("None.");

const NOT_REQUIRED = [
  "Item 1A. Risk Factors — Not required for smaller reporting companies.",
  "Item 1A. Risk Factors. Not required.",
  "ITEM 1A – RISK FACTORS: Not applicable.",
  "Item 1A. Risk Factors (Not required for smaller reporting companies)",
];

for (const line of NOT_REQUIRED) {
  Deno.test(`an item answered on its heading line is the item, not part of the one before: "${line}"`, () => {
    const html = p("PART I") + p("Item 1. Business") +
      say(3, "Brookline Meter makes water meters for small towns.") + p(line) +
      p("Item 1B. Unresolved Staff Comments") + p("None.") + p("Item 2. Properties") +
      say(2, "We lease a plant in Worcester, Massachusetts.") + PART_II;
    const r = read(html, "10-K");
    assert.equal(r.text("risk_factors")!.trim(), line);
    assert.equal(r.sections.get("risk_factors")!.found_as, "part_i_item_1a");
    assert.doesNotMatch(r.text("business")!, /Risk Factors|RISK FACTORS/);
  });
}

Deno.test("a combined report of two registrants: each item ends where the other registrant's copy starts, with a warning", () => {
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Tri-County Energy Holdings owns Tri-County Electric, a regulated utility.") +
    p("Item 1A. Risk Factors") + say(3, "Regulators may deny recovery of storm costs.") +
    p("PART II") +
    p("Item 7. Management’s Discussion and Analysis — Tri-County Energy Holdings") +
    say(3, "Holdings earnings rose on new transmission rates.") +
    p("Item 8. Financial Statements and Supplementary Data — Tri-County Energy Holdings") +
    SHEET("61,300") +
    p("Item 7. Management’s Discussion and Analysis — Tri-County Electric") +
    say(3, "The utility's kilowatt-hour sales fell in a mild winter.") +
    p("Item 8. Financial Statements and Supplementary Data — Tri-County Electric") +
    SHEET("12,700") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
  const r = read(html, "10-K");
  const fs = r.text("financial_statements")!;
  assert.match(fs, /^Item 8\.[^\n]*Holdings\nCash and cash equivalents \| \$ 61,300/);
  assert.doesNotMatch(fs, /kilowatt-hour|Tri-County Electric|12,700/);
  assert.match(r.text("mda")!, /Holdings earnings rose/);
  assert.doesNotMatch(r.text("mda")!, /kilowatt-hour/);
  for (const [key, item] of [["mda", "Item 7"], ["financial_statements", "Item 8"]]) {
    assert.ok(
      r.warnings.some((w) => w.startsWith(`${key}: ${item} stands 2 times`)),
      r.warnings.join("\n"),
    );
  }
});

Deno.test("a running item header over an item's own pages is no second registrant", () => {
  const html = p("PART II") + p("Item 7. Management’s Discussion and Analysis") +
    say(3, "Orders rose 5% on replacement programs.") + p("Item 7") + p("Liquidity") +
    say(2, "We had no borrowings at year end.") +
    p("Item 8. Financial Statements and Supplementary Data") + SHEET("48,210");
  const r = read(html, "10-K");
  assert.match(r.text("mda")!, /no borrowings at year end/);
  assert.ok(!r.warnings.some((w) => /stands 2 times/.test(w)), r.warnings.join("\n"));
});

Deno.test("8-K item numbers under Item 9B are not Items 1 or 5: Item 8 ends at Item 9B", () => {
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Brookline Meter makes water meters for small towns.") + p("Item 1A. Risk Factors") +
    say(3, "Copper prices may rise faster than our prices.") + PART_II.replace(
      p("Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure") +
        p("None."),
      "",
    ) + p("Item 9B. Other Information") +
    p("Item 5.02 Departure of Directors or Certain Officers.") +
    say(2, "On February 2 our chief financial officer resigned to join another company.") +
    p("Item 1.01 Entry into a Material Definitive Agreement.") +
    say(2, "On February 9 we amended our revolving credit agreement with our banks.") +
    p("PART III") + p("Item 10. Directors, Executive Officers and Corporate Governance") +
    p("Incorporated by reference to our proxy statement for the 2024 annual meeting.");
  const r = read(html, "10-K");
  const fs = r.text("financial_statements")!;
  assert.doesNotMatch(fs, /Item 9B|resigned|revolving credit/);
  assert.ok(r.items.some((i) => i.id === "part_ii_item_9b"));
  assert.ok(!r.items.some((i) => i.id === "part_ii_item_5"));
  assert.match(r.text("business")!, /^Item 1\. Business\nBrookline/);
});

Deno.test("10-Q: 8-K items quoted under Part II Item 5 keep Item 5 an item of its own", () => {
  const html = p("PART I — FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    SHEET("7,310") + p("Item 2. Management’s Discussion and Analysis") +
    say(3, "Clinic visits rose 6% in the quarter.") + p("Item 4. Controls and Procedures") +
    p("Our disclosure controls were effective at the end of the quarter.") +
    p("PART II — OTHER INFORMATION") + p("Item 1A. Risk Factors") +
    p("There have been no material changes to the risk factors in our annual report.") +
    p("Item 5. Other Information") + p("Item 1.01 Entry into a Material Definitive Agreement.") +
    say(2, "On May 2 we signed a new lease for our Tucson laboratory.") +
    p("Item 2.03 Creation of a Direct Financial Obligation.") +
    p("The lease described above is a direct financial obligation of the Company.") +
    p("Item 6. Exhibits") + table(["31.1", "Certification of the Chief Executive Officer"]);
  const r = read(html, "10-Q");
  assert.equal(
    r.text("risk_factors")!.trim(),
    "Item 1A. Risk Factors\nThere have been no material changes to the risk factors in our annual report.",
  );
  assert.deepEqual(r.items.filter((i) => i.part === "ii").map((i) => i.item), ["1A", "5", "6"]);
});

Deno.test("an item heading set as a picture is read from its alternative text", () => {
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Brookline Meter makes water meters for small towns.") +
    `<p><img src="bm-item1a.jpg" alt="Item 1A. Risk Factors" width="400"></p>` +
    say(3, "Copper prices may rise faster than our prices.") +
    `<p><img src="bm-logo.jpg" alt="Brookline Meter logo"></p>` + p("Item 2. Properties") +
    say(2, "We lease a plant in Worcester, Massachusetts.") + PART_II;
  const r = read(html, "10-K");
  assert.match(r.text("risk_factors")!, /^Item 1A\. Risk Factors\nCopper prices/);
  assert.doesNotMatch(r.text("business")!, /Copper prices/);
  assert.doesNotMatch(r.doc.text, /logo/); // only alternative text that reads like a heading
});

Deno.test("letter-spaced item and PART headings ('I T E M 7') are items", () => {
  const html = p("P A R T I") + p("I T E M 1. B U S I N E S S") +
    say(3, "Brookline Meter makes water meters for small towns.") +
    p("I T E M 1 A. R I S K F A C T O R S") +
    say(3, "Copper prices may rise faster than our prices.") + p("P A R T I I") +
    p("I T E M 7. MANAGEMENT’S DISCUSSION AND ANALYSIS") +
    say(3, "Water meter sales rose 7% on municipal replacement programs.") +
    p("I T E M 8. FINANCIAL STATEMENTS") + SHEET("48,210");
  const r = read(html, "10-K");
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_1a",
    "part_ii_item_7",
    "part_ii_item_8",
  ]);
  assert.match(r.text("risk_factors")!, /^ITEM 1A\. RISKFACTORS\nCopper prices/);
  assert.doesNotMatch(r.text("business")!, /Copper/);
  assert.match(r.text("mda")!, /sales rose 7%/);
  assert.doesNotMatch(r.text("mda")!, /Copper|Total assets/);
});

Deno.test("a section found by its title line alone inside another item: that item says it holds it", () => {
  // Item 1A's number is a picture without words; only the "RISK FACTORS" line is text.
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Brookline Meter makes water meters for small towns.") +
    `<p><img src="bm-item1a.jpg"></p>` + p("RISK FACTORS") +
    say(3, "Copper prices may rise faster than our prices.") + p("Item 2. Properties") +
    say(2, "We lease a plant in Worcester, Massachusetts.") + PART_II;
  const r = read(html, "10-K");
  assert.match(r.text("risk_factors")!, /^RISK FACTORS\nCopper prices/);
  assert.ok(
    r.warnings.some((w) => /^business: it holds the risk_factors text too/.test(w)),
    r.warnings.join("\n"),
  );
});

Deno.test("layouts already read right stay right: split headings, Items 7 and 7A, a 10-Q without Item 3", () => {
  const tenK = p("PART I") + p("ITEM 1.") + p("BUSINESS") +
    say(3, "Brookline Meter makes water meters for small towns.") + p("ITEM 1A.") +
    p("RISK FACTORS") + say(3, "Copper prices may rise faster than our prices.") + p("PART II") +
    p("Items 7 and 7A. Management’s Discussion and Analysis and Market Risk") +
    say(3, "Water meter sales rose 7% on municipal replacement programs.") +
    p("Item 8. Financial Statements") + SHEET("48,210");
  const k = read(tenK, "10-K");
  assert.match(k.text("risk_factors")!, /^ITEM 1A\.\nRISK FACTORS\nCopper/);
  assert.match(k.text("mda")!, /^Items 7 and 7A\.[^\n]*\nWater meter sales/);
  assert.doesNotMatch(k.text("mda")!, /Total assets/);
  const tenQ = p("PART I — FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    SHEET("7,310") + p("Item 2. Management’s Discussion and Analysis") +
    say(3, "Clinic visits rose 6% in the quarter.") + p("Item 4. Controls and Procedures") +
    p("Our disclosure controls were effective at the end of the quarter.") +
    p("PART II — OTHER INFORMATION") + p("Item 1A. Risk Factors") +
    p("There have been no material changes to the risk factors in our annual report.");
  const q = read(tenQ, "10-Q");
  assert.doesNotMatch(q.text("mda")!, /disclosure controls/);
  assert.equal(q.sections.get("risk_factors")!.found_as, "part_ii_item_1a");
});
