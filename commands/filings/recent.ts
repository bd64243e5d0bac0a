import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.recent",
  summary: "List a company's recent SEC filings",
  usage: "finance filings.recent SYMBOL [forms=8-K,10-Q limit=20 classify=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "accession_no", "accession", "url", "form", "report_name", "section"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    forms: z.string().optional().describe("Comma-separated SEC form types to include."),
    limit: z.int().default(20).describe("Maximum records to return."),
    classify: z.boolean().default(false).describe("Classify filing events when supported."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.recent"),
});
