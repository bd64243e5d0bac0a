/**
 * Yahoo's quote row read into the normalized quote, without the schema library: shared by the
 * ordinary path (company.ts, after zod has checked the row) and the CLI's direct path
 * (quote_fast.ts, after providers/market_a/quote_direct.ts has checked it by hand).
 */
import type { QuoteRow } from "../../providers/market_a/schemas.ts";
import type { Quote } from "./company.ts";
import { majorOf } from "./units.ts";

export const QUOTE_SOURCE = "Yahoo Finance quote API (v7/finance/quote)";

const isoTime = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

/**
 * A price field Yahoo fills with 0 when it has none (an index's open, a day without trades'
 * high and low, a new listing's 52-week range): no price is zero, so 0 is no value.
 */
const price = (v: number | null) => (v === 0 ? null : v);

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
    previous_close: price(q.regularMarketPreviousClose),
    open: price(q.regularMarketOpen),
    day_high: price(q.regularMarketDayHigh),
    day_low: price(q.regularMarketDayLow),
    volume: q.regularMarketVolume,
    market_cap: q.marketCap,
    // Yahoo states a listing quoted in pence (GBp) at a market cap in pounds
    market_cap_currency: q.marketCap === null ? null : majorOf(q.currency),
    shares_outstanding: q.sharesOutstanding,
    fifty_two_week_high: price(q.fiftyTwoWeekHigh),
    fifty_two_week_low: price(q.fiftyTwoWeekLow),
    market_state: q.marketState ?? null,
    as_of: isoTime(q.regularMarketTime),
    provider: "market_a",
    source: QUOTE_SOURCE,
  };
}

/** Days after which a quote's time is too old to pass for a current price. */
const STALE_DAYS = 7;

/**
 * A warning when a quote's time is more than a week before `now`: a market closed for a week at
 * most, so the listing may be suspended or delisted (Yahoo keeps answering with its last price),
 * or the answer is an old recording. Null for a recent quote or one without a time.
 */
export function staleQuote(
  q: { symbol: string; as_of: string | null; price: number | null; currency: string | null },
  now: Date,
): string | null {
  const at = q.as_of === null ? NaN : Date.parse(q.as_of);
  if (!Number.isFinite(at)) return null;
  const days = Math.floor((now.getTime() - at) / 86_400_000);
  if (days <= STALE_DAYS) return null;
  const price = q.price === null ? "" : ` (${q.currency ? `${q.currency} ` : ""}${q.price})`;
  return `${q.symbol}'s last price${price} is from ${
    q.as_of!.slice(0, 16).replace("T", " ")
  } UTC, ${days} days before now: the listing may be suspended or delisted, or the answer is an old recording; do not take it for a current price`;
}

/** The row of `symbol` among Yahoo's answer (its own spelling may differ in case), or null. */
export function rowOf(rows: QuoteRow[], symbol: string): QuoteRow | null {
  return rows.find((r) => r.symbol.toUpperCase() === symbol.toUpperCase()) ?? rows[0] ?? null;
}
