import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { commaText, isoDate } from "../../core/schema.ts";
import { SOURCE_URLS_HELP } from "./_sources.ts";

const bar = z.object({
  date: z.string(),
  open: z.number().nullable(),
  high: z.number().nullable(),
  low: z.number().nullable(),
  close: z.number().nullable(),
  adj_close: z.number().nullable(),
  volume: z.number().nullable(),
});
const attempt = z.object({
  provider: z.string(),
  duration_ms: z.number(),
  rows: z.int(),
  success: z.boolean(),
  error: z.string().nullable(),
});
const series = z.object({
  symbol: z.string(),
  provider_symbol: z.string(),
  timeframe: z.string(),
  provider: z.string(),
  source: z.string(),
  currency: z.string().nullable().describe(
    "Currency of the prices (GBp: pence; USX: US cents, for cents-quoted futures). Null for an " +
      "index (^GSPC) and a point-priced future (ES=F, ZN=F, SR3=F), whose prices are points.",
  ),
  market_currency: z.string().nullable().optional().describe(
    "An index's or a point-priced future's only: the currency the provider states for it (its " +
      "market's, in which a fund tracking it moves, or the future's settlement currency); its " +
      "prices are points, not this currency.",
  ),
  price_basis: z.string(),
  retrieved_at: z.string().nullable().describe(
    "When the provider's answer was read (the recording's time under replay); null when the " +
      "recording carries no date (a warning says so), never the time of the run.",
  ),
  start_date: z.string().describe(
    "The window's first day as asked (or sized from limit), not the first bar's date.",
  ),
  end_date: z.string().describe("The window's last day as asked, not the last bar's date."),
  rows: z.array(bar),
  count: z.int(),
  splits: z.array(
    z.object({
      date: z.string(),
      ratio: z.number(),
      numerator: z.number(),
      denominator: z.number(),
    }),
  ).nullable().describe(
    "Splits in the window (ex-dates). Null when the provider reports no events (stooq, " +
      "broker_a: their bars carry none, and Stooq's prices are adjusted for them): not known, " +
      "not none; an empty list means the provider reports events and listed none.",
  ),
  dividends: z.array(z.object({ date: z.string(), amount: z.number() })).nullable().describe(
    "Cash (income) dividends per share in the window, ex-dates, in the prices' currency. Null " +
      "when the provider reports no events (stooq, broker_a): not known, not none.",
  ),
  capital_gains: z.array(z.object({ date: z.string(), amount: z.number() })).nullable()
    .optional().describe(
      "A fund's capital-gain distributions per share in the window (Yahoo's), apart from its " +
        "income dividends; Yahoo's adj_close takes both in. Empty from market_b (its dividend " +
        "amounts take them in); null from providers that report no events (stooq, broker_a).",
    ),
  attempts: z.array(attempt).optional(),
  source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
});

export default defineCommand({
  name: "market.ohlcv",
  summary: "Historical price bars for one or more symbols",
  description:
    "Open/high/low/close/adjusted close/volume bars in ascending date order, both ends of the " +
    "window included, with the splits, dividends and a fund's capital-gain distributions " +
    "inside it. provider=auto tries market_a (Yahoo: raw and adjusted closes, splits, " +
    "dividends, capital gains; no key), then stooq (daily only, no " +
    "key, prices already adjusted), then broker_a (Alpaca) and market_b (Alpha Vantage) only " +
    "when their keys are set — unconfigured ones appear as skipped attempts. When every " +
    "provider fails the command fails and names each provider's error. Intraday bars are " +
    "stamped in UTC, but start_date and end_date are the exchange's own calendar days (in the " +
    "time zone the provider states: Yahoo's exchangeTimezoneName, New York for Alpaca), so a " +
    "Sydney or Tokyo session is kept whole; intraday bars have no adjusted close (adj_close " +
    "null), as price_basis says, and are the regular session's: a pre- or post-market bar " +
    "outside the session Yahoo states for its day is left out, with a warning. A last bar of " +
    "a session still trading (its close the latest price, its volume so far) is said in a " +
    "warning; so is a stretch of more than a week without bars inside the window (a " +
    "suspension, a long closure), and a first bar more than a week after the start asked (the " +
    "provider has no earlier bars: a younger listing or a shorter history). An index's bars (^GSPC) are levels in " +
    "points: currency is null, market_currency names the currency stated for it, and a " +
    "warning says so; so are the bars of point-priced futures (ES=F), and cents-quoted ones " +
    "(KC=F) are in USX. Use price.moves for " +
    "large moves and backtest.run for strategies; this command only returns bars.",
  usage:
    "finance market.ohlcv SYMBOL[,SYMBOL...] [timeframe=1d start_date=YYYY-MM-DD|years=N end_date=YYYY-MM-DD limit=200 provider=auto include_attempts=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "date", "source", "provider", "source_urls"],
  positional: ["symbols"],
  synonyms: { start: "start_date", end: "end_date" },
  args: z.strictObject({
    symbols: commaText(
      "Ticker, or several separated by commas (AAPL,MSFT). Any common form: BRK.B or BRK-B, " +
        "SHEL.L, 0700.HK, ^GSPC, EURUSD=X, GC=F, BTC-USD; each provider's spelling is shown " +
        "as provider_symbol.",
    ),
    timeframe: z.enum(["1m", "5m", "15m", "30m", "1h", "1d", "1wk", "1mo"]).default("1d")
      .describe("Bar size: minutes (1m-30m), 1h, 1d, 1wk or 1mo."),
    start_date: isoDate().optional().describe(
      "First date to include (YYYY-MM-DD; for intraday bars a day in the exchange's time zone). " +
        "Without it the window is sized to hold `limit` bars.",
    ),
    end_date: isoDate().optional().describe(
      "Last date to include (YYYY-MM-DD; for intraday bars a day in the exchange's time zone); " +
        "default today (the exchange's today, when it is ahead of UTC).",
    ),
    years: z.int().min(1).max(50).optional().describe(
      "Years of bars up to end_date, instead of start_date (years=3: the same date 3 years back).",
    ),
    limit: z.int().min(1).max(20_000).optional().describe(
      "Most recent bars to keep (default 200); with start_date or years, the window's last ones.",
    ),
    provider: z.string().default("auto").describe(
      "auto, market_a (Yahoo), stooq, broker_a (Alpaca) or market_b (Alpha Vantage).",
    ),
    include_attempts: z.boolean().default(false).describe(
      "Add each provider attempt (provider, duration_ms, rows, success, error) to the result.",
    ),
  }),
  data: z.union([
    series,
    z.object({
      timeframe: z.string(),
      symbols: z.record(z.string(), series),
      count: z.int(),
      missing: z.array(z.object({ symbol: z.string(), error: z.string() })).optional().describe(
        "Symbols asked for that no provider served, each with why (the others' bars are given).",
      ),
    }),
  ]),
  examples: [
    "finance market.ohlcv AAPL start_date=2020-08-31 end_date=2020-11-06 provider=market_a",
    "finance market.ohlcv AAPL,MSFT timeframe=1wk limit=52",
    "finance market.ohlcv SPY years=3 provider=stooq",
    "finance market.ohlcv SPY provider=stooq include_attempts=true",
  ],
  run: async (args, ctx) => {
    const { ohlcvWithSources } = await import("./_sources.ts");
    return await ohlcvWithSources(args, ctx) as z.input<typeof series>;
  },
  lean: "commands/market/_sources.ts#ohlcvWithSources",
  view: "ohlcv",
});
