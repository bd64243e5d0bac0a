/**
 * Sections told by their titles: the titles each section's item carries (and the titles of other
 * items, which are never it), a section found by its title line alone when its item heading was
 * not, and a 10-Q risk-factors item that only says nothing changed.
 */
import type { ItemSpan } from "./sections.ts";
import { itemOrder } from "./item_lines.ts";
import { unpiped } from "./section_clean.ts";
import { type Family, formItemFor, itemFor, type Narrative } from "./section_maps.ts";
import type { SectionSpan } from "./canonical.ts";

export const TITLE_PATTERNS: Record<Narrative, RegExp> = {
  business: /^(item\s+1\.?\s*)?business$/i,
  risk_factors: /^(item\s+1a\.?\s*)?risk factors$/i,
  mda: /^(item\s+[27]\.?\s*)?management['’]s discussion and analysis\b/i,
  financial_statements:
    /^(item\s+[18]\.?\s*)?(consolidated\s+)?financial statements( and supplementary data)?$/i,
};

/** Titles of other items: an item under one of these is not the section asked for. */
export const FOREIGN_TITLES: Record<Narrative, RegExp> = {
  business:
    /legal proceedings|risk factors|properties|management['’]s discussion|financial statements/i,
  risk_factors: /legal proceedings|business|management['’]s discussion|exhibits|unregistered/i,
  mda:
    /legal proceedings|risk factors|financial statements|exhibits|controls and procedures|unregistered|defaults upon|mine safety/i,
  financial_statements:
    /legal proceedings|risk factors|management['’]s discussion|exhibits|controls and procedures|unregistered|defaults|other information|mine safety/i,
};

/** Titles a section's own item may carry (checked before FOREIGN_TITLES). */
export const OWN_TITLES: Record<Narrative, RegExp> = {
  business: /business|information on the company/i,
  risk_factors: /risk factors/i,
  mda: /discussion and analysis|operating and financial review/i,
  financial_statements: /financial statements|financial information/i,
};

/**
 * What the reader is told of a section found by its title line alone, keyed to that section. In
 * a 10-Q, a title line inside an item of the other part is never that section (a "Risk Factors"
 * subheading of Part I's MD&A is not Part II's Item 1A): refused.
 */
export function titleLineOnly(
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
export function noMaterialChanges(
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

/**
 * The section by its title line alone, when its item heading was not found: a heading such as
 * "RISK FACTORS" without "Item 1A". Not a subheading of an item that comes after the section's
 * own (a "Risk Factors" paragraph inside Item 11's compensation discussion, "Financial
 * Statements" inside Item 15 of a 10-K/A that carries Part III only).
 */
export function byPattern(
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
