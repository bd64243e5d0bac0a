/**
 * Sections that an item only points to: a cross reference to another item or part ("see Part I,
 * Item 2"), to the financial statements' index, or to pages of an annual report mapped through
 * its Form 10-K cross-reference index or Form 20-F cross-reference guide, and where such a section
 * stops (the next major caption, the exhibit index, the auditor's report).
 */
import type { CleanDoc } from "./section_clean.ts";
import type { ItemSpan } from "./sections.ts";
import { isFPageIndex } from "./section_body.ts";
import type { Numbering } from "./item_titles.ts";
import { itemId, partByNumber } from "./item_lines.ts";
import {
  captionAfter,
  findCaption,
  isExternal,
  isPointer,
  looksLikeToc,
  OTHER_REPORT,
  pageRanges,
  parseReference,
  type readCrossReferenceIndex,
  REPORT_CAPTIONS,
  spanOfPages,
} from "./xref.ts";
import type { Narrative, SectionKey } from "./section_maps.ts";
import type { SectionSpan } from "./canonical.ts";

// An item that only points elsewhere: another item of this document, the audited statements
// after the auditor's report, or another document altogether (then the item itself is returned
// with `incorporated_by_reference`, and filings.read follow=true reads the exhibit). Returns why
// the section is refused, or null.
export function followCrossReference(
  doc: CleanDoc,
  result: SectionSpan,
  span: ItemSpan,
  items: ItemSpan[],
  key: SectionKey,
): string | null {
  const text = doc.text;
  const nl = text.indexOf("\n", span.start);
  const body = text.slice(nl < 0 ? span.end : Math.min(nl + 1, span.end), span.end);
  if (key === "financial_statements" && isFPageIndex(body)) {
    return followStatementsIndex(doc, result, span, items, body);
  }
  if (body.length >= 2500 || !isPointer(body)) return null;
  result.cross_reference = body.replace(/\s+/g, " ").trim().slice(0, 300);
  const ref = parseReference(body);
  result.reference = ref;
  if (isExternal(ref)) {
    result.incorporated_by_reference = true;
    return null;
  }
  // "…is set forth on pages 45 through 110 of this report": the pages, where the footers say.
  let pages = ref.pages ? spanOfPages(doc, ref.pages) : null;
  // pages that would hold the very item pointing to them: the first page named has no footer
  // before it (the pages ahead print no numbers), so where it starts is not known; the whole
  // document up to its footer is no answer
  if (pages && pages.start <= span.start && pages.end >= span.end) pages = null;
  // "…beginning on page F-1", "See “Risk Factors” on page 80": one page named is where the text
  // starts, not all of it; it runs on to the next item (or the end of the document)
  const opening = pages && isSinglePage(ref.pages!);
  if (pages && opening) {
    pages = {
      start: pages.start,
      end: items.find((s) => s.start > pages!.start)?.start ?? text.length,
    };
  }
  if (pages && pages.end - pages.start > body.length) {
    const cap = ref.caption
      ? findCaption(doc, ref.caption, opening ? CAPTION_ENDS : ENDS_ANY, pages)
      : null;
    const atCaption = cap && cap.start - pages.start < 3000 ? cap : null;
    result.start = atCaption?.start ?? pages.start;
    result.end = opening && atCaption ? atCaption.end : pages.end;
    const holder = items.filter((s) => s.start <= result.start && s.end > result.start).at(-1);
    if (holder) result.found_as = holder.id;
    if (key === "financial_statements") {
      // the pages open with an index of the statements: they start at the auditor's report
      const pageEnd = doc.pages?.find((m) => m.at > result.start)?.at ?? result.end;
      const first = text.slice(result.start, Math.min(result.end, pageEnd, result.start + 3000));
      const fs = isFPageIndex(first.slice(first.indexOf("\n") + 1)) || looksLikeToc(first)
        ? auditorReport(text, { ...span, end: result.start }, items)
        : null;
      if (fs && fs.start < result.end) result.start = fs.start;
      result.end = beforeExhibitIndex(text, result);
    }
    return null;
  }
  for (const m of body.matchAll(/\bitem\s+(\d{1,2}[a-j]?)\b/gi)) {
    const { part, elsewhere } = pointedPart(body, m.index, m[0].length);
    // "Part I, Item 2 of our Annual Report on Form 10-K": an item of another report
    if (elsewhere) continue;
    // "see Part I, Item 2": that part's item only (a 10-Q numbers each part afresh)
    const named = items.filter((s) =>
      s.item === m[1].toUpperCase() && s.id !== span.id && (!part || s.part === part) &&
      (key === "financial_statements" || !NEVER_HOLDS.test(s.title))
    );
    const target = named.find((s) => s.part === span.part) ?? named[0];
    if (target && target.end - target.start > body.length) {
      // "see 'Risk Factors' in Item 7": the caption inside that item when it can be found.
      const cap = ref.caption ? findCaption(doc, ref.caption, CAPTION_ENDS, target) : null;
      result.start = cap?.start ?? target.start;
      result.end = cap?.end ?? target.end;
      result.found_as = target.id;
      // statements read from Item 15 stop before its exhibit index
      if (key === "financial_statements") result.end = beforeExhibitIndex(text, result);
      return null;
    }
  }
  // "See “Risk Factors” beginning on page 80", "the section entitled “…” in the Financial
  // Section of this report": that heading elsewhere in this document (not in another report).
  const cap = ref.caption && !OTHER_REPORT.test(body.replace(/\s+/g, " "))
    ? captionOutside(doc, ref.caption, span)
    : null;
  if (cap && cap.end - cap.start > body.length) {
    result.start = cap.start;
    result.end = key === "financial_statements" ? beforeExhibitIndex(text, cap) : cap.end;
    const holder = items.filter((s) => s.start <= cap.start && s.end > cap.start).at(-1);
    result.found_as = holder?.id ?? result.found_as;
    return null;
  }
  if (key === "financial_statements") {
    const fs = auditorReport(text, span, items);
    if (fs) {
      Object.assign(result, fs);
      result.end = beforeExhibitIndex(text, result);
    }
  }
  return null;
}

/** Does a reference name one page ("page F-1"), not a range? */
function isSinglePage(pages: string): boolean {
  const ranges = pageRanges(pages);
  return ranges.length === 1 && ranges[0][0] === ranges[0][1];
}

/** Items whose text never holds another section (share sales, mine safety, exhibits …). */
const NEVER_HOLDS =
  /unregistered sales|defaults upon|mine safety|^exhibits|controls and procedures|issuer purchases/i;

/**
 * The PART a pointer names with its item ("Part I, Item 2", "Item 2 of Part I", "Item 2, …, in
 * Part I above"), lower-case roman, and whether the item is one of another report ("Item 1A of
 * our Annual Report on Form 10-K").
 */
function pointedPart(
  body: string,
  at: number,
  length: number,
): { part: string | null; elsewhere: boolean } {
  const before = /\bpart\s+([ivx]+)\s*[,.:\-–—]?\s*$/i.exec(body.slice(Math.max(0, at - 16), at));
  const rest = body.slice(at + length, at + length + 160).replace(/\s+/g, " ");
  // the rest of the sentence (a period that ends it, not the one of "Item 7." or "No.")
  const sentence = rest.split(/(?<![A-Z0-9])\.\s/)[0];
  const after = /^[^.;]{0,80}?\b(?:of|in)\s+part\s+([ivx]+)\b/i.exec(sentence);
  const elsewhere =
    /^[^.;]{0,120}?\b(?:of|in)\s+(?:our|its|the company['’]s)\b[^.;]{0,60}\b(?:annual|quarterly|transition)\s+report\s+on\s+form\b/i
      .test(sentence) ||
    /^[^.;]{0,120}?\b(?:of|in)\s+(?:our|its|the)\s+(?:(?:19|20)\d\d\s+)?form\s+(?:10-[kq]|20-f)\b/i
      .test(sentence);
  return { part: (before?.[1] ?? after?.[1] ?? null)?.toLowerCase() ?? null, elsewhere };
}

/** A heading `caption` with text under it, outside the item that names it. */
function captionOutside(
  doc: CleanDoc,
  caption: string,
  span: ItemSpan,
): { start: number; end: number } | null {
  const before = findCaption(doc, caption, CAPTION_ENDS, { start: 0, end: span.start });
  const after = findCaption(doc, caption, CAPTION_ENDS, { start: span.end, end: doc.text.length });
  const size = (c: { start: number; end: number } | null) => c ? c.end - c.start : -1;
  return size(after) >= size(before) ? after : before;
}

// Item 8 (20-F: Item 18) holding only an index of the statements by F-page: the statements are
// the ones the index lists, after the auditor's report further on (often after the signatures).
function followStatementsIndex(
  doc: CleanDoc,
  result: SectionSpan,
  span: ItemSpan,
  items: ItemSpan[],
  body: string,
): string | null {
  const pages = [...body.matchAll(/\bF-\d{1,3}\b/gi)].map((m) => m[0].toUpperCase());
  result.cross_reference = `index of the financial statements, pages ${pages[0]}-${pages.at(-1)}`;
  const fs = auditorReport(doc.text, span, items);
  if (!fs) {
    return `${span.id} holds only an index of the financial statements (pages ${pages[0]}-${
      pages.at(-1)
    }), and the auditor's report and statements it lists could not be found in this document`;
  }
  Object.assign(result, fs);
  result.end = beforeExhibitIndex(doc.text, result);
  return null;
}

/** Where the exhibit index starts in a span (a line "Exhibit Index"), else the span's end. */
function beforeExhibitIndex(text: string, span: { start: number; end: number }): number {
  const re = /^[ \t]*(?:exhibit index|index to exhibits|exhibits index)[ \t]*$/gim;
  re.lastIndex = span.start;
  const m = re.exec(text);
  return m && m.index < span.end && m.index > span.start ? m.index : span.end;
}

/** Where a section of an annual report stops: the next major caption. */
const ENDS_ANY = REPORT_CAPTIONS;
// Inside an item (MD&A above all), a caption also stops at the item's other usual captions.
const CAPTION_ENDS = new RegExp(
  `${REPORT_CAPTIONS.source}|^(overview|executive (overview|summary)|results of operations|liquidity and capital resources|capital resources|critical accounting (policies|estimates)|off-balance sheet|contractual obligations|recent(ly issued)? accounting|outlook|non-gaap)\\b`,
  "i",
);

// Annual-report 10-Ks: the index maps the item to pages (located by the page footers) or to the
// report's captions. Anything else is a warning, never the index or a contents page.
export function fromIndex(
  doc: CleanDoc,
  index: NonNullable<ReturnType<typeof readCrossReferenceIndex>>,
  id: string | null,
  key: Narrative,
  warnings: string[],
  form: string,
): (ItemSpan & { caveat?: string }) | undefined {
  if (!id) return undefined;
  const item = id.replace(/^part_[ivx]+_item_/, "").toUpperCase();
  const part = id.split("_")[1];
  // A 10-Q numbers items afresh in each part: the row must sit under the same PART.
  const row = index.rows.find((r) =>
    r.item === item && (!/10-Q/.test(form) || (r.part ?? "i") === part)
  );
  if (!row) return undefined;
  const base = { id, part: id.split("_")[1], item, title: row.title, method: "index" as const };
  if (row.pages) {
    const span = spanOfPages(doc, row.pages, index.end);
    if (span) {
      // "4-5, 9": the text is one span, the widest range the footers place; the others are said
      const ranges = pageRanges(row.pages);
      const caveat = ranges.length > 1
        ? `${key}: the Form ${form} cross-reference index maps Item ${item} to pages ${row.pages}, ${ranges.length} separate places; the text returned is the widest of them that the page numbers locate, not the others: read those pages too before relying on it`
        : undefined;
      // Start at the caption when the report prints it near the top of the first page.
      const cap = [row.title, ...row.captions].map((c) => findCaption(doc, c, ENDS_ANY, span))
        .find((c) => c && c.start - span.start < 3000);
      const start = cap?.start ?? span.start;
      // Pages are shared: stop where another item of the index starts under its own caption.
      const others = index.rows.filter((r) => r !== row).map((r) => r.title);
      const end = captionAfter(doc, start, span.end, others) ?? span.end;
      return caveat ? { ...base, start, end, caveat } : { ...base, start, end };
    }
  }
  for (const caption of [...row.captions, row.title]) {
    if (!caption || caption.length < 4) continue;
    const c = findCaption(doc, caption, ENDS_ANY);
    if (c && c.start !== index.at) return { ...base, ...c };
  }
  warnings.push(
    `${key}: the Form ${form} cross-reference index maps Item ${item} to ${
      row.pages ? `pages ${row.pages}` : `"${row.title}"`
    }${row.captions.length ? ` (${row.captions.slice(0, 3).join("; ")})` : ""}, but ${
      row.pages ? "the document's page numbers" : "those captions"
    } could not be located; the section is not returned`,
  );
  return undefined;
}

// Items an annual-report 10-K places only through its cross-reference index, where the pages
// named can be found; listed with found_as cross_reference_index.
export function addIndexedItems(
  doc: CleanDoc,
  index: NonNullable<ReturnType<typeof readCrossReferenceIndex>>,
  items: ItemSpan[],
  numbering: Numbering,
) {
  for (const row of index.rows) {
    const part = numbering === "10-Q" ? row.part ?? "i" : partByNumber(row.item, numbering);
    const id = itemId(part, row.item);
    if (!row.pages || items.some((s) => s.id === id)) continue;
    const span = spanOfPages(doc, row.pages, index.end);
    if (!span) continue;
    items.push({ id, part, item: row.item, title: row.title, ...span, method: "index" });
  }
  items.sort((a, b) => a.start - b.start);
}

// 20-F: Risk Factors is sub-item D of Item 3 ("D. Risk Factors" or "3.D Risk Factors").
export function addTwentyFRiskFactors(doc: CleanDoc, items: ItemSpan[]) {
  const three = items.find((s) => s.id === "part_i_item_3");
  if (!three || items.some((s) => s.id === "part_i_item_3d")) return;
  const head = /^(?:item\s+)?(?:3\.?\s*)?D\s*[.:\-–—]?\s*risk factors$/i;
  const next = /^(?:item\s+)?(?:3\.?\s*)?[E-Z]\s*[.:\-–—]\s*[A-Z]/;
  const c = findCaption(doc, head, next, three) ??
    findCaption(doc, /^risk factors$/i, next, three);
  if (!c) return;
  items.push({
    id: "part_i_item_3d",
    part: "i",
    item: "3D",
    title: "Risk Factors",
    start: c.start,
    end: Math.min(c.end, three.end),
    method: "heading",
  });
  items.sort((a, b) => a.start - b.start);
}

const AUDITOR = /^report of independent registered public accounting firm$/i;
const REPORT_OPENING =
  /\bto the (board|shareholders|stockholders|members|partners|directors|unitholders)\b|\bopinions? on\b|\bwe have audited\b|\bin our opinion\b/i;

// "The information required by this Item is set forth in our Consolidated Financial
// Statements": the statements start at the auditor's report, wherever the filer put them.
function auditorReport(
  text: string,
  from: ItemSpan,
  items: ItemSpan[],
): { start: number; end: number; found_as: string } | null {
  let pos = from.end;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    // the report itself opens with its addressee or opinion, right under the heading; a list of
    // the statements (Item 15's index: "Report of …", "Consolidated Balance Sheets …") does not
    const isReport = nl - pos < 80 && AUDITOR.test(text.slice(pos, nl).trim()) &&
      REPORT_OPENING.test(text.slice(nl, nl + 600));
    if (isReport) {
      const holder = items.filter((s) => s.start <= pos).at(-1);
      const end = holder && holder.end > pos ? holder.end : text.length;
      return { start: pos, end, found_as: holder && holder.end > pos ? holder.id : from.id };
    }
    pos = nl + 1;
  }
  return null;
}
