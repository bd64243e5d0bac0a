/**
 * The section corpus: for every layout fixture, each section's first words and approximate
 * length, and that no section returned is a table of contents. What the reader cannot do yet is
 * listed in KNOWN_BAD with the reason, and checked to still fail (so a fix updates the list).
 * The real filings in ../shared are checked for tables of contents too (skipped when absent).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const LAYOUTS = { replay: [join(FIXTURES, "filings", "layouts")] };
const A = "https://www.sec.gov/Archives/edgar/data";
const index = (cik: number, acc: string) =>
  `${A}/${cik}/${acc.replaceAll("-", "")}/${acc}-index.html`;

type Key = "business" | "risk_factors" | "mda" | "financial_statements" | "segments";
/** Expected opening words and size (characters, ±30%). */
type Expect = Partial<Record<Key, [string, number]>>;

const CORPUS: { name: string; url: string; follow?: boolean; sections: Expect }[] = [
  {
    name: "10-Q with Part II items (Brightwater)",
    url: index(2000001, "0002000001-23-000045"),
    sections: {
      risk_factors: ["Item 1A. Risk Factors\nExcept as set out below", 1140],
      mda: ["Item 2. Management’s Discussion and Analysis", 2360],
      financial_statements: ["Item 1. Financial Statements (Unaudited)\nBRIGHTWATER FOODS", 2500],
      segments: ["Note 7 – Segment Information", 860],
    },
  },
  {
    name: "10-Q whose Part I has no Item 1 heading (Lakeshore)",
    url: index(2000006, "0002000006-24-000031"),
    sections: {
      risk_factors: ["Item 1A. Risk Factors\nThere have been no material changes", 140],
      mda: ["Item 2. Management’s Discussion and Analysis", 1630],
    },
  },
  {
    name: "10-K with items incorporated by reference to EX-13 (Old Mill), followed",
    url: index(2000002, "0002000002-24-000012"),
    follow: true,
    sections: {
      business: ["Item 1. Business\nGeneral\nOld Mill Bancorp, Inc. is the holding company", 2300],
      risk_factors: ["Item 1A. Risk Factors\nAn investment in our common stock", 1420],
      mda: ["Management’s Discussion and Analysis of Financial Condition and Results", 4430],
      financial_statements: ["Management’s Report on Internal Control over Financial", 3260],
      segments: ["Note 3 – Segment Information\nThe Company has one reportable segment", 155],
    },
  },
  {
    name: "20-F (Nordvik)",
    url: index(2000003, "0002000003-24-000007"),
    sections: {
      business: ["Item 4. Information on the Company\nA. History and Development", 2040],
      risk_factors: ["D. Risk Factors\nOur business is exposed", 2060],
      mda: ["Item 5. Operating and Financial Review and Prospects", 2400],
      financial_statements: ["Report of Independent Registered Public Accounting Firm", 1650],
      segments: ["Note 4 – Segment Information", 115],
    },
  },
  {
    name: "40-F with EX-99 exhibits (Maple Ridge), followed",
    url: index(2000004, "0002000004-24-000003"),
    follow: true,
    sections: {
      business: ["GENERAL DEVELOPMENT OF THE BUSINESS\nOver the last three years", 1840],
      risk_factors: ["RISK FACTORS\nThe Company’s revenue depends on the price of gold", 1560],
      mda: ["MAPLE RIDGE MINING LTD.\nMANAGEMENT’S DISCUSSION AND ANALYSIS", 1860],
      financial_statements: ["MAPLE RIDGE MINING LTD.\nCONSOLIDATED FINANCIAL STATEMENTS", 1150],
      segments: ["17. Segment information\nThe Company has two operating segments", 152],
    },
  },
  {
    name: "annual-report 10-K with a Form 10-K cross-reference index (Granite Continental)",
    url: index(2000005, "0002000005-24-000021"),
    sections: {
      business: ["Business overview\nGranite Continental Financial Corporation", 2500],
      mda: ["Management’s discussion and analysis\nExecutive overview", 5040],
      financial_statements: ["Management’s report on internal control", 2460],
      segments: ["Note 22 – Business segments", 740],
    },
  },
  {
    name: "20-F annual report with a Form 20-F cross-reference guide (Alpenglow)",
    url: index(2000008, "0002000008-24-000011"),
    sections: {
      business: ["Our business\nAlpenglow Insurance Group AG, headquartered in Zurich", 3850],
      risk_factors: ["Risk factors\nOur results depend on the frequency and severity", 1890],
      mda: ["Operating and financial review\nGroup results", 4130],
      financial_statements: ["Consolidated financial statements\nReport of Independent", 2180],
      segments: ["Note 2 – Information on business segments", 700],
    },
  },
  {
    name: "bank 10-Q with a Form 10-Q cross-reference index (Granite Continental)",
    url: index(2000005, "0002000005-24-000044"),
    sections: {
      risk_factors: ["Risk factors\nThere have been no material changes", 190],
      mda: ["Management’s discussion and analysis\nOverview", 3750],
      financial_statements: ["Consolidated financial statements\nConsolidated statements", 1890],
      segments: ["Note 10 – Business segments", 580],
    },
  },
  {
    name: "plain-text SGML submission, 1999 10-K405 (Old Mill)",
    url: index(2000002, "0000950109-99-001234"),
    follow: true,
    sections: {
      business: ["ITEM 1. BUSINESS\nOld Mill Bancorp, Inc. is the holding company", 2180],
      mda: [
        "ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS\nNet income for 1998",
        1470,
      ],
      // incorporated from the EX-13 inside the same .txt submission
      financial_statements: ["REPORT OF INDEPENDENT AUDITORS\nTo the Board of Directors", 1070],
    },
  },
];

/** Sections the reader does not return today, and why. Each is checked to be unavailable. */
const KNOWN_BAD: { fixture: string; section: Key; reason: string }[] = [
  {
    fixture: "10-Q whose Part I has no Item 1 heading (Lakeshore)",
    section: "financial_statements",
    reason:
      "the statements stand under PART I with no Item 1 heading; no title pattern is trusted in a 10-Q, so the section is missing rather than guessed (Part II Item 1 is Legal Proceedings)",
  },
  {
    fixture: "plain-text SGML submission, 1999 10-K405 (Old Mill)",
    section: "risk_factors",
    reason: "10-Ks before 2005 have no Item 1A; the section is missing, not guessed",
  },
  {
    fixture: "annual-report 10-K with a Form 10-K cross-reference index (Granite Continental)",
    section: "risk_factors",
    reason:
      "the index maps Item 1A to pages 55–62, which the document does not print (a warning says so)",
  },
];

/**
 * A table of contents: most non-empty lines are item/part headings or rows ending in a page
 * number, and almost none is prose. Written independently of the reader's own test.
 */
function isTableOfContents(text: string): boolean {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 80);
  if (lines.length < 5) return false;
  const contents =
    lines.filter((l) =>
      /^(part\s+[ivx]+|items?\s+\d{1,2}[a-z]?)\b/i.test(l) || /(\||\s)\d{1,3}$/.test(l)
    ).length;
  const prose = lines.filter((l) => l.split(/\s+/).length >= 8 && /[.;:]$/.test(l)).length;
  return contents / lines.length > 0.5 && prose / lines.length < 0.15;
}

Deno.test("corpus: the table-of-contents detector itself", () => {
  const toc =
    "Item 1. | Business | 3\nItem 1A. | Risk Factors | 9\nItem 1B. | Unresolved Staff Comments | 20\nItem 2. | Properties | 21\nItem 3. | Legal Proceedings | 21\nPART II\nItem 5. | Market | 22";
  assert.equal(isTableOfContents(toc), true);
  const real =
    "Item 7. Management’s Discussion\nNet sales rose 8% on higher volumes across all regions, as discussed below.\nGross margin improved by 120 basis points because freight costs eased in the year.\nOperating expenses grew more slowly than sales, reflecting lower marketing spending.\nLiquidity remained strong and we repaid the term loan in full during the fourth quarter.\nCapital spending was $120 million, mostly for the new distribution center in Ohio.";
  assert.equal(isTableOfContents(real), false);
});

for (const fx of CORPUS) {
  Deno.test(`corpus: ${fx.name}`, async () => {
    const listing = dataOf<Any>(await envelope("filings.sections", { url: fx.url }, LAYOUTS));
    for (const s of listing.supported_sections) {
      const want = fx.sections[s.key as Key];
      const bad = KNOWN_BAD.find((b) => b.fixture === fx.name && b.section === s.key);
      if (!want) {
        // Not expected here: either a section the form lacks (a 10-Q has no business) or known bad.
        assert.equal(s.available, false, `${s.key} is available but the corpus expects none`);
        if (bad) {
          const env = await envelope("filings.read", { url: fx.url, section: s.key }, LAYOUTS);
          assert.equal(env.ok, false, `${s.key} of ${fx.name} now reads: update KNOWN_BAD`);
        }
        continue;
      }
      assert.equal(bad, undefined, `${s.key} is both expected and known bad`);
      const env = await envelope(
        "filings.read",
        { url: fx.url, section: s.key, max_chars: 0, follow: fx.follow ?? false },
        LAYOUTS,
      );
      const d = dataOf<Any>(env);
      const [opening, size] = want;
      assert.ok(
        d.text.startsWith(opening),
        `${s.key} starts ${JSON.stringify(d.text.slice(0, 80))}`,
      );
      assert.ok(
        Math.abs(d.char_count - size) <= size * 0.3,
        `${s.key} is ${d.char_count} characters, expected about ${size}`,
      );
      assert.equal(isTableOfContents(d.text), false, `${s.key} is a table of contents`);
    }
  });
}

const REAL: [string, string, string][] = [
  ["AAPL", "0000320193-24-000123", "10-K"],
  ["NVDA", "0001045810-24-000029", "10-K"],
  ["AAPL", "0000320193-25-000057", "10-Q"],
];

Deno.test({
  name: "corpus: real filings in ../shared return no table of contents as a section",
  ignore: !SHARED,
  fn: async () => {
    if (!sharedOrSkip("real-filing corpus")) return;
    const opts = { replay: [join(SHARED!, "cassettes", "sec")] };
    for (const [symbol, accession] of REAL) {
      const d = dataOf<Any>(await envelope("filings.sections", { symbol, accession }, opts));
      for (const s of d.supported_sections.filter((x: Any) => x.available)) {
        const r = dataOf<Any>(
          await envelope(
            "filings.read",
            { symbol, accession, section: s.key, max_chars: 0 },
            opts,
          ),
        );
        assert.equal(isTableOfContents(r.text), false, `${symbol} ${accession} ${s.key}`);
        assert.ok(r.char_count > 100, `${symbol} ${accession} ${s.key}`);
      }
    }
  },
});
