/**
 * Company facts from market_a: the v7 quote plus quoteSummary modules, each value kept with
 * the module it came from, so snapshot, profile, quote and valuation commands share one
 * reading of Yahoo's fields.
 */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { ProviderError } from "../../core/errors.ts";
import { epoch, num, type QuoteRow } from "../../providers/market_a/schemas.ts";
import { readYahooQuote, rowOf } from "./quote_row.ts";

export { fromYahooQuote, QUOTE_SOURCE } from "./quote_row.ts";

export const SUMMARY_SOURCE = "Yahoo Finance quoteSummary API (v10/finance/quoteSummary)";

/** The normalized quote every market command returns. */
export const quoteSchema = z.object({
  symbol: z.string(),
  provider_symbol: z.string(),
  company_name: z.string().nullable(),
  quote_type: z.string().nullable(),
  exchange: z.string().nullable(),
  currency: z.string().nullable().describe(
    "Currency of the price (GBp: pence; USX: US cents). Null when the price is no amount of " +
      "money: an index (quote_type INDEX), whose level is in points, not in the currency Yahoo " +
      "states for its constituents; a future priced in index points (ES=F, NQ=F, YM=F), points " +
      "of par (Treasury futures: ZN=F) or 100 minus a rate (ZQ=F, SR3=F). A future the exchange " +
      "quotes in US cents (ZC=F, KC=F, LE=F) is USX even where Yahoo states USD. A currency " +
      "pair's is its quote currency, the price being that currency per 1 of the base (EURUSD=X: " +
      "USD per EUR; JPY=X: JPY per USD), and null when Yahoo states another one.",
  ),
  price: z.number().nullable(),
  change: z.number().nullable(),
  change_pct: z.number().nullable(),
  previous_close: z.number().nullable(),
  open: z.number().nullable(),
  day_high: z.number().nullable(),
  day_low: z.number().nullable(),
  volume: z.number().nullable(),
  market_cap: z.number().nullable(),
  market_cap_currency: z.string().nullable().describe(
    "Currency of market_cap: the major unit of a price quoted in a minor one (GBP beside a price in GBp).",
  ),
  shares_outstanding: z.number().nullable(),
  fifty_two_week_high: z.number().nullable(),
  fifty_two_week_low: z.number().nullable(),
  market_state: z.string().nullable(),
  as_of: z.string().nullable(),
  extended_hours: z.object({
    session: z.enum(["pre", "post"]),
    price: z.number(),
    change: z.number().nullable(),
    change_pct: z.number().nullable(),
    as_of: z.string(),
  }).optional().describe(
    "Only while Yahoo's market_state is PRE, PREPRE, POST or POSTPOST and it states a later " +
      "pre- or post-market trade: that trade (change from the regular close). `price` and " +
      "`as_of` stay the regular session's.",
  ),
  provider: z.string(),
  source: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** Yahoo's quote row of one symbol; an unknown symbol is an error naming it. */
export async function yahooQuoteRow(ctx: Context, symbol: string): Promise<QuoteRow> {
  const rows = await (await ctx.provider("market_a")).quotes([symbol]);
  const row = rowOf(rows, symbol);
  if (!row) {
    const others = rows.map((r) => r.symbol).filter(Boolean);
    throw new ProviderError(
      "market_a",
      `Yahoo has no quote for '${symbol}'${
        others.length ? ` (it answered ${others.join(", ")} instead)` : ""
      }; check the ticker (Yahoo spells them AAPL, BRK-B, ` +
        "SHEL.L, 0700.HK, 7203.T, ^GSPC, EURUSD=X, GC=F, BTC-USD)",
    );
  }
  return row;
}

/**
 * Yahoo quote of one symbol; an unknown symbol is an error naming it. What the reading left out
 * (a 0 or negative price placeholder nulled, a future's unit) is said in the call's warnings:
 * a null the answer does not explain would read as a missing field, not a refused one.
 */
export async function yahooQuote(ctx: Context, symbol: string): Promise<Quote> {
  const { quote, notes } = readYahooQuote(await yahooQuoteRow(ctx, symbol), ctx.clock.now());
  for (const n of notes) ctx.warn(n);
  return quote;
}

const profile = z.looseObject({
  sector: z.string().optional(),
  sectorKey: z.string().optional(),
  industry: z.string().optional(),
  industryKey: z.string().optional(),
  website: z.string().optional(),
  irWebsite: z.string().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  address1: z.string().optional(),
  phone: z.string().optional(),
  fullTimeEmployees: num,
  longBusinessSummary: z.string().optional(),
  // a cryptocurrency's profile: its description (with supply and price figures of Yahoo's
  // writing), in place of a company's business summary
  description: z.string().optional(),
}).prefault({});

const financial = z.looseObject({
  currentPrice: num,
  totalCash: num,
  totalDebt: num,
  totalRevenue: num,
  revenuePerShare: num,
  totalCashPerShare: num,
  ebitda: num,
  freeCashflow: num,
  grossMargins: num,
  operatingMargins: num,
  profitMargins: num,
  revenueGrowth: num,
  financialCurrency: z.string().nullable().optional(),
  targetMeanPrice: num,
  recommendationKey: z.string().optional(),
  numberOfAnalystOpinions: num,
}).prefault({});

const keyStats = z.looseObject({
  enterpriseValue: num,
  sharesOutstanding: num,
  impliedSharesOutstanding: num,
  forwardPE: num,
  priceToBook: num,
  enterpriseToRevenue: num,
  enterpriseToEbitda: num,
  trailingEps: num,
  forwardEps: num,
  netIncomeToCommon: num,
  bookValue: num,
  beta: num,
  // fund fields (ETF, mutual fund)
  beta3Year: num,
  totalAssets: num,
  yield: num,
  fundFamily: z.string().nullish(),
  legalType: z.string().nullish(),
  lastFiscalYearEnd: epoch,
  mostRecentQuarter: epoch,
}).prefault({});

const detail = z.looseObject({
  marketCap: num,
  trailingPE: num,
  forwardPE: num,
  priceToSalesTrailing12Months: num,
  dividendYield: num,
  /** Yahoo's forward annual dividend per share, in the listing's currency (checked, not shown). */
  dividendRate: num,
  beta: num,
  // fund fields (ETF, mutual fund)
  yield: num,
  totalAssets: num,
  navPrice: num,
  currency: z.string().nullable().optional(),
}).prefault({});

export const summarySchema = z.looseObject({
  assetProfile: profile,
  summaryProfile: profile,
  financialData: financial,
  defaultKeyStatistics: keyStats,
  summaryDetail: detail,
});
export type Summary = z.infer<typeof summarySchema>;

/** quoteSummary modules of one symbol, checked; missing modules are absent, not invented. */
export async function yahooSummary(
  ctx: Context,
  symbol: string,
  modules: string[],
): Promise<Summary> {
  const raw = await (await ctx.provider("market_a")).summary(symbol, modules);
  const r = summarySchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new ProviderError(
      "market_a",
      `unexpected quoteSummary answer for ${symbol}: ${i.path.join(".")} ${i.message}`,
    );
  }
  return r.data;
}
