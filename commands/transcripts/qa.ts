import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "transcripts.qa",
  summary: "Pair analyst questions with management answers from a call",
  usage: "finance transcripts.qa [SYMBOL] [url=URL] [quarter=latest limit=10]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "quarter", "speaker", "published_at"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker symbol."),
    url: z.string().optional().describe("Remote URL."),
    quarter: z.string().default("latest").describe("Fiscal quarter label, such as Q1 or Q4."),
    limit: z.int().default(10).describe("Maximum records to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("transcripts.qa"),
});
