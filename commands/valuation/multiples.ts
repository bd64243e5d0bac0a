import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { fxShape } from "../../analysis/market/snapshot.ts";
import { type Citation, citationShape, marketReads } from "./_citations.ts";
import { answeredAt, SOURCE_URLS_HELP } from "../market/_sources.ts";

const n = z.number().nullable();

export default defineCommand({
  name: "valuation.multiples",
  summary: "Price-to-sales and EV-to-sales from live market data",
  description: "Market cap and enterprise value (Yahoo) over the latest fiscal-year revenue " +
    "(fundamentals.statement; trailing twelve months when that is missing), plus TTM versions " +
    "and Yahoo's P/E and EV/EBITDA. Says which revenue period was used. Every ratio compares " +
    "amounts in one currency: revenue reported in another currency than the market cap (ADRs " +
    "such as SPOT: USD cap, EUR revenue) is converted at Yahoo's exchange-rate quote, cited " +
    "as fx; without a rate the ratio is null with a warning. Pence listings (GBp) are read " +
    "as 1/100 GBP. A calculation from provider data, not advice.",
  usage: "finance valuation.multiples SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "revenue_period", "as_of", "sources", "source_urls", "citations"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
  }),
  data: z.object({
    symbol: z.string(),
    provider_symbol: z.string(),
    price: n,
    currency: z.string().nullable(),
    market_cap: n,
    market_cap_currency: z.string().nullable(),
    enterprise_value: n,
    cash: n,
    debt: n,
    net_debt: n,
    financial_currency: z.string().nullable(),
    revenue: n,
    revenue_currency: z.string().nullable(),
    revenue_in_market_currency: n,
    revenue_period: z.string().nullable(),
    revenue_period_type: z.enum(["FY", "TTM"]).nullable(),
    figure_currencies: z.record(z.string(), z.string().nullable()).describe(
      "The currency each money figure is in (major units unless a minor code such as GBp).",
    ),
    fx: fxShape.nullable(),
    multiples: z.record(z.string(), n),
    as_of: z.string().nullable(),
    sources: z.array(z.string()),
    warnings: z.array(z.string()),
    provider: z.string().describe("Provider key of the market figures (market_a)."),
    retrieved_at: z.string().nullable().describe(
      "When the newest figure was read (ISO 8601); null when replayed from a recording that carries no date.",
    ),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    citations: z.array(citationShape).describe(
      "Each group of figures with the provider and the URLs it was read from.",
    ),
    method: z.record(z.string(), z.string()).describe(
      "How each multiple (and the converted revenue) is formed from the figures above.",
    ),
  }),
  examples: ["finance valuation.multiples AAPL"],
  async run(args, ctx) {
    const { multiples } = await import("../../analysis/market/valuation.ts");
    const { fx_rates, revenue_urls, ...out } = await multiples(ctx, args.symbol);
    const reads = marketReads(ctx, fx_rates.map((r) => r.symbol));
    const citations: Citation[] = [{
      fields: "price, market_cap, enterprise_value, cash, debt, net_debt, multiples.trailing_pe, " +
        "multiples.forward_pe, multiples.ev_to_ebitda, the trailing-twelve-month revenue of the " +
        `*_ttm multiples${revenue_urls ? "" : " (and revenue, revenue_period_type TTM)"}`,
      provider: "market_a",
      source: "symbol.snapshot: Yahoo Finance quote and quoteSummary APIs",
      urls: reads.figures,
    }];
    if (revenue_urls) {
      citations.push({
        fields: "revenue, revenue_period",
        provider: "market_a",
        source: "fundamentals.statement: Yahoo Finance fundamentals time series " +
          "(annualTotalRevenue)",
        urls: revenue_urls,
      });
    }
    for (const r of fx_rates) {
      citations.push({
        fields: `fx ${r.symbol} (${r.from} to ${r.to}, ${r.as_of ?? "date not stated"})`,
        provider: r.provider,
        source: r.source,
        urls: reads.fx.get(r.symbol) ?? [],
      });
    }
    return {
      ...out,
      provider: "market_a",
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
      source_urls: [...new Set([...reads.all, ...(revenue_urls ?? [])])],
      citations,
      method: METHOD,
    };
  },
});

/** How each figure computed here is formed. */
const METHOD: Record<string, string> = {
  revenue_in_market_currency: "revenue × fx.rate when revenue_currency is not the market " +
    "cap's currency, else revenue",
  price_to_sales: "market_cap / revenue_in_market_currency",
  ev_to_sales: "enterprise_value / revenue_in_market_currency",
  price_to_sales_ttm: "market_cap / trailing-twelve-month revenue (Yahoo financialData " +
    "totalRevenue, in the market cap's currency)",
  ev_to_sales_ttm: "enterprise_value / trailing-twelve-month revenue (Yahoo financialData " +
    "totalRevenue, in the market cap's currency)",
  trailing_pe: "as symbol.snapshot states it (at the price shown; see its sources)",
  forward_pe: "as symbol.snapshot states it (at the price shown; see its sources)",
  ev_to_ebitda: "as symbol.snapshot states it (Yahoo's, or enterprise_value over EBITDA when " +
    "Yahoo's is far from it)",
};
