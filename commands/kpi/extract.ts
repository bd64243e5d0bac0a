import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "kpi.extract",
  summary: "Find KPI mentions (ARR, NRR, growth...) with numbers and citations",
  usage:
    "finance kpi.extract SYMBOL [source=transcripts|filings|both metrics=arr,nrr limit=30 quarter=latest form=10-K]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "accession_no", "quarter", "metric"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    source: z.string().optional().describe("Source key, path, or URL depending on command."),
    metrics: z.string().optional().describe("Comma-separated KPI or metric names to search for."),
    limit: z.int().default(30).describe("Maximum records to return."),
    quarter: z.string().default("latest").describe("Fiscal quarter label, such as Q1 or Q4."),
    form: z.string().default("10-K").describe("SEC form type."),
  }),
  data: z.looseObject({}),
  run: notImplemented("kpi.extract"),
});
