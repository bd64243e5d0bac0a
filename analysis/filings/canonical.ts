/**
 * The five canonical sections (contract 2.5) and where each lives in a filing of each form:
 * 10-K items 1, 1A, 7, 8; 10-Q Part I Items 1-2 and Part II Item 1A; 20-F Items 4, 3.D, 5 and
 * 18 (or 17, or 8). A 40-F carries them as exhibits (see `fortyFExhibits`). Forms without a
 * map are refused by the commands rather than read with 10-K numbering.
 */
import type { CleanDoc } from "./section_clean.ts";
import { findSegmentNote } from "./notes.ts";
import { findItems, isFPageIndex, type ItemSpan, type Numbering } from "./sections.ts";
import { itemId, itemOrder, partByNumber } from "./item_lines.ts";
import { unpiped } from "./section_clean.ts";
import {
  captionAfter,
  findCaption,
  isExternal,
  isPointer,
  looksLikeToc,
  OTHER_REPORT,
  pageRanges,
  parseReference,
  readCrossReferenceIndex,
  type Reference,
  REPORT_CAPTIONS,
  spanOfPages,
} from "./xref.ts";

export type SectionKey = "business" | "risk_factors" | "mda" | "financial_statements" | "segments";

export const SECTIONS: { key: SectionKey; title: string; edgar_section: string | null }[] = [
  { key: "business", title: "Business", edgar_section: "part_i_item_1" },
  { key: "risk_factors", title: "Risk Factors", edgar_section: "part_i_item_1a" },
  { key: "mda", title: "Management's Discussion and Analysis", edgar_section: "part_ii_item_7" },
  {
    key: "financial_statements",
    title: "Financial Statements and Supplementary Data",
    edgar_section: "part_ii_item_8",
  },
  { key: "segments", title: "Segments", edgar_section: null },
];

/** Form families the reader has an item map for. */
export type Family = "10-K" | "10-Q" | "20-F" | "40-F";

export function formFamily(form: string): Family | null {
  const f = form.trim().toUpperCase();
  if (/^10-K(T|405)?(\/A)?$/.test(f)) return "10-K";
  if (/^10-QT?(\/A)?$/.test(f)) return "10-Q";
  if (/^20-F(\/A)?$/.test(f)) return "20-F";
  if (/^40-F(\/A)?$/.test(f)) return "40-F";
  return null;
}

/** The sections that are items of a form (segments is a note of the statements). */
export type Narrative = Exclude<SectionKey, "segments">;
/** [item id, the form's own name for it]; the first one present wins. */
const MAPS: Record<Exclude<Family, "40-F">, Record<Narrative, [string, string][]>> = {
  "10-K": {
    business: [["part_i_item_1", "Item 1"]],
    risk_factors: [["part_i_item_1a", "Item 1A"]],
    mda: [["part_ii_item_7", "Item 7"]],
    financial_statements: [["part_ii_item_8", "Item 8"]],
  },
  "10-Q": {
    business: [],
    risk_factors: [["part_ii_item_1a", "Part II, Item 1A"]],
    mda: [["part_i_item_2", "Part I, Item 2"]],
    financial_statements: [["part_i_item_1", "Part I, Item 1"]],
  },
  "20-F": {
    business: [["part_i_item_4", "Item 4"]],
    risk_factors: [["part_i_item_3d", "Item 3.D"]],
    mda: [["part_i_item_5", "Item 5"]],
    financial_statements: [
      ["part_iii_item_18", "Item 18"],
      ["part_iii_item_17", "Item 17"],
      ["part_i_item_8", "Item 8"],
    ],
  },
};

/** The item id a section comes from in a form (the first choice), or null. */
export function itemFor(key: SectionKey, form: string): string | null {
  const fam = formFamily(form);
  if (!fam || fam === "40-F" || key === "segments") return null;
  return MAPS[fam][key][0]?.[0] ?? null;
}

/** The form's own name for the item holding a section (e.g. "Item 5" in a 20-F). */
export function formItemFor(key: SectionKey, form: string): string | null {
  const fam = formFamily(form);
  if (!fam || fam === "40-F" || key === "segments") return null;
  return MAPS[fam][key][0]?.[1] ?? null;
}

const TITLE_PATTERNS: Record<Narrative, RegExp> = {
  business: /^(item\s+1\.?\s*)?business$/i,
  risk_factors: /^(item\s+1a\.?\s*)?risk factors$/i,
  mda: /^(item\s+[27]\.?\s*)?management['’]s discussion and analysis\b/i,
  financial_statements:
    /^(item\s+[18]\.?\s*)?(consolidated\s+)?financial statements( and supplementary data)?$/i,
};

/** Titles of other items: an item under one of these is not the section asked for. */
const FOREIGN_TITLES: Record<Narrative, RegExp> = {
  business:
    /legal proceedings|risk factors|properties|management['’]s discussion|financial statements/i,
  risk_factors: /legal proceedings|business|management['’]s discussion|exhibits|unregistered/i,
  mda:
    /legal proceedings|risk factors|financial statements|exhibits|controls and procedures|unregistered|defaults upon|mine safety/i,
  financial_statements:
    /legal proceedings|risk factors|management['’]s discussion|exhibits|controls and procedures|unregistered|defaults|other information|mine safety/i,
};

/** Titles a section's own item may carry (checked before FOREIGN_TITLES). */
const OWN_TITLES: Record<Narrative, RegExp> = {
  business: /business|information on the company/i,
  risk_factors: /risk factors/i,
  mda: /discussion and analysis|operating and financial review/i,
  financial_statements: /financial statements|financial information/i,
};

/** A located canonical section. */
export interface SectionSpan {
  key: SectionKey;
  /** The document item it came from (e.g. `part_i_item_2` in a 10-Q), or null. */
  found_as: string | null;
  /** The form's own name for that item ("Item 5", "Part I, Item 2"), or null. */
  form_item: string | null;
  part: string | null;
  start: number;
  end: number;
  method: ItemSpan["method"] | "note" | "exhibit";
  /** Set when the item only points elsewhere ("incorporated by reference", "see Item 15"). */
  cross_reference: string | null;
  /** The text is in another document (an exhibit, the annual report, a proxy statement). */
  incorporated_by_reference: boolean;
  reference: Reference | null;
}

/** What a filing's document holds: its items, the canonical sections and what went wrong. */
export interface Located {
  items: ItemSpan[];
  sections: Map<SectionKey, SectionSpan>;
  warnings: string[];
}

function numberingOf(fam: Family): Numbering {
  return fam === "10-Q" ? "10-Q" : fam === "20-F" ? "20-F" : "10-K";
}

/** All canonical sections of one document, from one pass over its items. */
export function locateSections(doc: CleanDoc, form: string): Located {
  const fam = formFamily(form) ?? "10-K";
  const items = findItems(doc, numberingOf(fam));
  const warnings: string[] = [];
  const index = fam !== "40-F" ? readCrossReferenceIndex(doc) : null;
  // Rows of the cross-reference index are not headings of the items they list.
  if (index) {
    for (let i = items.length - 1; i >= 0; i--) {
      if (items[i].start >= index.at && items[i].start < index.end) items.splice(i, 1);
    }
  }
  if (fam === "20-F") addTwentyFRiskFactors(doc, items);
  const byId = new Map(items.map((s) => [s.id, s]));
  const sections = new Map<SectionKey, SectionSpan>();
  if (fam === "40-F") return { items, sections, warnings };
  if (index) addIndexedItems(doc, index, items, numberingOf(fam));
  for (const { key } of SECTIONS) {
    if (key === "segments") continue;
    const choices = MAPS[fam][key];
    const hit = choices.find(([id]) => byId.has(id));
    let span = hit ? byId.get(hit[0]) : undefined;
    let formItem = hit?.[1] ?? choices[0]?.[1] ?? null;
    if (
      span && span.title && !OWN_TITLES[key].test(span.title) &&
      FOREIGN_TITLES[key].test(span.title)
    ) {
      warnings.push(
        `${formItem} of this ${form} is titled "${span.title}", not ${key}; it is not returned as ${key}`,
      );
      span = undefined;
    }
    let method: SectionSpan["method"] | undefined = span?.method;
    if (!span && index) {
      // The first choice the index maps (20-F: Item 18, else 17, else 8); warnings only when none.
      const tried: string[] = [];
      for (const [id, name] of choices) {
        const mapped = fromIndex(doc, index, id, key, tried, fam);
        if (mapped) {
          (span = mapped), (method = "index"), (formItem = name);
          if (mapped.caveat) warnings.push(mapped.caveat);
          break;
        }
      }
      if (!span) warnings.push(...tried);
    }
    if (!span && choices.length && !index) {
      const p = byPattern(doc.text, TITLE_PATTERNS[key], items, choices.map(([id]) => id), fam);
      if (p) (span = p), (method = "pattern");
    }
    if (!span) continue;
    const result: SectionSpan = {
      key,
      found_as: span.id,
      form_item: formItem,
      part: span.part || null,
      start: span.start,
      end: span.end,
      method: method!,
      cross_reference: null,
      incorporated_by_reference: false,
      reference: null,
    };
    const refused = method !== "index" ? followCrossReference(doc, result, span, items, key) : null;
    if (refused) {
      warnings.push(`${key}: ${refused}; it is not returned`);
      continue;
    }
    if (key === "risk_factors" && fam === "10-Q" && result.found_as === span.id) {
      const stated = noMaterialChanges(doc.text, span);
      if (stated) {
        result.cross_reference ??= stated.body;
        warnings.push(
          `risk_factors: ${formItem} of this ${form} is short and refers to risk factors disclosed in earlier reports ("${stated.sentence}"); the text returned is that statement, and the risk factors themselves are in the reports it names (usually Item 1A of the company's latest Form 10-K)`,
        );
      }
    }
    if (
      !result.incorporated_by_reference && looksLikeToc(doc.text.slice(result.start, result.end))
    ) {
      warnings.push(
        `${key}: the text found at ${
          result.found_as ?? "a title line"
        } is a table of contents, not the section; it is not returned`,
      );
      continue;
    }
    if (span.repeats?.length && result.found_as === span.id) {
      warnings.push(
        `${key}: ${formItem} stands ${
          span.repeats.length + 1
        } times in this ${form} (a combined report of several registrants, each with its own ${formItem}?); only the first, "${span.title}", is returned`,
      );
    }
    // "Items 1 and 2. Business and Properties": one heading, one text for both items
    const sharing =
      result.found_as === span.id && (span.method === "heading" || span.method === "toc")
        ? items.filter((s) => s.id !== span.id && s.start === span.start && s.end === span.end)
        : [];
    if (sharing.length) {
      warnings.push(
        `${key}: ${formItem} shares one heading with Item ${
          sharing.map((s) => s.item).join(", ")
        } ("${span.title}"); the text returned is that of both items`,
      );
    }
    sections.set(key, result);
  }
  // A section found only by its title line (its item heading missing, or set as a picture): it
  // says so itself, and a section it lies inside holds it too and says so.
  for (const found of [...sections.values()]) {
    if (found.method !== "pattern") continue;
    const why = titleLineOnly(doc.text, found, items, fam, form);
    warnings.push(why.warning);
    if (why.refused) {
      sections.delete(found.key);
      continue;
    }
    for (const other of sections.values()) {
      if (other === found || other.method === "pattern" || other.incorporated_by_reference) {
        continue;
      }
      if (found.start > other.start && found.start < other.end) {
        const line = doc.text.slice(found.start, doc.text.indexOf("\n", found.start)).trim();
        warnings.push(
          `${other.key}: it holds the ${found.key} text too (no ${
            formItemFor(found.key, form) ?? "item"
          } heading was found, only the title line "${line.slice(0, 80)}" inside ${
            other.found_as ?? "it"
          })`,
        );
      }
    }
  }
  const statements = sections.get("financial_statements");
  // Statements incorporated from another document hold their segment note there (follow=true).
  const seg = statements?.incorporated_by_reference ? null : findSegmentNote(doc.text, statements);
  if (seg) sections.set("segments", seg);
  return { items, sections, warnings };
}

/**
 * What the reader is told of a section found by its title line alone, keyed to that section. In
 * a 10-Q, a title line inside an item of the other part is never that section (a "Risk Factors"
 * subheading of Part I's MD&A is not Part II's Item 1A): refused.
 */
function titleLineOnly(
  text: string,
  found: SectionSpan,
  items: ItemSpan[],
  fam: Family,
  form: string,
): { warning: string; refused: boolean } {
  const nl = text.indexOf("\n", found.start);
  const line = text.slice(found.start, nl < 0 ? found.end : nl).trim().slice(0, 80);
  const own = formItemFor(found.key, form) ?? "item";
  const holder = items.filter((s) => s.start <= found.start && s.end > found.start).at(-1);
  if (!holder) {
    return {
      warning:
        `${found.key}: no ${own} heading was found; the text starts at the title line "${line}" and runs on to the next item title found`,
      refused: false,
    };
  }
  const ownPart = /^part_([ivx]+)_/.exec(itemFor(found.key, form) ?? "")?.[1];
  if (fam === "10-Q" && ownPart && ownPart !== holder.part) {
    return {
      warning:
        `${found.key}: this ${form} has no ${own} heading; the title line "${line}" stands inside ${holder.id} ("${holder.title}"), which is not ${own}, so it is not returned`,
      refused: true,
    };
  }
  return {
    warning:
      `${found.key}: no ${own} heading was found; the text starts at the title line "${line}" inside ${holder.id} ("${holder.title}") and runs on to the next item title found, so it may hold more of ${holder.id} than ${found.key}`,
    refused: false,
  };
}

/** "There have been no material changes to the risk factors …", "… have not materially changed". */
const NO_CHANGES =
  /\bno (?:material|significant) changes?\b|\b(?:have|has) not (?:materially|significantly) changed\b|\bnot materially changed\b/i;

/**
 * A 10-Q's Part II Item 1A that only says the annual report's risk factors still hold (a short
 * item, no risk factor of its own): its words and the sentence that says so, else null.
 */
function noMaterialChanges(
  text: string,
  span: ItemSpan,
): { body: string; sentence: string } | null {
  const nl = text.indexOf("\n", span.start);
  const raw = text.slice(nl < 0 ? span.end : Math.min(nl + 1, span.end), span.end);
  if (raw.length > 1500 || !/risk factors/i.test(raw)) return null;
  const body = raw.replace(/\s+/g, " ").trim();
  const m = NO_CHANGES.exec(body);
  if (!m) return null;
  // the sentence that says so: from the last full stop before the words to the next one
  const from = body.lastIndexOf(". ", m.index) + 1;
  const to = body.indexOf(". ", m.index);
  const sentence = body.slice(from, to < 0 ? body.length : to + 1).trim();
  return { body, sentence: sentence.length > 400 ? `${sentence.slice(0, 400)}…` : sentence };
}

// An item that only points elsewhere: another item of this document, the audited statements
// after the auditor's report, or another document altogether (then the item itself is returned
// with `incorporated_by_reference`, and filings.read follow=true reads the exhibit). Returns why
// the section is refused, or null.
function followCrossReference(
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
function fromIndex(
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
function addIndexedItems(
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
function addTwentyFRiskFactors(doc: CleanDoc, items: ItemSpan[]) {
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

/**
 * The section by its title line alone, when its item heading was not found: a heading such as
 * "RISK FACTORS" without "Item 1A". Not a subheading of an item that comes after the section's
 * own (a "Risk Factors" paragraph inside Item 11's compensation discussion, "Financial
 * Statements" inside Item 15 of a 10-K/A that carries Part III only).
 */
function byPattern(
  text: string,
  re: RegExp,
  items: ItemSpan[],
  ids: string[],
  fam: Family,
): ItemSpan | undefined {
  let pos = 0;
  const firstItem = items[0]?.start ?? 0;
  const rank = (id: string) => {
    const m = /^part_(i{1,3}|iv)_item_(\w+)$/.exec(id);
    return m ? { part: m[1].length + (m[1] === "iv" ? 2 : 0), order: itemOrder(m[2]) } : null;
  };
  const own = ids.map(rank).filter((r) => r !== null);
  // an item past the latest place the section could stand
  const later = (s: ItemSpan) => {
    const r = rank(s.id);
    return r !== null && own.length > 0 &&
      own.every((o) => r.part > o.part || (r.part === o.part && r.order > o.order));
  };
  const heldLater = (h: ItemSpan | undefined) => h !== undefined && h.end > pos && later(h);
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl).trim();
    // (the item holding the line only for a line that matches: not a scan of the items per line)
    const holder = () => items.filter((s) => s.start <= pos).at(-1);
    if (line.length < 120 && pos >= firstItem && re.test(line) && !heldLater(holder())) {
      const next = items.find((s) => s.start > pos);
      const limit = next ? next.start : text.length;
      return {
        id: "pattern",
        part: "",
        item: "",
        title: line,
        start: pos,
        // no item heading ends it when the document writes none: the next item's title does
        end: nextItemTitle(text, nl + 1, limit, fam) ?? limit,
        method: "pattern",
      };
    }
    pos = nl + 1;
  }
  return undefined;
}

const COMMON_TITLES = String
  .raw`business|risk factors|unresolved staff comments|cybersecurity|properties|legal proceedings|mine safety disclosures?|market for (?:the )?registrant['’]s common equity\b.*|selected financial data|\[?reserved\]?|management['’]s discussion and analysis\b.*|quantitative and qualitative disclosures? about market risk|financial statements and supplementary data|changes in and disagreements with accountants\b.*|controls and procedures|other information|directors,? executive officers\b.*|executive compensation|security ownership of certain beneficial owners\b.*|certain relationships and related transactions\b.*|principal account(?:ant|ing) fees and services|exhibits(?:,| and) financial statement schedules|exhibits|form 10-k summary|signatures?|key information|information on the company|operating and financial review and prospects|part\s+[ivx]+\b.{0,60}|submission of matters to a vote\b.*`;
/** Titles only one form gives an item (a 10-K's "Additional Information" is a subheading). */
const FORM_TITLES: Partial<Record<Family, string>> = {
  "10-Q": String
    .raw`unregistered sales of equity securities\b.*|defaults upon senior securities|changes in securities\b.*`,
  "20-F": String
    .raw`identity of directors, senior management and advisers|offer statistics and expected timetable|directors, senior management and employees|major shareholders and related party transactions|financial information|the offer and listing|additional information|description of securities other than equity securities|defaults, dividend arrearages and delinquencies|material modifications to the rights of security holders\b.*|audit committee financial experts?|code of ethics`,
};
const ITEM_TITLE = new Map<Family, RegExp>();
/**
 * The title of a periodic report's item written as a heading line on its own, with or without
 * its number: "RISK FACTORS", "Properties", "Item 9. Changes in and Disagreements…", "PART II";
 * in a 10-Q also "Unregistered Sales of Equity Securities…", in a 20-F "Financial Information".
 */
function itemTitle(fam: Family): RegExp {
  let re = ITEM_TITLE.get(fam);
  if (!re) {
    const own = FORM_TITLES[fam];
    re = new RegExp(
      String.raw`^(?:(?:item\s*)?\d{1,2}[a-k]?\s*[.:\-–—]?\s*)?(?:${COMMON_TITLES}${
        own ? `|${own}` : ""
      })\.?$`,
      "i",
    );
    ITEM_TITLE.set(fam, re);
  }
  return re;
}

/** Where the next item title stands as a line of its own in [from, limit), else null. */
function nextItemTitle(text: string, from: number, limit: number, fam: Family): number | null {
  let pos = from;
  while (pos < limit) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0 || nl > limit) nl = limit;
    const line = text.slice(pos, nl).trim();
    // ("Item 2 | Properties" in cells, "(continued)" after it)
    if (line.length < 160 && itemTitle(fam).test(unpiped(line).replace(/\s*\(continued\)$/i, ""))) {
      return pos;
    }
    pos = nl + 1;
  }
  return null;
}

/** Section text made readable: no runs of blank lines, no trailing spaces. */
export function sectionText(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start, span.end).replace(/\n{3,}/g, "\n\n").trim();
}

export { findSegmentNote } from "./notes.ts";
export { fortyFExhibits, locateInExhibit } from "./exhibits.ts";
