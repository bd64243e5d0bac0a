/**
 * Where an item may begin: the targets of table-of-contents links, checked to land on the item's
 * own heading, and heading lines, kept only where real content follows them (not a contents list,
 * not an explanatory note that lists amended items, not a 10-Q Part II item taken for Part I).
 */
import type { DocText } from "./html.ts";
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
import { type CleanDoc, type Line, lineAt, unpiped } from "./section_clean.ts";
import {
  bareItemLine,
  EIGHT_K_ITEM,
  isPartLine,
  isSubItem,
  ITEM_LINE,
  itemLine,
  itemOrder,
  itemsOf,
  pagedLine,
  PART_II_ONLY,
  PART_LINE,
  titleHead,
  widened,
} from "./item_lines.ts";
import type { ItemSpan } from "./sections.ts";

export interface Candidate {
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

export function tocCandidates(
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

export function headingCandidates(
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

/**
 * Is a 10-Q item, by its number (5, 6) or its title (Items 2-4), one of Part II only? (A lone
 * "Item 1. Legal Proceedings" keeps Part I: the statements' key refuses it by its title.)
 */
export function partTwoOnly(c: Candidate): boolean {
  const order = itemOrder(c.items[0]);
  return order >= 500 ||
    (order >= 200 && PART_II_ONLY.test(c.title.replace(/^\|\s*/, "").trim()));
}
