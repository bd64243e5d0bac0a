/**
 * The titles each item of a 10-K, 10-Q and 20-F carries, read by analysis/filings/sections.ts
 * where a heading is written without the word "Item" and by xref.ts for cross-references.
 */

/** How an annual form numbers its parts: 10-K items 1-4 are Part I, 5-9 Part II, ... */
export type Numbering = "10-K" | "10-Q" | "20-F";

/**
 * The titles each item number carries in a form, for headings written without the word "Item"
 * ("1A. Risk Factors", "7. MANAGEMENT'S DISCUSSION AND ANALYSIS…"): a number counts as an item
 * only with its own title, so a numbered list or a note ("1. Organization") is never an item.
 */
const BARE_TITLES: Record<Numbering, Record<string, string>> = {
  "10-K": {
    "1": "business(?: and properties)?",
    "1A": "risk factors",
    "1B": "unresolved staff comments",
    "1C": "cybersecurity",
    "2": "properties",
    "3": "legal proceedings",
    "4": String
      .raw`mine safety disclosures?|submission of matters to a vote\b.*|(?:\(?removed and\)?\s*)?\[?reserved\]?`,
    "4A": String.raw`executive officers\b.*`,
    "5": String.raw`market for\b.*`,
    "6": String.raw`selected (?:consolidated )?financial data|\[?reserved\]?`,
    "7": String.raw`management[’']s discussion and analysis\b.*`,
    "7A": String.raw`quantitative and qualitative disclosures? about market risks?`,
    "8": String
      .raw`(?:consolidated )?financial statements(?: and supplementa(?:ry|l) (?:data|information))?`,
    "9": String.raw`changes in and disagreements\b.*`,
    "9A": String.raw`controls and procedures`,
    "9B": "other information",
    "9C": String.raw`disclosure regarding foreign jurisdictions\b.*`,
    "10": String.raw`directors\b.*`,
    "11": "executive compensation",
    "12": String.raw`security ownership\b.*`,
    "13": String.raw`certain relationships\b.*`,
    "14": String.raw`principal account\w* fees and services`,
    "15": String.raw`exhibits(?:,? (?:and )?financial statement schedules?)?`,
    "16": String.raw`form 10-k summary`,
  },
  "10-Q": {
    "1": String
      .raw`(?:condensed |consolidated |unaudited |interim )*financial statements\b.*|legal proceedings`,
    "1A": "risk factors",
    "2": String
      .raw`management[’']s discussion and analysis\b.*|unregistered sales\b.*|changes in securities\b.*`,
    "3": String
      .raw`quantitative and qualitative disclosures? about market risks?|defaults upon senior securities`,
    "4": String
      .raw`controls and procedures|mine safety disclosures?|submission of matters to a vote\b.*|(?:\(?removed and\)?\s*)?\[?reserved\]?`,
    "5": "other information",
    "6": "exhibits",
  },
  "20-F": {
    "1": String.raw`identity of directors\b.*`,
    "2": String.raw`offer statistics\b.*`,
    "3": "key information",
    "4": "information on the company",
    "4A": "unresolved staff comments",
    "5": String.raw`operating and financial review\b.*`,
    "6": String.raw`directors, senior management\b.*`,
    "7": String.raw`major shareholders\b.*`,
    "8": "financial information",
    "9": "the offer and listing",
    "10": "additional information",
    "11": String.raw`quantitative and qualitative disclosures? about market risks?`,
    "12": String.raw`description of securities other than equity securities`,
    "13": String.raw`defaults, dividend arrearages\b.*`,
    "14": String.raw`material modifications\b.*`,
    "15": "controls and procedures",
    "16": String.raw`\[?reserved\]?`,
    "16A": String.raw`audit committee financial experts?`,
    "16B": "code of ethics",
    "16C": String.raw`principal account\w* fees and services`,
    "16D": String.raw`exemptions from the listing standards\b.*`,
    "16E": String.raw`purchases of equity securities\b.*`,
    "16F": String.raw`change in registrant[’']s certifying accountant`,
    "16G": "corporate governance",
    "16H": String.raw`mine safety disclosures?`,
    "16I": String.raw`disclosure regarding foreign jurisdictions\b.*`,
    "16J": String.raw`insider trading policies`,
    "16K": "cybersecurity",
    "17": "financial statements",
    "18": "financial statements",
    "19": "exhibits",
  },
};
/** The end of a bare heading: "(continued)", an answer ("— None."), a page number. */
const BARE_TAIL = String
  .raw`\s*(?:\(continued\))?\s*(?:(?:[.:\-–—]\s*|\(\s*)(?:none|not applicable|n\/a|omitted|not required\b[^|]{0,120})\.?\)?)?\s*[.:]?\s*(?:\d{1,3})?$`;
const BARE_TITLE_RE = new Map<string, RegExp>();

/** The pattern of item `item`'s title in `numbering` (matching nothing for an item it lacks). */
export function bareTitle(numbering: Numbering, item: string): RegExp {
  const key = `${numbering} ${item}`;
  if (!BARE_TITLE_RE.has(key)) {
    const alt = BARE_TITLES[numbering][item];
    BARE_TITLE_RE.set(key, alt ? new RegExp(`^(?:${alt})${BARE_TAIL}`, "i") : /(?!)/);
  }
  return BARE_TITLE_RE.get(key)!;
}
