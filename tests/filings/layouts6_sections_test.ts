/**
 * Layouts of a sixth audit: an item's title printed above a bare "Item 1A." (the previous item
 * ended with it, the item took its first sentence as title), documents whose headings mix
 * "Item 7." and "7." (MD&A not found once the "Item" ones made three), a section found by its
 * title line alone (its warning keyed to itself, a 10-Q's Part I subheading never Part II's Item
 * 1A, never run on into the next item's title), and the merge of contents links with headings in
 * one pass. Small made-up inline documents.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { findItems } from "../../analysis/filings/sections.ts";
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
  return { doc, ...located, text };
}

/** A 10-K whose headings print the title on one line and "Item N." on the next. */
function titleAbove(contents = false, ids = false) {
  const head = (n: string, t: string) => p(t) + p(`Item ${n}.`, ids ? `i${n}` : "");
  const link = (n: string, t: string) =>
    `<tr><td><a href="#i${n}">Item ${n}.</a></td><td>${t}</td><td>${n.length}</td></tr>`;
  const toc = contents
    ? `<table>${
      [
        ["1", "Business"],
        ["1A", "Risk Factors"],
        ["2", "Properties"],
        ["7", "Management’s Discussion and Analysis"],
        ["8", "Financial Statements"],
      ]
        .map(([n, t]) => link(n, t)).join("")
    }</table>`
    : "";
  return toc + p("PART I") + head("1", "Business") +
    say(3, "Larkspur Tools makes hand tools for hardware stores.") +
    head("1A", "Risk Factors") +
    say(3, "A rise in steel prices could cut our margins before we can raise prices.") +
    head("2", "Properties") + say(1, "We own a forge in Erie, Pennsylvania.") + p("PART II") +
    head(
      "7",
      "Management’s Discussion and Analysis of Financial Condition and Results of Operations",
    ) +
    say(3, "Net sales rose 6% on higher volumes of wrenches.") +
    head("8", "Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $540 million.") +
    head(
      "9",
      "Changes in and Disagreements with Accountants on Accounting and Financial Disclosure",
    ) +
    p("None.");
}

for (
  const [name, html] of [
    ["headings only", titleAbove()],
    ["contents links to the Item lines", titleAbove(true, true)],
  ] as const
) {
  Deno.test(`a title printed above "Item 1A." starts that item, not the end of the one before (${name})`, () => {
    const r = read(html, "10-K");
    const byId = new Map(r.items.map((i) => [i.id, i]));
    assert.equal(byId.get("part_i_item_1a")?.title, "Risk Factors");
    assert.equal(byId.get("part_i_item_2")?.title, "Properties");
    assert.match(byId.get("part_ii_item_7")!.title, /^Management’s Discussion/);
    // the item's text opens with its own title and the one before does not end with it
    assert.match(r.text("risk_factors")!, /^Risk Factors\nItem 1A\.\nA rise in steel/);
    assert.doesNotMatch(r.text("business")!, /Risk Factors/);
    assert.doesNotMatch(r.text("risk_factors")!, /Properties/);
    assert.doesNotMatch(r.text("mda")!, /Financial Statements and Supplementary Data/);
    assert.match(r.text("financial_statements")!, /^Financial Statements and Supplementary Data/);
    assert.doesNotMatch(r.text("financial_statements")!, /Changes in and Disagreements/);
  });
}

Deno.test('"Item 1A." over its own title on the next line keeps that title (not the line above)', () => {
  const html = p("Item 1. Business") + say(2, "Larkspur Tools makes hand tools.") +
    p("Our history") + p("Item 1A.") + p("Risk Factors") +
    say(2, "A rise in steel prices could cut our margins.") +
    p("Item 2. Properties") + say(1, "We own a forge in Erie, Pennsylvania.");
  const r = read(html, "10-K");
  const rf = r.items.find((i) => i.id === "part_i_item_1a")!;
  assert.equal(rf.title, "Risk Factors");
  assert.match(r.text("business")!, /Our history\n$/);
});

/** A 10-K whose headings write "Item" for some items and not for others. */
function mixed(seven: string) {
  return p("PART I") + p("Item 1. Business") +
    say(3, "Larkspur Tools makes hand tools for hardware stores.") +
    p("Our plan for growth:") + p("7. Management’s discussion and analysis of every plant") +
    p("Item 1A. Risk Factors") +
    say(3, "A rise in steel prices could cut our margins before we can raise prices.") +
    p("Item 2. Properties") + say(1, "We own a forge in Erie, Pennsylvania.") + p("PART II") +
    p(seven) + say(3, "Net sales rose 6% on higher volumes of wrenches.") +
    p("7A. Quantitative and Qualitative Disclosures About Market Risk") +
    say(2, "Steel forward contracts of up to a year limit our exposure.") +
    p("Item 8. Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $540 million.") +
    p("Notes to Consolidated Financial Statements") + p("1. Business") +
    say(2, "Larkspur was founded in 1921 and operates two forges.") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
}

Deno.test('"Item" headings and bare ones mixed: MD&A written "7. Management\'s…" is found, in order', () => {
  const r = read(
    mixed(
      "7. Management’s Discussion and Analysis of Financial Condition and Results of Operations",
    ),
    "10-K",
  );
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_2",
    "part_ii_item_7",
    "part_ii_item_7a",
    "part_ii_item_8",
    "part_ii_item_9",
  ]);
  assert.match(r.text("mda")!, /^7\. Management’s Discussion[^\n]*\nNet sales rose 6%/);
  assert.doesNotMatch(r.text("mda")!, /Steel forward contracts/);
  // the numbered line inside Item 1 is not Item 7, and the first note is not Item 1
  assert.match(r.text("business")!, /every plant/);
  assert.match(r.text("financial_statements")!, /1\. Business\nLarkspur was founded/);
  assert.ok(r.warnings.every((w) => !/^mda:/.test(w)), r.warnings.join("\n"));
});

Deno.test("with every item headed 'Item', a bare numbered line never takes an item's place", () => {
  const r = read(mixed("Item 7. Management’s Discussion and Analysis"), "10-K");
  const seven = r.items.find((i) => i.id === "part_ii_item_7")!;
  assert.equal(seven.title, "Management’s Discussion and Analysis");
  assert.match(r.text("mda")!, /^Item 7\./);
  assert.match(r.text("business")!, /every plant/);
});

Deno.test("a section found by its title line alone is warned under its own key", () => {
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Larkspur Tools makes hand tools for hardware stores.") + p("RISK FACTORS") +
    say(3, "A rise in steel prices could cut our margins before we can raise prices.") +
    p("Item 2 — Properties") + p("Item 3. Legal Proceedings — None.") + p("PART II") +
    p("Item 7. Management’s Discussion and Analysis") +
    say(3, "Net sales rose 6% on higher volumes of wrenches.") +
    p("Item 8. Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $540 million.");
  const r = read(html, "10-K");
  const own = r.warnings.filter((w) => w.startsWith("risk_factors:"));
  assert.equal(own.length, 1, r.warnings.join("\n"));
  assert.match(
    own[0],
    /no Item 1A heading was found; the text starts at the title line "RISK FACTORS" inside part_i_item_1/,
  );
  assert.ok(r.warnings.some((w) => /^business: it holds the risk_factors text too/.test(w)));
  // it stops before the next item's title ("Item 2 — Properties", a heading with nothing under it)
  assert.match(r.text("risk_factors")!, /^RISK FACTORS\nA rise in steel/);
  assert.doesNotMatch(r.text("risk_factors")!, /Properties/);
});

Deno.test("a 10-Q's Part I 'Risk Factors' subheading is not Part II Item 1A: refused under risk_factors", () => {
  const html = p("PART I. FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    say(2, "The condensed balance sheets show total assets of $530 million.") +
    p("Item 2. Management’s Discussion and Analysis of Financial Condition") +
    say(2, "Net sales rose 5% in the quarter.") + p("Risk Factors") +
    say(2, "Steel prices remain a risk to our margins in the next quarter.") +
    p("Item 4. Controls and Procedures") + say(1, "Our controls were effective at quarter end.") +
    p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    say(1, "We are not party to any material legal proceeding.") + p("Item 6. Exhibits") +
    p("31.1 Certification of the chief executive officer.");
  const r = read(html, "10-Q");
  assert.equal(r.sections.get("risk_factors"), undefined);
  assert.ok(
    r.warnings.some((w) =>
      /^risk_factors: this 10-Q has no Part II, Item 1A heading; the title line "Risk Factors" stands inside part_i_item_2/
        .test(w)
    ),
    r.warnings.join("\n"),
  );
  assert.ok(!r.warnings.some((w) => /holds the risk_factors text/.test(w)));
  assert.match(r.text("mda")!, /Steel prices remain/);
});

Deno.test("contents links merge with headings: 24,000 linked rows give the right items", () => {
  // a contents list of 24,000 links, each to a heading of the same few items (the old merge
  // compared every heading with every link: its time is in bench/filings.bench.ts)
  const rows = Array.from(
    { length: 24_000 },
    (_, i) => `<tr><td><a href="#h${i % 4}">Item ${["1", "1A", "7", "8"][i % 4]}.</a></td></tr>`,
  ).join("");
  const heads = Array.from(
    { length: 24_000 },
    (_, i) =>
      p(`Item ${["1", "1A", "7", "8"][i % 4]}. Section ${i}`, i < 4 ? `h${i}` : "") +
      say(1, `This is the text of heading number ${i} of the report`),
  ).join("");
  const doc = cleanDocument(htmlToText(`<table>${rows}</table>${heads}`));
  const items = findItems(doc, "10-K");
  assert.deepEqual(items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_1a",
    "part_ii_item_7",
    "part_ii_item_8",
  ]);
});

Deno.test("a page's running title over a full item heading goes with that item, not the one before", () => {
  const html = p("Item 1. Business") + say(2, "Larkspur Tools makes hand tools.") +
    p("Risk Factors") + p("Item 1A. Risk Factors") +
    say(2, "A rise in steel prices could cut our margins.") + p("Properties") +
    p("Item 2. Properties") + say(1, "We own a forge in Erie, Pennsylvania.");
  const r = read(html, "10-K");
  assert.doesNotMatch(r.text("business")!, /Risk Factors/);
  assert.match(r.text("risk_factors")!, /^Risk Factors\nItem 1A\. Risk Factors\nA rise/);
  assert.doesNotMatch(r.text("risk_factors")!, /Properties/);
  assert.equal(r.items.find((i) => i.id === "part_i_item_1a")!.title, "Risk Factors");
});

Deno.test("a 10-Q's risk factors found by title line stop at 'Unregistered Sales…', the next item's title", () => {
  const html = p("PART I. FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    say(2, "The condensed balance sheets show total assets of $530 million.") +
    p("Item 2. Management’s Discussion and Analysis of Financial Condition") +
    say(2, "Net sales rose 5% in the quarter.") + p("Item 4. Controls and Procedures") +
    say(1, "Our controls were effective at quarter end.") + p("PART II. OTHER INFORMATION") +
    p("Legal Proceedings") + say(1, "We are not party to any material legal proceeding.") +
    p("Risk Factors") + say(2, "Steel prices remain a risk to our margins in the next quarter.") +
    p("Unregistered Sales of Equity Securities and Use of Proceeds") +
    say(1, "We bought back 10,000 shares in the quarter.") +
    p("Defaults Upon Senior Securities") + p("None.") + p("Exhibits") +
    p("31.1 Certification of the chief executive officer.");
  const r = read(html, "10-Q");
  assert.match(r.text("risk_factors")!, /^Risk Factors\nSteel prices/);
  assert.doesNotMatch(r.text("risk_factors")!, /bought back|Defaults/);
  assert.ok(r.warnings.some((w) => /^risk_factors: no Part II, Item 1A heading was found/.test(w)));
  // in a 10-K, "Additional Information" is a subheading of Item 1, not a 20-F item's title
  const k = read(
    p("BUSINESS") + say(2, "Larkspur Tools makes hand tools.") + p("Additional Information") +
      say(1, "Our reports are on our website.") + p("RISK FACTORS") +
      say(2, "A rise in steel prices could cut our margins."),
    "10-K",
  );
  assert.match(k.text("business")!, /Our reports are on our website/);
});

Deno.test('"7A." and "1B." without "Item" between "Item" headings end MD&A and risk factors', () => {
  const html = p("PART I") + p("Item 1. Business") + say(2, "Larkspur Tools makes hand tools.") +
    p("Item 1A. Risk Factors") + say(2, "A rise in steel prices could cut our margins.") +
    p("1B. Unresolved Staff Comments") + p("None.") + p("Item 2. Properties") +
    say(1, "We own a forge in Erie, Pennsylvania.") + p("PART II") +
    p("Item 7. Management’s Discussion and Analysis") + say(2, "Net sales rose 6% on wrenches.") +
    p("7A. Quantitative and Qualitative Disclosures About Market Risk") +
    say(2, "Steel forward contracts limit our exposure.") +
    p("Item 8. Financial Statements and Supplementary Data") +
    say(2, "Total assets were $540 million.") + p("Notes") + p("10. Directors’ loans") +
    say(1, "No loans were made to directors.") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
  const r = read(html, "10-K");
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_1b",
    "part_i_item_2",
    "part_ii_item_7",
    "part_ii_item_7a",
    "part_ii_item_8",
    "part_ii_item_9",
  ]);
  assert.doesNotMatch(r.text("mda")!, /forward contracts/);
  assert.doesNotMatch(r.text("risk_factors")!, /Unresolved/);
  // a note numbered 10 inside Item 8 is not Item 10
  assert.match(r.text("financial_statements")!, /No loans were made to directors/);
});
