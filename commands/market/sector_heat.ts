import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP } from "./_sources.ts";

const row = z.object({
  name: z.string(),
  symbol: z.string(),
  heat_score: z.number(),
  return_pct: z.number(),
  lookback_bars: z.int(),
  last_close: z.number().describe("Last adjusted close, in `currency`."),
  currency: z.string().nullable().describe("Currency of the closes as the provider states it."),
  last_date: z.string(),
  provider: z.string(),
  source_urls: z.array(z.string()).describe(
    "The URLs this ETF's bars were read from (by market.ohlcv; keys removed).",
  ),
});

export default defineCommand({
  name: "market.sector_heat",
  view: "sector_heat",
  summary: "Rank sector ETFs by recent return",
  description:
    "Ranks the eleven US sectors by the return of their SPDR sector ETF (XLK, XLF, ...) over " +
    "the lookback, from adjusted daily closes: leaders, laggards (worst first) and the full " +
    "ranking. ETFs without bars are named in warnings. Use sector.overview for Yahoo's own " +
    "sector figures.",
  usage: "finance market.sector_heat [MARKET=US] [LOOKBACK_DAYS=20] [GROUP_BY=sector]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "last_date", "source", "source_urls"],
  positional: ["market", "lookback_days", "group_by"],
  args: z.strictObject({
    market: z.string().default("US").transform((s) => s.toUpperCase()).describe(
      "Market to rank; only US is configured.",
    ),
    lookback_days: z.coerce.number().int().min(1).max(250).default(20).describe(
      "Return window in trading days (bars).",
    ),
    group_by: z.enum(["sector"]).default("sector").describe("Grouping; sector is the only one."),
  }),
  data: z.object({
    market: z.string(),
    group_by: z.string(),
    lookback_days: z.int(),
    leaders: z.array(row),
    laggards: z.array(row),
    all: z.array(row),
    count: z.int(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the newest of the market.ohlcv answers ranked here was read (the recording's time under replay); null when none of them carries a date.",
    ),
  }),
  examples: ["finance market.sector_heat lookback_days=60"],
  async run(args, ctx) {
    const { sectorHeat } = await import("../../analysis/market/regime.ts");
    const { allCollected, collectingCalls } = await import("./_sources.ts");
    // the bars are read by market.ohlcv calls: their URLs are what this ranking cites
    const calls = collectingCalls(ctx);
    const d = await sectorHeat(calls.ctx, args.market, args.lookback_days);
    const cite = <R extends { symbol: string }>(r: R) => ({
      ...r,
      source_urls: calls.urls.get(r.symbol) ?? [],
    });
    return {
      ...d,
      leaders: d.leaders.map(cite),
      laggards: d.laggards.map(cite),
      all: d.all.map(cite),
      source_urls: allCollected(calls.urls),
      retrieved_at: calls.newest(),
    };
  },
});
