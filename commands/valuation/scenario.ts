import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";

const n = z.number().nullable();

export default defineCommand({
  name: "valuation.scenario",
  summary: "Bear/base/bull implied prices from revenue multiples",
  description:
    "Implied market cap (revenue × multiple) and price per share for bear, base and bull " +
    "price-to-sales multiples, with upside against the current price. Shares come from " +
    "shares= or else Yahoo's share count (the source is reported). revenue is read in the " +
    "market cap's currency (revenue_currency; a warning says when the company reports in " +
    "another); implied prices are in the unit the price is quoted in (pence for GBp " +
    "listings). The revenue and multiples are your assumptions; this is a calculator, not " +
    "advice. A revenue about a thousand, a million or a billion times below Yahoo's " +
    "trailing-twelve-month revenue (400000 meaning $ millions) is warned, naming the likely " +
    "unit, as is a share count far from Yahoo's.",
  usage:
    "finance valuation.scenario SYMBOL revenue=2.2B bear_multiple=7 base_multiple=10 bull_multiple=13 [shares=580M]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "as_of", "shares_source"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
    revenue: amount().describe(
      "Revenue to value in whole currency units, e.g. 2.2B or 2200M, not 2200 meaning millions (your assumption or a cited figure).",
    ),
    bear_multiple: amount().describe("Price-to-sales multiple of the bear case."),
    base_multiple: amount().describe("Price-to-sales multiple of the base case."),
    bull_multiple: amount().describe("Price-to-sales multiple of the bull case."),
    shares: amount().optional().describe("Shares outstanding; default Yahoo's count."),
  }),
  data: z.object({
    symbol: z.string(),
    currency: z.string().nullable(),
    current_price: n,
    market_cap: n,
    market_cap_currency: z.string().nullable(),
    revenue_currency: z.string().nullable(),
    shares: n,
    shares_source: z.record(z.string(), z.string().nullable()).nullable(),
    assumptions: z.object({ revenue: z.number(), multiple_basis: z.string() }),
    cases: z.array(z.object({
      case: z.string(),
      revenue: z.number(),
      multiple: z.number(),
      implied_market_cap: z.number(),
      implied_price: n,
      upside_pct: n,
    })),
    as_of: z.string().nullable(),
    warnings: z.array(z.string()),
  }),
  examples: [
    "finance valuation.scenario AAPL revenue=400B bear_multiple=6 base_multiple=8 bull_multiple=10",
  ],
  async run(args, ctx) {
    const { scenario } = await import("../../analysis/market/valuation.ts");
    return await scenario(ctx, { ...args, symbol: args.symbol.toUpperCase() });
  },
});
