import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import { filingArgs, filingSchema, primaryText, resolveFiling } from "./_shared.ts";

const ALIASES: Record<string, string> = {
  item_1: "business",
  "1": "business",
  risk: "risk_factors",
  risks: "risk_factors",
  item_1a: "risk_factors",
  "1a": "risk_factors",
  "md&a": "mda",
  management_discussion: "mda",
  management_discussion_and_analysis: "mda",
  item_7: "mda",
  "7": "mda",
  financials: "financial_statements",
  item_8: "financial_statements",
  "8": "financial_statements",
  segment: "segments",
  segment_information: "segments",
};

export default defineCommand({
  name: "filings.read",
  summary: "Read a narrative section (business, risk factors, MD&A...) of a filing",
  description:
    'Use to read the text of one section of a 10-K or 10-Q (run filings.sections first to see what exists). The text is cleaned: no page numbers, running footers or table-of-contents lines; tables become one line per row with cells joined by " | ". `start_char`/`end_char` locate the section in the cleaned text of the primary document (filing_url), so a quote can be cited by offset; `char_count` is the full section size and `truncated` says whether max_chars cut it. `segments` is the segment note of the financial statements. In a 10-Q, mda is Part I Item 2 and financial_statements Part I Item 1. For numbers use filings.statement or filings.report.',
  usage:
    "finance filings.read [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K section=business|risk_factors|mda|financial_statements|segments max_chars=8000]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["accession_no", "filing_url", "section", "start_char", "end_char"],
  positional: ["symbol"],
  aliases: { accession_no: "accession" },
  args: z.strictObject({
    ...filingArgs,
    section: z.preprocess(
      (v) => {
        if (typeof v !== "string") return v;
        const k = v.trim().toLowerCase().replace(/[-\s]+/g, "_");
        return ALIASES[k] ?? k;
      },
      z.enum(["business", "risk_factors", "mda", "financial_statements", "segments"]),
    ).default("business").describe(
      "Section to read: business, risk_factors, mda, financial_statements or segments (item_7, md&a and similar aliases accepted).",
    ),
    max_chars: z.int().min(0).default(8000).describe(
      "Most characters of text to return; 0 means the whole section.",
    ),
  }),
  data: z.object({
    filing: filingSchema,
    section: z.object({ key: z.string(), title: z.string(), edgar_section: z.string().nullable() }),
    found_as: z.string().nullable(),
    text: z.string(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    start_char: z.int(),
    end_char: z.int(),
    cross_reference: z.string().nullable(),
    source: z.literal("filings_lib"),
  }),
  examples: [
    "finance filings.read NVDA accession=0001045810-24-000029 section=mda max_chars=4000",
    "finance filings.read AAPL form=10-Q section=risk_factors",
  ],
  async run(args, ctx) {
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const doc = await primaryText(client, filing);
    const { locateSections, SECTIONS } = await import("../../analysis/filings/canonical.ts");
    const { sections } = locateSections(doc, filing.form);
    const spec = SECTIONS.find((s) => s.key === args.section)!;
    const span = sections.get(args.section);
    if (!span) {
      const have = [...sections.keys()].join(", ") || "none";
      throw new FinanceError(
        `section not available: ${args.section} was not found in ${filing.form} ${filing.accession_no} (${filing.filing_url}); sections found: ${have}. Try document.scan on the filing URL`,
      );
    }
    // Trim surrounding blank space but keep offsets exact for citation.
    let start = span.start;
    let end = span.end;
    while (start < end && /\s/.test(doc.text[start])) start++;
    while (end > start && /\s/.test(doc.text[end - 1])) end--;
    const full = doc.text.slice(start, end);
    const shown = args.max_chars > 0 && full.length > args.max_chars
      ? full.slice(0, args.max_chars).trimEnd()
      : full;
    if (span.cross_reference) {
      ctx.warn(
        `${spec.edgar_section ?? args.section} only refers elsewhere ("${
          span.cross_reference.slice(0, 120)
        }"); text taken from ${span.found_as}`,
      );
    }
    return {
      filing: meta,
      section: spec,
      found_as: span.found_as,
      text: shown,
      char_count: full.length,
      returned_chars: shown.length,
      truncated: shown.length < full.length,
      start_char: start,
      end_char: end,
      cross_reference: span.cross_reference,
      source: "filings_lib" as const,
    };
  },
});
