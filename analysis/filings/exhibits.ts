/**
 * Sections that live in exhibits: which EX-99 of a 40-F holds each one, and where a section
 * starts and stops inside an exhibit (an EX-13 annual report, a 40-F's annual information form).
 */
import type { CleanDoc } from "./section_clean.ts";
import type { Narrative } from "./section_maps.ts";
import { findCaption, looksLikeToc, type Reference, REPORT_CAPTIONS, spanOfPages } from "./xref.ts";

const ENDS_ANY = REPORT_CAPTIONS;

/** A 40-F's documents that hold each section (by exhibit description). */
export interface ExhibitDoc {
  type: string;
  description: string;
  document: string;
}

const FORTY_F: Record<Narrative, RegExp> = {
  business: /annual information form|\baif\b/i,
  risk_factors: /annual information form|\baif\b/i,
  mda: /management['’]?s discussion|\bmd&a\b|\bmd\s*&\s*a\b/i,
  financial_statements: /financial statements/i,
};

/** Which exhibit of a 40-F holds each section. */
export function fortyFExhibits<D extends ExhibitDoc>(docs: D[], text = ""): Map<Narrative, D> {
  const out = new Map<Narrative, D>();
  const fits = (key: Narrative, what: string) =>
    FORTY_F[key].test(what) &&
    !(key === "financial_statements" && /discussion|interim|unaudited/i.test(what));
  for (const key of Object.keys(FORTY_F) as Narrative[]) {
    const hit = docs.find((d) => /^EX-99/i.test(d.type) && fits(key, d.description));
    if (hit) out.set(key, hit);
  }
  // Index descriptions are often bare ("EXHIBIT 99.1"): the 40-F's own list of principal
  // documents says which exhibit is which ("Management's Discussion and Analysis (Exhibit 99.3)").
  for (const line of text.split("\n")) {
    const m = /exhibit\s+(99\.\d{1,2})\b/i.exec(line);
    if (!m || line.length > 400) continue;
    const doc = docs.find((d) => d.type.toUpperCase() === `EX-${m[1]}`);
    if (!doc) continue;
    const named = line.slice(0, m.index);
    for (const key of Object.keys(FORTY_F) as Narrative[]) {
      if (!out.has(key) && fits(key, named)) out.set(key, doc);
    }
  }
  return out;
}

/**
 * Where a section starts and stops inside an exhibit (EX-13, a 40-F's EX-99.x): the pages the
 * reference names, else its quoted caption, else the section's usual caption. A place that reads
 * like a table of contents is passed over; null when nothing else is found.
 */
export function locateInExhibit(
  doc: CleanDoc,
  key: Narrative,
  ref: Reference | null,
): { start: number; end: number; located_by: string } | null {
  const ok = (at: { start: number; end: number } | null) =>
    at && !looksLikeToc(doc.text.slice(at.start, at.end)) ? at : null;
  if (ref?.pages) {
    const span = ok(spanOfPages(doc, ref.pages));
    if (span) {
      const cap = findCaption(doc, ref.caption ?? EXHIBIT_CAPTIONS[key], ENDS_ANY, span);
      const start = cap && cap.start - span.start < 3000 ? cap.start : span.start;
      return { start, end: span.end, located_by: `pages ${ref.pages}` };
    }
  }
  if (ref?.caption) {
    const c = ok(findCaption(doc, ref.caption, ENDS_ANY));
    if (c) return { ...c, located_by: `caption "${ref.caption}"` };
  }
  const c = ok(findCaption(doc, EXHIBIT_CAPTIONS[key], EXHIBIT_ENDS[key]));
  return c ? { ...c, located_by: `its ${key.replace("_", " ")} caption` } : null;
}

const EXHIBIT_CAPTIONS: Record<Narrative, RegExp> = {
  business:
    /^(business|our business|business overview|description of (the )?business|narrative description of (the )?business|general development of (the )?business)$/i,
  risk_factors: /^risk factors$/i,
  // a 20-F's annual report: "Operating and Financial Review (and Prospects)"
  mda: /^(management['’]s discussion and analysis|operating and financial review)\b/i,
  financial_statements:
    /^(management['’]s report on internal control|reports? of independent registered public accounting firm|independent auditor['’]s report|consolidated (statements? of (income|operations|earnings|financial position)|balance sheets?))\b/i,
};

const EXHIBIT_ENDS: Record<Narrative, RegExp> = {
  business:
    /^(risk factors|operating and financial review|dividends|description of capital structure|market for securities|directors and officers|legal proceedings|management['’]s discussion)\b/i,
  risk_factors:
    /^(dividends|description of capital structure|market for securities|escrowed securities|directors and officers|promoters|legal proceedings|interests? of (experts|management)|transfer agents?|material contracts|mineral (projects|properties)|material (mineral )?propert(y|ies)|additional information|management['’]s discussion|consolidated)\b/i,
  mda:
    /^(management['’]s report on internal control|reports? of independent|independent auditor|consolidated (statements? of|balance sheets?)|quarterly (financial data|results)|(share|stock)holder information|corporate information|board of directors)\b/i,
  financial_statements:
    /^(quarterly (financial data|results)|selected quarterly|(share|stock)holder information|corporate information|board of directors|directors and (executive )?officers|five-year)\b/i,
};
