/**
 * Text that lives somewhere other than under its item heading: cross-reference items ("the
 * information required by this item is incorporated by reference to pages 40-95 of the Annual
 * Report"), the "Form 10-K Cross-Reference Index" of annual-report 10-Ks, and the part of an
 * exhibit (EX-13, a 40-F's EX-99.x) that an item points to. Offsets are into cleaned text.
 */
import { type CleanDoc, lines, type PageMark, unpiped } from "./section_clean.ts";
import { hasSentence, PAGE_CELL } from "./section_body.ts";
import { isItemTitle, ITEM_LINE, PART_LINE } from "./item_lines.ts";

/** What a cross-reference names. */
export interface Reference {
  /** "Annual Report to Shareholders", "Proxy Statement", ... (as written). */
  document: string | null;
  /** Exhibit number, e.g. "13" or "99.1". */
  exhibit: string | null;
  /** Page ranges as written, e.g. "40-95" or "F-1 through F-38". */
  pages: string | null;
  /** A quoted caption of the referenced document. */
  caption: string | null;
  /** Another item of the same document ("see Item 15"). */
  item: string | null;
}

export const CROSS_REF =
  /incorporated\s+(herein\s+)?by\s+reference|(is|are)\s+(included|set\s+forth|contained|presented|found)\s+(in|under|beginning|on)|see\s+["“]?(item|part|note|pages?)|refer\s+to|appears?\s+(on|under|in)\s+(pages?|the)/i;
/** The verb of a pointer sentence: "see", "reference is made to", "can be found in", "begin on". */
const POINTER_VERB =
  /\b(?:see|refer(?:ence is made)?\s+to|(?:please\s+)?read|(?:can|may)\s+be\s+found|(?:is|are)\s+(?:filed|included|located|discussed|described|presented|provided|contained|set\s+forth)|appears?|begins?|beginning|under\s+the\s+(?:heading|caption))\b/i;
/** What a pointer names: a page, another item, a heading in quotes, a section of the report. */
const POINTER_TARGET =
  /\bpages?\s+(?:[A-Z]-)?\d{1,3}\b|\bitem\s+\d{1,2}[a-j]?\b|["“][A-Z][^"”]{3,140}["”]|\bsection\b|\bindex\s+to\b|\bMD&A\b|management['’]s\s+discussion\s+and\s+analysis/i;

/**
 * Does an item's body only point elsewhere? The usual wordings (`CROSS_REF`), or a short body
 * (a sentence or two, no table of amounts) with a pointer's verb and what it points at: "Our
 * consolidated financial statements begin on page F-1", "See “Risk Factors” beginning on page
 * 80", "Reference is made to the section entitled “…” in the Financial Section of this report."
 */
export function isPointer(body: string): boolean {
  if (body.length < 2500 && CROSS_REF.test(body)) return true;
  const flat = body.replace(/\s+/g, " ").trim();
  if (flat.length > 600 || /\|\s*\$?\s*\(?\d{1,3}(,\d{3})+/.test(body)) return false;
  return POINTER_VERB.test(flat) && POINTER_TARGET.test(flat);
}

/** A report other than this one: "our Annual Report on Form 10-K for 2023" (in a 10-Q, say). */
export const OTHER_REPORT =
  /(?<!\bthis\s+(?:(?:19|20)\d\d\s+)?)\b(?:annual|quarterly|transition)\s+report\s+on\s+form\s+(?:10-[kq]|20-f|40-f)/i;

const PAGE_TOKEN = String.raw`(?:[A-Z]-)?\d{1,3}`;
const PAGE_RANGE = String.raw`${PAGE_TOKEN}(?:\s*(?:-|–|—|through|to)\s*${PAGE_TOKEN})?`;
const PAGES = new RegExp(
  String.raw`pages?\s+(${PAGE_RANGE}(?:\s*(?:,|and|,\s*and)\s*${PAGE_RANGE})*)`,
  "i",
);
const EXTERNAL_DOC =
  /((?:(?:19|20)\d\d\s+)?annual report to (?:share|stock)holders|(?<!this\s)(?:(?:19|20)\d\d\s+)?annual report(?!\s+on\s+form)|(?:definitive\s+)?proxy statement|information statement|annual information form)/i;

/**
 * Reads what a short cross-reference item points at. Exhibits 13 (10-K annual report), 15 (a
 * 20-F's annual report) and 99 (a 40-F's documents) are where an item's text can be.
 */
export function parseReference(body: string): Reference {
  const flat = body.replace(/\s+/g, " ");
  const exhibit = /exhibits?\s+(?:no\.\s*)?((?:13|15|99)(?:\.\d{1,2})?)\b/i.exec(flat)?.[1] ??
    null;
  const pages = PAGES.exec(flat)?.[1] ?? null;
  const caption = /captions?\s+(?:entitled\s+)?["“‘']([^"”’']{3,140})["”’']/i.exec(flat)?.[1] ??
    /["“]([A-Z][^"”]{3,140})["”]/.exec(flat)?.[1] ?? null;
  const item = /\bitem\s+(\d{1,2}[a-j]?)\b/i.exec(flat)?.[1]?.toUpperCase() ?? null;
  const document = EXTERNAL_DOC.exec(flat)?.[1] ?? null;
  // "under the heading “Risk Factors.”": the period is the sentence's, not the caption's
  return {
    document,
    exhibit,
    pages,
    caption: caption?.replace(/[.,;:]+$/, "").trim() ?? null,
    item,
  };
}

/** Does the reference point outside this document (an exhibit, the annual report, a proxy)? */
export function isExternal(ref: Reference): boolean {
  return ref.exhibit !== null || ref.document !== null;
}

/** Page ranges of a reference: "40-95, 100" → [["40","95"],["100","100"]]. */
export function pageRanges(pages: string): [string, string][] {
  const out: [string, string][] = [];
  const re = new RegExp(
    String.raw`(${PAGE_TOKEN})(?:\s*(?:-|–|—|through|to)\s*(${PAGE_TOKEN}))?`,
    "gi",
  );
  for (const m of pages.matchAll(re)) out.push([m[1].toUpperCase(), (m[2] ?? m[1]).toUpperCase()]);
  return out;
}

/** The text of printed pages `from`..`to`, from the page footers `cleanDocument` removed. */
export function pageSpan(
  doc: CleanDoc,
  from: string,
  to: string,
  after = -1,
): { start: number; end: number } | null {
  const marks = doc.pages ?? [];
  const label = (i: number) => marks[i].label;
  // numbering that starts again (a 10-K wrapper's pages 1–3, then the annual report's pages 1
  // on): the pages after `after` (the index that names them) first, and of those the ones
  // after the numbering starts again (the wrapper's own page 3 after its index, its signatures
  // page, is not the annual report's page 3)
  const restart = after >= 0 ? restartAfter(marks, after) : -1;
  const floors = after < 0 ? [-1] : restart >= 0 ? [restart, after, -1] : [after, -1];
  for (const floor of floors) {
    for (let i = 0; i < marks.length; i++) {
      if (label(i) !== from) continue;
      const start = i > 0 ? marks[i - 1].at : 0;
      if (start < floor) continue;
      for (let j = i; j < marks.length && j < i + 2000; j++) {
        if (label(j) !== to) continue;
        return marks[j].at > start ? { start, end: marks[j].at } : null;
      }
    }
  }
  return null;
}

/**
 * Where page numbering starts again after `after`: the start of the first page whose number is
 * lower than the one before it (the annual report's page 1 after the wrapper's pages), or -1.
 */
function restartAfter(marks: PageMark[], after: number): number {
  let prev = NaN;
  for (let i = 0; i < marks.length; i++) {
    const n = /^\d+$/.test(marks[i].label) ? Number(marks[i].label) : NaN;
    const start = i > 0 ? marks[i - 1].at : 0;
    if (start >= after && n < prev) return start;
    if (!Number.isNaN(n)) prev = n;
  }
  return -1;
}

/** The widest page range of a reference that the document's footers can place. */
export function spanOfPages(
  doc: CleanDoc,
  pages: string,
  after = -1,
): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const [from, to] of pageRanges(pages)) {
    const s = pageSpan(doc, from, to, after);
    if (s && (!best || s.end - s.start > best.end - best.start)) best = s;
  }
  return best;
}

/** One row of a "Form 10-K Cross-Reference Index". */
export interface IndexRow {
  item: string;
  /** The PART the index lists the row under (lower-case roman), or null. */
  part: string | null;
  title: string;
  /** Captions of the report the row names (cells other than the item title and pages). */
  captions: string[];
  pages: string | null;
}

const INDEX_HEAD =
  /^(?:form\s+(?:10-[kq]|20-f)\s+)?cross[-\s]?reference\s+(?:index|table|guide|sheet)\b|^form\s+(?:10-[kq]|20-f)\s+cross[-\s]?reference\b|^(?:10-[kq]|20-f)\s+cross[-\s]?reference|^cross[-\s]?reference\s+to\s+form\s+(?:10-[kq]|20-f)\b/i;
const PAGES_CELL = new RegExp(
  String.raw`^(?:pages?\s*)?${PAGE_RANGE}(?:\s*(?:,|and)\s*${PAGE_RANGE})*$`,
  "i",
);

/**
 * The item cell of an index row: "Item 1A. Risk Factors", "Part II, Item 7", or a bare number
 * ("1A. Risk Factors", "7." or "7" before its title cell, as in an "Item Number" column) whose
 * title is that item's own. [whole, item, rest of the cell] like a match, or null.
 */
function indexItem(cell: string, next: string | undefined): string[] | null {
  const m = /^(?:part\s+[ivx]+\s*,?\s*)?items?\s+(\d{1,2}(?:\.?[a-j])?)\b\.?\s*(.*)$/i.exec(cell);
  if (m) return [...m];
  const bare = /^(\d{1,2}[a-j]?)(?:\.\s*(.*)|\.?)$/i.exec(cell.trim());
  if (!bare) return null;
  const title = bare[2] || next || "";
  return isItemTitle(bare[1], title) ? [bare[0], bare[1], bare[2] ?? ""] : null;
}

/** Reads the cross-reference index of an annual-report 10-K, 10-Q or 20-F (item → captions, pages). */
export function readCrossReferenceIndex(
  doc: CleanDoc,
): { at: number; end: number; rows: IndexRow[] } | null {
  const all = lines(doc.text);
  for (let i = 0; i < all.length; i++) {
    const head = unpiped(all[i].text).trim();
    if (head.length > 80 || !INDEX_HEAD.test(head)) continue;
    const rows: IndexRow[] = [];
    let current: IndexRow | null = null;
    let base = 0;
    let part: string | null = null;
    let quiet = 0;
    let end = all[i].start;
    for (let j = i + 1; j < all.length && j < i + 400 && quiet < 8; j++) {
      const cells = all[j].text.split("|").map((c) => c.trim()).filter(Boolean);
      if (!cells.length) continue;
      const first = cells.join(" ");
      const partRow = !/\bitem/i.test(first) ? PART_LINE.exec(first) : null;
      if (partRow) {
        part = partRow[1].toLowerCase();
        continue;
      }
      const pagesCell = cells.length > 1 && PAGES_CELL.test(cells.at(-1)!) ? cells.pop()! : null;
      const m = indexItem(cells[0], cells[1]);
      // 20-F guides list sub-items under their item: "D. Risk factors | 25-40" under Item 3.
      const sub = !m && base ? /^([A-J])\.(?:\s+(.+))?$/.exec(cells[0]) : null;
      if (m || sub) {
        const title = [m ? m[2] : sub![2] ?? "", ...cells.slice(1, 2)].filter(Boolean).join(" ")
          .trim();
        if (m) base = parseInt(m[1], 10);
        current = {
          part,
          item: m ? m[1].replace(".", "").toUpperCase() : `${base}${sub![1]}`,
          title,
          captions: cells.slice(2),
          pages: pagesCell ? pagesCell.replace(/^pages?\s*/i, "") : null,
        };
        rows.push(current);
        end = all[j].start + all[j].text.length;
        quiet = 0;
      } else if (current && pagesCell) {
        // A caption row under the item: "Management's discussion and analysis | 45-110".
        current.captions.push(cells.join(" "));
        current.pages = current.pages ? `${current.pages}, ${pagesCell}` : pagesCell;
        end = all[j].start + all[j].text.length;
        quiet = 0;
      } else if (hasSentence(all[j].text) && !all[j].text.includes("|")) {
        quiet++;
      }
    }
    if (rows.length >= 3) return { at: all[i].start, end, rows };
  }
  return null;
}

/** Is this line a heading (short, no sentence, not a contents row)? */
function isHeadingLine(text: string): boolean {
  const t = text.trim();
  return t.length > 2 && t.length < 160 && !PAGE_CELL.test(t) && !/[.;:,]$/.test(t);
}

/** Normalised words of a caption, for matching "Management's discussion" to "MANAGEMENT’S …". */
function norm(s: string): string {
  return s.toLowerCase().replace(/[’‘`]/g, "'").replace(/&/g, "and").replace(/[^a-z0-9' ]+/g, " ")
    .replace(/\s+/g, " ").trim();
}

/**
 * A heading line matching `caption` with real text under it; of several (a contents list and the
 * body), the one followed by the longest stretch before the next heading of `ends`.
 */
export function findCaption(
  doc: CleanDoc,
  caption: RegExp | string,
  ends: RegExp,
  within: { start: number; end: number } = { start: 0, end: doc.text.length },
): { start: number; end: number } | null {
  const all = lines(doc.text).filter((l) => l.start >= within.start && l.start < within.end);
  const want = typeof caption === "string" ? norm(caption) : null;
  const matches = (t: string) =>
    want !== null
      ? norm(t).startsWith(want) || (norm(t).length > 8 && want.startsWith(norm(t)))
      : (caption as RegExp).test(t.trim());
  let best: { start: number; end: number } | null = null;
  // a heading set in table cells ("D. | Risk Factors" in a 20-F's Item 3) reads as one line
  for (let i = 0; i < all.length; i++) {
    const t = all[i].text;
    if (!isHeadingLine(t) || !matches(unpiped(t))) continue;
    let end = within.end;
    for (let j = i + 1; j < all.length; j++) {
      const u = all[j].text;
      if (isHeadingLine(u) && ends.test(unpiped(u).trim()) && !matches(unpiped(u))) {
        end = all[j].start;
        break;
      }
    }
    const body = doc.text.slice(all[i].start + t.length, Math.min(end, all[i].start + 6000));
    if (!hasSentence(body)) continue;
    if (!best || end - all[i].start > best.end - best.start) best = { start: all[i].start, end };
  }
  return best;
}

/** The first heading after `start` (past its own line) that begins one of `titles`, before `end`. */
export function captionAfter(
  doc: CleanDoc,
  start: number,
  end: number,
  titles: string[],
): number | null {
  const wanted = titles.map(norm).filter((t) => t.length >= 12);
  let pos = doc.text.indexOf("\n", start) + 1;
  while (pos > 0 && pos < end) {
    let nl = doc.text.indexOf("\n", pos);
    if (nl < 0) nl = doc.text.length;
    const line = doc.text.slice(pos, nl);
    if (isHeadingLine(line) && wanted.some((t) => norm(line).startsWith(t))) return pos;
    pos = nl + 1;
  }
  return null;
}

/** Headings that open the major parts of an annual report (where a section stops). */
export const REPORT_CAPTIONS =
  /^(management['’]s discussion and analysis|management['’]s report on internal control|reports? of independent (registered public accounting firm|auditors?)|independent auditor['’]s report|consolidated (statements? of|balance sheets?)|statements? of consolidated|notes to (the )?consolidated financial statements|quantitative and qualitative disclosures|selected financial data|five-year (summary|selected)|quarterly (financial data|results)|supplementary (financial )?(data|information)|(share|stock)holder information|corporate information|board of directors|directors and (executive )?officers|risk factors|forward-looking statements|business|description of the business|general development of the business|narrative description of the business|dividends|capital structure|market for securities|legal proceedings|interests? of experts|additional information)\b/i;

/** Does a stretch of text read like a table of contents (headings and page numbers only)? */
export function looksLikeToc(text: string): boolean {
  const ls = text.slice(0, 4000).split("\n").map((l) => l.trim()).filter(Boolean);
  if (ls.length < 5) return false;
  let heads = 0, pageRows = 0, prose = 0, lastPage = -1;
  for (const l of ls) {
    if (l.length < 200 && (ITEM_LINE.test(l) || PART_LINE.test(l))) heads++;
    else if (hasSentence(l)) prose++;
    // "Title | 12": a letter before the first cell bar (a lookahead, so a long line without bars
    // is scanned once rather than once per letter)
    // ("Consolidated Balance Sheets | F-3" in an index of the statements)
    const row = /^(?=[^|]*[a-z])[^|]*\|\s*(?:[a-z]-)?(\d{1,3})$/i.exec(l);
    if (row && Number(row[1]) >= lastPage) (pageRows++), (lastPage = Number(row[1]));
  }
  const toc = prose / ls.length < 0.2 && (heads + pageRows) / ls.length >= 0.4;
  if (!toc || text.length <= 4000) return toc;
  // An item that opens with an index of its own captions ("INDEX | Page No." over a bank's MD&A)
  // and goes on in prose, with no other item's or part's heading after the index, is that item;
  // a contents list that runs on into the document meets the headings of the items it lists.
  let more = 0;
  let pos = 4000;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const l = text.slice(pos, nl).trim();
    pos = nl + 1;
    if (!l) continue;
    const sentence = hasSentence(l);
    if (!sentence && l.length < 200 && (ITEM_LINE.test(l) || PART_LINE.test(l))) return true;
    if (sentence) more++;
  }
  return more < 5;
}
