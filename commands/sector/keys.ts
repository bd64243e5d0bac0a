import { z } from "zod";
import { defineCommand } from "../../core/command.ts";

export default defineCommand({
  name: "sector.keys",
  summary: "List sector keys",
  description: "Yahoo's eleven sector keys (technology, healthcare, ...) with their names, for " +
    "sector.overview, sector.industries, sector.table and industry.keys. Built in, no request.",
  usage: "finance sector.keys",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: ["key", "source"],
  positional: [],
  args: z.strictObject({}),
  data: z.object({
    sectors: z.array(z.object({ key: z.string(), name: z.string() })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
  }),
  examples: ["finance sector.keys"],
  async run() {
    const { SECTORS } = await import("../../providers/market_a/domain.ts");
    const sectors = Object.entries(SECTORS).map(([key, name]) => ({ key, name }));
    return {
      sectors,
      count: sectors.length,
      provider: "market_a",
      source: "Yahoo Finance sector keys (as used by v1/finance/sectors)",
    };
  },
});
