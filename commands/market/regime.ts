import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "market.regime",
  summary: "Classify the market regime from index trend, breadth and volatility",
  usage: "finance market.regime [MARKET=US] [TIMEFRAME=swing]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["market", "timeframe"],
  args: z.strictObject({
    market: z.string().default("US").describe("Market code."),
    timeframe: z.string().default("swing").describe(
      "Provider-supported timeframe or research horizon.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("market.regime"),
});
