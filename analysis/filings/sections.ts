/**
 * Locating the items of a periodic report in document text: table-of-contents links first (they
 * point at the exact heading), then heading lines. Offsets are into the cleaned document text
 * (`cleanDocument`), so an item is always `text.slice(start, end)`.
 *
 * A heading counts only when real content follows it: a run of item lines with nothing but
 * titles and page numbers between them is a table of contents, while a short item that says
 * "None." or "incorporated by reference to pages 40-95 of the Annual Report" is an item.
 */
import type { DocText } from "./html.ts";
import { checkpoint } from "../../core/cancel.ts";
import { bareTitle, type Numbering } from "./item_titles.ts";
import {
  BARE_ANSWER,
  hasFigures,
  hasSentence,
  hasTable,
  isFPageIndex,
  opensWithExhibitLines,
  PAGE_CELL,
  readsAsSentence,
  runIn,
} from "./section_body.ts";

export type { Numbering } from "./item_titles.ts";
export { hasFigures, hasSentence, isFPageIndex, PAGE_CELL } from "./section_body.ts";

/** One located item, e.g. `part_ii_item_7`. */
export interface ItemSpan {
  id: string;
  part: string;
  /** Item number as the document writes it, upper-case (`1A`, `16J`). */
  item: string;
  title: string;
  start: number;
  end: number;
  method: "toc" | "heading" | "pattern" | "index";
  /**
   * Where the same item's heading stands again after other items (a combined report of several
   * registrants, each with its own Item 7 and Item 8); the item ends at the first of them.
   */
  repeats?: number[];
}

/** A page-number line removed by `cleanDocument`: page `label` ("12", "F-3") ends at `at`. */
export interface PageMark {
  label: string;
  at: number;
}

/** Cleaned text plus the page footers that were removed from it. */
export interface CleanDoc extends DocText {
  pages?: PageMark[];
}

const FURNITURE = [
  /^table of contents$/i,
  /^(page\s+)?(\d{1,3}|[ivxlc]{1,6}|[a-z]-\d{1,3})$/i,
  /^.{0,90}\b(form\s+)?(10-[kq]|20-f)\b[^|]{0,20}\|\s*\d{1,3}$/i,
  /^\d{1,3}\s*\|.{0,90}\b(10-[kq]|20-f)\b.{0,20}$/i,
  // running footers of annual reports: "Granite Co./2023 Form 10-K 55", "56 Granite Co./2023 Form 10-K"
  /^.{0,90}\bform\s+(10-[kq]|20-f)\s+\d{1,3}$/i,
  /^\d{1,3}\s+.{0,90}\bform\s+(10-[kq]|20-f)$/i,
];
/**
 * Characters that print nothing, written raw in the HTML (not as entities, which the reader
 * drops): "Item\u200b1A." is "Item1A.", read as its heading.
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const PAGE_NO = /^(?:page\s+)?(\d{1,3}|[a-z]-\d{1,3})$|(?:\||\s)(\d{1,3})$|^(\d{1,3})(?:\s*\||\s)/i;

/** Drops page numbers, running footers and "Table of Contents" back-links; remaps anchors. */
export function cleanDocument(doc: DocText): CleanDoc {
  const src = doc.text;
  const kept: string[] = [];
  const origStarts: number[] = [];
  const newStarts: number[] = [];
  const pages: PageMark[] = [];
  let pos = 0;
  let outLen = 0;
  while (pos < src.length) {
    if ((origStarts.length & 1023) === 0) checkpoint();
    let nl = src.indexOf("\n", pos);
    if (nl < 0) nl = src.length;
    const line = unspaced(src.slice(pos, nl).replace(INVISIBLE, "").trim());
    if (line && !FURNITURE.some((re) => re.test(line))) {
      origStarts.push(pos);
      newStarts.push(outLen);
      kept.push(line);
      outLen += line.length + 1;
    } else if (line) {
      const m = PAGE_NO.exec(line);
      if (m) pages.push({ label: (m[1] ?? m[2] ?? m[3]).toUpperCase(), at: outLen });
    }
    pos = nl + 1;
  }
  const map = (off: number) => {
    let lo = 0, hi = origStarts.length - 1, best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (origStarts[mid] <= off) (best = mid), (lo = mid + 1);
      else hi = mid - 1;
    }
    // An anchor on a dropped line points at the next kept line.
    if (best < 0) return 0;
    return origStarts[best] === off ? newStarts[best] : (newStarts[best + 1] ?? outLen);
  };
  const anchors = new Map<string, number>();
  for (const [id, off] of doc.anchors) anchors.set(id, map(off));
  const links = doc.links.map((l) => ({ target: l.target, at: map(l.at) }));
  return { text: kept.join("\n") + (kept.length ? "\n" : ""), anchors, links, pages };
}

/** "I T E M 7. M D & A", "P A R T I I": a heading set in letter-spaced capitals. */
const SPACED_HEAD = /^(?:i t e m|p a r t) \S/i;

/**
 * A letter-spaced item or PART heading read as words: each run of single characters joins into
 * one ("I T E M 1 A. R I S K" → "ITEM 1A. RISK"); other lines are returned as they are.
 */
export function unspaced(line: string): string {
  if (line.length > 300 || !SPACED_HEAD.test(line)) return line;
  const words: string[] = [];
  let run = "";
  for (const token of line.split(" ")) {
    if (token.length === 1 || /^\w[.:]$/.test(token)) run += token;
    else {
      if (run) words.push(run), (run = "");
      if (token) words.push(token);
    }
  }
  if (run) words.push(run);
  return words.join(" ").replace(/^(item|part)(?=\S)/i, "$1 ").replace(/([.:])(?=[a-z])/gi, "$1 ");
}

/** An 8-K item number ("Item 1.01", "Item 5.02") quoted in a 10-K's or 10-Q's other information. */
const EIGHT_K_ITEM = /^(?:part\s+[ivx]+\s*[,.:\-–—]?\s*)?items?\s*(?:\|\s*)?\d{1,2}\.\d{2}\b/i;

/**
 * An item heading: "Item 1A. Risk Factors", "Items 1 and 2. Business and Properties", "Part II,
 * Item 7", and "PART II | Item 7." or "PART I. FINANCIAL INFORMATION | Item 1." (the part in a
 * table cell of its own before the item's), "ITEM | 1A. | RISK FACTORS" (the word in a cell of
 * its own), "Item 1 A." (the letter set apart: a tag or a non-breaking space between), "ITEM 1.
 * AND 2.".
 */
export const ITEM_LINE =
  /^(?:part\s+([ivx]+)\b(?:\s*[,.:\-–—]?\s*|[^|]{0,80}\|\s*))?items?\s*(?:\|\s*)?(\d{1,2}(?:\s?\.?\s?[a-k]|t)?)\b\.?\s*(?:(?:and|&|,|through|to)\s*(?:items?\s*)?(\d{1,2}(?:\s?\.?\s?[a-k])?)\b)?\s*[.:\-–—]?\s*(.*)$/i;
export const PART_LINE = /^part\s+([ivx]+)\b\s*[.:\-–—]?\s*(.{0,80})$/i;
const BARE_LINE =
  /^(?:part\s+([ivx]+)\s*[,.:\-–—]?\s*)?(\d{1,2}(?:\.?[a-k])?)(?:\s*[.:\-–—|]|\s)\s*(?:\|\s*)?(\S.*)$/i;

/** Is `title` the title of item `item` ("1A", "7") in a 10-K, 10-Q or 20-F? */
export function isItemTitle(item: string, title: string): boolean {
  const key = item.replace(".", "").toUpperCase();
  const t = unpiped(title).trim();
  return (["10-K", "10-Q", "20-F"] as const).some((n) => bareTitle(n, key).test(t));
}

/**
 * An item heading written without the word "Item" ("1A. Risk Factors", "7. | MANAGEMENT'S
 * DISCUSSION…"), shaped like an `ITEM_LINE` match (part, item, second item, rest), or null
 * when the words after the number are not that item's title in this form.
 */
function bareItemLine(text: string, numbering: Numbering): RegExpExecArray | null {
  if (text.length > 250) return null;
  const m = BARE_LINE.exec(text);
  if (!m) return null;
  const item = m[2].replace(/[.\s]/g, "").toUpperCase();
  const title = unpiped(m[3]).trim();
  if (!bareTitle(numbering, item).test(title)) return null;
  const out = [m[0], m[1], m[2], undefined, m[3]] as unknown as RegExpExecArray;
  out.index = 0;
  out.input = text;
  return out;
}

/** An item line: "Item 1A. Risk Factors", or (when `bare`) "1A. Risk Factors". */
function itemLine(text: string, numbering: Numbering, bare: boolean): RegExpExecArray | null {
  const m = ITEM_LINE.exec(text);
  return m ? widened(m) : bare ? bareItemLine(text, numbering) : null;
}

/** A match that names every item of "Items 10 through 14", "Items 10, 11, 12, 13 and 14". */
type ItemMatch = RegExpExecArray & { named?: string[] };

/**
 * "Items 10 through 14", "Items 10-14", "Items 10, 11, 12, 13 and 14": every item the heading
 * names (in `named`), its title (group 4) what follows the list.
 */
function widened(m: ItemMatch): ItemMatch {
  const names = [m[2], ...(m[3] ? [m[3]] : [])];
  let rest = m[4];
  let head = m[0].slice(0, m[0].length - rest.length);
  if (!m[3]) {
    // "Items 10-14.": the dash was read as the end of the number
    const dash = /^(\d{1,2})\b\s*[.:\-–—]?\s*/.exec(rest);
    if (!dash || !/\bitems\s*\|?\s*\d{1,2}\s*[-–—]\s*$/i.test(head)) return m;
    names.push(dash[1]);
    head += dash[0];
    rest = rest.slice(dash[0].length);
  } else {
    const more = /^((?:\s*(?:,|and|&)\s*(?:items?\s*)?\d{1,2}[a-k]?\b)+)\s*[.:\-–—]?\s*/i.exec(
      rest,
    );
    if (more) {
      names.push(...more[1].match(/\d{1,2}[a-k]?/gi)!);
      rest = rest.slice(more[0].length);
    }
  }
  const [a, b] = [names[0], names.at(-1)!];
  const range = names.length === 2 && /^\d+$/.test(a) && /^\d+$/.test(b) &&
    /\d\s*(?:through|to|[-–—])\s*(?:items?\s*)?\d/i.test(head);
  const all = range && +b > +a && +b - +a < 10
    ? Array.from({ length: +b - +a + 1 }, (_, k) => String(+a + k))
    : names;
  const out = [...m] as unknown as ItemMatch;
  out.index = m.index;
  out.input = m.input;
  out[4] = rest;
  out.named = all.map((i) => i.replace(/[.\s]/g, "").toUpperCase());
  return out;
}

/** Dot leaders before a page number: "Risk Factors.......... 12", "Business . . . . 3". */
const LEADER_PAGE = /(?:\.{3,}|(?:\.\s){3,}|…+)\s*(?:[a-z]-)?\d{1,3}\s*$/i;

/**
 * A contents row outside a table: the item's title followed by dot leaders and a page number,
 * or by a page number alone when the title is the form's own ("Item 8. Financial Statements and
 * Supplementary Data 20"). (Only the line's end is read: no pattern retried along a long line.)
 */
function pagedLine(text: string, m: RegExpExecArray, numbering: Numbering): boolean {
  if (LEADER_PAGE.test(text.slice(-60))) return true;
  const title = unpiped(m[4]).trim();
  return /\s\d{1,3}$/.test(title) && bareTitle(numbering, itemsOf(m)[0]).test(title);
}

/** The part an item number belongs to in an annual form. */
export function partByNumber(item: string, numbering: Numbering): string {
  const n = parseInt(item, 10);
  if (numbering === "20-F") return n <= 12 ? "i" : n <= 16 ? "ii" : "iii";
  return n <= 4 ? "i" : n <= 9 ? "ii" : n <= 14 ? "iii" : "iv";
}

export function itemId(part: string, item: string): string {
  return `part_${part.toLowerCase()}_item_${item.toLowerCase()}`;
}

/**
 * A line with each cell separator and the blanks around it read as one space: what replacing
 * every `\s*\|\s*` with " " gives (String.trim strips the blanks \s matches), without a pattern
 * that retries a run of blanks from each of its characters (a line of spaces and no "|": time
 * growing with the square of its length, 100 KB for 20 s).
 */
export function unpiped(line: string): string {
  if (!line.includes("|")) return line;
  const cells = line.split("|");
  const last = cells.length - 1;
  return cells.map((c, i) => i === 0 ? c.trimEnd() : i === last ? c.trimStart() : c.trim())
    .join(" ");
}

export interface Line {
  start: number;
  text: string;
}

export function lines(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    out.push({ start: pos, text: text.slice(pos, nl) });
    pos = nl + 1;
  }
  return out;
}

function lineAt(all: Line[], off: number): number {
  let lo = 0, hi = all.length - 1, best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].start <= off) (best = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  return best;
}

interface Candidate {
  items: string[];
  title: string;
  start: number;
  method: ItemSpan["method"];
  /** Only an index of F-pages under it: the item when no other heading of it is found. */
  weak?: boolean;
  /** The PART its line names ("Part II, Item 8. …"), lower-case roman. */
  namedPart?: string;
  /** Three item or PART lines right above it: maybe the last row of a contents list. */
  listed?: boolean;
  /** Its line carries the whole answer ("Risk Factors — Not required for smaller …"). */
  answered?: boolean;
  /** Kept only for that answer, nothing under it: a contents line when the item comes again. */
  titleOnly?: boolean;
  /** Written without the word "Item" ("1A. Risk Factors"). */
  bare?: boolean;
}

/** Does the text at `off` look like the heading of `item` (or start with its title)? */
function headingNear(text: string, off: number, item: string, title: string): boolean {
  const head = text.slice(off, off + 400).toLowerCase();
  const re = new RegExp(
    `items?\\s*${item.toLowerCase().replace(/^(\d+)(?=[a-z])/, "$1\\s?\\.?\\s?")}\\b`,
  );
  if (re.test(head)) return true;
  const word = title.toLowerCase().replace(/[^a-z ]/g, "").trim().split(/\s+/).slice(0, 2).join(
    " ",
  );
  return word.length > 3 && head.includes(word);
}

/**
 * Where the heading of `item` starts on the page `off` lies in. A contents link to a page anchor
 * (older Donnelley/Merrill filings: `#page9`) lands at the top of the page, above the end of the
 * previous item; the item's own heading further down that page is where it starts.
 */
function headingOnPage(
  doc: DocText,
  all: Line[],
  off: number,
  item: string,
  numbering: Numbering,
  bare: boolean,
): number {
  const pageEnd = (doc as CleanDoc).pages?.find((p) => p.at > off)?.at ?? Infinity;
  const limit = Math.min(pageEnd, off + 6000);
  for (let li = lineAt(all, off); li < all.length && all[li].start < limit; li++) {
    const text = all[li].text.trim();
    if (text.length > 300 || PAGE_CELL.test(text)) continue;
    const m = itemLine(text, numbering, bare);
    if (m && itemsOf(m).includes(item.toUpperCase())) return Math.max(all[li].start, off);
  }
  return off;
}

/** Is the line at `off` the heading of an item other than `item` (or of a sub-item of another)? */
function landsOnOtherItem(
  all: Line[],
  off: number,
  item: string,
  numbering: Numbering,
  bare: boolean,
): boolean {
  const text = unpiped(all[lineAt(all, off)]?.text ?? "").trim();
  if (text.length > 250 || PAGE_CELL.test(text)) return false;
  const m = itemLine(text, numbering, bare);
  if (!m || readsAsSentence(text, m)) return false;
  const named = itemsOf(m);
  if (named.includes(item.toUpperCase())) return false;
  // "Item 5.A Operating Results" under Item 5 of a 20-F: its own item's first sub-item
  return !(isSubItem(named[0], m[4], numbering) && parseInt(named[0], 10) === parseInt(item, 10));
}

/** Is `line` the title item `item` carries in this form ("Risk Factors" for 1A)? */
function isItemTitleLine(line: string, item: string, numbering: Numbering): boolean {
  const t = unpiped(line).trim();
  return t.length > 0 && t.length < 200 && bareTitle(numbering, item).test(t);
}

/** The line right above line `at` when it is item `item`'s own title ("Risk Factors"), else null. */
function titleAbove(all: Line[], at: number, item: string, numbering: Numbering): number | null {
  return at > 0 && isItemTitleLine(all[at - 1].text, item, numbering) ? at - 1 : null;
}

/**
 * Where an item heading starts when the item's own title stands on the line above it ("Risk
 * Factors" / "Item 1A."): at that title; else at `off` itself.
 */
function titledStart(all: Line[], off: number, numbering: Numbering): number {
  const li = lineAt(all, off);
  if (li === 0 || all[li].start !== off) return off;
  const m = ITEM_LINE.exec(unpiped(all[li].text).trim());
  if (!m) return off;
  const item = itemsOf(widened(m))[0];
  return titleAbove(all, li, item, numbering) !== null ? all[li - 1].start : off;
}

/** The item numbers a heading names, as "7A" however written ("7A", "7.A"). */
function itemsOf(m: ItemMatch): string[] {
  return m.named ??
    [m[2], ...(m[3] ? [m[3]] : [])].map((i) => i.replace(/[.\s]/g, "").toUpperCase());
}

/**
 * A sub-item of a 20-F item ("3.A [Reserved]", "ITEM 5B. Liquidity and Capital Resources"): part
 * of its item, not an item of its own. The form's lettered items are 4A (Unresolved Staff
 * Comments) and 16A-16K; 3.D Risk Factors is kept, as the section risk_factors reads.
 */
function isSubItem(item: string, title: string, numbering: Numbering): boolean {
  if (numbering !== "20-F" || !/[A-Z]$/.test(item)) return false;
  const n = parseInt(item, 10);
  if (n === 16) return false;
  if (item === "4A") return !/unresolved|staff comments/i.test(title);
  return !(item === "3D" && /risk factors/i.test(title));
}

function tocCandidates(
  doc: DocText,
  all: Line[],
  numbering: Numbering,
  bare: boolean,
): { toc: Candidate[]; region: [number, number] | null } {
  const out: Candidate[] = [];
  const rows: number[] = [];
  const targetsByLine = new Map<number, string[]>();
  for (const link of doc.links) {
    const li = lineAt(all, link.at);
    const list = targetsByLine.get(li) ?? [];
    list.push(link.target);
    targetsByLine.set(li, list);
  }
  for (const [li, targets] of [...targetsByLine].sort((a, b) => a[0] - b[0])) {
    const text = unpiped(all[li].text).trim();
    const m = itemLine(text, numbering, bare);
    if (!m || text.length > 250) continue;
    const title = m[4].replace(/\s+\d{1,3}$/, "").trim();
    const items = itemsOf(m);
    const offsets = [...new Set(targets)].map((t) => doc.anchors.get(t)).filter((o): o is number =>
      o !== undefined && o > all[li].start
    );
    const near = offsets.find((o) => headingNear(doc.text, o, items[0], title)) ?? offsets[0];
    if (near === undefined) continue;
    const good = titledStart(
      all,
      headingOnPage(doc, all, near, items[0], numbering, bare),
      numbering,
    );
    rows.push(li);
    // a link that lands on another item's heading (a contents row whose anchor was copied from
    // the row above, or two rows swapped) does not say where its item is: its heading does
    if (landsOnOtherItem(all, good, items[0], numbering, bare)) continue;
    if (!isSubItem(items[0], title, numbering)) {
      out.push({ items, title, start: good, method: "toc", bare: !ITEM_LINE.test(text) });
    }
  }
  // The contents block itself: from its first linked item row to its last.
  // (the first run of rows that lead forward; headings that link back to it are not part of it)
  let last = 0;
  while (last + 1 < rows.length && all[rows[last + 1]].start - all[rows[last]].start < 3000) last++;
  const region: [number, number] | null = last >= 2
    ? [all[rows[0]].start, all[rows[last]].start]
    : null;
  return { toc: out, region };
}

/**
 * A title that carries the item's whole answer: "Risk Factors — Not required for smaller
 * reporting companies.", "Mine Safety Disclosures. Not applicable.", "Properties: None."
 */
const ANSWERED_TITLE =
  /(?:[.:|\-–—)]\s*|\s\(|\s(?=\[))(?:none|not applicable|n\/a|omitted|not required|\[?reserved\]?)\b[^|]{0,120}$/i;

/**
 * Does line `at` stand in a contents list: a run of item and PART lines, with nothing else
 * between them, that holds two item lines without an answer besides its last line? ("Item 1A.
 * [Reserved]" between "Item 1. Business" and "Item 1B. Unresolved…" of a contents list; in the
 * body the line above it ends the item before and only the next heading follows it.) Each run
 * is read once: `seen` keeps the answer for every line of the runs read so far.
 */
function inContentsRun(
  all: Line[],
  at: number,
  numbering: Numbering,
  bare: boolean,
  seen: Map<number, boolean>,
): boolean {
  const known = seen.get(at);
  if (known !== undefined) return known;
  const runLine = (li: number) => {
    const t = all[li].text.trim();
    return t.length < 200 && (itemLine(t, numbering, bare) !== null || isPartLine(t) !== null);
  };
  let from = at;
  let to = at;
  while (from > 0 && runLine(from - 1)) from--;
  while (to + 1 < all.length && runLine(to + 1)) to++;
  let unanswered = 0;
  for (let li = from; li < to; li++) {
    const m = itemLine(all[li].text.trim(), numbering, bare);
    const rest = m ? m[4].replace(/^\|\s*/, "").trim() : "";
    if (m && !ANSWERED_TITLE.test(m[4]) && !BARE_ANSWER.test(rest) && !runIn(rest)) unanswered++;
  }
  for (let li = from; li <= to; li++) seen.set(li, unanswered >= 2);
  return unanswered >= 2;
}

/**
 * A 20-F item whose first words are the heading of its own lettered item ("ITEM 3. KEY
 * INFORMATION" over "ITEM 3.D. RISK FACTORS"): an item, not a contents line.
 */
function opensWithSubItem(
  h: Candidate & { line: number },
  next: (Candidate & { line: number }) | undefined,
  numbering: Numbering,
): boolean {
  if (numbering !== "20-F" || !next || next.line > h.line + 2) return false;
  const [own, sub] = [h.items[0], next.items[0]];
  return /^\d+$/.test(own) && /[A-Z]$/.test(sub) && parseInt(sub, 10) === parseInt(own, 10);
}

function isPartLine(text: string): RegExpExecArray | null {
  const t = unpiped(text).trim();
  if (t.length > 100 || /\bitem/i.test(t) || PAGE_CELL.test(text)) return null;
  return PART_LINE.exec(t);
}

function headingCandidates(
  all: Line[],
  tocRegion: [number, number] | null,
  numbering: Numbering,
  bare: boolean,
): { heads: Candidate[]; parts: number[] } {
  const heads: (Candidate & { line: number })[] = [];
  const parts: number[] = [];
  all.forEach((line, at) => {
    let text = line.text.trim();
    if (text.length > 300) return;
    if (tocRegion && line.start >= tocRegion[0] && line.start <= tocRegion[1]) return;
    if (isPartLine(text)) {
      parts.push(line.start);
      return;
    }
    // "ITEM" on a line of its own over "1A." (a line break inside the heading): one heading
    let li = at;
    if (/^items?$/i.test(text) && /^\d{1,2}(?:\.?[a-k]|t)?\b/i.test(all[li + 1]?.text ?? "")) {
      text = `${text} ${all[++li].text.trim()}`;
    } else if (bare && /^\d{1,2}[a-k]?\.?$/i.test(text) && li + 1 < all.length) {
      // "1A." on a line of its own over its title
      const joined = `${text} ${all[li + 1].text.trim()}`;
      if (bareItemLine(joined, numbering)) (text = joined), li++;
    }
    const m = itemLine(text, numbering, bare);
    if (!m || EIGHT_K_ITEM.test(text) || readsAsSentence(text, m)) return;
    // Table-of-contents and cross-reference index rows end with a page number cell.
    if (PAGE_CELL.test(text) || pagedLine(text, m, numbering)) return;
    // "Item 16. | Form 10-K Summary": the title is the cell after the number's
    let title = m[4].replace(/^\|\s*/, "").replace(/\s*\|.*$/, "").trim();
    const next = all[li + 1]?.text.trim() ?? "";
    // "Risk Factors" printed above a bare "Item 1A.": the heading starts at its title (the
    // previous item does not end with it, and the item's first sentence is not its title)
    // (also above a heading that has its title: a page's running title over its first item)
    const above = title || !isItemTitleLine(next, itemsOf(m)[0], numbering)
      ? titleAbove(all, at, itemsOf(m)[0], numbering)
      : null;
    if (above !== null && !title) title = all[above].text.trim();
    else if (!title && next.length < 120 && !itemLine(next, numbering, bare)) title = next;
    if (isSubItem(itemsOf(m)[0], title, numbering)) return;
    heads.push({
      items: itemsOf(m),
      title,
      start: above !== null ? all[above].start : line.start,
      method: "heading",
      line: li,
      namedPart: m[1]?.toLowerCase(),
      // "Item 1A. [Reserved]", "Item 4. Not applicable.": the title is the whole answer
      answered: ANSWERED_TITLE.test(m[4]) || BARE_ANSWER.test(title),
      bare: !ITEM_LINE.test(text),
    });
  });
  // A heading with no sentence before the next heading is a contents line, not an item.
  const marks = [...heads.map((h) => h.start), ...parts].sort((a, b) => a - b);
  const text = (from: number, to: number) => all.slice(from, to).map((l) => l.text).join("\n");
  let after = 0; // heads come in document order: the first mark past the last head's start
  const runs = new Map<number, boolean>();
  const kept = heads.filter((h, hi) => {
    while (after < marks.length && marks[after] <= h.start) after++;
    const nextMark = marks[after];
    const to = nextMark === undefined ? all.length : lineAt(all, nextMark);
    const body = text(h.line + 1, Math.min(to, h.line + 80));
    // the last row of a contents list without links or page cells (its page numbers on lines
    // of their own, dropped as footers): three item or PART lines right above it
    // (right after a PART line it is that part's first item, a real heading)
    const listedLine = (t: string) => itemLine(t, numbering, bare) !== null;
    h.listed = listedLine(all[h.line - 1]?.text.trim() ?? "") && [1, 2, 3].every((k) => {
      const t = all[h.line - k]?.text.trim() ?? "";
      return t.length < 200 && (listedLine(t) || isPartLine(t) !== null);
    });
    if (/financial/i.test(h.title) && isFPageIndex(body)) return (h.weak = true);
    const real = hasSentence(h.title.length > 150 ? h.title : body) || runIn(h.title) ||
      hasFigures(body) || hasTable(body) ||
      // an exhibits item answered by its list alone ("Item 19. Exhibits" over "1.1 Articles of
      // Association"): the list's rows or numbered lines, never the next contents row
      (/exhibits/i.test(h.title) && (body.includes("|") || opensWithExhibitLines(body))) ||
      (opensWithSubItem(h, heads[hi + 1], numbering) &&
        !inContentsRun(all, h.line, numbering, bare, runs));
    // answered in its title alone ("Item 1A. [Reserved]"): a contents line reads the same,
    // told apart by the run of unanswered item lines around it
    if (!real && h.answered) {
      if (inContentsRun(all, h.line, numbering, bare, runs)) return false;
      h.titleOnly = true;
    }
    return real || h.answered;
  });
  const final = dropListedItems(all, kept, parts, numbering);
  return { heads: final, parts: headingParts(all, parts, heads, final, numbering, bare) };
}

/**
 * The PART lines that head their part: not the PART lines of a contents list without links
 * ("PART II. OTHER INFORMATION" over rows "Item 1. | Legal Proceedings | 21"), which stand
 * before the first item of the document and would put Part I's items in Part II. A PART line is
 * a contents line when contents rows or rejected item lines stand between it and its first item.
 */
function headingParts(
  all: Line[],
  parts: number[],
  heads: Candidate[],
  final: Candidate[],
  numbering: Numbering,
  bare: boolean,
): number[] {
  // (all three lists are in document order: one pass, not a search per PART line)
  const kept = new Set(final);
  const rejected = heads.filter((h) => !kept.has(h)).map((h) => h.start);
  let fi = 0;
  let ri = 0;
  return parts.filter((at) => {
    while (fi < final.length && final[fi].start <= at) fi++;
    const next = final[fi]?.start;
    if (next === undefined) return true;
    while (ri < rejected.length && rejected[ri] <= at) ri++;
    if (ri < rejected.length && rejected[ri] < next) return false;
    const from = lineAt(all, at) + 1;
    const to = lineAt(all, next);
    for (let li = from; li < to && li < from + 400; li++) {
      const t = all[li].text.trim();
      if (PAGE_CELL.test(t) && itemLine(unpiped(t), numbering, bare)) return false;
    }
    return true;
  });
}

/**
 * Item lines listed before the first PART heading (a 10-K/A's explanatory note: "Part II,
 * Item 8. Financial Statements…" among the amended items) are not the items when the same item
 * has a heading after that PART line. In a 10-Q, whose items repeat by part, only a line that
 * names its part ("Part II, Item 1A") is judged so.
 */
function dropListedItems(
  all: Line[],
  heads: (Candidate & { line: number })[],
  parts: number[],
  numbering: Numbering,
): (Candidate & { line: number })[] {
  // the last row of a contents list without links or page cells (its page numbers on lines of
  // their own, dropped as footers) when the same item has a heading further on
  // (in a 10-Q, whose parts number afresh, a heading of the same title: the first item under
  // the contents, "Item 1. Financial Statements", is not Part II's "Item 1. Legal Proceedings")
  // (the last heading of each item, found once: not a scan of every heading per listed line)
  const lastOf = new Map<string, number>();
  for (const o of heads) lastOf.set(o.items[0], Math.max(lastOf.get(o.items[0]) ?? -1, o.start));
  // (whether a later heading of the same item has the same title: one pass from the end, the
  // later headings' titles by item, not a scan of every heading per listed line)
  const sameLater = new Set<Candidate>();
  if (numbering === "10-Q") {
    const later = new Map<string, { titles: Set<string>; untitled: boolean }>();
    const byStart = [...heads].sort((a, b) => b.start - a.start);
    for (let i = 0; i < byStart.length;) {
      // headings at one offset are not later than each other
      let j = i;
      while (j < byStart.length && byStart[j].start === byStart[i].start) j++;
      for (let k = i; k < j; k++) {
        const h = byStart[k];
        const seen = later.get(h.items[0]);
        const own = titleHead(h.title);
        if (seen && (!own || seen.untitled || seen.titles.has(own))) sameLater.add(h);
      }
      for (let k = i; k < j; k++) {
        const h = byStart[k];
        const seen = later.get(h.items[0]) ?? { titles: new Set<string>(), untitled: false };
        const own = titleHead(h.title);
        if (own) seen.titles.add(own);
        else seen.untitled = true;
        later.set(h.items[0], seen);
      }
      i = j;
    }
  }
  heads = heads.filter((h) =>
    (!h.listed && !h.titleOnly) || (lastOf.get(h.items[0]) ?? -1) <= h.start ||
    (numbering === "10-Q" && !sameLater.has(h))
  );
  const firstPart = parts[0];
  if (firstPart === undefined) return heads;
  const partOf = (at: number) =>
    PART_LINE.exec(unpiped(all[lineAt(all, at)].text).trim())?.[1]
      .toLowerCase();
  // the items headed after the first PART line, and (10-Q) the parts they stand under
  const afterFirst = new Map<string, Set<string | undefined>>();
  let pk = 0;
  for (const o of [...heads].sort((a, b) => a.start - b.start)) {
    if (o.start <= firstPart) continue;
    while (pk < parts.length && parts[pk] < o.start) pk++;
    const under = parts[pk - 1];
    const set = afterFirst.get(o.items[0]) ?? new Set<string | undefined>();
    set.add(under !== undefined ? partOf(under) : undefined);
    afterFirst.set(o.items[0], set);
  }
  return heads.filter((h) => {
    if (h.start > firstPart) return true;
    const later = afterFirst.get(h.items[0]);
    if (numbering !== "10-Q") return !later;
    // with its part named, the later heading must sit under a PART line of that same part
    return !h.namedPart || !later?.has(h.namedPart);
  });
}

/** Titles of a 10-Q's Part II items (legal proceedings, risk factors, share sales, …). */
const PART_II_TITLE =
  /legal proceedings|risk factors|unregistered sales|defaults upon|mine safety|other information|exhibits/i;

/** Titles only a 10-Q's Part II items carry (Part I: statements, MD&A, market risk, controls). */
const PART_II_ONLY =
  /^(?:legal proceedings|unregistered sales|changes in securities|defaults upon|mine safety|submission of matters|other information|exhibits)\b/i;

/**
 * Is a 10-Q item, by its number (5, 6) or its title (Items 2-4), one of Part II only? (A lone
 * "Item 1. Legal Proceedings" keeps Part I: the statements' key refuses it by its title.)
 */
function partTwoOnly(c: Candidate): boolean {
  const order = itemOrder(c.items[0]);
  return order >= 500 ||
    (order >= 200 && PART_II_ONLY.test(c.title.replace(/^\|\s*/, "").trim()));
}

/** The first two words of an item title, lower-case letters only ("" for none). */
function titleHead(t: string): string {
  return t.toLowerCase().replace(/[^a-z ]/g, "").trim().split(/\s+/).slice(0, 2).join(" ");
}

export function itemOrder(item: string): number {
  const n = parseInt(item, 10);
  const letter = item.slice(String(n).length).toUpperCase();
  return n * 100 + (letter ? letter.charCodeAt(0) - 64 : 0);
}

/**
 * Finds every item of the document. Parts come from item numbers in annual forms and from the
 * document itself in a 10-Q: the PART heading before the item, or a restart of numbering.
 */
export function findItems(doc: DocText, numbering: Numbering): ItemSpan[] {
  const all = lines(doc.text);
  const spans = itemsWith(doc, all, numbering, false);
  if (spans.length >= 3) {
    // Mixed headings ("Item 1A. Risk Factors" but "7. Management's Discussion…"): when an item
    // a section is read from is missing, the headings without "Item" fill the gaps, only where
    // every "Item" heading stays as it was.
    // (and when a heading line without "Item" names an item not found: "7A. Quantitative…"
    // between "Item 7." and "Item 8." would leave Item 7A's text in MD&A)
    const missing = !MAIN_ITEMS[numbering].every((id) => spans.some((s) => s.id === id));
    if (!missing && !bareHeadingOutside(all, numbering, new Set(spans.map((s) => s.item)))) {
      return spans;
    }
    const mixed = itemsWith(doc, all, numbering, true);
    const at = new Map(mixed.map((s) => [s.id, s.start]));
    const kept = spans.every((s) => at.get(s.id) === s.start);
    return kept && mixed.length > spans.length ? mixed : spans;
  }
  // Headings written without the word "Item" ("1A. Risk Factors"): read only when "Item"
  // headings are (nearly) absent, and only a number with its own item's title.
  // (two of them at least: a lone "1. Business" is as likely the first note of the statements)
  const bare = itemsWith(doc, all, numbering, true);
  return bare.length >= spans.length + 2 ? bare : spans;
}

/** Is there a heading line without "Item" ("7A. Quantitative…") of an item not in `have`? */
function bareHeadingOutside(all: Line[], numbering: Numbering, have: Set<string>): boolean {
  for (const line of all) {
    const text = line.text.trim();
    if (text.length > 250 || !/^(?:part\s+[ivx]+\s*[,.:\-–—]?\s*)?\d/i.test(text)) continue;
    const m = bareItemLine(text, numbering);
    if (m && !have.has(m[2].replace(/[.\s]/g, "").toUpperCase())) return true;
  }
  return false;
}

/** The items the canonical sections are read from, by form. */
const MAIN_ITEMS: Record<Numbering, string[]> = {
  "10-K": ["part_i_item_1", "part_i_item_1a", "part_ii_item_7", "part_ii_item_8"],
  "10-Q": ["part_i_item_1", "part_i_item_2", "part_ii_item_1a"],
  "20-F": ["part_i_item_3", "part_i_item_4", "part_i_item_5"],
};

function itemsWith(doc: DocText, all: Line[], numbering: Numbering, bare: boolean): ItemSpan[] {
  const { toc, region } = tocCandidates(doc, all, numbering, bare);
  const { heads, parts } = headingCandidates(all, region, numbering, bare);
  // A heading the contents already led to is the same item; keep the link's offset.
  // (the links' offsets by item, sorted: one binary search per heading, not a scan of every link)
  const linked = new Map<string, number[]>();
  for (const t of toc) {
    const list = linked.get(t.items[0]);
    list ? list.push(t.start) : linked.set(t.items[0], [t.start]);
  }
  for (const list of linked.values()) list.sort((a, b) => a - b);
  const headed = new Set(heads.filter((o) => !o.weak).map((o) => o.items[0]));
  const merged = [...toc];
  for (const h of heads) {
    const same = nearAny(linked.get(h.items[0]), h.start, 300);
    // an F-page index under Item 8 stands for it only when no real heading of it is found
    const outdone = h.weak && headed.has(h.items[0]);
    if (!same && !outdone) merged.push(h);
  }
  merged.sort((a, b) => a.start - b.start);
  if (bare) dropBareOutOfOrder(merged, parts, numbering);
  const found = new Map<string, ItemSpan>();
  let part = "i";
  let prev: { start: number; order: number } | null = null;
  let lastIds: string[] = [];
  let pk = 0; // parts[pk - 1]: the last PART line before the candidate
  for (const c of merged) {
    if (numbering === "10-Q") {
      while (pk < parts.length && parts[pk] < c.start) pk++;
      const before = pk > 0 ? parts[pk - 1] : undefined;
      const partHead = before !== undefined && (prev === null || before > prev.start)
        ? before
        : undefined;
      // (before the first item too: a 10-Q/A that carries only Part II opens with its heading)
      if (partHead !== undefined) {
        part = PART_LINE.exec(
          unpiped(all[lineAt(all, partHead)].text).trim(),
        )![1].toLowerCase();
      }
      const order = itemOrder(c.items[0]);
      // Numbering starts again: Part II Item 1 after Part I Item 4.
      // (a PART heading of its own between them says which part it is)
      // Not when Part I is only printed out of order (a bank's 10-Q: MD&A as Item 2, then the
      // statements as Item 1): the lower number must be one Part I already had, a lettered
      // item (1A: Part II's) or an item titled as Part II's.
      const again = found.has(itemId("i", c.items[0])) || /[A-Z]$/.test(c.items[0]) ||
        PART_II_TITLE.test(c.title);
      if (prev && order < prev.order && part === "i" && partHead === undefined && again) {
        part = "ii";
      }
      prev = { start: c.start, order };
      // "PART II | Item 1. Legal Proceedings": the heading names its part itself
      if (c.namedPart && c.method === "heading") part = c.namedPart;
      // Part I of a 10-Q has Items 1-4 only, none titled as Part II's: "Item 2. Unregistered
      // Sales…" or "Item 6. Exhibits" with no PART heading before it (a 10-Q/A that carries
      // Part II alone) is Part II's, never Part I's Item 2 (MD&A)
      // (its own heading's title: a contents link may land on another item's heading)
      else if (part === "i" && c.method === "heading" && partTwoOnly(c)) part = "ii";
      // Part I of a 10-Q has no lettered item: "Item 1A. Risk Factors" is Part II's, even in
      // a 10-Q/A that carries Part II alone without its PART heading
      // (Part I's "Item 4T. Controls and Procedures" of 2008-2010 aside)
      else if (part === "i" && /[A-S]$/.test(c.items[0])) part = "ii";
    }
    const ids = c.items.map((item) =>
      itemId(numbering === "10-Q" ? part : partByNumber(item, numbering), item)
    );
    // The same heading again after other items (not a running header over its own pages): a
    // combined report's second registrant. Its copy ends the item before it; the first is kept.
    if (
      c.method === "heading" && !c.weak && ids.every((id) => found.has(id)) &&
      !ids.some((id) => lastIds.includes(id))
    ) {
      for (const id of ids) (found.get(id)!.repeats ??= []).push(c.start);
    }
    lastIds = ids;
    for (const [k, item] of c.items.entries()) {
      const p = numbering === "10-Q" ? part : partByNumber(item, numbering);
      const id = ids[k];
      if (found.has(id)) continue;
      found.set(id, {
        id,
        part: p,
        item,
        title: c.title,
        start: c.start,
        end: -1,
        method: c.method,
      });
    }
  }
  const spans = [...found.values()].sort((a, b) => a.start - b.start);
  const signatures = all.find((l, i) =>
    i > 0 && /^signatures?$/i.test(l.text.trim()) &&
    l.start > (spans.at(-1)?.start ?? 0)
  );
  const docEnd = signatures?.start ?? doc.text.length;
  const repeats = spans.flatMap((s) => s.repeats ?? []);
  for (const s of spans) {
    const next = spans.find((o) => o.start > s.start);
    let end = next ? next.start : Math.max(docEnd, s.start);
    const copy = repeats.filter((r) => r > s.start && r < end).sort((a, b) => a - b)[0];
    if (copy !== undefined) end = copy;
    // A PART heading between two items belongs to the next one; a running page header that
    // repeats the item's own part ("PART II" over every page of Item 7) does not end it.
    const partHead = parts.find((p) => p > s.start && p < end && opensPart(all, p, s, next));
    if (partHead !== undefined) end = partHead;
    // The Form 10-K Summary (Item 16) is a line or two: the financial statements, auditor's and
    // management's reports printed after it are not part of it (Item 15 may hold them).
    if (s.id === "part_iv_item_16" && !next) {
      const back = all.find((l) =>
        l.start > s.start && l.start < end && BACK_MATTER.test(l.text.trim())
      );
      if (back) end = back.start;
    }
    s.end = end;
  }
  return spans;
}

/** Does the sorted list hold an offset less than `within` from `at`? */
function nearAny(sorted: number[] | undefined, at: number, within: number): boolean {
  if (!sorted) return false;
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= at - within) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] < at + within;
}

/**
 * A heading without the word "Item" counts only in the form's order: "1. Business" after Item 8
 * (the first note of the statements) or a second "1A. Risk Factors" is not an item. A 10-Q
 * numbers afresh in Part II (a PART line between, or a Part II title such as "1. Legal
 * Proceedings").
 */
function dropBareOutOfOrder(merged: Candidate[], parts: number[], numbering: Numbering) {
  // In a document that also writes "Item" headings, a bare heading stands only for an item that
  // has no "Item" heading (an annual form numbers each item once), and before the next "Item"
  // heading's number: "7. Management's Discussion…" inside Item 1 is not Item 7.
  const withItem = new Set(merged.filter((c) => !c.bare).map((c) => c.items[0]));
  const nextOrder: (number | undefined)[] = new Array(merged.length);
  for (let i = merged.length - 1, seen: number | undefined; i >= 0; i--) {
    nextOrder[i] = seen;
    if (!merged[i].bare) seen = itemOrder(merged[i].items[0]);
  }
  let max = -1;
  let last = -1;
  let restarted = false;
  let k = 0; // parts[k - 1]: the last PART line before the candidate (both in document order)
  for (let i = 0; i < merged.length; i++) {
    const c = merged[i];
    const order = itemOrder(c.items[0]);
    while (k < parts.length && parts[k] < c.start) k++;
    if (numbering === "10-Q" && order <= max) {
      const partLine = k > 0 && parts[k - 1] > last;
      if (partLine || (!restarted && PART_II_TITLE.test(c.title))) (max = -1), (restarted = true);
    }
    const next = nextOrder[i];
    const beyond = next !== undefined && next > max && order >= next;
    const taken = numbering !== "10-Q" && withItem.has(c.items[0]);
    if (c.bare && (order <= max || beyond || taken)) {
      merged.splice(i, 1);
      nextOrder.splice(i--, 1);
      continue;
    }
    max = Math.max(max, order);
    last = c.start;
  }
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };
function romanValue(r: string): number {
  let total = 0;
  const ds = r.toLowerCase().split("").map((c) => ROMAN[c] ?? 0);
  ds.forEach((d, i) => (total += d < (ds[i + 1] ?? 0) ? -d : d));
  return total;
}

/**
 * Does the PART line at `at` open the next part, rather than repeat the item's own as a page
 * header? It does when it names a later part, or when the next item's heading follows it at once.
 */
function opensPart(all: Line[], at: number, item: ItemSpan, next: ItemSpan | undefined): boolean {
  const li = lineAt(all, at);
  const named = PART_LINE.exec(unpiped(all[li].text).trim())?.[1];
  if (!named || romanValue(named) > romanValue(item.part)) return true;
  if (!next) return false;
  const between = all.slice(li + 1, lineAt(all, next.start)).map((l) => l.text).join("\n");
  return between.length < 300 && !hasSentence(between);
}

/** Headings of what follows the items of a 10-K: statements, reports on them, exhibit index. */
const BACK_MATTER =
  /^(?:(?:index to )?(?:the )?(?:consolidated )?financial statements(?: and (?:financial statement )?schedules?)?|report of independent registered public accounting firm|management[’']s (?:annual )?report on internal control over financial reporting|exhibit index|index to exhibits)\.?$/i;
