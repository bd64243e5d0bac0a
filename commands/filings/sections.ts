import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import {
  filingArgs,
  filingReadFrom,
  filingSchema,
  FOUND_AS,
  NAME_A_FILING,
  readFromShape,
  referenceSchema,
  refuseUnmappedForm,
  resolveFiling,
  trimSpan,
} from "./_shared.ts";
import {
  amendmentNote,
  type FilingSection,
  filingSections,
  type Followed,
  followSection,
  followSegments,
} from "./_follow.ts";

const sectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  edgar_section: z.string().nullable(),
  form_item: z.string().nullable(),
  part: z.string().nullable(),
  available: z.boolean(),
  char_count: z.int().nullable().describe(
    "Size of the section's text in the primary document; null when the text is in an exhibit (its size there is referenced.char_count), 0 when nothing was found.",
  ),
  found_as: z.string().nullable(),
  start_char: z.int().nullable(),
  end_char: z.int().nullable(),
  method: z.string().nullable(),
  cross_reference: z.string().nullable().describe(
    "The item's own words when it only points elsewhere (\"see Item 7\", an index of F-pages); the section's text is then the part it points to (found_as), or the pointer itself when that is another document (incorporated_by_reference).",
  ),
  incorporated_by_reference: z.boolean(),
  reference: referenceSchema.nullable(),
  referenced: z.object({
    document: z.string(),
    type: z.string(),
    url: z.string(),
    char_count: z.int(),
    located_by: z.string(),
  }).nullable().describe(
    "Where filings.read follow=true finds the text of an incorporated section: the exhibit, its URL and the size of the part located in it.",
  ),
});

const itemSchema = z.object({
  id: z.string(),
  part: z.string(),
  item: z.string(),
  title: z.string(),
  found_as: z.string(),
  start_char: z.int(),
  end_char: z.int(),
  char_count: z.int(),
  incorporated_by_reference: z.boolean(),
});

export default defineCommand({
  name: "filings.sections",
  summary: "Which narrative sections a 10-K, 10-Q, 20-F or 40-F has, and how large they are",
  description:
    "Use before filings.read to see which of the five canonical sections (business, risk_factors, mda, financial_statements, segments) a filing holds, with size and character offsets in the cleaned primary document, plus every item found (`items`: id such as part_ii_item_1a, part, title, and `found_as`: toc_link, item_heading or cross_reference_index). In supported_sections, `found_as` is the item a section came from and `method` how it was found (toc_link, item_heading, cross_reference_index, pattern, note, exhibit). Parts are tracked: in a 10-Q part_i_item_1 (financial statements) and part_ii_item_1 (legal proceedings) are different items. Per form: 10-K Items 1, 1A, 7, 8; 10-Q Part I Items 1 and 2 and Part II Item 1A (no business section); 20-F Items 4, 3.D, 5 and 18/17/8 (`form_item` gives the form's own number); 40-F sections are its EX-99 exhibits (annual information form, MD&A, financial statements), and a 40-F lists no items (its form has no 10-K item map). Item headings are found however written (Item 1A., ITEM 1.A., 1A. Risk Factors without the word Item, in table cells); an item the filing does not have is never another item's text. Other forms are refused. Filings from before HTML (one SGML submission, `.txt`) are read from their first document the same way. An item that only points elsewhere keeps `cross_reference`; when it points to another document (the annual report in EX-13, a proxy statement) it is `incorporated_by_reference` with `reference` (exhibit, pages, caption), `referenced` says where in the filing package its text was located (exhibit, URL, size), and filings.read follow=true reads it. Annual-report 10-Ks and 20-Fs are mapped through their Form 10-K cross-reference index or Form 20-F cross-reference guide (pages located by the page footers, or the report's captions; an item the index maps to pages the document does not print is a warning, never a contents page). For numbers use filings.statement or filings.report.",
  usage: "finance filings.sections [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "accession_no",
    "filing_url",
    "key",
    "start_char",
    "end_char",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  synonyms: { accession_no: "accession" },
  requireOneOf: NAME_A_FILING,
  args: z.strictObject({ ...filingArgs }),
  data: z.object({
    filing: filingSchema,
    supported_sections: z.array(sectionSchema),
    items: z.array(itemSchema),
    item_ids: z.array(z.string()).describe(
      "Id of every item found, e.g. part_ii_item_7a, in document order.",
    ),
    document_chars: z.int(),
    source: z.literal("filings_lib"),
    ...readFromShape,
  }),
  examples: [
    "finance filings.sections NVDA accession=0001045810-24-000029",
    "finance filings.sections AAPL form=10-Q",
  ],
  async run(args, ctx) {
    await refuseUnmappedForm(args);
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const found = await filingSections(client, filing);
    const { doc, items, sections } = found;
    const { SECTIONS, itemFor, formItemFor } = await import(
      "../../analysis/filings/section_maps.ts"
    );
    const { CROSS_REF, isExternal, parseReference } = await import(
      "../../analysis/filings/xref.ts"
    );
    for (const w of found.warnings) ctx.warn(w);
    // Incorporated sections: locate their text in the package's exhibit (one fetch per exhibit).
    const referenced = new Map<string, z.infer<typeof sectionSchema>["referenced"]>();
    const note = (key: string, f: Followed | null) =>
      f && referenced.set(key, {
        document: f.document.document,
        type: f.document.type,
        url: f.url,
        char_count: f.doc.text.slice(f.start, f.end).trim().length,
        located_by: f.located_by,
      });
    const warn = (err: unknown) => ctx.warn(err instanceof Error ? err.message : String(err));
    for (const span of sections.values()) {
      if (!span.incorporated_by_reference) continue;
      await followSection(client, filing, span).then((f) => note(span.key, f)).catch(warn);
    }
    const statements = sections.get("financial_statements");
    if (statements?.incorporated_by_reference && referenced.has("financial_statements")) {
      await followSegments(client, filing, statements as FilingSection).then((f) =>
        note("segments", f)
      ).catch(warn);
    }
    const amended = amendmentNote(filing.form, items);
    const missing = SECTIONS.filter((s) =>
      s.key !== "segments" && itemFor(s.key, filing.form) && !sections.has(s.key)
    );
    if (amended && missing.length) {
      ctx.warn(
        `${missing.map((s) => s.key).join(", ")} not in this filing: ${amended}`,
      );
    } else if (!items.length && found.family !== "40-F" && !sections.size) {
      ctx.warn(
        `no Item headings found in ${filing.primary_document}; is it a ${filing.form} with the usual item structure?`,
      );
    }
    return {
      filing: meta,
      supported_sections: SECTIONS.map((s) => {
        const span = sections.get(s.key);
        const at = span && !span.exhibit ? trimSpan(doc.text, span.start, span.end) : null;
        const size = at ? at.end - at.start : 0;
        return {
          key: s.key,
          title: s.title,
          edgar_section: span?.edgar_section ?? itemFor(s.key, filing.form),
          form_item: span?.form_item ?? formItemFor(s.key, filing.form),
          part: span?.part ?? null,
          available: Boolean(span?.exhibit) || size > 0 || referenced.has(s.key),
          // a section filed as an exhibit has no size in the primary document: not "empty"
          char_count: size === 0 && (span?.exhibit || referenced.has(s.key)) ? null : size,
          found_as: span?.found_as ?? null,
          start_char: at?.start ?? null,
          end_char: at?.end ?? null,
          method: span ? FOUND_AS[span.method] ?? span.method : null,
          cross_reference: span?.cross_reference ?? null,
          incorporated_by_reference: span?.incorporated_by_reference ?? referenced.has(s.key),
          reference: span?.reference ?? null,
          referenced: referenced.get(s.key) ?? null,
        };
      }),
      items: items.map((i) => {
        const body = doc.text.slice(i.start, i.end);
        const short = body.length < 2500 && CROSS_REF.test(body);
        // the item's text without the blank space before the next heading: end - start is its size
        const at = trimSpan(doc.text, i.start, i.end);
        return {
          id: i.id,
          part: i.part,
          item: i.item,
          title: i.title,
          found_as: FOUND_AS[i.method] ?? i.method,
          start_char: at.start,
          end_char: at.end,
          char_count: at.end - at.start,
          incorporated_by_reference: short && isExternal(parseReference(body)),
        };
      }),
      item_ids: items.map((i) => i.id),
      document_chars: doc.text.length,
      source: "filings_lib" as const,
      ...filingReadFrom(ctx),
    };
  },
});
