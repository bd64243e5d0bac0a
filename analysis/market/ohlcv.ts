/**
 * Bars from whichever provider answers first: the fallback chain behind market.ohlcv.
 * auto order: market_a (Yahoo, keyless, raw + adjusted closes, splits, dividends), stooq
 * (keyless, daily only, adjusted prices), then broker_a (Alpaca) and market_b (Alpha Vantage)
 * when their keys are set; unconfigured ones are reported as skipped attempts.
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
import {
  type Bar,
  dayFormat,
  type Dividend,
  isIntraday,
  periodOf,
  type Split,
} from "../../providers/market_a/bars.ts";
import { canonicalSymbol, parseSymbol } from "../../core/symbols.ts";
import {
  type BarColumns,
  columnsOf,
  deferRows,
  sliceColumns,
} from "../../providers/bar_columns.ts";
import { vouchJsonSafe } from "../../core/envelope.ts";
import { lazyImport } from "../../core/lazy.ts";

type MarketB = typeof import("../../providers/market_b/client.ts");
import { futurePrice, futureRoot, noVolumeKind, pairOf } from "./quote_row.ts";
import { indexBasis, indexLevelUnit } from "./units.ts";
import { dividendSlipNote, fixDividendUnits, fixUnitSlips, unitSlipNote } from "./unit_slips.ts";
import {
  capitalGainsNotAsked,
  capitalGainsNote,
  GAP_DAYS,
  innerGaps,
  isFundType,
  yahooBasis,
} from "./bar_notes.ts";

export const OHLCV_PROVIDERS = ["market_a", "stooq", "broker_a", "market_b"] as const;
export type OhlcvProvider = typeof OHLCV_PROVIDERS[number];

const ALIASES: Record<string, OhlcvProvider> = {
  yahoo: "market_a",
  yfinance: "market_a",
  alpaca: "broker_a",
  alphavantage: "market_b",
  alpha_vantage: "market_b",
};

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "1d", "1wk", "1mo"] as const;

/** Bars per trading day, to turn `limit` into a calendar window. */
const BARS_PER_DAY: Record<string, number> = {
  "1m": 390,
  "5m": 78,
  "15m": 26,
  "30m": 13,
  "1h": 7,
  "1d": 1,
  "1wk": 0.2,
  "1mo": 1 / 21,
};
/** Yahoo keeps intraday bars only this many days back. */
const INTRADAY_DEPTH: Record<string, number> = {
  "1m": 7,
  "5m": 59,
  "15m": 59,
  "30m": 59,
  "1h": 729,
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
  splits: Split[];
  dividends: Dividend[];
  /**
   * A fund's capital-gain distributions per share in the window (Yahoo's), apart from its
   * income dividends; empty from providers that do not report them. Always set by fetchSeries.
   */
  capital_gains?: Dividend[];
  attempts?: Attempt[];
}

export interface Window {
  start: string;
  end: string;
  /** With a start date: keep only the last `tail` rows of the window (limit= beside it). */
  tail?: number;
  /** Keep only the last `limit` rows (when no start date was given). */
  keepLast: number | null;
  /**
   * Days Yahoo keeps bars of this size, when the window sized for `keepLast` bars was cut to
   * them (fewer bars than asked may then come back, which is said).
   */
  cappedAt?: number;
  /**
   * No end_date was given: the window runs to the latest bar, whose day in the exchange's zone
   * may be the day after today's UTC date (Sydney, Tokyo in the morning).
   */
  openEnd?: boolean;
}

/**
 * Hours a request reaches beyond the window's UTC midnights so that it holds the exchange's
 * whole local days: zones run from 14 hours ahead of UTC to 12 behind.
 */
const AHEAD_MS = 14 * 3_600_000;
const BEHIND_MS = 12 * 3_600_000;

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Throws when `startDate` is a day no exchange has reached yet at `today` (a day ahead of UTC
 * is still today in Tokyo or Sydney): no bar can exist, and a provider would only answer "no
 * data". market.ohlcv's rule, which backtests apply to their own start_date (warm-up bars are
 * asked from before it, so market.ohlcv would not see it).
 */
export function refuseFutureStart(startDate: string, today: Date): void {
  if (startDate <= iso(new Date(today.getTime() + AHEAD_MS))) return;
  throw new InputError(
    `start_date ${startDate} is in the future (today is ${
      iso(today)
    } UTC): no bars exist yet; give a start on or before today`,
  );
}

/**
 * How far back Yahoo serves intraday bars of each size (days; its 422 answer says "within the
 * last 30 days" for 1m, 60 for 2m to 30m, 730 for 1h), and the longest span one request of 1m
 * bars may cover (7 days).
 */
const YAHOO_BACK_DAYS: Record<string, number> = {
  "1m": 30,
  "5m": 60,
  "15m": 60,
  "30m": 60,
  "1h": 730,
};
const YAHOO_1M_SPAN_DAYS = 7;

/**
 * Why Yahoo cannot serve an intraday window (it answers HTTP 422, which a reader would see
 * without its reason): the request, which reaches 14 hours before the start's UTC midnight,
 * starts further back than Yahoo keeps bars of this size, or covers more than a 1m request
 * may. Null when it can.
 */
export function beyondIntradayDepth(tf: string, w: Window, now: Date): string | null {
  const back = YAHOO_BACK_DAYS[tf];
  if (back === undefined) return null;
  const from = Date.parse(`${w.start}T00:00:00Z`) - AHEAD_MS;
  const limit = now.getTime() - back * DAY;
  if (from < limit) {
    const oldest = iso(new Date(Math.ceil((limit + AHEAD_MS) / DAY) * DAY));
    return `Yahoo serves ${tf} bars of only the last ${back} days, and the window starts ${w.start}; give a start_date on or after ${oldest}, or a larger timeframe (1h bars reach about 730 days back, 1d bars the whole history)`;
  }
  const to = Date.parse(`${w.end}T00:00:00Z`) + DAY + BEHIND_MS;
  if (tf === "1m" && to - from > YAHOO_1M_SPAN_DAYS * DAY) {
    return `Yahoo serves at most ${YAHOO_1M_SPAN_DAYS} days of 1m bars a request, and the window ${w.start}..${w.end} (with the hours that hold every exchange's local days) is longer; ask for at most 5 days at a time, or a larger timeframe`;
  }
  return null;
}

/** Bars market.ohlcv returns without start_date, years or limit. */
const DEFAULT_LIMIT = 200;

/** Works out the inclusive date window from the arguments and today. */
export function resolveWindow(
  timeframe: string,
  today: Date,
  startDate: string | undefined,
  endDate: string | undefined,
  limit: number,
): Window {
  let end = endDate ?? iso(today);
  const tomorrowAhead = iso(new Date(today.getTime() + AHEAD_MS));
  if (startDate) refuseFutureStart(startDate, today);
  if (startDate && startDate > end) {
    // without end_date a start on UTC's tomorrow is today where the exchange is ahead of UTC
    if (endDate === undefined && startDate <= tomorrowAhead) {
      end = startDate;
    } else throw new InputError(`start_date ${startDate} is after end_date ${end}`);
  }
  const open = endDate === undefined ? { openEnd: true } : {};
  if (startDate) return { start: startDate, end, keepLast: null, ...open };
  const trading = Math.ceil(limit / BARS_PER_DAY[timeframe]);
  let days = Math.ceil((trading * 7) / 5) + 10;
  const depth = INTRADAY_DEPTH[timeframe];
  // an intraday request runs from 14 hours before the start's UTC midnight to 12 hours after
  // the midnight after `end` (the exchange's local days, wherever it is): `days` + 1 days and
  // 26 hours, which must stay within what Yahoo serves of this bar size (7 days of 1m bars a
  // request)
  const capped = depth !== undefined && (days + 1) * DAY + AHEAD_MS + BEHIND_MS > depth * DAY;
  if (capped) days = depth - 3;
  const start = iso(new Date(Date.parse(`${end}T00:00:00Z`) - days * DAY));
  return { start, end, keepLast: limit, ...(capped ? { cappedAt: depth } : {}), ...open };
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
    throw new UsageError(
      `unknown market data provider '${provider}'; use auto or one of ${
        OHLCV_PROVIDERS.join(", ")
      }`,
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
  splits: Split[];
  dividends: Dividend[];
  /** Capital-gain distributions (Yahoo's only; empty elsewhere). */
  capital_gains: Dividend[];
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

/**
 * A warning when the last daily (weekly, monthly) bar is of a regular session still open at
 * `now`: Yahoo's bar of the running day is the trading so far, its close the latest price, not
 * the session's close. Null otherwise (or when the provider states no session).
 */
export function unfinishedBar(
  symbol: string,
  tf: string,
  last: string,
  session: { start: number; end: number; zone?: string } | null | undefined,
  zone: string | null,
  now: Date,
): string | null {
  if (!session || isIntraday(tf)) return null;
  const t = now.getTime() / 1000;
  if (!(t >= session.start && t < session.end)) return null;
  const day = localDay(new Date(session.start * 1000).toISOString(), session.zone ?? zone);
  const same = tf === "1d" ? last === day : periodOf(last, tf) !== null &&
    periodOf(last, tf) === periodOf(day, tf);
  if (!same) return null;
  const end = new Date(session.end * 1000).toISOString().slice(11, 16);
  const bar = `${symbol}: the last bar (${last}${tf === "1d" ? "" : `, a ${tf} bar`})`;
  // a market's usual hours (Stooq's), not a session the provider stated: a holiday or an early
  // close is not known
  return session.zone
    ? `${bar} takes in ${day}, within the market's regular hours (until ${end} UTC; the provider states no session, so an early close is not known): it may be of a session still trading, its close the latest price, not a closing price, and its high, low and volume so far`
    : `${bar} takes in the session of ${day}, still open (it ends ${end} UTC): its close is the latest price, not a closing price, and its high, low and volume are so far`;
}

/**
 * Bars of a currency pair, index or mutual fund with Yahoo's volume 0 (its "no volume", as in
 * the quote) made null, with a note; an equity's 0 is a count of trades and stays.
 */
function noVolumePlaceholders(
  ctx: Context,
  symbol: string,
  type: string | null,
  rows: Bar[],
): Bar[] {
  const kind = noVolumeKind(type);
  if (!kind || !rows.some((r) => r.volume === 0)) return rows;
  ctx.warn(
    `${symbol}: Yahoo's volume 0 for ${kind} means no volume is reported, ` +
      "not that nothing traded; those volumes are left null",
  );
  return rows.map((r) => (r.volume === 0 ? { ...r, volume: null } : r));
}

/** Kinds of symbol that never pay or split, in words (Stooq states no instrument type). */
const NEVER_PAYS: Partial<Record<string, string>> = {
  fx: "a currency pair",
  crypto: "a cryptocurrency",
  future: "a futures contract",
};

/** An index symbol as written (^GSPC, ^FTSE, ^N225): its bars are levels, not prices. */
const isIndexSymbol = (symbol: string) => symbol.startsWith("^");

/**
 * An index's level is a count of points, as market.quote says (quote_row.ts): the currency
 * Yahoo states for it (^GSPC: USD, ^FTSE: GBP) is its constituents', so currency is null.
 */
function indexLevelNote(symbol: string, stated: string | null): string {
  return `${symbol} is an index: its levels are in ${indexLevelUnit(symbol)}, not ${
    stated ? `in ${stated} (Yahoo's currency is that of its constituents)` : "money"
  }; currency is left null, and a level is no amount of money to convert or add to one`;
}

/**
 * A future's bars whose prices are not in the currency Yahoo states (market.quote's rule,
 * quote_row.ts futurePrice): index points, points of par or 100 minus a rate (currency null),
 * or US cents that Yahoo labels USD (USX). The currency to give and a note; null for another
 * listing, or a future whose prices are in Yahoo's currency (CL=F: USD per barrel).
 */
function futureUnit(
  symbol: string,
  type: string | null,
  stated: string | null,
): { currency: string | null; note: string } | null {
  if (type !== "FUTURE" && !/=F$/i.test(symbol)) return null;
  const u = futurePrice(futureRoot(symbol), stated, "each price");
  if (!u.relabelled) return null;
  return { currency: u.currency, note: `${symbol} is a futures contract: ${u.body}` };
}

/**
 * A currency pair's currency as market.quote gives it (quote_row.ts pairOf): the pair's quote
 * currency (EURUSD=X: USD per EUR) when Yahoo states none, null with a note when Yahoo states
 * another one. Null when Yahoo's currency is the quote currency, or for another listing.
 */
function pairUnit(
  symbol: string,
  type: string | null,
  stated: string | null,
): { currency: string | null; note: string | null } | null {
  if (type !== "CURRENCY" && !/=X$/i.test(symbol)) return null;
  const pair = pairOf(symbol);
  if (!pair) return null;
  if (!stated) return { currency: pair.quoted, note: null };
  if (stated.toUpperCase() === pair.quoted) return null;
  return {
    currency: null,
    note:
      `${symbol}: Yahoo states the currency ${stated}, but the pair's prices are in ${pair.quoted} per ${pair.base}; currency is left null`,
  };
}

/**
 * Whether the window's last bar may take in a session still trading at `now`: a window that
 * ends well before today (by more than the bar's own span, and a day either side for the
 * market's zone) holds none, and its session is not looked up (loading zone data costs more
 * than reading a decade of bars).
 */
function mayRunToday(w: Window, tf: string, now: Date): boolean {
  const span = tf === "1mo" ? 33 : tf === "1wk" ? 9 : 2;
  return w.end >= new Date(now.getTime() - span * DAY).toISOString().slice(0, 10);
}

/**
 * New York's regular session on its date at `now`, from Stooq's table of market hours: for
 * providers that state no session (Alpaca, Alpha Vantage) but serve a bar of the day so far.
 */
async function newYorkSession(now: Date) {
  const { stooqSession } = await import("../../providers/stooq/client.ts");
  return stooqSession("spy.us", now);
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
  const none = { splits: [], dividends: [], capital_gains: [] };
  if (key === "market_a") {
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
  if (key === "stooq") {
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
    return {
      rows: [],
      columns,
      ...none,
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
  if (key === "broker_a") {
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
      ...none,
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

/**
 * Where a series' adjustment (adj_close over close) changes by more than half between two bars
 * in the window: a split its raw OHLC keep and its adjusted closes take out (a dividend moves it
 * by its yield). "2020-08-28 and 2020-09-04" for each; linear.
 */
function adjustmentJumps(rows: Bar[], w: Window): string[] {
  const out: string[] = [];
  let prev: { date: string; f: number } | null = null;
  for (const r of rows) {
    if (r.date < w.start || r.date > w.end) continue;
    const f = r.close !== null && r.close > 0 && r.adj_close !== null && r.adj_close > 0
      ? r.adj_close / r.close
      : null;
    if (f === null) continue;
    if (prev && Math.abs(Math.log(f / prev.f)) > Math.log(1.5)) {
      out.push(`${prev.date} and ${r.date}`);
    }
    prev = { date: r.date, f };
  }
  return out;
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
 * The calendar day of a bar in the exchange's zone: a daily bar's date as it is, an intraday
 * bar's UTC stamp read in `zone` (its UTC date when no zone is known or Intl rejects it).
 */
export function localDay(date: string, zone: string | null): string {
  if (date.length <= 10 || !zone) return date.slice(0, 10);
  const f = dayFormat(zone);
  const t = Date.parse(date);
  if (!f || !Number.isFinite(t)) return date.slice(0, 10);
  const d = f.format(new Date(t));
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : date.slice(0, 10);
}

/**
 * The rows from w.start to w.end, by their day in `zone` (the exchange's). Rows a provider
 * built from columns come back as they are when all are in the window, so an in-process caller
 * still finds their columns (bar_columns.ts).
 */
function inWindow(rows: Bar[], w: Window, zone: string | null): Bar[] {
  const keep = (r: Bar) => {
    const day = localDay(r.date, zone);
    return day >= w.start && day <= w.end;
  };
  return columnsOf(rows) && rows.every(keep) ? rows : rows.filter(keep);
}

/**
 * The window to keep a provider's rows in: an open end (no end_date) reaches today in the
 * exchange's zone, which may be a day after today's UTC date.
 */
function localWindow(w: Window, zone: string | null, now: Date): Window {
  if (!w.openEnd || !zone) return w;
  const today = localDay(now.toISOString(), zone);
  return today > w.end ? { ...w, end: today } : w;
}

/**
 * The columns from w.start to w.end (they ascend, so that is one run of them), the last
 * `keepLast` of those when set: what {@link inWindow} and the slice below keep of their rows.
 */
function windowColumns(cols: BarColumns, w: Window): BarColumns {
  const { dates } = cols;
  let lo = 0;
  while (lo < dates.length && dates[lo].slice(0, 10) < w.start) lo++;
  let hi = dates.length;
  while (hi > lo && dates[hi - 1].slice(0, 10) > w.end) hi--;
  if (w.keepLast !== null && hi - lo > w.keepLast) lo = hi - w.keepLast;
  if (w.tail !== undefined && hi - lo > w.tail) lo = hi - w.tail;
  return lo === 0 && hi === dates.length ? cols : sliceColumns(cols, lo, hi);
}

/**
 * A warning when `symbol`'s bars stop more than a week (after the last bar's own week or month)
 * before the window's end (or today, when the window reaches past it): a delisting, a suspension, or a provider whose history stops
 * there, which a reader of the rows would not otherwise see. Null otherwise.
 */
export function endsEarly(
  symbol: string,
  last: string,
  end: string,
  now: Date,
  timeframe = "1d",
): string | null {
  const today = now.toISOString().slice(0, 10);
  const until = end < today ? end : today;
  const days = Math.floor((Date.parse(until) - Date.parse(last)) / 86_400_000);
  // a weekly or monthly bar is dated at its first day and covers the days after it
  const covers = timeframe === "1mo" ? 31 : timeframe === "1wk" ? 7 : 0;
  if (!(days > GAP_DAYS + covers)) return null;
  return `${symbol}: the bars end at ${last}, ${days} days before ${
    until === today ? "today" : `the window's end (${end})`
  }: the listing may be delisted or suspended, the provider's history may stop there, or the answer is an old recording`;
}

/**
 * When `provider`'s answer for one symbol was read: its newest request naming the symbol (the
 * symbols of one call are fetched side by side, and may come from recordings of other days),
 * else the provider's newest request; null when that recording carries no date.
 */
function seriesAnsweredAt(ctx: Context, provider: string, providerSymbol: string): string | null {
  const want = providerSymbol.toLowerCase();
  const own = ctx.requested().filter((r) =>
    r.provider === provider && namedIn(r.url).includes(want)
  );
  return own.length ? own[own.length - 1].retrieved_at : answeredAt(ctx, provider);
}

/** The path segments and query values of a URL, decoded and lower-cased. */
function namedIn(url: string): string[] {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // a malformed escape: read the URL as it is
  }
  return text.toLowerCase().split(/[/?&=,]/);
}

/**
 * Why a provider's answer holds no bar in the window, from the bars it did send (Stooq sends a
 * listing's whole history; Yahoo only the window): before its first bar, after its last, or
 * between two (no session in the window: a weekend or the exchange's holidays), and what to ask.
 */
export function emptyWindow(
  sent: { first: string; last: string } | null,
  w: Window,
  zone: string | null,
): string {
  const span = `${w.start}..${w.end}`;
  if (!sent) {
    return `no bars in the requested window (${span}): the provider sent none for it (a window of weekend days or exchange holidays, before the listing began trading or after it stopped); widen the window or check the symbol`;
  }
  const first = localDay(sent.first, zone);
  const last = localDay(sent.last, zone);
  if (w.end < first) {
    return `no bars in the requested window (${span}): the provider's history of this listing starts at ${first} (the listing began trading then, or the provider keeps no older bars: another provider may have them); give an end_date on or after ${first}, or another provider=`;
  }
  if (w.start > last) {
    return `no bars in the requested window (${span}): the provider's history of this listing ends at ${last} (a delisting, a suspension, or an older answer); give a start_date on or before ${last}`;
  }
  return `no bars in the requested window (${span}), which lies inside the provider's history (${first}..${last}): no trading session fell in it (weekend days or exchange holidays); widen the window to hold a trading day`;
}

/** The first and last of ascending dates; null when there are none. */
function bounds(dates: string[]): { first: string; last: string } | null {
  return dates.length ? { first: dates[0], last: dates[dates.length - 1] } : null;
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
      const cols = got.columns && windowColumns(got.columns, lw);
      let rows = cols ? [] : inWindow(got.rows, lw, got.timezone);
      if (w.keepLast !== null && rows.length > w.keepLast) rows = rows.slice(-w.keepLast);
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
        splits: got.splits.filter((s) => inWin(s.date)),
        dividends: got.dividends.filter((d) => inWin(d.date)),
        capital_gains: got.capital_gains.filter((d) => inWin(d.date)),
        attempts,
      };
      const gains = capitalGainsNote(symbol, series.capital_gains!, got.currency);
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

/**
 * A warning when the symbols' bars come from providers that adjust their close differently
 * (Yahoo's for splits only, Stooq's for dividends too, Alpha Vantage's not at all): side by side,
 * their closes are not one basis. Null when one provider answered them all.
 */
function mixedBases(all: Series[]): string | null {
  const byProvider = new Map<string, Series[]>();
  for (const s of all) byProvider.set(s.provider, [...byProvider.get(s.provider) ?? [], s]);
  if (byProvider.size < 2) return null;
  const list = [...byProvider.values()].map((group) =>
    `${group.map((s) => s.symbol).join(", ")} from ${group[0].provider} (${group[0].price_basis})`
  );
  return `the symbols' bars come from different providers, whose closes are adjusted differently: ${
    list.join("; ")
  }; compare them by adj_close where each gives one, not by close`;
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
