import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "transcripts.read",
  summary: "Read an earnings-call transcript with speakers and sections",
  usage:
    "finance transcripts.read [SYMBOL] [url=URL] [quarter=latest max_chars=12000 include_turns=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "quarter", "speaker", "published_at"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker symbol."),
    url: z.string().optional().describe("Remote URL."),
    quarter: z.string().default("latest").describe("Fiscal quarter label, such as Q1 or Q4."),
    max_chars: z.int().default(12000).describe("Maximum text characters to return."),
    include_turns: z.boolean().default(false).describe("Include transcript speaker turns."),
  }),
  data: z.looseObject({}),
  run: notImplemented("transcripts.read"),
});
