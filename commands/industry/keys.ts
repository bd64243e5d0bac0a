import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";

export default defineCommand({
  name: "industry.keys",
  summary: "List industry keys, optionally within a sector",
  description:
    "Industry keys as Yahoo spells them (hyphenated, e.g. software-infrastructure), read from " +
    "the sector pages, with their sector. Give sector= to read one sector (one request); " +
    "without it all eleven are read, and sectors that fail are named in warnings.",
  usage: "finance industry.keys [sector=SECTOR_KEY]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "source", "source_urls"],
  positional: [],
  args: z.strictObject({
    sector: z.string().optional().describe("Sector key or name (technology or Technology)."),
  }),
  data: z.object({
    industries: z.array(z.object({
      key: z.string(),
      name: z.string(),
      sector_key: z.string(),
      sector_name: z.string(),
    })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  examples: ["finance industry.keys sector=technology"],
  async run(args, ctx) {
    const { SECTORS } = await import("../../providers/market_a/domain.ts");
    const { sectorKeyOf } = await import("../../analysis/market/sector_keys.ts");
    const { SECTOR_SOURCE } = await import("../../analysis/market/domain.ts");
    const { FinanceError } = await import("../../core/errors.ts");
    const client = await ctx.provider("market_a");
    const keys = args.sector ? [sectorKeyOf(args.sector)] : Object.keys(SECTORS);
    const pages = await Promise.all(keys.map(async (k) => {
      try {
        return await client.domain.sector(k);
      } catch (err) {
        if (args.sector || !(err instanceof FinanceError)) throw err;
        ctx.warn(`sector ${k}: ${err.message}`);
        return null;
      }
    }));
    if (pages.every((p) => p === null)) {
      throw new FinanceError("no sector page could be read; see warnings");
    }
    const industries = pages.flatMap((p) =>
      p
        ? p.industries.filter((i) => i.key).map((i) => ({
          key: i.key!,
          name: i.name,
          sector_key: p.key,
          sector_name: p.name,
        }))
        : []
    );
    return withSourceUrls({
      industries,
      count: industries.length,
      provider: "market_a",
      source: SECTOR_SOURCE,
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    }, ctx);
  },
});
