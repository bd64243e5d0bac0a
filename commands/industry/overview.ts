import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, sourceUrls } from "../market/_sources.ts";
import { warnOtherKey } from "../sector/_page.ts";
import {
  benchmarkSchema,
  overviewSchema,
  performanceSchema,
} from "../../analysis/market/domain.ts";

export default defineCommand({
  name: "industry.overview",
  summary: "Overview figures of an industry",
  description:
    "Size and performance of one industry: companies, market cap (Yahoo names no currency), " +
    "weight in its sector (a fraction), description, its sector, and returns (day, YTD, 1/3/5 " +
    "years, percent) beside the benchmark Yahoo names (the S&P 500), with the page's URL. Keys " +
    "come from industry.keys.",
  usage: "finance industry.overview KEY",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "source", "provider"],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Industry key from industry.keys, e.g. semiconductors."),
  }),
  data: z.object({
    key: z.string(),
    name: z.string(),
    sector_key: z.string().nullable(),
    sector_name: z.string().nullable(),
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
  examples: ["finance industry.overview banks-diversified"],
  async run(args, ctx) {
    const { benchmarkOf, overviewOf, pageUrl, performanceOf, INDUSTRY_SOURCE } = await import(
      "../../analysis/market/domain.ts"
    );
    const { industryPage } = await import("../../analysis/market/industry_keys.ts");
    const d = await industryPage(ctx, args.key);
    warnOtherKey(ctx, "industry", args.key, d.key);
    return {
      key: d.key,
      name: d.name,
      sector_key: d.sectorKey ?? null,
      sector_name: d.sectorName ?? null,
      symbol: d.symbol ?? null,
      overview: overviewOf(d),
      performance: performanceOf(d.performance),
      benchmark: benchmarkOf(d),
      provider: "market_a",
      source: INDUSTRY_SOURCE,
      // the page as requested: Yahoo's key in the answer may not be the one asked for
      url: sourceUrls(ctx, (r) => r.url.includes("/v1/finance/industries/")).at(-1) ??
        pageUrl("industries", d.key),
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    };
  },
});
