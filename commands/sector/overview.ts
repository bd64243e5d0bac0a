import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { overviewSchema, performanceSchema } from "../../analysis/market/domain.ts";

export default defineCommand({
  name: "sector.overview",
  summary: "Overview figures of a sector",
  description: "Size and performance of one sector: companies, market cap, weight in the market, " +
    "employees, description, and returns (day, YTD, 1/3/5 years, percent) beside the S&P 500. " +
    "Use sector.industries for its industries and sector.table for its top holdings.",
  usage: "finance sector.overview KEY",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "source", "provider"],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Sector key from sector.keys, e.g. technology."),
  }),
  data: z.object({
    key: z.string(),
    name: z.string(),
    symbol: z.string().nullable(),
    overview: overviewSchema,
    performance: performanceSchema,
    benchmark: performanceSchema,
    provider: z.string(),
    source: z.string(),
    retrieved_at: z.string(),
  }),
  examples: ["finance sector.overview technology"],
  async run(args, ctx) {
    const { overviewOf, performanceOf, SECTOR_SOURCE } = await import(
      "../../analysis/market/domain.ts"
    );
    const d = await (await ctx.provider("market_a")).domain.sector(args.key);
    return {
      key: d.key,
      name: d.name,
      symbol: d.symbol ?? null,
      overview: overviewOf(d),
      performance: performanceOf(d.performance),
      benchmark: performanceOf(d.performanceOverviewBenchmark),
      provider: "market_a",
      source: SECTOR_SOURCE,
      retrieved_at: ctx.clock.now().toISOString(),
    };
  },
});
