/**
 * An exhibits item answered by its list alone: "Item 19. Exhibits" over "1.1 Articles of
 * Association" (no sentence, no table) is the item's heading, not a contents line; its list must
 * not end up inside Item 18. The same for a 10-K's Item 15 (before Item 16) and a 10-Q's Item 6.
 * A contents row "Item 19. Exhibits" stays a contents row. Small made-up inline documents.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { findItems } from "../../analysis/filings/sections.ts";
import type { Numbering } from "../../analysis/filings/item_titles.ts";
import { opensWithExhibitLines } from "../../analysis/filings/section_body.ts";

const p = (t: string) => `<p>${t}</p>`;
const say = (n: number, sentence: string) =>
  Array.from({ length: n }, (_, i) => p(`${sentence} (${i + 1})`)).join("");

function spans(html: string, numbering: Numbering) {
  const doc = cleanDocument(htmlToText(html));
  const items = findItems(doc, numbering);
  const text = (item: string) => {
    const s = items.find((i) => i.item === item);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  return { items, text };
}

/** A 20-F whose Item 19 is the heading and `list`. */
function twentyF(list: string, contents = "") {
  return contents + p("PART I") +
    p("Item 1. Identity of Directors, Senior Management and Advisers") + p("Not applicable.") +
    p("Item 3. Key Information") +
    say(3, "Our revenue depends on sales of pumps to farms in Norway.") +
    p("PART III") + p("Item 17. Financial Statements") + p("Not applicable.") +
    p("Item 18. Financial Statements") +
    say(3, "The consolidated financial statements are on pages F-1 to F-30.") + list;
}

const LISTS: Record<string, string> = {
  "one line, no period": p("ITEM 19. EXHIBITS") + p("1.1 Articles of Association"),
  "numbers on lines of their own": p("ITEM 19. EXHIBITS") + p("1.1") +
    p("Articles of Association"),
  "several lines with XBRL": p("Item 19. Exhibits") + p("1.1 Articles of Association") +
    p("12.1* Certification of the Chief Executive Officer") +
    p("101.INS Inline XBRL Instance Document"),
  "a column header first": p("Item 19. Exhibits") + p("Exhibit No.") +
    p("1.1 Articles of Association"),
  "title on the next line": p("Item 19.") + p("Exhibits") +
    p("Exhibit 1.1 Articles of Association"),
};

for (const [name, list] of Object.entries(LISTS)) {
  Deno.test(`20-F Item 19 answered by its exhibit list alone (${name}) is its own item`, () => {
    const { text } = spans(twentyF(list), "20-F");
    assert.ok(text("19")?.includes("Articles of Association"), `Item 19: ${text("19")}`);
    assert.ok(!text("18")?.includes("Articles of Association"), `Item 18: ${text("18")}`);
    assert.ok(!/exhibits/i.test(text("18") ?? ""), `Item 18 holds Item 19's heading`);
  });
}

Deno.test("a 20-F contents row 'Item 19. Exhibits' before the body is not taken for the item", () => {
  const contents = p("Item 17. Financial Statements") + p("Item 18. Financial Statements") +
    p("Item 19. Exhibits") + p("PRESENTATION OF INFORMATION") +
    say(2, "In this annual report, the Company refers to Nordvik Pumps ASA.");
  const { items, text } = spans(
    twentyF(p("Item 19. Exhibits") + p("1.1 Articles"), contents),
    "20-F",
  );
  const nineteen = items.filter((i) => i.item === "19");
  assert.equal(nineteen.length, 1);
  assert.ok(text("19")?.startsWith("Item 19. Exhibits\n1.1 Articles"), `Item 19: ${text("19")}`);
});

Deno.test("10-K Item 15 of exhibit lines alone ends at Item 16, which keeps its answer", () => {
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Larkspur Tools makes hand tools for hardware stores.") + p("PART II") +
    p("Item 7. Management’s Discussion and Analysis") + say(3, "Net sales rose 6% on wrenches.") +
    p("Item 8. Financial Statements and Supplementary Data") + say(2, "Total assets rose.") +
    p("PART IV") + p("Item 15. Exhibits and Financial Statement Schedules") +
    p("3.1 Restated Certificate of Incorporation") + p("31.1 Certification of the CEO") +
    p("Item 16. Form 10-K Summary") + p("None.");
  const { text } = spans(html, "10-K");
  assert.ok(text("15")?.includes("3.1 Restated Certificate"), `Item 15: ${text("15")}`);
  assert.ok(!text("8")?.includes("Item 15"), `Item 8: ${text("8")}`);
  assert.equal(text("16"), "Item 16. Form 10-K Summary\nNone.\n");
});

Deno.test("10-Q Part II Item 6 of exhibit lines alone is its own item", () => {
  const html = p("PART I") + p("Item 1. Financial Statements") + say(2, "Revenue rose in Q1.") +
    p("Item 2. Management’s Discussion and Analysis") + say(3, "Margins improved by 2 points.") +
    p("PART II") + p("Item 1A. Risk Factors") + say(2, "There were no material changes.") +
    p("Item 6. Exhibits") + p("31.1 Certification of the Chief Executive Officer") +
    p("32.1 Section 1350 Certification");
  const { items, text } = spans(html, "10-Q");
  assert.ok(items.some((i) => i.id === "part_ii_item_6"));
  assert.ok(!text("1A")?.includes("31.1"), `Item 1A: ${text("1A")}`);
});

Deno.test("exhibit lines: numbered descriptions count, amounts and page numbers do not", () => {
  assert.ok(opensWithExhibitLines("1.1 Articles of Association"));
  assert.ok(opensWithExhibitLines("Exhibit Number\n4(a) Indenture dated May 1, 2020"));
  assert.ok(opensWithExhibitLines("101.SCH Inline XBRL Taxonomy Extension Schema"));
  assert.ok(opensWithExhibitLines("12.1\nCertification of the CEO"));
  assert.ok(!opensWithExhibitLines("1.1 million shares were issued"));
  assert.ok(!opensWithExhibitLines("120\n121"));
  assert.ok(!opensWithExhibitLines("Signatures"));
  assert.ok(!opensWithExhibitLines("a\nb\nc\nd\n1.1 Articles of Association"));
});
