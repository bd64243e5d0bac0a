import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { FinanceError, ProviderError } from "../../core/errors.ts";
import { type Quote, quoteSchema, yahooQuoteRow } from "../../analysis/market/company.ts";
import {
  noQuoteHint,
  pricelessQuote,
  readYahooQuote,
  staleQuote,
} from "../../analysis/market/quote_row.ts";
import { SOURCE_URLS_HELP, withSourceUrls } from "./_sources.ts";

export default defineCommand({
  name: "market.quote",
  summary: "Latest quote of a symbol with its source and time",
  description:
    "Last price, change, day range, volume, market cap and shares for one ticker, with the " +
    "exchange's timestamp (as_of), currency, provider and source. Yahoo (market_a, no key) " +
    "answers first; Alpha Vantage (market_b) is used only when Yahoo fails and " +
    "ALPHA_VANTAGE_API_KEY is set, and then fields it lacks stay null and fallback_reason says " +
    "why. Outside the regular session (market_state PRE or POST) price, change and as_of stay " +
    "the regular session's, and Yahoo's later pre- or post-market trade is given as " +
    "extended_hours, with a warning; a price more than a week old, older than the last whole " +
    "weekday while the market is open, or two whole weekdays old while it is closed (a halted " +
    "or suspended listing), or a cryptocurrency's more than six hours old (it trades every " +
    "day), is warned about, as is a change that is not the price minus previous_close (a " +
    "cryptocurrency's change is over the last 24 hours) and a price without a stated " +
    "currency. An index's currency is null with a warning: its level is in " +
    "points, not in the currency Yahoo states for its constituents (^GSPC: USD). A future's " +
    "warning names its contract, expiry and unit (CL=F: USD per barrel), and an expired " +
    "contract; equity-index futures (ES=F, points) and Treasury or rate futures (points of " +
    "par, 100 minus a rate) have currency null. A currency pair's warning states its unit " +
    "(EURUSD=X: USD per 1 EUR). An Alpha Vantage answer for another symbol than the one asked " +
    "is not used. For history use market.ohlcv; for valuation fields use symbol.snapshot.",
  usage: "finance market.quote SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "as_of", "source", "provider", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe(
      "Ticker in any common form (AAPL, BRK.B, SAP.DE, ^GSPC, EURUSD=X, GC=F, BTC-USD).",
    ),
  }),
  data: quoteSchema.extend({
    fallback_reason: z.string().optional(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
  }),
  examples: [
    "finance market.quote AAPL",
    "finance market.quote SAP.DE",
    "finance market.quote EURUSD=X",
  ],
  async run(args, ctx) {
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    const symbol = canonicalSymbol(args.symbol);
    let quote: Quote & { fallback_reason?: string };
    try {
      const read = readYahooQuote(await yahooQuoteRow(ctx, symbol), ctx.clock.now());
      for (const note of read.notes) ctx.warn(note);
      quote = read.quote;
    } catch (err) {
      const av = await ctx.provider("market_b");
      if (!av.configured || !(err instanceof FinanceError)) {
        throw noQuoteHint(err, symbol, ctx.clock.now());
      }
      const { avCurrency, avSymbol } = await import("../../providers/market_b/client.ts");
      let provider_symbol: string;
      try {
        provider_symbol = avSymbol(symbol);
      } catch (why) {
        // Alpha Vantage cannot serve this form: Yahoo's error stays the answer, with why.
        err.message = `${err.message}; no fallback: ${(why as Error).message}`;
        throw err;
      }
      const q = await av.quote(symbol);
      // a quote Alpha Vantage answers under another symbol is another listing's (SHEL for
      // SHEL.LON: the US line in USD, not London's), never passed off as the one asked for
      const spelled = (x: string) => x.trim().toUpperCase().replace(/[-/]/g, ".");
      if (spelled(q.symbol) !== spelled(provider_symbol)) {
        err.message = `${err.message}; no fallback: Alpha Vantage answered ${provider_symbol} ` +
          `with a quote of ${q.symbol}, another listing; not used`;
        throw err;
      }
      quote = {
        symbol,
        provider_symbol,
        company_name: null,
        quote_type: null,
        exchange: null,
        // Alpha Vantage states none: known where the market its spelling names has one
        currency: avCurrency(provider_symbol),
        price: q.price,
        change: q.change,
        change_pct: q.change_percent,
        previous_close: q.previous_close,
        open: q.open,
        day_high: q.high,
        day_low: q.low,
        volume: q.volume,
        market_cap: null,
        market_cap_currency: null,
        shares_outstanding: null,
        fifty_two_week_high: null,
        fifty_two_week_low: null,
        market_state: null,
        as_of: q.latest_trading_day,
        provider: "market_b",
        source: "Alpha Vantage GLOBAL_QUOTE",
        fallback_reason: err.message,
      };
    }
    const none = pricelessQuote(quote);
    if (none) throw new ProviderError(quote.provider, none);
    const stale = staleQuote(quote, ctx.clock.now());
    if (stale) ctx.warn(stale);
    return withSourceUrls(quote, ctx);
  },
  // the CLI asks Yahoo directly (its own handshake, no zod or yahoo-finance2) and comes to
  // `run` when that meets anything unusual
  lean: "commands/market/_sources.ts#quoteLeanWithSources",
  view: "quote",
});
