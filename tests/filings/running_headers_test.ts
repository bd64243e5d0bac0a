/**
 * Running headers: NVIDIA's 10-K repeats "NVIDIA Corporation and Subsidiaries / Notes to the
 * Consolidated Financial Statements / (Continued)" at the top of every page of its notes, and
 * filings.read gave the financial statements with 25 copies of it inside sentences cut by a page.
 */
import assert from "node:assert/strict";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";

const doc = (lines: string[]) => ({
  text: lines.join("\n") + "\n",
  anchors: new Map<string, number>(),
  links: [],
});

const HEADER = ["Granite Co. and Subsidiaries", "Notes to the Financial Statements", "(Continued)"];

Deno.test("cleanDocument: a header opening three or more pages goes, after its first showing", () => {
  const pages = [
    "Granite Co. and Subsidiaries",
    "Notes to the Financial Statements",
    "Note 1 - Organization",
    "We make widgets and",
    "54",
    "Table of Contents",
    ...HEADER,
    "sell them everywhere.",
    "55",
    ...HEADER,
    "Note 2 - Revenue",
    "56",
    ...HEADER,
    "Note 3 - Leases",
    "57",
    ...HEADER,
    "Note 4 - Debt",
  ];
  const text = cleanDocument(doc(pages)).text;
  // the notes' own heading stays; a header that says it continues goes everywhere
  assert.equal(text.split("Notes to the Financial Statements").length - 1, 1);
  assert.equal(text.split("(Continued)").length - 1, 0);
  assert.match(text, /We make widgets and\nsell them everywhere\./);
  assert.match(text, /Note 4 - Debt\n$/);
});

Deno.test("cleanDocument: items, units and headers of fewer than three pages stay", () => {
  const pages = [
    "Item 7. Management's Discussion",
    "text one",
    "21",
    "Item 7. Management's Discussion",
    "text two",
    "22",
    "Item 7. Management's Discussion",
    "text three",
    "23",
    "Item 7. Management's Discussion",
    "(In millions, except per share data)",
    "24",
    "(In millions, except per share data)",
    "25",
    "(In millions, except per share data)",
    "26",
    "(In millions, except per share data)",
    "27",
    "Only Twice",
    "28",
    "Only Twice",
  ];
  const text = cleanDocument(doc(pages)).text;
  assert.equal(text.split("Item 7.").length - 1, 4);
  assert.equal(text.split("(In millions").length - 1, 4);
  assert.equal(text.split("Only Twice").length - 1, 2);
});
