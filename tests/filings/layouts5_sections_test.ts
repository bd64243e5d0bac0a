/**
 * Layouts of a fifth audit: item headings written without the word "Item" ("1A. Risk Factors",
 * "7. MANAGEMENT'S DISCUSSION…", "8. | Financial Statements" in table cells), read only with their
 * own item's title and in the form's order, so a numbered list or a note of the statements ("1.
 * Business" after Item 8) is never an item. Small made-up inline documents.
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

function read(html: string, form: string) {
  const doc = cleanDocument(htmlToText(html));
  const located = locateSections(doc, form);
  const text = (key: SectionKey) => {
    const s = located.sections.get(key);
    return s ? doc.text.slice(s.start, s.end) : null;
  };
  return { doc, ...located, text };
}

/** A 10-K whose item headings `head` writes, with a numbered list and notes "1. Business". */
function tenK(head: (n: string, t: string) => string, contents = "") {
  return contents + p("PART I") + head("1", "Business") +
    say(3, "Crestline Foods makes frozen bakery goods for grocery chains.") +
    p("We compete on:") + p("1. Price and quality of our goods.") +
    p("2. Properties of our ovens.") +
    head("1A", "Risk Factors") +
    say(3, "A shortage of wheat flour could raise our costs faster than our prices.") +
    head("1B", "Unresolved Staff Comments") + p("None.") +
    head("2", "Properties") + say(1, "We own a bakery in Dayton, Ohio.") +
    p("PART II") + head("7", "Management’s Discussion and Analysis of Financial Condition") +
    say(3, "Net sales rose 4% on higher volumes of frozen croissants.") +
    head("7A", "Quantitative and Qualitative Disclosures About Market Risk") +
    say(2, "Commodity contracts of up to six months limit our exposure to wheat prices.") +
    head("8", "Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $912 million.") +
    p("Notes to Consolidated Financial Statements") + p("1. Business") +
    say(2, "Crestline was founded in 1950 and operates four bakeries.") +
    p("2. Properties") + say(1, "Leases of the bakeries are described in this note.") +
    head("9", "Changes in and Disagreements with Accountants") + p("None.");
}

const BARE: [string, (n: string, t: string) => string][] = [
  ["1A. Risk Factors", (n, t) => p(`${n}. ${t}`)],
  ["1A. RISK FACTORS", (n, t) => p(`${n}. ${t.toUpperCase()}`)],
  ["1A. | Risk Factors (table cells)", (n, t) => `<table>${row(`${n}.`, t)}</table>`],
  ["1A.<br>Risk Factors (the title on a line of its own)", (n, t) => p(`<b>${n}.</b><br/>${t}`)],
];

for (const [name, head] of BARE) {
  Deno.test(`items written "${name}" without the word Item are found, each with its own text`, () => {
    const r = read(tenK(head), "10-K");
    assert.deepEqual(
      r.items.map((i) => i.id),
      [
        "part_i_item_1",
        "part_i_item_1a",
        "part_i_item_1b",
        "part_i_item_2",
        "part_ii_item_7",
        "part_ii_item_7a",
        "part_ii_item_8",
        "part_ii_item_9",
      ],
    );
    assert.match(r.text("business")!, /^1\.(?: \| | |\n)Business\nCrestline Foods/i);
    // the numbered list inside Item 1 is not Item 2
    assert.match(r.text("business")!, /2\. Properties of our ovens/);
    assert.doesNotMatch(r.text("business")!, /wheat flour/);
    assert.match(r.text("risk_factors")!, /wheat flour/);
    assert.doesNotMatch(r.text("risk_factors")!, /Unresolved|Dayton/i);
    assert.match(r.text("mda")!, /croissants/);
    assert.doesNotMatch(r.text("mda")!, /Commodity contracts/);
    // the notes "1. Business" and "2. Properties" after Item 8 are the statements' own
    assert.match(r.text("financial_statements")!, /founded in 1950[\s\S]*Leases of the bakeries/);
    assert.equal(r.warnings.length, 0, r.warnings.join("; "));
  });
}

Deno.test("a contents list of bare item numbers is passed over for the headings", () => {
  const contents = `<table>${row("1.", "Business", "3")}${row("1A.", "Risk Factors", "5")}${
    row("7.", "Management’s Discussion and Analysis", "20")
  }${row("8.", "Financial Statements and Supplementary Data", "30")}</table>`;
  const r = read(tenK((n, t) => p(`${n}. ${t}`), contents), "10-K");
  assert.match(r.text("risk_factors")!, /^1A\. Risk Factors\nA shortage of wheat flour/);
  assert.match(r.text("business")!, /^1\. Business\nCrestline/);
});

Deno.test("a numbered line whose words are not its item's title is not an item", () => {
  const html = p("1. Our Business Model") + say(3, "We bake bread and cakes for grocery chains.") +
    p("2. Risk Factors") + say(3, "Flour prices may rise faster than our prices.") +
    p("7. Discussion of results") + say(3, "Sales rose four percent this year.");
  const r = read(html, "10-K");
  assert.deepEqual(r.items.map((i) => i.id), []);
  assert.equal(r.sections.get("risk_factors"), undefined);
});

Deno.test("a 10-Q with bare item numbers numbers Part II afresh", () => {
  const html = p("PART I — FINANCIAL INFORMATION") + p("1. Financial Statements") +
    say(3, "Revenue was $5 million in the quarter.") +
    p("1. Basis of Presentation") + say(1, "These interim statements are unaudited.") +
    p("2. Management’s Discussion and Analysis of Financial Condition and Results of Operations") +
    say(3, "Sales grew in the quarter on new stores.") +
    p("4. Controls and Procedures") + say(1, "Our disclosure controls are effective.") +
    p("PART II — OTHER INFORMATION") +
    p("1. Legal Proceedings") + say(1, "We are not party to litigation of note.") +
    p("1A. Risk Factors") + say(2, "Our risks include the price of flour and fuel.") +
    p("6. Exhibits") + say(1, "See the exhibit index following the signatures.");
  const r = read(html, "10-Q");
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_6",
  ]);
  assert.match(r.text("financial_statements")!, /Basis of Presentation/);
  assert.match(r.text("mda")!, /new stores/);
  assert.match(r.text("risk_factors")!, /^1A\. Risk Factors\nOur risks include/);
  assert.doesNotMatch(r.text("risk_factors")!, /exhibit index/);
});

/** A 10-K with a linked contents table whose rows link to `anchors` (item → element id). */
function linked(anchors: Record<string, string>, business = 3) {
  const link = (n: string, t: string, page: string) =>
    row(`<a href="#${anchors[n]}">Item ${n}.</a>`, t, page);
  return `<table>${link("1", "Business", "3")}${link("1A", "Risk Factors", "9")}${
    link("2", "Properties", "19")
  }${link("7", "Management’s Discussion and Analysis", "20")}${
    link("8", "Financial Statements and Supplementary Data", "30")
  }</table>` +
    p("PART I") + `<p id="i1">Item 1. Business</p>` +
    say(
      business,
      "Crestline Foods makes frozen bakery goods for grocery chains across the Midwest.",
    ) +
    `<p id="i1a">Item 1A. Risk Factors</p>` +
    say(3, "A shortage of wheat flour could raise our costs faster than our prices.") +
    `<p id="i2">Item 2. Properties</p>` + say(1, "We own a bakery in Dayton, Ohio.") +
    p("PART II") +
    `<p id="i7">Item 7. Management’s Discussion and Analysis of Financial Condition</p>` +
    say(
      100,
      "Net sales rose 4% on higher volumes of frozen croissants and strong demand in stores.",
    ) +
    `<p id="i8">Item 8. Financial Statements and Supplementary Data</p>` +
    say(2, "The consolidated balance sheets show total assets of $912 million.") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
}

Deno.test("a contents link that lands on another item's heading does not move the item there", () => {
  // Items 7 and 8 swapped in the contents, the MD&A longer than a page: MD&A is not the
  // statements' text, nor the statements the MD&A's
  const swapped = read(linked({ "1": "i1", "1A": "i1a", "2": "i2", "7": "i8", "8": "i7" }), "10-K");
  assert.match(swapped.text("mda")!, /^Item 7\. Management’s Discussion[\s\S]*croissants/);
  assert.doesNotMatch(swapped.text("mda")!, /balance sheets/);
  assert.match(swapped.text("financial_statements")!, /^Item 8\. Financial Statements/);
  assert.doesNotMatch(swapped.text("financial_statements")!, /croissants/);
  assert.equal(swapped.warnings.length, 0, swapped.warnings.join("; "));
  // Item 1A's row copied Item 1's anchor, and Item 1 runs for pages: risk factors are not business
  const copied = read(
    linked({ "1": "i1", "1A": "i1", "2": "i2", "7": "i7", "8": "i8" }, 120),
    "10-K",
  );
  assert.match(copied.text("risk_factors")!, /^Item 1A\. Risk Factors\nA shortage of wheat flour/);
  assert.match(copied.text("business")!, /^Item 1\. Business\nCrestline/);
  assert.doesNotMatch(copied.text("business")!, /wheat flour/);
});

/** One heading row of a table: the part in a cell of its own before the item's cells. */
const headRow = (...cells: string[]) => `<table>${row(...cells)}</table>`;

Deno.test("a heading row that opens with its PART cell ('PART II | Item 7.') is the item", () => {
  const html = headRow("PART I", "Item 1. Business") +
    say(3, "Crestline Foods makes frozen bakery goods for grocery chains.") +
    headRow("Item 1A.", "Risk Factors") +
    say(3, "A shortage of wheat flour could raise our costs faster than our prices.") +
    headRow("Item 2.", "Properties") + say(1, "We own a bakery in Dayton, Ohio.") +
    headRow("PART II", "Item 7.", "Management’s Discussion and Analysis of Financial Condition") +
    say(3, "Net sales rose 4% on higher volumes of frozen croissants.") +
    headRow("PART II", "Item 8. Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $912 million.") +
    p("Item 9. Changes in and Disagreements with Accountants") + p("None.");
  const r = read(html, "10-K");
  assert.match(r.text("business")!, /^PART I \| Item 1\. Business\nCrestline/);
  assert.doesNotMatch(r.text("business")!, /wheat flour/);
  assert.match(r.text("mda")!, /^PART II \| Item 7\. \| Management’s[\s\S]*croissants/);
  assert.doesNotMatch(r.text("mda")!, /balance sheets/);
  assert.match(r.text("financial_statements")!, /^PART II \| Item 8\.[\s\S]*balance sheets/);
});

Deno.test("a 10-Q whose PART cells stand in the item rows keeps Part I and Part II apart", () => {
  const html = headRow("PART I. FINANCIAL INFORMATION", "Item 1. Financial Statements") +
    say(3, "Revenue was $5 million in the quarter.") +
    headRow("Item 2.", "Management’s Discussion and Analysis") +
    say(3, "Sales grew in the quarter on new stores.") +
    headRow("Item 4.", "Controls and Procedures") +
    say(1, "Our disclosure controls are effective.") +
    headRow("PART II. OTHER INFORMATION", "Item 1. Legal Proceedings") +
    say(1, "We are not party to litigation of note.") +
    headRow("Item 1A.", "Risk Factors") + say(2, "Our risks include the price of flour and fuel.") +
    headRow("Item 6.", "Exhibits") + say(1, "See the exhibit index following the signatures.");
  const r = read(html, "10-Q");
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4",
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_6",
  ]);
  assert.match(r.text("financial_statements")!, /^PART I\. FINANCIAL INFORMATION \| Item 1\./);
  assert.doesNotMatch(r.text("financial_statements")!, /Sales grew/);
  assert.match(r.text("risk_factors")!, /^Item 1A\. \| Risk Factors\nOur risks include/);
});

Deno.test("a cross-reference index that numbers items without the word Item ('1A. | Risk Factors') maps them", () => {
  const f = (n: string) => `<div>${n}</div>`;
  const html = p("FORM 10-K") +
    p("Annual report pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934.") +
    f("1") + p("FORM 10-K CROSS-REFERENCE INDEX") + "<table>" +
    row("Item Number", "", "Page") + row("PART I", "", "") + row("1.", "Business", "1-2") +
    row("1A.", "Risk Factors", "3") + row("2.", "Properties", "2") + row("PART II", "", "") +
    row("7.", "Management’s Discussion and Analysis of Financial Condition", "4-5") +
    "</table>" + f("2") + p("SIGNATURES") +
    p("The registrant has duly caused this report to be signed on its behalf.") + f("3") +
    p("2023 ANNUAL REPORT TO SHAREHOLDERS") + p("Our Company") +
    say(4, "Granite Bank serves consumers and businesses in fourteen states.") + f("1") +
    p("Properties") + say(2, "We own our headquarters building in Hartford.") + f("2") +
    p("What Could Affect Our Results") +
    say(4, "Credit losses may rise if unemployment increases.") + f("3") +
    p("Financial Review") + say(4, "Net interest income rose on higher loan balances.") + f("4") +
    say(3, "Deposits grew in every region we serve.") + f("5");
  const r = read(html, "10-K");
  assert.deepEqual(
    ["business", "risk_factors", "mda"].map((k) => r.sections.get(k as SectionKey)?.method),
    ["index", "index", "index"],
  );
  // pages 1-2 of the annual report (the page numbering starts again after the wrapper)
  assert.match(r.text("business")!, /Our Company\nGranite Bank serves/);
  assert.doesNotMatch(r.text("business")!, /unemployment|CROSS-REFERENCE|SIGNATURES/);
  assert.match(r.text("risk_factors")!, /^What Could Affect Our Results\nCredit losses/);
  assert.doesNotMatch(r.text("risk_factors")!, /Net interest income/);
  assert.match(r.text("mda")!, /^Financial Review\nNet interest income[\s\S]*Deposits grew/);
});

Deno.test("a cross-reference row naming two page ranges ('3, 5') returns one and says the other is not in it", () => {
  const f = (n: string) => `<div>${n}</div>`;
  const html = (pages: string) =>
    p("FORM 10-K") +
    p("Annual report pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934.") +
    f("1") + p("FORM 10-K CROSS-REFERENCE INDEX") + "<table>" +
    row("Item Number", "", "Page") + row("PART I", "", "") + row("1.", "Business", "1-2") +
    row("1A.", "Risk Factors", pages) + row("PART II", "", "") +
    row("7.", "Management’s Discussion and Analysis of Financial Condition", "4") +
    "</table>" + f("2") + p("SIGNATURES") +
    p("The registrant has duly caused this report to be signed on its behalf.") + f("3") +
    p("2023 ANNUAL REPORT TO SHAREHOLDERS") + p("Our Company") +
    say(4, "Granite Bank serves consumers and businesses in fourteen states.") + f("1") +
    p("Properties") + say(2, "We own our headquarters building in Hartford.") + f("2") +
    p("What Could Affect Our Results") +
    say(4, "Credit losses may rise if unemployment increases.") + f("3") +
    p("Financial Review") + say(4, "Net interest income rose on higher loan balances.") + f("4") +
    p("More Risks") + say(3, "Cyber attacks could disrupt our branches.") + f("5");
  const r = read(html("3, 5"), "10-K");
  assert.equal(r.sections.get("risk_factors")?.method, "index");
  assert.match(r.text("risk_factors")!, /^What Could Affect Our Results\nCredit losses/);
  assert.doesNotMatch(r.text("risk_factors")!, /Cyber attacks/);
  const said = r.warnings.filter((w) =>
    /^risk_factors: .*maps Item 1A to pages 3, 5, 2 separate/.test(w)
  );
  assert.equal(said.length, 1, r.warnings.join("\n"));
  // one range: nothing to say
  assert.ok(!read(html("3"), "10-K").warnings.some((w) => /separate places/.test(w)));
});

Deno.test("a heading row with the word Item in a cell of its own ('ITEM | 1A. | RISK FACTORS') is the item", () => {
  const r = read(
    tenK((n, t) => `<table>${row("ITEM", `${n}.`, t.toUpperCase())}</table>`),
    "10-K",
  );
  assert.equal(r.sections.get("risk_factors")?.found_as, "part_i_item_1a");
  assert.match(r.text("risk_factors")!, /^ITEM \| 1A\. \| RISK FACTORS\nA shortage of wheat flour/);
  assert.doesNotMatch(r.text("risk_factors")!, /UNRESOLVED|Dayton/);
  assert.match(r.text("mda")!, /croissants/);
  assert.doesNotMatch(r.text("mda")!, /Commodity contracts/);
  assert.match(r.text("financial_statements")!, /founded in 1950/);
});

Deno.test("a 10-Q/A carrying Part II's Item 1A without its PART heading reads it as Part II's", () => {
  const html = p("EXPLANATORY NOTE") +
    say(
      1,
      "This Amendment No. 1 amends our Quarterly Report to restate the risk factors in full.",
    ) +
    p("Item 1A. Risk Factors") +
    say(3, "Our results depend on highway spending and diesel prices.") +
    p("Item 6. Exhibits") + say(1, "The exhibits are listed in the exhibit index.");
  const r = read(html, "10-Q/A");
  assert.deepEqual(r.items.map((i) => i.id), ["part_ii_item_1a", "part_ii_item_6"]);
  const risk = r.sections.get("risk_factors")!;
  assert.equal(risk.found_as, "part_ii_item_1a");
  assert.equal(risk.method, "heading");
  assert.doesNotMatch(r.text("risk_factors")!, /exhibit index/);
});

Deno.test("a 10-Q's 'Item 4T. Controls and Procedures' ends the MD&A", () => {
  const html = p("PART I — FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    say(3, "Revenue was $5 million in the quarter.") +
    p("Item 2. Management’s Discussion and Analysis") + say(3, "Sales grew in the quarter.") +
    p("Item 4T. Controls and Procedures") +
    say(1, "Our disclosure controls are effective as of the quarter end.") +
    p("PART II — OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    say(1, "We are not party to litigation of note.") + p("Item 1A. Risk Factors") +
    say(2, "Our risks include the price of flour.") + p("Item 6. Exhibits") +
    say(1, "See the exhibit index.");
  const r = read(html, "10-Q");
  assert.deepEqual(r.items.map((i) => i.id), [
    "part_i_item_1",
    "part_i_item_2",
    "part_i_item_4t",
    "part_ii_item_1",
    "part_ii_item_1a",
    "part_ii_item_6",
  ]);
  assert.doesNotMatch(r.text("mda")!, /disclosure controls/);
});

Deno.test("a heading broken after the word Item ('ITEM<br>1A.<br>RISK FACTORS') is the item", () => {
  const r = read(
    tenK((n, t) => `<p><b>ITEM</b><br/><b>${n}.</b><br/>${t.toUpperCase()}</p>`),
    "10-K",
  );
  assert.equal(r.sections.get("risk_factors")?.found_as, "part_i_item_1a");
  assert.equal(r.sections.get("risk_factors")?.method, "heading");
  assert.match(r.text("risk_factors")!, /^ITEM\n1A\.\nRISK FACTORS\nA shortage of wheat flour/);
  assert.doesNotMatch(r.text("risk_factors")!, /UNRESOLVED|Dayton/);
  assert.doesNotMatch(r.text("business")!, /wheat flour|ITEM\n1A/);
  assert.doesNotMatch(r.text("mda")!, /Commodity contracts/);
});

Deno.test("an MD&A that opens with a long index of its own captions is the MD&A, not a contents list", () => {
  const index = `<table>${row("INDEX", "Page No.")}${
    Array.from({ length: 60 }, (_, i) => row(`Caption ${i + 1} of the discussion`, String(50 + i)))
      .join("")
  }</table>`;
  const prose = Array.from({ length: 30 }, (_, i) =>
    p(
      `Net revenues rose in segment ${i} on higher client activity and stronger investment banking fees than in the prior year, as the discussion below explains for each business.`,
    )).join("");
  const html = p("PART I") + p("Item 1. Business") +
    say(3, "Goldfield Bank provides investment banking and asset management.") +
    p("Item 1A. Risk Factors") + say(3, "Market volatility may reduce our revenues.") +
    p("PART II") +
    p("Item 7. Management’s Discussion and Analysis of Financial Condition and Results of Operations") +
    index + prose +
    p("Item 7A. Quantitative and Qualitative Disclosures About Market Risk") +
    say(2, "See Risk Management in Part II, Item 7 of this report.") +
    p("Item 8. Financial Statements and Supplementary Data") +
    say(2, "The consolidated balance sheets show total assets of $912 million.");
  const r = read(html, "10-K");
  assert.equal(r.sections.get("mda")?.found_as, "part_ii_item_7");
  assert.match(r.text("mda")!, /^Item 7\. Management’s[\s\S]*INDEX \| Page No\.[\s\S]*segment 29/);
  assert.doesNotMatch(r.text("mda")!, /Risk Management in Part II/);
  assert.deepEqual(r.warnings, []);
});

Deno.test("a lone numbered line with an item's title ('1. Business', a note) is not taken for an item", () => {
  // a 10-K/A that carries only the restated statements, without any item heading
  const html = p("CONSOLIDATED BALANCE SHEETS") +
    `<table>${row("Total assets", "$ 912,400", "$ 877,050")}${
      row("Total equity", "401,200", "380,100")
    }</table>` +
    p("Notes to Consolidated Financial Statements") + p("1. Business") +
    say(2, "Crestline was incorporated in Ohio in 1950 and operates four bakeries.") +
    p("2. Summary of Significant Accounting Policies") +
    say(2, "The statements are prepared under generally accepted accounting principles.");
  const r = read(html, "10-K/A");
  assert.deepEqual(r.items.map((i) => i.id), []);
  assert.equal(r.sections.get("business"), undefined);
});

for (
  const head of [
    "Items 10 through 14. Directors, Executive Officers and Corporate Governance",
    "Items 10-14. Directors, Executive Officers and Corporate Governance",
    "Items 10, 11, 12, 13 and 14. Directors, Executive Officers and Corporate Governance",
  ]
) {
  Deno.test(`a heading "${head.slice(0, 27)}…" names every item of Part III`, () => {
    const html = p("PART I") + p("Item 1. Business") + say(2, "We make bread for grocers.") +
      p("Item 1A. Risk Factors") + say(2, "Flour may cost more next year.") + p("PART III") +
      p(head) +
      say(2, "The information required by these items is incorporated by reference to our proxy.") +
      p("PART IV") + p("Item 15. Exhibits and Financial Statement Schedules") +
      say(1, "See the exhibit index that follows.");
    const r = read(html, "10-K");
    assert.deepEqual(r.items.map((i) => i.id), [
      "part_i_item_1",
      "part_i_item_1a",
      "part_iii_item_10",
      "part_iii_item_11",
      "part_iii_item_12",
      "part_iii_item_13",
      "part_iii_item_14",
      "part_iv_item_15",
    ]);
    const twelve = r.items.find((i) => i.id === "part_iii_item_12")!;
    assert.equal(twelve.title, "Directors, Executive Officers and Corporate Governance");
    assert.match(r.doc.text.slice(twelve.start, twelve.end), /incorporated by reference/);
  });
}
