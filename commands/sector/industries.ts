import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";

export default defineCommand({
  name: "sector.industries",
  summary: "Industries within a sector",
  description:
    "The industries Yahoo files under one sector, with their keys (for industry.overview and " +
    "industry.table), index symbol, market weight and YTD return (percent).",
  usage: "finance sector.industries KEY",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "source", "provider", "source_urls"],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Sector key from sector.keys, e.g. technology."),
  }),
  data: z.object({
    key: z.string(),
    name: z.string(),
    industries: z.array(z.object({
      key: z.string(),
      name: z.string(),
      symbol: z.string().nullable(),
      market_weight: z.number().nullable(),
      ytd_return_pct: z.number().nullable(),
    })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  examples: ["finance sector.industries technology"],
  async run(args, ctx) {
    const { SECTOR_SOURCE } = await import("../../analysis/market/domain.ts");
    const { industryListCaveats, sectorKeyOf } = await import(
      "../../analysis/market/sector_keys.ts"
    );
    const d = await (await ctx.provider("market_a")).domain.sector(sectorKeyOf(args.key));
    const industries = d.industries.filter((i) => i.key).map((i) => ({
      key: i.key!,
      name: i.name,
      symbol: i.symbol ?? null,
      market_weight: i.marketWeight,
      ytd_return_pct: i.ytdReturn === null ? null : Math.round(i.ytdReturn * 1e6) / 1e4,
    }));
    const dropped = d.industries.filter((i) => !i.key && !/^all industries$/i.test(i.name))
      .map((i) => i.name);
    for (const w of industryListCaveats(d.key, industries, d.overview.industriesCount, dropped)) {
      ctx.warn(w);
    }
    return withSourceUrls({
      key: d.key,
      name: d.name,
      industries,
      count: industries.length,
      provider: "market_a",
      source: SECTOR_SOURCE,
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    }, ctx);
  },
});
