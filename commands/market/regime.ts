import { z } from "zod";
import { defineCommand } from "../../core/command.ts";

export default defineCommand({
  name: "market.regime",
  summary: "Classify the market regime from index trend, breadth and volatility",
  description:
    "Classifies the US market as risk_on, mixed, risk_off or bear_trend from SPY's 200-day " +
    "trend, breadth across SPY/QQQ/IWM (return over the lookback and 50-day average) and the " +
    "VIX level; every signal lists the numbers it used so the call can be checked. A rule-based " +
    "summary of price data, not a forecast. Fails when SPY has no bars.",
  usage: "finance market.regime [MARKET=US] [TIMEFRAME=swing]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["market", "as_of", "source"],
  positional: ["market", "timeframe"],
  args: z.strictObject({
    market: z.string().default("US").transform((s) => s.toUpperCase()).describe(
      "Market to classify; only US is configured.",
    ),
    timeframe: z.enum(["short", "swing", "long"]).default("swing").describe(
      "Return lookback: short 20, swing 60, long 120 trading days.",
    ),
  }),
  data: z.object({
    market: z.string(),
    timeframe: z.string(),
    lookback_bars: z.int(),
    regime: z.enum(["risk_on", "mixed", "risk_off", "bear_trend"]),
    confidence: z.number(),
    signals: z.array(z.looseObject({ name: z.string(), value: z.string(), direction: z.string() })),
    rules: z.string(),
    source: z.string(),
    as_of: z.string(),
  }),
  view: "regime",
  examples: ["finance market.regime", "finance market.regime timeframe=long"],
  async run(args, ctx) {
    const { regime } = await import("../../analysis/market/regime.ts");
    return await regime(ctx, args.market, args.timeframe);
  },
});
