import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "sector.table",
  summary: "Top companies, ETFs, funds or research reports of a sector",
  usage:
    "finance sector.table KEY [table=top_companies|top_etfs|top_mutual_funds|research_reports limit=25]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Provider key returned by the corresponding list command."),
    table: z.enum(["top_companies", "top_etfs", "top_mutual_funds", "research_reports"]).optional()
      .describe("Provider table name to return."),
    limit: z.int().default(25).describe("Maximum records to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("sector.table"),
});
