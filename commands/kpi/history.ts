import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "kpi.history",
  summary: "Line up KPI mentions across a company's recent documents",
  usage:
    "finance kpi.history SYMBOL [source=transcripts metrics=arr,nrr limit=4 per_document_limit=20]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "accession_no", "quarter", "metric"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    source: z.string().default("transcripts").describe(
      "Source key, path, or URL depending on command.",
    ),
    metrics: z.string().optional().describe("Comma-separated KPI or metric names to search for."),
    limit: z.int().default(4).describe("Maximum records to return."),
    per_document_limit: z.int().default(20).describe(
      "Maximum KPI evidence rows per source document.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("kpi.history"),
});
