import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "ir.presentations",
  summary: "Find investor presentations and press releases for a company",
  usage: "finance ir.presentations SYMBOL [limit=20 source=auto|sec|company_ir|all]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "filing_url", "accession_no", "source"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    limit: z.int().default(20).describe("Maximum records to return."),
    source: z.string().optional().describe("Source key, path, or URL depending on command."),
  }),
  data: z.looseObject({}),
  run: notImplemented("ir.presentations"),
});
