import { z } from "zod";
import { defineCommand } from "../../core/command.ts";

export default defineCommand({
  name: "screen.predefined",
  summary: "List predefined stock screens",
  description: "The ids screen.run accepts as a ready-made screen (day_gainers, most_actives, " +
    "undervalued_large_caps, ...), each with a short description. Answered from a built-in " +
    "list, no request. To filter on your own criteria give screen.run a query instead.",
  usage: "finance screen.predefined",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: ["key", "source"],
  positional: [],
  args: z.strictObject({}),
  data: z.object({
    queries: z.array(z.object({ key: z.string(), name: z.string(), description: z.string() })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
  }),
  examples: ["finance screen.predefined", "finance screen.run day_gainers count=10"],
  async run() {
    const { PREDEFINED_SCREENS } = await import("../../analysis/market/screens.ts");
    const queries = Object.entries(PREDEFINED_SCREENS)
      .map(([key, v]) => ({ key, ...v }))
      .sort((a, b) => a.key.localeCompare(b.key));
    return {
      queries,
      count: queries.length,
      provider: "market_a",
      source: "Yahoo Finance predefined screeners (v1/finance/screener/predefined/saved)",
    };
  },
});
