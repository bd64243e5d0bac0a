import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { FinanceError, ProviderError } from "../../core/errors.ts";
import { profileFieldsShape } from "../../analysis/market/snapshot.ts";

const s = z.string().nullable();

export default defineCommand({
  name: "symbol.profile",
  summary: "Company profile: name, sector, industry, website, CIK",
  description:
    "Who the company is: name, sector and industry (with the keys sector.* and industry.* " +
    "accept), business description, address, employees, website, investor-relations site and " +
    "SEC CIK (US tickers). No prices: use symbol.snapshot for price, market cap and valuation. " +
    "When Yahoo has no assetProfile for a listing (funds, some foreign listings) the name " +
    "still comes from quoteType (or the quote) and a warning names the missing fields.",
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
    provider_symbol: z.string(),
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
    const { QUOTE_SOURCE, summarySchema, yahooSummary, SUMMARY_SOURCE, yahooQuote } = await import(
      "../../analysis/market/company.ts"
    );
    const { profileFields, secCik } = await import("../../analysis/market/snapshot.ts");
    const { canonicalSymbol } = await import("../../analysis/market/symbols.ts");
    const symbol = canonicalSymbol(args.symbol);
    const yf = await ctx.provider("market_a");
    const [sum, quoteType, cik] = await Promise.all([
      yahooSummary(ctx, symbol, ["assetProfile"]).then((s) => ({ s, error: null })).catch(
        (e: unknown) => {
          if (!(e instanceof FinanceError)) throw e;
          return { s: summarySchema.parse({}), error: e.message.replace(/^market_a: /, "") };
        },
      ),
      yf.summary(symbol, ["quoteType"]).catch(() => ({})),
      secCik(ctx, symbol),
    ]);
    const qt = (quoteType as { quoteType?: { longName?: string; shortName?: string } }).quoteType;
    let name = qt?.longName ?? qt?.shortName ?? null;
    const modules = [...(sum.error ? [] : ["assetProfile"]), ...(name ? ["quoteType"] : [])];
    let fromQuote = false;
    if (sum.error) {
      ctx.warn(
        `assetProfile has nothing for ${symbol} (${sum.error}): sector, industry, address, ` +
          "employees, website and description are missing",
      );
    }
    if (name === null) {
      // quoteType is missing too: the v7 quote still names most listings.
      name = await yahooQuote(ctx, symbol).then((q) => q.company_name).catch(() => null);
      fromQuote = name !== null;
    }
    if (sum.error && name === null) {
      throw new ProviderError("market_a", `Yahoo has no profile for '${symbol}': ${sum.error}`);
    }
    const p = sum.s.assetProfile;
    return {
      symbol,
      provider_symbol: symbol,
      company_name: name,
      ...profileFields(sum.s),
      city: p.city ?? null,
      address: [p.address1, p.city, p.state].filter(Boolean).join(", ") || null,
      phone: p.phone ?? null,
      employees: p.fullTimeEmployees,
      description: p.longBusinessSummary ?? null,
      cik,
      provider: "market_a",
      source: [
        modules.length ? `${SUMMARY_SOURCE} modules ${modules.join(", ")}` : null,
        fromQuote ? `${QUOTE_SOURCE} (company name)` : null,
      ].filter(Boolean).join("; "),
      retrieved_at: ctx.clock.now().toISOString(),
    };
  },
});
