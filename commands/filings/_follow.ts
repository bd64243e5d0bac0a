/**
 * What filings.sections and filings.read share beyond naming a filing: the sections of its
 * primary document for its form, and reading a section that lives in another document of the
 * package (an annual report filed as EX-13, a 40-F's AIF and MD&A filed as EX-99.x).
 */
import { FinanceError } from "../../core/errors.ts";
import type { Client, PackageDocument, ResolvedFiling } from "../../providers/filings_a/client.ts";
import type { CleanDoc } from "../../analysis/filings/section_clean.ts";
import type { ItemSpan } from "../../analysis/filings/sections.ts";
import type { Family, SectionKey } from "../../analysis/filings/section_maps.ts";
import type { SectionSpan } from "../../analysis/filings/canonical.ts";
import type { Reference } from "../../analysis/filings/xref.ts";
import { documentText, primaryText, sectionFamily } from "./_shared.ts";

/** A section of a filing wherever it lives, as both commands report it. */
export interface FilingSection extends SectionSpan {
  title: string;
  edgar_section: string | null;
  /** Where the text is when it is not in the primary document (a 40-F exhibit). */
  exhibit: PackageDocument | null;
}

export interface FilingSections {
  family: Family;
  doc: CleanDoc;
  items: ItemSpan[];
  sections: Map<SectionKey, FilingSection>;
  warnings: string[];
}

/** Every canonical section of a filing, located in its primary document (or, for a 40-F, named). */
export async function filingSections(
  client: Client,
  filing: ResolvedFiling,
): Promise<FilingSections> {
  const family = await sectionFamily(filing);
  const doc = await primaryText(client, filing);
  const c = await import("../../analysis/filings/canonical.ts");
  const exhibits = await import("../../analysis/filings/exhibits.ts");
  const maps = await import("../../analysis/filings/section_maps.ts");
  const located = c.locateSections(doc, filing.form);
  const { sections, warnings } = located;
  // A 40-F has no items numbered like a 10-K's: its "Item 1. Undertaking" and "Item 2. Consent to
  // Service of Process" (the form's Part II) are not 10-K items 1 and 2, so none is listed.
  let items = located.items;
  if (family === "40-F" && items.length) {
    warnings.push(
      `a ${filing.form} has no item map: its numbered headings (${
        items.slice(0, 4).map((i) => `Item ${i.item} "${i.title.slice(0, 40)}"`).join(", ")
      }) are not listed as items; its sections are the EX-99 exhibits it files`,
    );
    items = [];
  }
  const out = new Map<SectionKey, FilingSection>();
  for (const s of maps.SECTIONS) {
    const span = sections.get(s.key);
    const edgar = maps.itemFor(s.key, filing.form);
    if (span) out.set(s.key, { ...span, title: s.title, edgar_section: edgar, exhibit: null });
  }
  if (family === "40-F") {
    const docs = await client.packageDocuments(filing);
    const byKey = exhibits.fortyFExhibits(docs, doc.text);
    for (const [key, ex] of byKey) {
      const s = maps.SECTIONS.find((x) => x.key === key)!;
      out.set(key, {
        key,
        title: s.title,
        edgar_section: null,
        found_as: ex.type,
        form_item: `${ex.type} (${ex.description})`,
        part: null,
        start: 0,
        end: 0,
        method: "exhibit",
        cross_reference: `${s.title} is filed as ${ex.type}, ${ex.description} (${ex.document})`,
        incorporated_by_reference: true,
        reference: {
          document: ex.description,
          exhibit: ex.type.replace(/^EX-/i, ""),
          pages: null,
          caption: key === "risk_factors" ? "Risk Factors" : null,
          item: null,
        },
        exhibit: ex,
      });
    }
    if (!byKey.size) {
      warnings.push(
        `this 40-F lists no EX-99 exhibit described as the annual information form, MD&A or financial statements; read its exhibits with document.scan`,
      );
    }
  }
  return { family, doc, items, sections: out, warnings };
}

/**
 * Why an amendment lacks a section: a 10-K/A or 10-Q/A repeats only the items it amends (often
 * Part III alone, or a single item). Null for a form that is not an amendment.
 */
export function amendmentNote(form: string, items: ItemSpan[]): string | null {
  const m = /^(.+)\/A$/i.exec(form.trim());
  if (!m) return null;
  const names = [...new Set(items.map((i) => i.item))];
  const carries = names.length
    ? `this one carries only Item${names.length > 1 ? "s" : ""} ${
      names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]
    }`
    : "this one has no item headings (it may only add exhibits or a cover page)";
  return `a ${form.toUpperCase()} repeats only the items it amends (${carries}); read the section in the original ${
    m[1].toUpperCase()
  } (form=${m[1].toUpperCase()}) or the filing this amendment amends`;
}

/** Which package document a reference names: its exhibit number, or EX-13 for the annual report. */
function referencedDocument<D extends PackageDocument>(docs: D[], ref: Reference): D | null {
  const html = docs.filter((d) => /\.(html?|txt)$/i.test(d.document));
  if (ref.exhibit) {
    const want = `EX-${ref.exhibit}`.toUpperCase();
    const hit = html.find((d) => d.type.toUpperCase() === want) ??
      html.find((d) => d.type.toUpperCase().startsWith(want));
    if (hit) return hit;
  }
  if (ref.document && /annual report/i.test(ref.document)) {
    // a 10-K's EX-13; a 20-F files its annual report as another exhibit (EX-15, EX-99) that
    // says so in its description
    return html.find((d) => /^EX-13/i.test(d.type)) ??
      html.find((d) => /^EX-/i.test(d.type) && /annual report/i.test(d.description)) ?? null;
  }
  return null;
}

// One command reads each exhibit once, however many of its sections point into it: the cleaned
// text is kept per resolved filing (a fresh object per call, so nothing outlives the call).
const exhibitTexts = new WeakMap<ResolvedFiling, Map<string, Promise<unknown>>>();
function once<T>(filing: ResolvedFiling, key: string, read: () => Promise<T>): Promise<T> {
  let memo = exhibitTexts.get(filing);
  if (!memo) exhibitTexts.set(filing, memo = new Map());
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as Promise<T>;
}

/** Text of a section that another document of the package holds, with offsets into it. */
export interface Followed {
  doc: CleanDoc;
  start: number;
  end: number;
  document: PackageDocument;
  url: string;
  located_by: string;
}

/** Reads the part of the referenced exhibit that holds the section (follow=true). */
export async function followSection(
  client: Client,
  filing: ResolvedFiling,
  section: FilingSection,
): Promise<Followed> {
  const ref = section.reference!;
  if (/\.txt$/i.test(filing.primary_document)) return followInSubmission(client, filing, section);
  let target = section.exhibit;
  if (!target) {
    const docs = await client.packageDocuments(filing);
    target = referencedDocument(docs, ref);
    if (!target) {
      const named = ref.exhibit ? `Exhibit ${ref.exhibit}` : ref.document ?? "another document";
      const have = docs.filter((d) => /^EX-/i.test(d.type)).map((d) => d.type).join(", ") ||
        "none";
      throw new FinanceError(
        `${section.key} of ${filing.form} ${filing.accession_no} is incorporated by reference to ${named}, which is not in the filing package (exhibits: ${have})${
          /proxy/i.test(named) ? "; the proxy statement is a separate DEF 14A filing" : ""
        }; read it with document.scan`,
      );
    }
  }
  const name = target.document;
  const doc = await once(filing, name, () => documentText(client, filing, name));
  const { locateInExhibit } = await import("../../analysis/filings/exhibits.ts");
  const key = section.key as Exclude<SectionKey, "segments">;
  // A whole exhibit that is the section (a 40-F's MD&A) needs no locating.
  // A 40-F's MD&A and statements are whole exhibits; its business and risk factors are parts of
  // the annual information form (the whole AIF when it has no business captions).
  const wholeExhibit = { start: 0, end: doc.text.length, located_by: "the whole exhibit" };
  const at = section.exhibit && (key === "mda" || key === "financial_statements")
    ? wholeExhibit
    : locateInExhibit(doc, key, ref) ??
      (section.exhibit && key === "business" ? wholeExhibit : null);
  if (!at) {
    throw new FinanceError(
      `${section.key} is incorporated by reference to ${target.type} (${target.document})${
        ref.pages ? ` pages ${ref.pages}` : ""
      }, but neither those pages nor a ${section.title} caption could be located in it (a table of contents is never returned); read ${
        client.fileUrl(filing, target.document)
      } with document.scan`,
    );
  }
  return {
    doc,
    start: at.start,
    end: at.end,
    document: target,
    url: client.fileUrl(filing, target.document),
    located_by: at.located_by,
  };
}

/**
 * The segment note when the financial statements are incorporated from an exhibit: looked for in
 * the part of the exhibit that holds the statements. Null when there is none.
 */
export async function followSegments(
  client: Client,
  filing: ResolvedFiling,
  statements: FilingSection,
): Promise<Followed | null> {
  const f = await followSection(client, filing, statements);
  const { findSegmentNote } = await import("../../analysis/filings/notes.ts");
  const note = findSegmentNote(f.doc.text, { ...statements, start: f.start, end: f.end });
  if (!note) return null;
  return { ...f, start: note.start, end: note.end, located_by: `segment note in ${f.located_by}` };
}

// A plain-text submission carries its exhibits inside the same .txt file: the annual report is
// its EX-13 document, and offsets are into that document's text.
async function followInSubmission(
  client: Client,
  filing: ResolvedFiling,
  section: FilingSection,
): Promise<Followed> {
  const ref = section.reference!;
  const t = await import("../../analysis/filings/text.ts");
  const sgmlDocs = await once(
    filing,
    `${filing.primary_document} documents`,
    async () =>
      t.submissionDocuments(
        await client.archiveText(filing.cik, filing.accession_no, filing.primary_document),
      ),
  );
  const docs = sgmlDocs.map((d) => ({
    seq: d.sequence,
    description: d.description,
    document: filing.primary_document,
    type: d.type,
    body: d.body,
  }));
  const target = referencedDocument(docs.slice(1), ref);
  const url = client.fileUrl(filing, filing.primary_document);
  if (!target) {
    throw new FinanceError(
      `${section.key} of ${filing.form} ${filing.accession_no} is incorporated by reference to ${
        ref.exhibit ? `Exhibit ${ref.exhibit}` : ref.document ?? "another document"
      }, which is not among the documents of ${url} (${
        docs.slice(1).map((d) => d.type).join(", ") || "none"
      }); read it with document.scan`,
    );
  }
  const { cleanDocument } = await import("../../analysis/filings/section_clean.ts");
  const doc = await once(
    filing,
    `${filing.primary_document} ${target.seq}`,
    () => Promise.resolve(cleanDocument(t.plainToText(target.body))),
  );
  const { locateInExhibit } = await import("../../analysis/filings/exhibits.ts");
  const at = locateInExhibit(doc, section.key as Exclude<SectionKey, "segments">, ref);
  if (!at) {
    throw new FinanceError(
      `${section.key} is incorporated by reference to ${target.type} of ${url}, but neither the pages named nor a ${section.title} caption could be located in it; read it with document.scan`,
    );
  }
  const { body: _body, ...document } = target;
  return {
    doc,
    start: at.start,
    end: at.end,
    document,
    url,
    located_by: `${at.located_by} of the submission's ${target.type}`,
  };
}
