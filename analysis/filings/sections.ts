/**
 * Locating the items of a periodic report in document text: table-of-contents links first (they
 * point at the exact heading), then heading lines. Offsets are into the cleaned document text
 * (`cleanDocument`), so an item is always `text.slice(start, end)`.
 *
 * A heading counts only when real content follows it: a run of item lines with nothing but
 * titles and page numbers between them is a table of contents, while a short item that says
 * "None." or "incorporated by reference to pages 40-95 of the Annual Report" is an item.
 *
 * Here the candidates become items, in the form's order and parts. The text is cleaned in
 * section_clean.ts, heading lines are read in item_lines.ts, and the candidate starts (contents
 * links, heading lines) are found in item_candidates.ts.
 */
import type { DocText } from "./html.ts";
import type { Numbering } from "./item_titles.ts";
import { hasSentence } from "./section_body.ts";
import { type Line, lineAt, lines, unpiped } from "./section_clean.ts";
import {
  bareItemLine,
  itemId,
  itemOrder,
  PART_II_TITLE,
  PART_LINE,
  partByNumber,
  romanValue,
} from "./item_lines.ts";
import {
  type Candidate,
  headingCandidates,
  partTwoOnly,
  tocCandidates,
} from "./item_candidates.ts";

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
