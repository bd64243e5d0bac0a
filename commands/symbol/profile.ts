import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { profileFieldsShape } from "../../analysis/market/snapshot.ts";

const s = z.string().nullable();

export default defineCommand({
  name: "symbol.profile",
  summary: "Company profile: name, sector, industry, website, CIK",
  description:
    "Who the company is: name, sector and industry (with the keys sector.* and industry.* " +
    "accept), business description, address, employees, website, investor-relations site and " +
    "SEC CIK (US tickers). No prices: use symbol.snapshot for price, market cap and valuation.",
  usage: "finance symbol.profile SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "source", "provider"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it (AAPL, BRK-B, SAP.DE)."),
  }),
  data: z.object({
    symbol: z.string(),
    company_name: s,
    ...profileFieldsShape,
    city: s,
    address: s,
    phone: s,
    employees: z.number().nullable(),
    description: s,
    cik: s,
    provider: z.string(),
    source: z.string(),
    retrieved_at: z.string(),
  }),
  examples: ["finance symbol.profile AAPL"],
  async run(args, ctx) {
    const { yahooSummary, SUMMARY_SOURCE } = await import("../../analysis/market/company.ts");
    const { profileFields, secCik } = await import("../../analysis/market/snapshot.ts");
    const symbol = args.symbol.toUpperCase();
    const [sum, quoteType, cik] = await Promise.all([
      yahooSummary(ctx, symbol, ["assetProfile"]),
      (await ctx.provider("market_a")).summary(symbol, ["quoteType"]).catch(() => ({})),
      secCik(ctx, symbol),
    ]);
    const p = sum.assetProfile;
    const qt = (quoteType as { quoteType?: { longName?: string; shortName?: string } }).quoteType;
    return {
      symbol,
      company_name: qt?.longName ?? qt?.shortName ?? null,
      ...profileFields(sum),
      city: p.city ?? null,
      address: [p.address1, p.city, p.state].filter(Boolean).join(", ") || null,
      phone: p.phone ?? null,
      employees: p.fullTimeEmployees,
      description: p.longBusinessSummary ?? null,
      cik,
      provider: "market_a",
      source: `${SUMMARY_SOURCE} modules assetProfile, quoteType`,
      retrieved_at: ctx.clock.now().toISOString(),
    };
  },
});
