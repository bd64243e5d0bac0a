/**
 * filings: section extraction of a ~1.5 MB 10-K and one full XBRL statement, each against the
 * bare DOM parse of the same file(s) with linkedom. Skipped when ../shared is absent.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { htmlToText } from "../analysis/filings/html.ts";
import { cleanDocument } from "../analysis/filings/section_clean.ts";
import { findItems } from "../analysis/filings/sections.ts";
import { locateSections } from "../analysis/filings/canonical.ts";
import {
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "../providers/filings_a/xbrl.ts";
import { buildStatement } from "../analysis/filings/statement.ts";
import { chooseRole } from "../analysis/filings/statement_roles.ts";

const SEC = fileURLToPath(new URL("../../shared/fixtures/sec/", import.meta.url));
const ignore = !existsSync(SEC);
if (ignore) console.log("skipped filings benches: ../shared/fixtures is absent (fresh clone)");
const read = (p: string) => ignore ? "" : Deno.readTextFileSync(SEC + p);

const TENK = read("AAPL/10-K/0000320193-24-000123/aapl-20240928.htm");
const NV = "NVDA/10-K/0001045810-24-000029/nvda-20240128";
const XBRL = {
  instance: read(`${NV}_htm.xml`),
  xsd: read(`${NV}.xsd`),
  pre: read(`${NV}_pre.xml`),
  cal: read(`${NV}_cal.xml`),
  lab: read(`${NV}_lab.xml`),
};
const { parseHTML, DOMParser } = ignore ? ({} as never) : await import("linkedom");

Deno.bench({
  name: "10-K 1.5 MB: bare linkedom HTML parse",
  group: "sections",
  baseline: true,
  ignore,
  fn: () => {
    parseHTML(TENK);
  },
});

Deno.bench({
  name: "10-K 1.5 MB: bare tokenizer pass (htmlToText only)",
  group: "sections",
  ignore,
  fn: () => {
    htmlToText(TENK);
  },
});

Deno.bench({
  name: "10-K 1.5 MB: text + all five sections",
  group: "sections",
  ignore,
  fn: () => {
    locateSections(cleanDocument(htmlToText(TENK)), "10-K");
  },
});

// The same document without its contents links: every item comes from the heading path.
const TENK_NO_LINKS = TENK.replace(/href="#[^"]*"/g, "");

Deno.bench({
  name: "10-K 1.5 MB without contents links: text + all five sections",
  group: "sections",
  ignore,
  fn: () => {
    locateSections(cleanDocument(htmlToText(TENK_NO_LINKS)), "10-K");
  },
});

// The same text laid out as an annual-report 10-K: no item headings, only a cross-reference
// index at the end, so sections come from the index (page footers and captions).
const TENK_INDEXED = TENK_NO_LINKS.replace(/>Item (\d)/g, ">Section $1").replace(
  "</body>",
  "<div>Form 10-K Cross-Reference Index</div><table>" +
    [["1", "Business", "1-12"], ["1A", "Risk Factors", "13-30"], ["2", "Properties", "20"], [
      "7",
      "Management's Discussion and Analysis",
      "31-40",
    ], ["8", "Financial Statements and Supplementary Data", "41-70"]]
      .map((r) => `<tr><td>Item ${r[0]}.</td><td>${r[1]}</td><td>${r[2]}</td></tr>`).join("") +
    "</table></body>",
);

Deno.bench({
  name: "10-K 1.5 MB as an annual report (cross-reference index only): text + sections",
  group: "sections",
  ignore,
  fn: () => {
    locateSections(cleanDocument(htmlToText(TENK_INDEXED)), "10-K");
  },
});

Deno.bench({
  name: "XBRL: bare linkedom XML parse of instance + linkbases",
  group: "statement",
  baseline: true,
  ignore,
  fn: () => {
    const p = new DOMParser();
    for (const x of [XBRL.instance, XBRL.pre, XBRL.cal, XBRL.lab]) p.parseFromString(x, "text/xml");
  },
});

Deno.bench({
  name: "XBRL: full income statement (parse + build)",
  group: "statement",
  ignore,
  fn: () => {
    const schema = parseSchema(XBRL.xsd);
    const role = chooseRole("income", schema.roles)!;
    buildStatement({
      role: role.uri,
      presentation: parseLinkbase(XBRL.pre, "presentationLink"),
      calculation: parseLinkbase(XBRL.cal, "calculationLink"),
      labels: parseLabels(XBRL.lab),
      instance: parseInstance(XBRL.instance),
      balances: schema.balances,
    });
  },
});

// PART lines and item headings by the thousand (made up, so it runs without ../shared): the time
// should double from 8,000 to 16,000 headings; a search of every PART line per heading made twice
// the lines take five times as long (layouts of stop 34). Compare the two in the group summary.
function manyParts(n: number) {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push("PART I");
    lines.push(i % 2 ? "Item 1. Financial Statements" : "Item 2. Management’s Discussion");
    lines.push("Revenue rose in the quarter on strong demand for our products and services.");
  }
  return cleanDocument({ text: lines.join("\n") + "\n", anchors: new Map(), links: [] });
}
const PARTS_8K = manyParts(8000);
const PARTS_16K = manyParts(16000);

Deno.bench({
  name: "locateSections, 8,000 PART lines and headings",
  group: "many PART lines (linear: about 2x)",
  baseline: true,
  fn: () => void locateSections(PARTS_8K, "10-Q"),
});

Deno.bench({
  name: "locateSections, 16,000 PART lines and headings",
  group: "many PART lines (linear: about 2x)",
  fn: () => void locateSections(PARTS_16K, "10-Q"),
});

// contents links merged with headings: 12,000 and 24,000 links to the same four items' headings
// (made up); linear is about 2x between the two (the old merge compared every heading with every
// link: 10 s for 24,000)
function manyLinks(n: number) {
  const item = (i: number) => ["1", "1A", "7", "8"][i % 4];
  const rows = Array.from(
    { length: n },
    (_, i) => `<tr><td><a href="#h${i % 4}">Item ${item(i)}.</a></td></tr>`,
  ).join("");
  const heads = Array.from(
    { length: n },
    (_, i) =>
      `<p${i < 4 ? ` id="h${i}"` : ""}>Item ${item(i)}. Section ${i}</p>` +
      `<p>This is the text of heading number ${i} of the report.</p>`,
  ).join("");
  return cleanDocument(htmlToText(`<table>${rows}</table>${heads}`));
}
const LINKS_12K = manyLinks(12_000);
const LINKS_24K = manyLinks(24_000);

Deno.bench({
  name: "findItems, 12,000 contents links",
  group: "many contents links (linear: about 2x)",
  baseline: true,
  fn: () => void findItems(LINKS_12K, "10-K"),
});

Deno.bench({
  name: "findItems, 24,000 contents links",
  group: "many contents links (linear: about 2x)",
  fn: () => void findItems(LINKS_24K, "10-K"),
});
