import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";
import { type Citation, citationShape, marketReads } from "./_citations.ts";
import { answeredAt, SOURCE_URLS_HELP } from "../market/_sources.ts";

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
  citation_fields: ["symbol", "as_of", "shares_source", "provider", "source_urls", "citations"],
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
    provider: z.string().describe("Provider key of the market figures (market_a)."),
    retrieved_at: z.string().nullable().describe(
      "When the newest market figure was read (ISO 8601); null when replayed from a recording that carries no date.",
    ),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    citations: z.array(citationShape).describe(
      "Each group of figures with the provider and the URLs it was read from; your revenue, " +
        "multiples and shares as user_input.",
    ),
    method: z.record(z.string(), z.string()).describe("How each case's figures are formed."),
  }),
  examples: [
    "finance valuation.scenario AAPL revenue=400B bear_multiple=6 base_multiple=8 bull_multiple=10",
  ],
  async run(args, ctx) {
    const { scenario } = await import("../../analysis/market/valuation.ts");
    const { fx_rates, ...out } = await scenario(ctx, {
      ...args,
      symbol: args.symbol.toUpperCase(),
    });
    // the snapshot's exchange rate gives no figure of this answer: not cited with the figures
    const reads = marketReads(ctx, fx_rates.map((r) => r.symbol));
    const yahooShares = out.shares_source?.source !== "user_input" && out.shares !== null;
    const citations: Citation[] = [{
      fields: `current_price, market_cap${yahooShares ? ", shares" : ""}`,
      provider: "market_a",
      source: "symbol.snapshot: Yahoo Finance quote and quoteSummary APIs",
      urls: reads.figures,
    }, {
      fields: `revenue, bear_multiple, base_multiple, bull_multiple${
        yahooShares ? "" : ", shares"
      }`,
      provider: "user_input",
      source: "your arguments",
      urls: [],
    }];
    return {
      ...out,
      provider: "market_a",
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
      source_urls: reads.all,
      citations,
      method: METHOD,
    };
  },
});

/** How each case's figures are formed. */
const METHOD: Record<string, string> = {
  implied_market_cap: "revenue × multiple",
  implied_price: "implied_market_cap / shares, in the unit the price is quoted in (pence for " +
    "GBp), rounded to 4 decimals",
  upside_pct: "(implied_price / current_price − 1) × 100, rounded to 2 decimals",
};
