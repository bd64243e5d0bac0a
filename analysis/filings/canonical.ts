/**
 * Locating the five canonical sections (contract 2.5) in one filing's document, from one pass
 * over its items: the item each section comes from in the form (section_maps.ts), else a cross
 * reference or an annual report's index it points to (canonical_refs.ts), else its title line
 * alone (canonical_titles.ts); the segment note from the statements' notes. A 40-F carries them
 * as exhibits (see `fortyFExhibits`). Forms without a map are refused by the commands rather
 * than read with 10-K numbering.
 */
import type { CleanDoc } from "./section_clean.ts";
import { findSegmentNote } from "./notes.ts";
import { findItems, type ItemSpan } from "./sections.ts";
import type { Numbering } from "./item_titles.ts";
import { looksLikeToc, readCrossReferenceIndex, type Reference } from "./xref.ts";
import {
  addIndexedItems,
  addTwentyFRiskFactors,
  followCrossReference,
  fromIndex,
} from "./canonical_refs.ts";
import {
  byPattern,
  FOREIGN_TITLES,
  noMaterialChanges,
  OWN_TITLES,
  TITLE_PATTERNS,
  titleLineOnly,
} from "./canonical_titles.ts";
import {
  type Family,
  formFamily,
  formItemFor,
  MAPS,
  type SectionKey,
  SECTIONS,
} from "./section_maps.ts";

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

/** Section text made readable: no runs of blank lines, no trailing spaces. */
export function sectionText(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start, span.end).replace(/\n{3,}/g, "\n\n").trim();
}
