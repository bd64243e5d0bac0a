import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "price.moves",
  summary: "Find large price moves with volume and volatility context",
  usage:
    "finance price.moves SYMBOL [window=1d|3d|1w|1m years=3 threshold=8|8% limit=20 provider=auto]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "date", "source", "url"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    window: z.enum(["1d", "3d", "1w", "1m"]).optional().describe(
      "Trading or text window size, depending on the command.",
    ),
    years: z.int().default(3).describe("Number of historical years to inspect."),
    threshold: z.string().optional().describe(
      "Move threshold. CLI accepts decimal or percent notation.",
    ),
    limit: z.int().default(20).describe("Maximum records to return."),
    provider: z.string().default("auto").describe("Provider selection."),
  }),
  data: z.looseObject({}),
  run: notImplemented("price.moves"),
});
