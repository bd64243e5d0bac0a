/**
 * The five canonical sections (contract 2.5) and how each is found in a 10-K or a 10-Q.
 * In a 10-Q, Part I Item 1 is the financial statements, Part I Item 2 is MD&A and Part II
 * Item 1A is risk factors; a 10-Q has no Business item.
 */
import type { DocText } from "./html.ts";
import { findItems, type ItemSpan } from "./sections.ts";

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

const TEN_Q: Record<SectionKey, string | null> = {
  business: null,
  risk_factors: "part_ii_item_1a",
  mda: "part_i_item_2",
  financial_statements: "part_i_item_1",
  segments: null,
};

const TITLE_PATTERNS: Record<Exclude<SectionKey, "segments">, RegExp> = {
  business: /^(item\s+1\.?\s*)?business$/i,
  risk_factors: /^(item\s+1a\.?\s*)?risk factors$/i,
  mda: /^(item\s+[27]\.?\s*)?management['’]s discussion and analysis\b/i,
  financial_statements:
    /^(item\s+[18]\.?\s*)?(consolidated\s+)?financial statements( and supplementary data)?$/i,
};

/** A located canonical section. */
export interface SectionSpan {
  key: SectionKey;
  /** The document item it came from (e.g. `part_i_item_2` in a 10-Q), or null. */
  found_as: string | null;
  start: number;
  end: number;
  method: ItemSpan["method"] | "note";
  /** Set when the item only points elsewhere ("incorporated by reference", "see Item 15"). */
  cross_reference: string | null;
}

/** The item id holding a canonical section in a filing of this form. */
export function itemFor(key: SectionKey, form: string): string | null {
  if (/^10-Q/i.test(form)) return TEN_Q[key];
  return SECTIONS.find((s) => s.key === key)!.edgar_section;
}

const CROSS_REF =
  /incorporated\s+(herein\s+)?by\s+reference|(is|are)\s+(included|set\s+forth|contained|presented)\s+(in|under|beginning)|see\s+["“]?(item|part|note)|refer\s+to/i;

/** All canonical sections of one document, from one pass over its items. */
export function locateSections(doc: DocText, form: string): {
  items: ItemSpan[];
  sections: Map<SectionKey, SectionSpan>;
} {
  const items = findItems(doc, form);
  const byId = new Map(items.map((s) => [s.id, s]));
  const sections = new Map<SectionKey, SectionSpan>();
  for (const { key } of SECTIONS) {
    if (key === "segments") continue;
    const id = itemFor(key, form);
    let span = id ? byId.get(id) : undefined;
    let method: SectionSpan["method"] | undefined = span?.method;
    if (!span && id) {
      const p = byPattern(doc.text, TITLE_PATTERNS[key], items);
      if (p) (span = p), (method = "pattern");
    }
    if (!span) continue;
    const result: SectionSpan = {
      key,
      found_as: span.id,
      start: span.start,
      end: span.end,
      method: method!,
      cross_reference: null,
    };
    const body = doc.text.slice(span.start, span.end);
    if (body.length < 1500 && CROSS_REF.test(body)) {
      result.cross_reference = body.replace(/\s+/g, " ").trim().slice(0, 300);
      const ref = /\bitem\s+(\d{1,2}[a-d]?)\b/gi;
      for (const m of body.matchAll(ref)) {
        const target = items.find((s) => s.item === m[1].toUpperCase() && s.id !== span!.id);
        if (target && target.end - target.start > body.length) {
          result.start = target.start;
          result.end = target.end;
          result.found_as = target.id;
          break;
        }
      }
      if (result.found_as === span.id && key === "financial_statements") {
        const fs = auditorReport(doc.text, span, items);
        if (fs) Object.assign(result, fs);
      }
    }
    sections.set(key, result);
  }
  const seg = findSegmentNote(doc.text, sections.get("financial_statements"));
  if (seg) sections.set("segments", seg);
  return { items, sections };
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
      return { start: pos, end, found_as: holder?.id ?? from.id };
    }
    pos = nl + 1;
  }
  return null;
}

function byPattern(text: string, re: RegExp, items: ItemSpan[]): ItemSpan | undefined {
  let pos = 0;
  const firstItem = items[0]?.start ?? 0;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl).trim();
    if (line.length < 120 && re.test(line) && pos >= firstItem) {
      const next = items.find((s) => s.start > pos);
      return {
        id: "pattern",
        part: "",
        item: "",
        title: line,
        start: pos,
        end: next ? next.start : text.length,
        method: "pattern",
      };
    }
    pos = nl + 1;
  }
  return undefined;
}

const NOTE_HEAD = /^(?:[Nn][Oo][Tt][Ee]\s+)?(\d{1,2})\s*[.:\-–—]?\s+([A-Z][^|]{2,120})$/;
const SEGMENT_HEAD =
  /^(?:note\s+)?(\d{1,2})?\s*[.:\-–—]?\s*(segment information|segment reporting|segments?\b|operating segments|segment and geographic|business segment)/i;

/** A line with a note heading laid out as a table row ("13. | Segment Information") read as text. */
function noteLine(raw: string): string {
  return raw.trim().replace(/^((?:note\s+)?\d{1,2}[.:]?)\s*\|\s*(?=[A-Z])/i, "$1 ");
}

/** The segment note of the financial statements, from its heading to the next note heading. */
export function findSegmentNote(text: string, fin?: SectionSpan): SectionSpan | null {
  const from = fin?.start ?? 0;
  const to = fin?.end ?? text.length;
  let pos = from;
  while (pos < to) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = noteLine(text.slice(pos, nl));
    const m = line.length < 140 && !line.includes("|") ? SEGMENT_HEAD.exec(line) : null;
    if (m && (m[1] || /^segment/i.test(line))) {
      const noteNo = m[1] ? parseInt(m[1], 10) : null;
      let end = to;
      let p = nl + 1;
      while (p < to) {
        let e = text.indexOf("\n", p);
        if (e < 0) e = text.length;
        const head = NOTE_HEAD.exec(noteLine(text.slice(p, e)));
        if (head && (noteNo === null || parseInt(head[1], 10) === noteNo + 1)) {
          end = p;
          break;
        }
        p = e + 1;
      }
      return {
        key: "segments",
        found_as: null,
        start: pos,
        end,
        method: "note",
        cross_reference: null,
      };
    }
    pos = nl + 1;
  }
  return null;
}

/** Section text made readable: no runs of blank lines, no trailing spaces. */
export function sectionText(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start, span.end).replace(/\n{3,}/g, "\n\n").trim();
}
