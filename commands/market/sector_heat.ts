import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "market.sector_heat",
  summary: "Rank sector ETFs by recent return",
  usage: "finance market.sector_heat [MARKET=US] [LOOKBACK_DAYS=20] [GROUP_BY=sector]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["market", "lookback_days", "group_by"],
  args: z.strictObject({
    market: z.string().default("US").describe("Market code."),
    lookback_days: z.int().default(20).describe("Lookback window in calendar days."),
    group_by: z.string().default("sector").describe("Aggregation grouping for analysis output."),
  }),
  data: z.looseObject({}),
  run: notImplemented("market.sector_heat"),
});
