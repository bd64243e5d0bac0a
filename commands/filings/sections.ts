import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { filingArgs, filingSchema, primaryText, resolveFiling } from "./_shared.ts";

const sectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  edgar_section: z.string().nullable(),
  available: z.boolean(),
  char_count: z.int(),
  found_as: z.string().nullable(),
  start_char: z.int().nullable(),
  end_char: z.int().nullable(),
  method: z.string().nullable(),
  cross_reference: z.string().nullable(),
});

export default defineCommand({
  name: "filings.sections",
  summary: "Which narrative sections a 10-K or 10-Q has, and how large they are",
  description:
    "Use before filings.read to see which of the five canonical sections (business, risk_factors, mda, financial_statements, segments) a filing's primary document holds, with their size and character offsets in the cleaned document text, plus every item identifier found (edgartools_sections, e.g. part_i_item_1a, part_ii_item_7). Items are located from table-of-contents links first, then heading lines, then title patterns (`method`). In a 10-Q the sections come from its own items (found_as: MD&A is part_i_item_2, financial statements part_i_item_1, risk factors part_ii_item_1a; a 10-Q has no business section). `cross_reference` quotes an item that only points elsewhere; its text is then taken from where it points (e.g. the financial statements after the auditor's report). For numbers use filings.statement or filings.report.",
  usage: "finance filings.sections [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["accession_no", "filing_url", "key", "start_char", "end_char"],
  positional: ["symbol"],
  aliases: { accession_no: "accession" },
  args: z.strictObject({ ...filingArgs }),
  data: z.object({
    filing: filingSchema,
    supported_sections: z.array(sectionSchema),
    edgartools_sections: z.array(z.string()),
    document_chars: z.int(),
    source: z.literal("filings_lib"),
  }),
  examples: [
    "finance filings.sections NVDA accession=0001045810-24-000029",
    "finance filings.sections AAPL form=10-Q",
  ],
  async run(args, ctx) {
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const doc = await primaryText(client, filing);
    const { locateSections, SECTIONS } = await import("../../analysis/filings/canonical.ts");
    const { items, sections } = locateSections(doc, filing.form);
    if (!items.length) {
      ctx.warn(
        `no Item headings found in ${filing.primary_document}; is it a ${filing.form} with the usual item structure?`,
      );
    }
    return {
      filing: meta,
      supported_sections: SECTIONS.map((s) => {
        const span = sections.get(s.key);
        const size = span ? doc.text.slice(span.start, span.end).trim().length : 0;
        return {
          ...s,
          available: size > 0,
          char_count: size,
          found_as: span?.found_as ?? null,
          start_char: span?.start ?? null,
          end_char: span?.end ?? null,
          method: span?.method ?? null,
          cross_reference: span?.cross_reference ?? null,
        };
      }),
      edgartools_sections: items.map((i) => i.id),
      document_chars: doc.text.length,
      source: "filings_lib" as const,
    };
  },
});
