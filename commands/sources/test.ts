import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "sources.test",
  summary: "Probe providers with a live minimal request",
  usage: "finance sources.test [SOURCE|source=SOURCE] [symbol=AAPL timeout=30]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["source"],
  args: z.strictObject({
    source: z.string().optional().describe("Source key, path, or URL depending on command."),
    symbol: ticker().optional().describe("Ticker symbol."),
    timeout: z.int().default(30).describe("Provider test timeout in seconds."),
  }),
  data: z.looseObject({}),
  run: notImplemented("sources.test"),
});
