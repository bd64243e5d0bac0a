import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP } from "./_sources.ts";

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
  citation_fields: ["market", "as_of", "source", "source_urls"],
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
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    as_of: z.string(),
  }),
  view: "regime",
  examples: ["finance market.regime", "finance market.regime timeframe=long"],
  async run(args, ctx) {
    const { regime } = await import("../../analysis/market/regime.ts");
    const { allCollected, collectingCalls } = await import("./_sources.ts");
    // the bars are read by market.ohlcv calls: their URLs are what this regime cites
    const calls = collectingCalls(ctx);
    const d = await regime(calls.ctx, args.market, args.timeframe);
    // each benchmark's numbers with the URLs of its bars (a sheet's row per input cites them)
    const cite = (i: unknown) =>
      i && typeof i === "object" && typeof (i as { symbol?: unknown }).symbol === "string"
        ? { ...i, source_urls: calls.urls.get((i as { symbol: string }).symbol) ?? [] }
        : i;
    const signals = d.signals.map((sig) => {
      const inputs = (sig as { inputs?: unknown }).inputs;
      if (Array.isArray(inputs)) return { ...sig, inputs: inputs.map(cite) };
      return inputs ? { ...sig, inputs: cite(inputs) } : sig;
    });
    return { ...d, signals, source_urls: allCollected(calls.urls) };
  },
});
