/** symbol.snapshot and symbol.profile: Yahoo quote + quoteSummary, SEC CIK for US listings. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { FinanceError } from "../../core/errors.ts";
import { QUOTE_SOURCE, type Summary, SUMMARY_SOURCE, yahooQuote, yahooSummary } from "./company.ts";

/** The SEC CIK of a ticker, or null with a warning (non-US listings have none). */
export async function secCik(ctx: Context, symbol: string): Promise<string | null> {
  if (/[.^=]/.test(symbol)) return null;
  try {
    const hit = await (await ctx.provider("filings_a")).lookupTicker(symbol);
    return String(hit.cik).padStart(10, "0");
  } catch (err) {
    ctx.warn(`cik: ${err instanceof FinanceError ? err.message : String(err)}`);
    return null;
  }
}

/** Schema of what profileFields() returns, shared by symbol.profile and symbol.snapshot. */
export const profileFieldsShape = {
  sector: z.string().nullable(),
  sector_key: z.string().nullable(),
  industry: z.string().nullable(),
  industry_key: z.string().nullable(),
  website: z.string().nullable(),
  ir_website: z.string().nullable(),
  country: z.string().nullable(),
};

export function profileFields(s: Summary) {
  const p = s.assetProfile.sector || s.assetProfile.website ? s.assetProfile : s.summaryProfile;
  return {
    sector: p.sector ?? null,
    sector_key: p.sectorKey ?? null,
    industry: p.industry ?? null,
    industry_key: p.industryKey ?? null,
    website: p.website ?? null,
    ir_website: p.irWebsite ?? null,
    country: p.country ?? null,
  };
}

export async function snapshot(ctx: Context, symbol: string) {
  const [quote, summary, cik] = await Promise.all([
    yahooQuote(ctx, symbol),
    yahooSummary(ctx, symbol, [
      "summaryProfile",
      "financialData",
      "defaultKeyStatistics",
      "summaryDetail",
    ]),
    secCik(ctx, symbol),
  ]);
  const f = summary.financialData;
  const k = summary.defaultKeyStatistics;
  const d = summary.summaryDetail;
  const cash = f.totalCash ?? null;
  const debt = f.totalDebt ?? null;
  return {
    symbol: quote.symbol,
    company_name: quote.company_name,
    ...profileFields(summary),
    cik,
    price: quote.price,
    change_pct: quote.change_pct,
    currency: quote.currency,
    exchange: quote.exchange,
    market_state: quote.market_state,
    market_cap: quote.market_cap ?? d.marketCap ?? null,
    enterprise_value: k.enterpriseValue ?? null,
    shares_outstanding: quote.shares_outstanding ?? k.sharesOutstanding ??
      k.impliedSharesOutstanding ?? null,
    total_revenue_ttm: f.totalRevenue ?? null,
    cash,
    debt,
    net_debt: cash !== null && debt !== null ? debt - cash : null,
    financial_currency: f.financialCurrency ?? null,
    valuation: {
      trailing_pe: d.trailingPE ?? null,
      forward_pe: k.forwardPE ?? d.forwardPE ?? null,
      price_to_sales_ttm: d.priceToSalesTrailing12Months ?? null,
      price_to_book: k.priceToBook ?? null,
      ev_to_revenue: k.enterpriseToRevenue ?? null,
      ev_to_ebitda: k.enterpriseToEbitda ?? null,
      dividend_yield: d.dividendYield ?? null,
      beta: k.beta ?? d.beta ?? null,
    },
    as_of: quote.as_of,
    retrieved_at: ctx.clock.now().toISOString(),
    provider: "market_a",
    sources: [
      { fields: "price, market_cap, shares_outstanding, as_of", source: QUOTE_SOURCE },
      {
        fields: "profile, valuation, enterprise_value, cash, debt, revenue",
        source:
          `${SUMMARY_SOURCE} modules summaryProfile, financialData, defaultKeyStatistics, summaryDetail`,
      },
      ...(cik ? [{ fields: "cik", source: "SEC EDGAR company tickers (filings_a)" }] : []),
    ],
  };
}
