/**
 * What the text under a heading reads as, for analysis/filings/sections.ts and xref.ts: a
 * sentence, an index of F-pages, rows of figures, a table, or a contents row; and whether an item
 * line is a sentence about the item or a heading run in with its text.
 */

/** A table row that ends with a page number or range: a contents or cross-reference row. */
export const PAGE_CELL =
  /\|\s*(?:pages?\s*)?(?:[a-z]-)?\d{1,3}(?:\s*(?:[-–—,]|and|through|to)\s*(?:[a-z]-)?\d{1,3})*\s*$/i;

export const BARE_ANSWER = /^(none|not applicable|n\/a|omitted|\[?reserved\]?|not required)\.?$/i;

/** Does this stretch of text hold a sentence (not just titles and page numbers)? */
export function hasSentence(body: string): boolean {
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line || PAGE_CELL.test(line)) continue;
    if (BARE_ANSWER.test(line)) return true;
    const words = line.split(/\s+/).length;
    if (words >= 20) return true;
    if (words >= 3 && /[.!?;:)”"]$/.test(line)) return true;
  }
  return false;
}

/** A row of an index of the financial statements: "Consolidated Balance Sheets | F-3". */
const F_PAGE_ROW = /\|\s*(?:pages?\s*)?F-\d{1,3}(?:\s*(?:[-–—]|through|to)\s*F-\d{1,3})?\s*$/i;

/**
 * Does this stretch hold only an index of the financial statements by F-page (an Item 8 or 18
 * that points at statements printed after the signatures)?
 */
export function isFPageIndex(body: string): boolean {
  const ls = body.split("\n").map((l) => l.trim()).filter(Boolean);
  const rows = ls.filter((l) => F_PAGE_ROW.test(l)).length;
  return rows >= 2 && rows >= ls.length / 2 && !hasSentence(body);
}

/** Rows of amounts ("Net sales | $ 1,234 | $ 1,100"): statements, never a contents list. */
export function hasFigures(body: string): boolean {
  let rows = 0;
  for (const line of body.split("\n")) {
    if (/\|\s*\$?\s*\(?\d{1,3}(,\d{3})+(\.\d+)?\)?/.test(line) && ++rows >= 2) return true;
  }
  return false;
}

/**
 * A sentence that opens with an item's name, not its heading: "Item 7 of this report describes
 * our liquidity…", "Item 1A of our 2024 Form 10-K lists…", "Item 2, “Properties,” lists the
 * plants…". The number runs on into a lower-case word, or into a comma and a whole sentence, or
 * the item's title runs on into one ("Item 1A. Risk Factors in our Annual Report on Form 10-K
 * describes the risks…", "Item 8. Financial Statements…, which follows, includes…").
 */
export function readsAsSentence(text: string, m: RegExpExecArray): boolean {
  const rest = m[4];
  const lead = text.slice(0, text.length - rest.length);
  if (/^[a-z]/.test(rest) && !/[.:\-–—]\s*$/.test(lead)) return true;
  if (/^,/.test(rest) && /[.!?]["”’)]?$/.test(rest) && rest.split(/\s+/).length >= 6) return true;
  return titleRunsOn(rest);
}

/**
 * A run-in heading: the title, a break, then the item's text on the same line ("Legal
 * Proceedings. None is pending.", "Risk Factors. There have been no material changes…",
 * "Defaults Upon Senior Securities — see Note 9, which is incorporated…").
 */
export function runIn(title: string): boolean {
  if (title.length > 600) return false;
  const brk = /[.:]\s+(?=[A-Z"“(])|\s[-–—]\s/.exec(title);
  if (!brk) return false;
  const tail = title.slice(brk.index + brk[0].length).trim();
  return tail.split(/\s+/).length >= 4 && /[.!?]["”’)]?$/.test(tail);
}

/** A verb of a sentence about a report's part ("describes", "is included", "follows"). */
const SENTENCE_VERB =
  /\b(?:is|are|was|were|has|have|describes?|includes?|contains?|discusses|presents|provides|sets forth|appears?|follows|begins|should|would|could|may|can|will|shows|lists|explains|summarizes|addresses|identifies)\b/;

/**
 * Does a heading's title run on, with no break, into a sentence that ends the line? A run-in
 * heading breaks first ("Risk Factors. There have been…", "Legal Proceedings — see Note 12"),
 * and a title has no verb ("Management’s discussion and analysis of financial condition…").
 */
function titleRunsOn(rest: string): boolean {
  if (rest.length > 300 || !/[.!?]["”’)]?$/.test(rest)) return false;
  const brk = /[:;|]\s|\s[-–—]\s|[.!?]["”’)]?\s+(?=[A-Z"“(\[])/.exec(rest);
  const head = brk ? rest.slice(0, brk.index) : rest;
  return head.split(/\s+/).length >= 8 && SENTENCE_VERB.test(head);
}

/**
 * Rows of a table that are not contents rows (no page-number cell): an item answered by a table
 * alone ("Item 2. Properties" over a list of plants and offices), never a contents list.
 */
export function hasTable(body: string): boolean {
  let rows = 0;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line.includes("|")) continue;
    if (PAGE_CELL.test(line)) return false;
    if (line.split("|").filter((c) => c.trim()).length >= 2 && ++rows >= 2) return true;
  }
  return false;
}

/**
 * An exhibit number at the start of a line, as exhibit lists write them: "1.1", "4.2*", "10.3+",
 * "101.INS", "4(a)", "Exhibit 12.1", "Exhibit No. 99". Then the description on the same line or
 * the next, opening with a capital ("1.1 Articles of Association"), never a lower-case word
 * ("1.1 million shares were…").
 */
const EXHIBIT_NUMBER =
  /^(?:exhibit\s+(?:no\.?\s*|number\s+)?\d{1,3}(?:\.\d{1,3}[a-z]?){0,2}|\d{1,3}(?:\.\d{1,3}[a-z]?){1,2}|\d{1,3}\.(?:ins|sch|cal|def|lab|pre)|\d{1,3}\([a-z0-9]{1,3}\))[*+†‡#]{0,3}(?:\s*\|)?(?:\s+|$)/i;

/**
 * Does the text under an exhibits heading open with numbered exhibit lines ("1.1 Articles of
 * Association", "31.1 Certification of the Chief Executive Officer")? A 20-F's Item 19, a 10-K's
 * Item 15, a 10-Q's Item 6 can be a list of them alone, without a sentence: a real heading. A
 * contents row "Item 19. Exhibits" is followed by the next row or the contents' end, not by an
 * exhibit list. Only its first lines count (a lead such as "Exhibit No. | Description" aside).
 */
export function opensWithExhibitLines(body: string): boolean {
  const ls = body.split("\n").map((l) => l.trim()).filter((l) => l && !/^\|?\s*$/.test(l));
  for (let i = 0; i < Math.min(ls.length, 4); i++) {
    const line = ls[i];
    if (line.length > 250) return false;
    const m = EXHIBIT_NUMBER.exec(line);
    if (!m) continue;
    const rest = line.slice(m[0].length).replace(/^[|\s]+/, "");
    // "1.1" on a line of its own: its description is the next line
    const description = rest || ls[i + 1] || "";
    if (/^[A-Z(“"]/.test(description) && !EXHIBIT_NUMBER.test(description)) return true;
  }
  return false;
}
