/**
 * What a series of bars says beyond its numbers, in warnings and notes: a bar of a session still
 * trading, volumes that are no count, levels and prices not in the stated currency (indexes,
 * futures, currency pairs), adjustments that jump, bars that stop early, providers that adjust
 * differently side by side.
 */
import type { Context } from "../../core/context.ts";
import { type Bar, isIntraday, periodOf } from "../../providers/market_a/bars.ts";
import { futurePrice, futureRoot, noVolumeKind, pairOf } from "./quote_row.ts";
import { indexLevelUnit } from "./units.ts";
import { GAP_DAYS } from "./bar_notes.ts";
import { localDay, type Window } from "./ohlcv_window.ts";
import type { Series } from "./ohlcv.ts";

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
export function noVolumePlaceholders(
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
export const NEVER_PAYS: Partial<Record<string, string>> = {
  fx: "a currency pair",
  crypto: "a cryptocurrency",
  future: "a futures contract",
};

/** An index symbol as written (^GSPC, ^FTSE, ^N225): its bars are levels, not prices. */
export const isIndexSymbol = (symbol: string) => symbol.startsWith("^");

/**
 * An index's level is a count of points, as market.quote says (quote_row.ts): the currency
 * Yahoo states for it (^GSPC: USD, ^FTSE: GBP) is its constituents', so currency is null.
 */
export function indexLevelNote(symbol: string, stated: string | null): string {
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
export function futureUnit(
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
export function pairUnit(
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
 * New York's regular session on its date at `now`, from Stooq's table of market hours: for
 * providers that state no session (Alpaca, Alpha Vantage) but serve a bar of the day so far.
 */
export async function newYorkSession(now: Date) {
  const { stooqSession } = await import("../../providers/stooq/client.ts");
  return stooqSession("spy.us", now);
}

/**
 * Where a series' adjustment (adj_close over close) changes by more than half between two bars
 * in the window: a split its raw OHLC keep and its adjusted closes take out (a dividend moves it
 * by its yield). "2020-08-28 and 2020-09-04" for each; linear.
 */
export function adjustmentJumps(rows: Bar[], w: Window): string[] {
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
 * A warning when `symbol`'s first bar in the window comes more than a week (past the bar's own
 * week or month) after the day the window starts: the provider has no earlier bars, so the rows
 * cover less than was asked, which a count alone does not say. `asked` names the start as the
 * caller gave it ("start_date 2025-01-01"). Null otherwise (a weekend, a holiday).
 */
export function startsLate(
  symbol: string,
  first: string,
  start: string,
  asked = `start_date ${start}`,
  timeframe = "1d",
): string | null {
  const days = Math.floor((Date.parse(first) - Date.parse(start)) / 86_400_000);
  const covers = timeframe === "1mo" ? 31 : timeframe === "1wk" ? 7 : 0;
  if (!(days > GAP_DAYS + covers)) return null;
  return `${symbol}: the bars start at ${first}, ${days} days after ${asked}: the provider has no earlier bars (a listing that began trading then, a provider whose history starts there, or a shorter recording), so the rows cover less than the window asked`;
}

/** True for a {@link startsLate} warning (callers that state their own start drop it). */
export const isLateStart = (warning: string) =>
  /^\S+: the bars start at \S+, \d+ days after /.test(warning);

/**
 * A warning when the symbols' bars come from providers that adjust their close differently
 * (Yahoo's for splits only, Stooq's for dividends too, Alpha Vantage's not at all): side by side,
 * their closes are not one basis. Null when one provider answered them all.
 */
export function mixedBases(all: Series[]): string | null {
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
