import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import {
  filingArgs,
  filingReadFrom,
  filingSchema,
  matchesQuery,
  NAME_A_FILING,
  readFromShape,
  resolveFiling,
  textReaders,
} from "./_shared.ts";

/** Contract 2.7 descriptor, plus the R page URL for citation. */
export const descriptorSchema = z.object({
  short_name: z.string(),
  long_name: z.string(),
  category: z.string(),
  file_name: z.string(),
  url: z.string(),
});

export default defineCommand({
  name: "filings.reports",
  summary: "List the financial report pages (statements, notes, details) of a filing",
  description:
    "Use to discover what a filing's financial report contains: every R page EDGAR rendered from its XBRL, as listed in FilingSummary.xml, with short_name and file_name (pass either to filings.report report=, e.g. report=R4), long_name, category (the menu: Cover, Statements, Notes, Policies, Tables, Details) and file_name. Filings without XBRL (before 2009, or forms without financial data) have no FilingSummary and fail with a clear error; use filings.read or document.scan for those.",
  usage: "finance filings.reports [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K query=TEXT]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "accession_no",
    "filing_url",
    "file_name",
    "url",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  synonyms: { accession_no: "accession" },
  requireOneOf: NAME_A_FILING,
  args: z.strictObject({
    ...filingArgs,
    query: z.string().optional().describe(
      "Keep reports whose short name, long name or category contains this text (case-insensitive).",
    ),
  }),
  data: z.object({
    filing: filingSchema,
    reports: z.array(descriptorSchema),
    count: z.int(),
    query: z.string().nullable(),
    source: z.literal("filings_lib"),
    ...readFromShape,
  }),
  examples: [
    "finance filings.reports AAPL accession=0000320193-25-000057",
    "finance filings.reports NVDA query=segment",
  ],
  async run(args, ctx) {
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const { loadSummary } = await import("../../providers/filings_a/xbrl_files.ts");
    const summary = await loadSummary(client, filing, { required: true });
    if (!summary) {
      throw new FinanceError(
        `filing ${filing.accession_no} (${filing.form}) has no FilingSummary.xml (no XBRL financial report); use ${await textReaders(
          filing,
        )}`,
      );
    }
    const reports = summary.reports
      .filter((r) => matchesQuery(args.query, r.short_name, r.long_name, r.category))
      .map((r) => ({
        short_name: r.short_name,
        long_name: r.long_name,
        category: r.category,
        file_name: r.file_name,
        url: client.fileUrl(filing, r.file_name),
      }));
    if (!reports.length && args.query) ctx.warn(`no report matched query "${args.query}"`);
    return {
      filing: meta,
      reports,
      count: reports.length,
      query: args.query ?? null,
      source: "filings_lib" as const,
      ...filingReadFrom(ctx),
    };
  },
});
