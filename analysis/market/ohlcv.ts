/**
 * Bars from whichever provider answers first: the fallback chain behind market.ohlcv.
 * auto order: market_a (Yahoo, keyless, raw + adjusted closes, splits, dividends), stooq
 * (keyless, daily only, adjusted prices), then broker_a (Alpaca) and market_b (Alpha Vantage)
 * when their keys are set; unconfigured ones are reported as skipped attempts.
 *
 * The window a call covers is worked out in ohlcv_window.ts; what the bars say beyond their
 * numbers (an unfinished session, levels, unit notes, early ends) in ohlcv_notes.ts.
 */
import type { Context } from "../../core/context.ts";
import {
  errorText,
  FinanceError,
  InputError,
  ProviderError,
  UsageError,
} from "../../core/errors.ts";
import { answeredAt } from "./answered.ts";
import { type Bar, type Dividend, isIntraday, type Split } from "../../providers/market_a/bars.ts";
import { canonicalSymbol, parseSymbol, urlNamesSymbol } from "../../core/symbols.ts";
import { closest } from "../../core/suggest.ts";
import { type BarColumns, deferRows, sliceColumns } from "../../providers/bar_columns.ts";
import { vouchJsonSafe } from "../../core/envelope.ts";
import { lazyImport } from "../../core/lazy.ts";
import { indexBasis } from "./units.ts";
import { dividendSlipNote, fixDividendUnits, fixUnitSlips, unitSlipNote } from "./unit_slips.ts";
import {
  capitalGainsNotAsked,
  capitalGainsNote,
  innerGaps,
  isFundType,
  yahooBasis,
} from "./bar_notes.ts";
import {
  AHEAD_MS,
  BEHIND_MS,
  beyondIntradayDepth,
  bounds,
  DAY,
  DEFAULT_LIMIT,
  emptyWindow,
  inWindow,
  localDay,
  localWindow,
  mayRunToday,
  resolveWindow,
  type Window,
  windowColumns,
} from "./ohlcv_window.ts";
import {
  adjustmentJumps,
  endsEarly,
  futureUnit,
  indexLevelNote,
  isIndexSymbol,
  mixedBases,
  NEVER_PAYS,
  newYorkSession,
  noVolumePlaceholders,
  pairUnit,
  startsLate,
  unfinishedBar,
} from "./ohlcv_notes.ts";

type MarketB = typeof import("../../providers/market_b/client.ts");

export const OHLCV_PROVIDERS = ["market_a", "stooq", "broker_a", "market_b"] as const;
export type OhlcvProvider = typeof OHLCV_PROVIDERS[number];

const ALIASES: Record<string, OhlcvProvider> = {
  yahoo: "market_a",
  yfinance: "market_a",
  alpaca: "broker_a",
  alphavantage: "market_b",
  alpha_vantage: "market_b",
};

export interface Attempt {
  provider: string;
  duration_ms: number;
  rows: number;
  success: boolean;
  error: string | null;
}

export interface Series {
  symbol: string;
  /** The symbol as the answering provider spells it. */
  provider_symbol: string;
  timeframe: string;
  provider: string;
  source: string;
  currency: string | null;
  /**
   * An index's (currency null: its levels are points): the currency its provider states for it,
   * its market's, in which a fund tracking it moves; a point-priced future's (ES=F, ZN=F: currency
   * null), the currency Yahoo states, in which the contract settles; absent otherwise.
   */
  market_currency?: string | null;
  price_basis: string;
  /**
   * When the answer was read (the recording's time under replay); null when the recording
   * carries no date. Never the time of the run for an answer read earlier.
   */
  retrieved_at: string | null;
  start_date: string;
  end_date: string;
  rows: Bar[];
  count: number;
  /**
   * Splits and dividends in the window; null when the provider reports none of them (Stooq's
   * CSV, Alpaca's bars carry no events), which is no word that none happened.
   */
  splits: Split[] | null;
  dividends: Dividend[] | null;
  /**
   * A fund's capital-gain distributions per share in the window (Yahoo's), apart from its
   * income dividends; empty from providers that state them within their dividends (Alpha
   * Vantage), null from those that report no events. Always set by fetchSeries.
   */
  capital_gains?: Dividend[] | null;
  attempts?: Attempt[];
}

/** Resolves `provider=` to the chain to try. */
export function providerChain(provider: string): OhlcvProvider[] {
  const p = provider.trim().toLowerCase();
  if (p === "auto" || p === "") return [...OHLCV_PROVIDERS];
  const key = (OHLCV_PROVIDERS as readonly string[]).includes(p)
    ? p as OhlcvProvider
    : Object.hasOwn(ALIASES, p)
    ? ALIASES[p]
    : null;
  if (!key) {
    const near = closest(p, [...OHLCV_PROVIDERS, ...Object.keys(ALIASES)]);
    throw new UsageError(
      `unknown market data provider '${provider}'${near ? ` (did you mean ${near}?)` : ""}; ` +
        `use auto or one of ${OHLCV_PROVIDERS.join(", ")}`,
    );
  }
  return [key];
}

interface Got {
  rows: Bar[];
  /**
   * The exchange's IANA zone, whose calendar days the window means for intraday bars (stamped
   * in UTC); null when the provider states none (its bars are then read by their UTC date).
   */
  timezone: string | null;
  /** The bars in columns, when the provider reads them so (`rows` is then empty). */
  columns?: BarColumns;
  /** Null when the provider reports no events at all (not that none happened). */
  splits: Split[] | null;
  dividends: Dividend[] | null;
  /** Capital-gain distributions (Yahoo's only; empty or null elsewhere). */
  capital_gains: Dividend[] | null;
  currency: string | null;
  /** An index's or point-priced future's market currency (see Series), when one is stated. */
  market_currency?: string | null;
  source: string;
  price_basis: string;
  provider_symbol: string;
  /**
   * The regular session the provider was in or next to when it answered (epoch seconds), with
   * its market's zone when `timezone` does not give it.
   */
  session?: { start: number; end: number; zone?: string } | null;
}

/** Alpaca's spelling: US equities only, classes with a dot (BRK.B). */
function alpacaSymbol(symbol: string): string {
  if (/[.^=]/.test(symbol) || parseSymbol(symbol).kind !== "equity") {
    throw new InputError(
      `broker_a cannot serve ${symbol}: Alpaca has US equities only, written AAPL or BRK.B`,
    );
  }
  return symbol.replace(/-/g, ".");
}

async function fromProvider(
  ctx: Context,
  key: OhlcvProvider,
  symbol: string,
  tf: string,
  w: Window,
): Promise<Got> {
  if (key === "market_a") return await fromYahoo(ctx, symbol, tf, w);
  if (key === "stooq") return await fromStooq(ctx, symbol, tf, w);
  if (key === "broker_a") return await fromAlpaca(ctx, symbol, tf, w);
  return await fromAlphaVantage(ctx, symbol, tf, w);
}

/** Bars from Yahoo's chart API, with its splits, dividends and capital gains. */
async function fromYahoo(
  ctx: Context,
  symbol: string,
  tf: string,
  w: Window,
): Promise<Got> {
  const yf = await ctx.provider("market_a");
  const interval = tf === "1h" ? "60m" : tf;
  // The local days of an exchange far from UTC begin before the start's UTC midnight
  // (Sydney) or end after the end's (Chicago's evening session); the rows are then kept by
  // their day in the zone Yahoo states (inWindow). Intraday: the request reaches the zones'
  // extremes. Daily and longer bars are dated in that zone by the provider, which asks again
  // with a wider window only when the answer shows a local day was missed (chartDays); not
  // for the start of a window sized for the last `limit` bars, which is only an estimate.
  const intraday = isIntraday(tf);
  const tooOld = intraday ? beyondIntradayDepth(tf, w, ctx.clock.now()) : null;
  if (tooOld) throw new ProviderError("market_a", tooOld);
  const b = intraday
    ? await yf.chart(
      symbol,
      new Date(Date.parse(`${w.start}T00:00:00Z`) - AHEAD_MS),
      new Date(Date.parse(`${w.end}T00:00:00Z`) + DAY + BEHIND_MS),
      interval,
    )
    : await yf.chartDays(symbol, w.start, w.end, interval, { widenStart: w.keepLast === null });
  // bars of another symbol (a renamed or merged listing Yahoo redirects to) are said
  if (b.symbol.toUpperCase() !== symbol.toUpperCase()) {
    ctx.warn(
      `${symbol}: Yahoo answered with the bars of ${b.symbol}, another symbol (a renamed or merged listing, or a redirect); they are given as Yahoo sent them: check that ${b.symbol} is the listing meant before reading them as ${symbol}'s`,
    );
  }
  if (b.instrument_type === "FUTURE") {
    ctx.warn(
      `${symbol} is Yahoo's continuous futures series: each bar is the front contract of its day, and the series rolls from one contract month to the next without adjustment, so a jump at a roll is not a price move`,
    );
  }
  // pre- and post-market bars Yahoo sent though only the regular session was asked for
  const outside = (b.outside_session ?? []).filter((d) => {
    const day = localDay(d, b.timezone);
    return day >= w.start && day <= w.end;
  });
  if (outside.length) {
    ctx.warn(
      `${symbol}: left out ${outside.length} ${tf} bar(s) outside the regular session Yahoo states for their day (${
        outside.slice(0, 3).join(", ")
      }${
        outside.length > 3 ? ", …" : ""
      }): pre- or post-market trades; market.ohlcv gives regular-session intraday bars only`,
    );
  }
  const zeros = (b.zero_prices ?? []).filter((d) => {
    const day = localDay(d, b.timezone);
    return day >= w.start && day <= w.end;
  });
  if (zeros.length) {
    ctx.warn(
      `${symbol}: Yahoo gave a price of 0 in ${zeros.length} bar(s) (${
        zeros.slice(0, 3).join(", ")
      }${
        zeros.length > 3 ? ", …" : ""
      }): nothing trades at no price, so 0 is its placeholder for a figure it lacks; those prices are left null`,
    );
  }
  const negatives = (b.negative_prices ?? []).filter((d) => {
    const day = localDay(d, b.timezone);
    return day >= w.start && day <= w.end;
  });
  if (negatives.length) {
    ctx.warn(
      `${symbol}: Yahoo gave a price below zero in ${negatives.length} bar(s) (${
        negatives.slice(0, 3).join(", ")
      }${
        negatives.length > 3 ? ", …" : ""
      }): ${symbol} cannot trade below zero (only a future's price or an index's level can), so those figures are errors in Yahoo's data; they are left null`,
    );
  }
  // a bar Yahoo wrote in pounds amid pence (or rand amid cents) is put into the series' unit
  const unit = fixUnitSlips(b.rows, b.currency, b.splits);
  const slips = unit.slips.filter((x) => {
    const day = localDay(x.date, b.timezone);
    return day >= w.start && day <= w.end;
  });
  if (slips.length) ctx.warn(unitSlipNote(symbol, b.currency!, slips));
  // a dividend Yahoo stated in pounds beside prices in pence (the adjusted closes show which)
  const divs = fixDividendUnits(unit.rows, b.dividends, b.currency);
  const divSlips = divs.slips.filter((x) => x.date >= w.start && x.date <= w.end);
  if (divSlips.length) ctx.warn(dividendSlipNote(symbol, b.currency!, divSlips));
  const gains = fixDividendUnits(unit.rows, b.capital_gains, b.currency);
  const gainSlips = gains.slips.filter((x) => x.date >= w.start && x.date <= w.end);
  if (gainSlips.length) {
    ctx.warn(dividendSlipNote(symbol, b.currency!, gainSlips, "capital-gain distribution"));
  }
  const fund = isFundType(b.instrument_type);
  if (fund && !b.capital_gains_asked && !intraday && unit.rows.length) {
    ctx.warn(capitalGainsNotAsked(symbol));
  }
  const index = b.instrument_type === "INDEX" || isIndexSymbol(symbol);
  if (index && unit.rows.length) ctx.warn(indexLevelNote(symbol, b.currency));
  // a future or a pair priced in other than Yahoo's currency, as market.quote says
  const future = index ? null : futureUnit(symbol, b.instrument_type, b.currency);
  const pair = index || future ? null : pairUnit(symbol, b.instrument_type, b.currency);
  const relabel = future ?? pair;
  if (relabel?.note && unit.rows.length) ctx.warn(relabel.note);
  // prices without a stated currency: their unit is unknown, which a null alone does not say
  if (!index && !relabel && !b.currency && unit.rows.length) {
    ctx.warn(
      `${symbol}: Yahoo states no currency for these bars; currency is left null and the prices' unit is unknown: check the listing's currency (market.quote) before reading them as money`,
    );
  }
  return {
    ...b,
    currency: index ? null : relabel ? relabel.currency : b.currency,
    // points (an index's levels, a point-priced future's prices) move with their market's
    // currency, which backtests hold them to
    ...(index || future?.currency === null ? { market_currency: b.currency } : {}),
    dividends: divs.dividends,
    capital_gains: gains.dividends,
    session: b.session ?? null,
    rows: noVolumePlaceholders(ctx, symbol, b.instrument_type, unit.rows),
    provider_symbol: symbol,
    source: "Yahoo Finance chart API (v8/finance/chart)",
    price_basis: yahooBasis(symbol, {
      index,
      intraday,
      type: b.instrument_type,
      rows: unit.rows,
      capitalGains: gains.dividends.length > 0,
      capitalGainsAsked: b.capital_gains_asked,
    }),
  };
}

/**
 * Providers whose bars carry no events (Stooq's CSV, Alpaca's bars): splits, dividends and
 * capital gains are not known from them, which null says; an empty list would read as "none
 * happened" (AAPL's 4-for-1 split of 2020-08-31 is in no Stooq answer).
 */
const notReported = () => ({ splits: null, dividends: null, capital_gains: null });

/** No events, known: a kind of symbol that never splits or pays (new arrays each call). */
const noneExist = () => ({ splits: [], dividends: [], capital_gains: [] });

/** Daily bars from Stooq's CSV, in columns. */
async function fromStooq(
  ctx: Context,
  symbol: string,
  tf: string,
  w: Window,
): Promise<Got> {
  const { Client, stooqCurrency, stooqSession, stooqSymbol } = await import(
    "../../providers/stooq/client.ts"
  );
  Client.check(tf);
  const provider_symbol = stooqSymbol(symbol);
  const columns = await (await ctx.provider("stooq")).dailyColumns(symbol, w.start, w.end);
  // Stooq states no currency: known from the market its spelling names, where one rule holds
  const { currency, note } = stooqCurrency(provider_symbol);
  if (note && columns.dates.length) ctx.warn(`${symbol}: ${note}`);
  const index = isIndexSymbol(symbol);
  if (index && columns.dates.length) ctx.warn(indexLevelNote(symbol, null));
  const neverPays = index || NEVER_PAYS[parseSymbol(symbol).kind] !== undefined;
  return {
    rows: [],
    columns,
    // its adjusted prices hide a split or a dividend, and its CSV lists none
    ...(neverPays ? noneExist() : notReported()),
    timezone: null,
    provider_symbol,
    currency,
    // Stooq updates the day's bar while its market trades: the session tells such a bar
    session: mayRunToday(w, tf, ctx.clock.now())
      ? stooqSession(provider_symbol, ctx.clock.now())
      : null,
    source: "Stooq daily CSV (stooq.com/q/d/l)",
    price_basis: index
      ? `${indexBasis(symbol)}, as Stooq serves them`
      : NEVER_PAYS[parseSymbol(symbol).kind]
      ? `prices as traded: ${NEVER_PAYS[parseSymbol(symbol).kind]} has no splits or dividends`
      : "all prices adjusted for splits and dividends by Stooq",
  };
}

/** Bars from Alpaca's market data (US listings). */
async function fromAlpaca(
  ctx: Context,
  symbol: string,
  tf: string,
  w: Window,
): Promise<Got> {
  const provider_symbol = alpacaSymbol(symbol);
  const alpaca = await ctx.provider("broker_a");
  const rows = await alpaca.bars(provider_symbol, tf, w.start, w.end);
  // a feed of one exchange's trades (IEX, the free plan's) is not the market's volume
  const feed = alpaca.feed;
  const consolidated = feed === "sip" || feed === "delayed_sip";
  if (!consolidated && rows.length) {
    ctx.warn(
      `${symbol}: Alpaca's ${feed} feed builds bars from the trades on ${feed.toUpperCase()} alone, not the whole US market: volume is that exchange's share (a few percent of the consolidated volume), and open, high, low and close may differ from the consolidated bar; set ALPACA_DATA_FEED=sip (a paid plan) for consolidated bars`,
    );
  }
  return {
    rows,
    // Alpaca's bars state no corporate actions
    ...notReported(),
    // Alpaca serves US listings only; its intraday stamps are UTC
    timezone: "America/New_York",
    provider_symbol,
    currency: "USD",
    // its bar of a day still trading is the trading so far: New York's hours tell one
    session: mayRunToday(w, tf, ctx.clock.now()) ? await newYorkSession(ctx.clock.now()) : null,
    source: "Alpaca market data v2 stock bars",
    price_basis: `split-adjusted; not dividend-adjusted; Alpaca's ${feed} feed (${
      consolidated ? "every US exchange's trades" : `trades on ${feed.toUpperCase()} only`
    })`,
  };
}

/** Bars from Alpha Vantage, with the splits in the window said. */
async function fromAlphaVantage(
  ctx: Context,
  symbol: string,
  tf: string,
  w: Window,
): Promise<Got> {
  // by URL: a literal import would bring the client into every ohlcv call's module graph
  const { avCurrency, avSymbol } = await lazyImport<MarketB>(
    new URL("../../providers/market_b/client.ts", import.meta.url),
  );
  const provider_symbol = avSymbol(symbol);
  const got = await (await ctx.provider("market_b")).series(symbol, tf, w.start, w.end);
  // its OHLC are raw: a split in the window is a jump in them, which only adj_close is free of
  const inside = got.splits.filter((s) => s.date > w.start && s.date <= w.end);
  const jumps = tf === "1wk" || tf === "1mo" ? adjustmentJumps(got.rows, w) : [];
  if (jumps.length) {
    ctx.warn(
      `${symbol}: Alpha Vantage's ${tf} open, high, low, close and volume are not adjusted for splits, and its adjusted closes show one between ${
        jumps.join(", ")
      } (the adjustment changes severalfold there, which no dividend does): prices before it are not comparable with those after it; use adj_close, or provider=market_a (split-adjusted OHLC)`,
    );
  }
  if (inside.length && got.rows.length) {
    ctx.warn(
      `${symbol}: Alpha Vantage's open, high, low, close and volume are not adjusted for the ${
        inside.map((s) => `${s.numerator}-for-${s.denominator} split on ${s.date}`).join(", ")
      } (splits): prices before a split are not comparable with those after it; use adj_close, or provider=market_a (split-adjusted OHLC)`,
    );
  }
  return {
    rows: got.rows,
    splits: got.splits,
    dividends: got.dividends,
    // Alpha Vantage states no capital-gain distributions apart from its dividend amounts
    capital_gains: [],
    // its intraday stamps are New York's wall clock (Meta Data "6. Time Zone": US/Eastern),
    // turned into UTC by its client; the window's days are New York's
    timezone: "America/New_York",
    provider_symbol,
    // Alpha Vantage's series state no currency: known only for US listings
    currency: avCurrency(provider_symbol),
    // its latest daily bar is the day so far while the market trades; known hours: New York's
    session: avCurrency(provider_symbol) === "USD" && mayRunToday(w, tf, ctx.clock.now())
      ? await newYorkSession(ctx.clock.now())
      : null,
    source: "Alpha Vantage time series",
    price_basis: isIntraday(tf)
      ? "raw OHLC; adj_close null (Alpha Vantage gives no adjusted close for intraday bars)"
      : "raw OHLC; adj_close adjusted for splits and dividends",
  };
}

async function configured(ctx: Context, key: OhlcvProvider): Promise<string | null> {
  if (key === "broker_a" && !(await ctx.provider("broker_a")).configured) {
    return "skipped: ALPACA_API_KEY_ID and ALPACA_API_SECRET_KEY are not set";
  }
  if (key === "market_b" && !(await ctx.provider("market_b")).configured) {
    return "skipped: ALPHA_VANTAGE_API_KEY is not set";
  }
  return null;
}

/**
 * When `provider`'s answer for one symbol was read: its newest request naming the symbol (the
 * symbols of one call are fetched side by side, and may come from recordings of other days),
 * else the provider's newest request; null when that recording carries no date.
 */
function seriesAnsweredAt(ctx: Context, provider: string, providerSymbol: string): string | null {
  const own = ctx.requested().filter((r) =>
    r.provider === provider && urlNamesSymbol(r.url, providerSymbol)
  );
  return own.length ? own[own.length - 1].retrieved_at : answeredAt(ctx, provider);
}

/** Bar sizes in words, where a word says it better. */
const BAR_WORDS: Record<string, string> = { "1d": "daily", "1wk": "weekly", "1mo": "monthly" };

/**
 * A late first bar: after a start given (start_date, years), or after the start of a window
 * sized for `limit` bars that holds fewer (a listing younger than the window); a window sized
 * for more bars than its first days hold starts before its first bar by design.
 */
function lateStart(symbol: string, first: string, w: Window, total: number, tf: string) {
  if (w.keepLast === null) return startsLate(symbol, first, w.start, undefined, tf);
  if (total >= w.keepLast || w.cappedAt !== undefined) return null;
  return startsLate(
    symbol,
    first,
    w.start,
    `the start of the window sized for ${w.keepLast} bars (${w.start})`,
    tf,
  );
}

/** Fetches one symbol through the chain; throws naming every attempt when none has rows. */
export async function fetchSeries(
  ctx: Context,
  symbol: string,
  tf: string,
  w: Window,
  chain: OhlcvProvider[],
): Promise<Series> {
  const attempts: Attempt[] = [];
  for (const key of chain) {
    if (chain.length > 1) {
      const skip = await configured(ctx, key);
      if (skip) {
        attempts.push({ provider: key, duration_ms: 0, rows: 0, success: false, error: skip });
        continue;
      }
      if (key === "stooq" && tf !== "1d") {
        attempts.push({
          provider: key,
          duration_ms: 0,
          rows: 0,
          success: false,
          error: `skipped: stooq serves daily bars only, not ${tf}`,
        });
        continue;
      }
    }
    const t0 = performance.now();
    try {
      const got = await fromProvider(ctx, key, symbol, tf, w);
      const lw = localWindow(w, got.timezone, ctx.clock.now());
      // Bars read into columns become rows only when someone reads them (bar_columns.ts).
      // the whole window first (its first bar and size are said when limit= cuts it), then the cut
      const whole = got.columns && windowColumns(got.columns, { ...lw, tail: undefined });
      let rows = whole ? [] : inWindow(got.rows, lw, got.timezone);
      if (w.keepLast !== null && rows.length > w.keepLast) rows = rows.slice(-w.keepLast);
      const total = whole ? whole.dates.length : rows.length;
      const firstOf = total ? (whole ? whole.dates[0] : rows[0].date) : null;
      const cols = whole && w.tail !== undefined && total > w.tail
        ? sliceColumns(whole, total - w.tail, total)
        : whole;
      if (w.tail !== undefined && rows.length > w.tail) rows = rows.slice(-w.tail);
      const count = cols ? cols.dates.length : rows.length;
      const ms = Math.round((performance.now() - t0) * 100) / 100;
      attempts.push({
        provider: key,
        duration_ms: ms,
        rows: count,
        success: count > 0,
        error: count ? null : emptyWindow(
          got.columns?.span ?? bounds(got.columns?.dates ?? got.rows.map((r) => r.date)),
          lw,
          got.timezone,
        ),
      });
      if (!count) continue;
      if (w.cappedAt !== undefined && w.keepLast !== null && count < w.keepLast) {
        ctx.warn(
          `${symbol}: ${count} ${tf} bars, not the ${w.keepLast} asked (limit): Yahoo keeps ${tf} bars for only about ${w.cappedAt} days, so the window was cut to ${w.start}..${w.end}; use a larger timeframe for a longer history`,
        );
      }
      const late = lateStart(symbol, localDay(firstOf!, got.timezone), w, total, tf);
      if (late) ctx.warn(late);
      if (w.tail !== undefined && total > count) {
        const kept = localDay(cols ? cols.dates[0] : rows[0].date, got.timezone);
        ctx.warn(
          `${symbol}: ${count} of the ${total} ${
            BAR_WORDS[tf] ?? tf
          } bars in the window ${lw.start}..${lw.end} are given, the last ${count} (limit=${w.tail}): the rows start at ${kept}, not at the window's start; leave out limit for all of them`,
        );
      }
      const last = localDay(cols ? cols.dates[count - 1] : rows[count - 1].date, got.timezone);
      const stale = endsEarly(symbol, last, lw.end, ctx.clock.now(), tf);
      if (stale) ctx.warn(stale);
      const gaps = innerGaps(symbol, cols ? cols.dates : rows.map((r) => r.date), tf);
      if (gaps) ctx.warn(gaps);
      const running = unfinishedBar(symbol, tf, last, got.session, got.timezone, ctx.clock.now());
      if (running) ctx.warn(running);
      const inWin = (d: string) => d >= lw.start && d <= lw.end;
      const series: Series = {
        symbol,
        provider_symbol: got.provider_symbol,
        timeframe: tf,
        provider: key,
        source: got.source,
        currency: got.currency,
        ...(got.market_currency !== undefined ? { market_currency: got.market_currency } : {}),
        price_basis: got.price_basis,
        retrieved_at: seriesAnsweredAt(ctx, key, got.provider_symbol),
        start_date: lw.start,
        end_date: lw.end,
        rows,
        count,
        splits: got.splits?.filter((s) => inWin(s.date)) ?? null,
        dividends: got.dividends?.filter((d) => inWin(d.date)) ?? null,
        capital_gains: got.capital_gains?.filter((d) => inWin(d.date)) ?? null,
        attempts,
      };
      const gains = capitalGainsNote(symbol, series.capital_gains ?? [], got.currency);
      if (gains) ctx.warn(gains);
      if (cols) {
        deferRows(series, cols);
        // strings, finite numbers and the rows (known JSON-safe): an in-process caller takes
        // it as it is, without reading the rows
        vouchJsonSafe(series as unknown as Record<string, unknown>);
      }
      return series;
    } catch (err) {
      const ms = Math.round((performance.now() - t0) * 100) / 100;
      if (err instanceof InputError && chain.length === 1) throw err;
      // an unexpected failure is a reference to the log, never its text in the attempts
      const text = err instanceof FinanceError
        ? err.message
        : errorText(err, `market.ohlcv (${key}, ${symbol})`);
      const msg = text.startsWith(`${key}: `) ? text.slice(key.length + 2) : text;
      attempts.push({ provider: key, duration_ms: ms, rows: 0, success: false, error: msg });
    }
  }
  const detail = attempts.map((a) => `${a.provider}: ${a.error}`).join("; ");
  throw new ProviderError(
    chain.length > 1 ? "market data (auto)" : chain[0],
    `no bars for ${symbol} (${tf}, ${w.start}..${w.end})${
      chain.length > 1 ? " from any provider" : ""
    } — ${detail}`,
  );
}

/** market.ohlcv's arguments as its schema gives them. */
export interface OhlcvArgs {
  symbols: string;
  timeframe: string;
  start_date?: string;
  end_date?: string;
  years?: number;
  /** Most recent bars kept: the window's size without a start (default 200), else a cut of it. */
  limit?: number;
  provider: string;
  include_attempts: boolean;
}

/** Runs market.ohlcv (commands/market/ohlcv.ts); loads no zod (adapters/lean.ts). */
export async function runOhlcv(args: OhlcvArgs, ctx: Context) {
  const symbols = [
    ...new Set(args.symbols.split(",").map((s) => s.trim()).filter(Boolean).map(canonicalSymbol)),
  ];
  if (!symbols.length) throw new UsageError("symbols: give at least one ticker, e.g. AAPL");
  const chain = providerChain(args.provider);
  if (args.years !== undefined && args.start_date) {
    throw new UsageError("market.ohlcv: give start_date or years, not both");
  }
  let start = args.start_date;
  if (args.years !== undefined) {
    const end = args.end_date ?? ctx.clock.now().toISOString().slice(0, 10);
    const from = new Date(`${end}T00:00:00Z`);
    from.setUTCFullYear(from.getUTCFullYear() - args.years);
    start = from.toISOString().slice(0, 10);
  }
  // a window reaching into the future is read up to now; its end_date stays as asked, so the
  // answer says the bars cannot reach it (an exchange ahead of UTC may be a day ahead)
  const tomorrow = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  if (args.end_date && args.end_date > tomorrow) {
    ctx.warn(
      `end_date ${args.end_date} is in the future (today is ${
        ctx.clock.now().toISOString().slice(0, 10)
      }): no bar exists past today, so the rows end at the latest one; end_date in the answer is the window asked, not the bars' range`,
    );
  }
  const sized = resolveWindow(
    args.timeframe,
    ctx.clock.now(),
    start,
    args.end_date,
    args.limit ?? DEFAULT_LIMIT,
  );
  // a limit beside a start (start_date or years) keeps the last `limit` bars of that window
  const w = start && args.limit !== undefined ? { ...sized, tail: args.limit } : sized;
  if (symbols.length === 1) {
    const one = await fetchSeries(ctx, symbols[0], args.timeframe, w, chain);
    if (!args.include_attempts) delete one.attempts;
    return one;
  }
  // one symbol no provider serves does not take the others' bars with it: it is left out, named
  // in `missing` and a warning; only when none is served does the call fail
  const settled = await Promise.allSettled(
    symbols.map((s) => fetchSeries(ctx, s, args.timeframe, w, chain)),
  );
  const all: Awaited<ReturnType<typeof fetchSeries>>[] = [];
  const missing: { symbol: string; error: string }[] = [];
  settled.forEach((r, i) => {
    if (r.status === "fulfilled") all.push(r.value);
    else if (r.reason instanceof FinanceError) {
      missing.push({ symbol: symbols[i], error: r.reason.message });
    } else throw r.reason;
  });
  if (!all.length) throw (settled[0] as PromiseRejectedResult).reason;
  for (const m of missing) {
    ctx.warn(`${m.symbol}: left out, no bars from any provider asked (${m.error})`);
  }
  for (const s of all) if (!args.include_attempts) delete s.attempts;
  const mixed = mixedBases(all);
  if (mixed) ctx.warn(mixed);
  return {
    timeframe: args.timeframe,
    symbols: Object.fromEntries(all.map((s) => [s.symbol, s])),
    count: all.reduce((n, s) => n + s.count, 0),
    ...(missing.length ? { missing } : {}),
  };
}
