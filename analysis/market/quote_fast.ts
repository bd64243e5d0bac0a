/**
 * `market.quote` without zod or yahoo-finance2, for the CLI's lean path (adapters/lean.ts,
 * commands/lean.json): what the command's `run` answers when Yahoo answers plainly. Anything
 * else throws, and the call goes the ordinary way (yahoo-finance2, then Alpha Vantage), which
 * answers or fails as it always has.
 */
import type { Context } from "../../core/context.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { directQuoteRows } from "../../providers/market_a/quote_direct.ts";
import type { Quote } from "./company.ts";
import { pricelessQuote, readYahooQuote, rowOf, staleQuote } from "./quote_row.ts";
import { canonicalSymbol } from "../../core/symbols.ts";
import { HandOver } from "../../core/errors.ts";

/**
 * The quote of `args.symbol` by the direct request with notes on the placeholders left out,
 * or null to hand the call over.
 */
export async function directQuote(
  args: { symbol: string },
  env: ProviderEnv,
  now?: Date,
): Promise<{ quote: Quote; notes: string[] } | null> {
  let symbol: string;
  try {
    symbol = canonicalSymbol(args.symbol);
  } catch {
    return null;
  }
  const rows = await directQuoteRows(env, [symbol]);
  const row = rows && rowOf(rows, symbol);
  return row ? readYahooQuote(row, now) : null;
}

/**
 * market.quote's lean run: the direct quote, or a HandOver that sends the call to `run` (which
 * asks yahoo-finance2, then Alpha Vantage). A stopped call's abort passes through as it is.
 */
export async function marketQuoteLean(args: { symbol: string }, ctx: Context): Promise<Quote> {
  let read: { quote: Quote; notes: string[] } | null;
  try {
    read = await directQuote(args, ctx.providerEnv, ctx.clock.now());
  } catch (err) {
    if (ctx.providerEnv.signal?.aborted) throw err;
    throw new HandOver("market.quote: the direct request failed");
  }
  if (!read) throw new HandOver("market.quote: the direct request handed the call over");
  const { quote, notes } = read;
  // a record without any price fails the ordinary way, which says so
  if (pricelessQuote(quote)) throw new HandOver("market.quote: the quote has no price");
  for (const note of notes) ctx.warn(note);
  const stale = staleQuote(quote, ctx.clock.now());
  if (stale) ctx.warn(stale);
  return quote;
}
