/**
 * Yahoo's quote row read into the normalized quote, without the schema library: shared by the
 * ordinary path (company.ts, after zod has checked the row) and the CLI's direct path
 * (quote_fast.ts, after providers/market_a/quote_direct.ts has checked it by hand).
 */
import type { QuoteRow } from "../../providers/market_a/schemas.ts";
import type { Quote } from "./company.ts";

export const QUOTE_SOURCE = "Yahoo Finance quote API (v7/finance/quote)";

const isoTime = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

export function fromYahooQuote(q: QuoteRow): Quote {
  return {
    symbol: q.symbol,
    provider_symbol: q.symbol,
    company_name: q.longName ?? q.shortName ?? null,
    quote_type: q.quoteType ?? null,
    exchange: q.fullExchangeName ?? q.exchange ?? null,
    currency: q.currency ?? null,
    price: q.regularMarketPrice,
    change: q.regularMarketChange,
    change_pct: q.regularMarketChangePercent,
    previous_close: q.regularMarketPreviousClose,
    open: q.regularMarketOpen,
    day_high: q.regularMarketDayHigh,
    day_low: q.regularMarketDayLow,
    volume: q.regularMarketVolume,
    market_cap: q.marketCap,
    shares_outstanding: q.sharesOutstanding,
    fifty_two_week_high: q.fiftyTwoWeekHigh,
    fifty_two_week_low: q.fiftyTwoWeekLow,
    market_state: q.marketState ?? null,
    as_of: isoTime(q.regularMarketTime),
    provider: "market_a",
    source: QUOTE_SOURCE,
  };
}

/** The row of `symbol` among Yahoo's answer (its own spelling may differ in case), or null. */
export function rowOf(rows: QuoteRow[], symbol: string): QuoteRow | null {
  return rows.find((r) => r.symbol.toUpperCase() === symbol.toUpperCase()) ?? rows[0] ?? null;
}
