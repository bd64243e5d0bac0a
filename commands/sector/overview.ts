import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, sourceUrls } from "../market/_sources.ts";
import { warnOtherKey } from "./_page.ts";
import {
  benchmarkSchema,
  overviewSchema,
  performanceSchema,
} from "../../analysis/market/domain.ts";

export default defineCommand({
  name: "sector.overview",
  summary: "Overview figures of a sector",
  description: "Size and performance of one sector: companies, market cap (Yahoo names no " +
    "currency), weight in the market (a fraction), employees, description, and returns (day, " +
    "YTD, 1/3/5 years, percent) beside the benchmark Yahoo names (the S&P 500), with the page's " +
    "URL. Use sector.industries for its industries and sector.table for its top holdings.",
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
    benchmark: benchmarkSchema,
    provider: z.string(),
    source: z.string(),
    url: z.string().describe("The Yahoo page the figures were read from."),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  view: "sector_overview",
  examples: ["finance sector.overview technology"],
  async run(args, ctx) {
    const { benchmarkOf, overviewOf, pageUrl, performanceOf, SECTOR_SOURCE } = await import(
      "../../analysis/market/domain.ts"
    );
    const { sectorKeyOf } = await import("../../analysis/market/sector_keys.ts");
    const asked = sectorKeyOf(args.key);
    const d = await (await ctx.provider("market_a")).domain.sector(asked);
    warnOtherKey(ctx, "sector", asked, d.key);
    return {
      key: d.key,
      name: d.name,
      symbol: d.symbol ?? null,
      overview: overviewOf(d),
      performance: performanceOf(d.performance),
      benchmark: benchmarkOf(d),
      provider: "market_a",
      source: SECTOR_SOURCE,
      // the page as requested: Yahoo's key in the answer may not be the one asked for
      url: sourceUrls(ctx, (r) => r.url.includes("/v1/finance/sectors/")).at(-1) ??
        pageUrl("sectors", d.key),
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    };
  },
});
