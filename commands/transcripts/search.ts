import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "transcripts.search",
  summary: "Find earnings-call transcripts for a ticker",
  usage: "finance transcripts.search SYMBOL [limit=4 debug=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "quarter", "speaker", "published_at"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    limit: z.int().default(4).describe("Maximum records to return."),
    debug: z.boolean().default(false).describe("Include debug details."),
  }),
  data: z.looseObject({}),
  run: notImplemented("transcripts.search"),
});
