import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { FinanceError } from "../../core/errors.ts";

export default defineCommand({
  name: "market.quote",
  summary: "Latest quote of a symbol with its source and time",
  description:
    "Last price, change, day range, volume, market cap and shares for one ticker, with the " +
    "exchange's timestamp (as_of), currency, provider and source. Yahoo (market_a, no key) " +
    "answers first; Alpha Vantage (market_b) is used only when Yahoo fails and " +
    "ALPHA_VANTAGE_API_KEY is set, and then fields it lacks stay null and fallback_reason says " +
    "why. For history use market.ohlcv; for valuation fields use symbol.snapshot.",
  usage: "finance market.quote SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "as_of", "source", "provider"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it (AAPL, BRK-B, SAP.DE)."),
  }),
  data: z.object({
    symbol: z.string(),
    company_name: z.string().nullable(),
    quote_type: z.string().nullable(),
    exchange: z.string().nullable(),
    currency: z.string().nullable(),
    price: z.number().nullable(),
    change: z.number().nullable(),
    change_pct: z.number().nullable(),
    previous_close: z.number().nullable(),
    open: z.number().nullable(),
    day_high: z.number().nullable(),
    day_low: z.number().nullable(),
    volume: z.number().nullable(),
    market_cap: z.number().nullable(),
    shares_outstanding: z.number().nullable(),
    fifty_two_week_high: z.number().nullable(),
    fifty_two_week_low: z.number().nullable(),
    market_state: z.string().nullable(),
    as_of: z.string().nullable(),
    provider: z.string(),
    source: z.string(),
    fallback_reason: z.string().optional(),
  }),
  examples: ["finance market.quote AAPL", "finance market.quote SAP.DE"],
  async run(args, ctx) {
    const { yahooQuote } = await import("../../analysis/market/company.ts");
    const symbol = args.symbol.toUpperCase();
    try {
      return await yahooQuote(ctx, symbol);
    } catch (err) {
      const av = await ctx.provider("market_b");
      if (!av.configured || !(err instanceof FinanceError)) throw err;
      const q = await av.quote(symbol);
      return {
        symbol: q.symbol,
        company_name: null,
        quote_type: null,
        exchange: null,
        currency: null,
        price: q.price,
        change: q.change,
        change_pct: q.change_percent,
        previous_close: q.previous_close,
        open: q.open,
        day_high: q.high,
        day_low: q.low,
        volume: q.volume,
        market_cap: null,
        shares_outstanding: null,
        fifty_two_week_high: null,
        fifty_two_week_low: null,
        market_state: null,
        as_of: q.latest_trading_day,
        provider: "market_b",
        source: "Alpha Vantage GLOBAL_QUOTE",
        fallback_reason: err.message,
      };
    }
  },
});
