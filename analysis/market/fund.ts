/**
 * A fund's own figures for symbol.snapshot (ETF, mutual fund): net assets, NAV, yield and its
 * three-year beta, where a company would show market cap and earnings ratios.
 */
import { z } from "zod";
import type { Quote, Summary } from "./company.ts";

/** Quote types that are funds, not companies. */
const FUND_TYPES: Record<string, string> = { ETF: "an ETF", MUTUALFUND: "a mutual fund" };

/** The schema of {@link fundFields}. */
export const fundShape = z.object({
  net_assets: z.number().nullable().describe("Total net assets, in the fund's currency."),
  nav_price: z.number().nullable().describe("Net asset value per share."),
  yield: z.number().nullable().describe("Trailing yield as a fraction: 0.0054 is 0.54%."),
  beta_3y: z.number().nullable().describe("Beta over three years against its benchmark."),
  fund_family: z.string().nullable(),
  legal_type: z.string().nullable(),
  currency: z.string().nullable(),
});
export type FundFields = z.infer<typeof fundShape>;

/** What kind of fund a quote type is, in words, or null for anything else. */
export function fundKind(quoteType: string | null): string | null {
  return quoteType && Object.hasOwn(FUND_TYPES, quoteType) ? FUND_TYPES[quoteType] : null;
}

/** The fund figures Yahoo states (summaryDetail first, then defaultKeyStatistics). */
export function fundFields(quote: Quote, s: Summary): FundFields {
  const d = s.summaryDetail;
  const k = s.defaultKeyStatistics;
  return {
    net_assets: d.totalAssets ?? k.totalAssets ?? null,
    nav_price: d.navPrice ?? null,
    yield: d.yield ?? k.yield ?? null,
    beta_3y: k.beta3Year ?? null,
    fund_family: k.fundFamily ?? null,
    legal_type: k.legalType ?? null,
    currency: quote.currency ?? d.currency ?? null,
  };
}

/** True when Yahoo states at least one of a fund's own figures. */
export function isFund(f: FundFields): boolean {
  return [f.net_assets, f.nav_price, f.yield, f.beta_3y, f.fund_family, f.legal_type]
    .some((v) => v !== null);
}

/** Snapshot fields that describe a company, not a fund, and are left null for a fund. */
export const COMPANY_ONLY = [
  "market_cap",
  "enterprise_value",
  "trailing_pe",
  "forward_pe",
  "price_to_sales_ttm",
  "price_to_book",
  "ev_to_revenue",
  "ev_to_ebitda",
] as const;

/** The warning that names the company figures a fund's snapshot leaves out, and why. */
export function fundNote(symbol: string, kind: string, shown: string[]): string {
  return `${symbol} is ${kind}: ${
    shown.join(", ")
  } would be a company's figures (Yahoo's market cap is its shares times the price, its P/E and P/B those of a book value Yahoo does not explain), so they are left null; fund gives its net assets, NAV, yield and three-year beta`;
}
