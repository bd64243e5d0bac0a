/**
 * Yahoo's quote row read into the normalized quote, without the schema library: shared by the
 * ordinary path (company.ts, after zod has checked the row) and the CLI's direct path
 * (quote_fast.ts, after providers/market_a/quote_direct.ts has checked it by hand).
 */
import type { QuoteRow } from "../../providers/market_a/schemas.ts";
import type { Quote } from "./company.ts";
import { majorOf, unitOf } from "./units.ts";

export const QUOTE_SOURCE = "Yahoo Finance quote API (v7/finance/quote)";

const isoTime = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

/**
 * A price field Yahoo fills with 0 when it has none (an index's open, a day without trades'
 * high and low, a new listing's 52-week range): no price is zero, so 0 is no value.
 */
const price = (v: number | null) => (v === 0 ? null : v);

/**
 * Quote types whose volume Yahoo reports as 0 when it has none: a currency pair, an index or a
 * mutual fund trades no shares on an exchange, so 0 there is no count of trades.
 */
const NO_VOLUME: Record<string, string> = {
  CURRENCY: "a currency pair",
  INDEX: "an index",
  MUTUALFUND: "a mutual fund",
};

/** What a quote type is, in words, when Yahoo's volume 0 for it means "no volume"; else null. */
export function noVolumeKind(type: string | null | undefined): string | null {
  return type && Object.hasOwn(NO_VOLUME, type) ? NO_VOLUME[type] : null;
}

/** True when two prices are the same up to floating-point noise. */
const samePrice = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

export function fromYahooQuote(q: QuoteRow): Quote {
  return readYahooQuote(q).quote;
}

/**
 * The normalized quote and notes on what was left out of Yahoo's row: placeholders that would
 * read as facts (a change of 0 beside a price that moved, a volume of 0 for a currency) become
 * null, and each note says which and why.
 */
export function readYahooQuote(q: QuoteRow): { quote: Quote; notes: string[] } {
  const notes: string[] = [];
  // an index's level is a count of points: Yahoo's currency (^GSPC: USD) is its constituents'
  if (q.quoteType === "INDEX" && q.currency) {
    notes.push(
      `${q.symbol} is an index: its level${
        q.regularMarketPrice === null ? "" : ` ${q.regularMarketPrice}`
      } is in points, not in ${q.currency} (Yahoo's currency is that of its constituents); ` +
        "currency is left null, and the level is no amount of money to convert or add to one",
    );
    q = { ...q, currency: null };
  }
  const previous = price(q.regularMarketPreviousClose);
  let change = q.regularMarketChange;
  let changePct = q.regularMarketChangePercent;
  const last = q.regularMarketPrice;
  if (change === 0 && last !== null && (previous === null || !samePrice(last, previous))) {
    notes.push(
      `${q.symbol}: Yahoo's change of 0 is a placeholder, since ${
        previous === null
          ? "it states no previous close"
          : `the price ${last} differs from the previous close ${previous}`
      }; change and change_pct are left null`,
    );
    change = null;
    changePct = null;
  }
  let volume = q.regularMarketVolume;
  const kind = noVolumeKind(q.quoteType);
  if (volume === 0 && kind) {
    notes.push(
      `${q.symbol}: Yahoo's volume 0 for ${kind} means no volume is ` +
        "reported, not that nothing traded; volume is left null",
    );
    volume = null;
  }
  // no listing is worth nothing or has no shares: Yahoo's 0 there is its "none"
  const zeros = (["marketCap", "sharesOutstanding"] as const).filter((k) => q[k] === 0);
  if (zeros.length) {
    notes.push(
      `${q.symbol}: Yahoo's ${
        zeros.join(" and ")
      } of 0 means it states none, not that the listing is worth nothing or has no shares; left null`,
    );
    q = { ...q, ...Object.fromEntries(zeros.map((k) => [k, null])) };
  }
  const marketCap = capInMajor(q, notes);
  const ext = extendedHours(q);
  const quote: Quote = {
    symbol: q.symbol,
    provider_symbol: q.symbol,
    // a "name" with no letter is Yahoo's placeholder for a delisted listing (ADH: "54688")
    company_name: named(q.longName) ?? named(q.shortName) ?? null,
    quote_type: q.quoteType ?? null,
    exchange: q.fullExchangeName ?? q.exchange ?? null,
    currency: q.currency ?? null,
    price: last,
    change,
    change_pct: changePct,
    previous_close: previous,
    open: price(q.regularMarketOpen),
    day_high: price(q.regularMarketDayHigh),
    day_low: price(q.regularMarketDayLow),
    volume,
    market_cap: marketCap,
    // Yahoo states a listing quoted in pence (GBp) at a market cap in pounds
    market_cap_currency: marketCap === null ? null : majorOf(q.currency),
    shares_outstanding: q.sharesOutstanding,
    fifty_two_week_high: price(q.fiftyTwoWeekHigh),
    fifty_two_week_low: price(q.fiftyTwoWeekLow),
    market_state: q.marketState ?? null,
    as_of: isoTime(q.regularMarketTime),
    ...(ext ? { extended_hours: ext } : {}),
    provider: "market_a",
    source: QUOTE_SOURCE,
  };
  if (ext) {
    notes.push(
      `${q.symbol}: market_state ${q.marketState}: price ${last} is the regular session's (at ${
        when(quote.as_of)
      }); Yahoo's later ${ext.session}-market trade is ${ext.price} at ${
        when(ext.as_of)
      } (extended_hours)`,
    );
  }
  const range = outsideDayRange(quote);
  if (range) notes.push(range);
  const cover = capOverShares(quote);
  if (cover !== null) notes.push(partialShares(quote, cover));
  return { quote, notes };
}

/**
 * How far a market cap may be from the price times the share count beside it before the two
 * are not of the same shares: Yahoo's cap is taken at its own moment's price (BABA: 2% apart).
 */
const SHARES_SLACK = Math.log(1.05);

/**
 * The market cap over the price (in the cap's major unit) times the share count Yahoo states
 * beside it, when that is not 1: Yahoo's `sharesOutstanding` of a company with several share
 * classes counts the listed class only while its cap is the whole company's (GOOG: 5.50
 * billion class C shares, a cap 2.21 times the price times them), and an ADS stands for several
 * shares. Null when they agree or a figure is missing.
 */
export function capOverShares(
  q: {
    market_cap: number | null;
    price: number | null;
    currency: string | null;
    shares_outstanding: number | null;
  },
): number | null {
  const u = unitOf(q.currency);
  const { market_cap: cap, price: p, shares_outstanding: n } = q;
  if (!u || cap === null || !(cap > 0) || !(p! > 0) || !(n! > 0)) return null;
  const r = cap / (p! * u.factor * n!);
  return Number.isFinite(r) && Math.abs(Math.log(r)) > SHARES_SLACK ? r : null;
}

/** The note on a share count that is not the one the market cap is of (capOverShares). */
export function partialShares(
  q: { symbol: string; market_cap: number | null; shares_outstanding: number | null },
  r: number,
): string {
  const x = Math.round(r * 100) / 100;
  return `${q.symbol}: Yahoo's market cap ${q.market_cap} is ${x} times the price times the ` +
    `${q.shares_outstanding} shares it states (shares_outstanding): the count is of this ` +
    "listing's share class or depositary shares only, or the cap covers other classes or was " +
    "taken at another price; do not divide the market cap by shares_outstanding for a " +
    "per-share figure";
}

/** Yahoo's market states outside the regular session, when its extended-hours trades count. */
const EXTENDED_STATES = new Set(["PRE", "PREPRE", "POST", "POSTPOST"]);

const when = (iso: string | null) =>
  iso === null ? "an unstated time" : `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * The latest pre- or post-market trade Yahoo states while its market is outside the regular
 * session, when it is later than the regular session's last price; else null. The regular
 * price is then the last session's close, not the current price.
 */
function extendedHours(q: QuoteRow): NonNullable<Quote["extended_hours"]> | null {
  if (!q.marketState || !EXTENDED_STATES.has(q.marketState)) return null;
  const regular = q.regularMarketTime;
  const sessions = [
    ["pre", q.preMarketPrice, q.preMarketTime, q.preMarketChange, q.preMarketChangePercent],
    ["post", q.postMarketPrice, q.postMarketTime, q.postMarketChange, q.postMarketChangePercent],
  ] as const;
  let best: NonNullable<Quote["extended_hours"]> | null = null;
  let bestAt = -Infinity;
  for (const [session, p, at, change, pct] of sessions) {
    if (p === null || !(p > 0) || at === null || (regular !== null && at <= regular)) continue;
    if (at <= bestAt) continue;
    bestAt = at;
    best = { session, price: p, change, change_pct: pct, as_of: isoTime(at)! };
  }
  return best;
}

/** A company name, or null for a placeholder without a letter. */
function named(n: string | null | undefined): string | null {
  return n && /\p{L}/u.test(n) ? n : null;
}

/**
 * Yahoo's market cap in the major unit of a listing quoted in a minor one (GBp, ZAc, ILA).
 * Yahoo states it in the major unit (OCDO.L: 308.8 GBp × 823 million shares, a cap of 2.55
 * billion GBP), but the unit is checked against the price and share count it gives beside it:
 * a cap that is the price times the shares in the minor unit is put into the major one, with a
 * note, so that it is never read 100 times too large.
 */
function capInMajor(q: QuoteRow, notes: string[]): number | null {
  return majorCap(
    q.symbol,
    q.marketCap,
    q.currency,
    q.regularMarketPrice,
    q.sharesOutstanding,
    notes,
  );
}

/**
 * A market cap of a listing quoted in `currency` put into the major unit when it is the price
 * times the shares in a minor one (GBp, ZAc, ILA), with a note naming `what` cap it was; as it
 * is otherwise (already in the major unit, or nothing to check it against).
 */
export function majorCap(
  symbol: string,
  cap: number | null,
  currency: string | null | undefined,
  p: number | null,
  shares: number | null,
  notes: string[],
  what = "Yahoo's market cap",
): number | null {
  const u = unitOf(currency);
  if (cap === null || !u || u.factor === 1 || !(p! > 0) || !(shares! > 0)) return cap;
  const r = cap / (p! * shares!);
  const fromMinor = Math.abs(Math.log(r));
  const fromMajor = Math.abs(Math.log(r / u.factor));
  if (!(fromMinor < fromMajor && fromMinor < Math.log(5))) return cap;
  const major = cap * u.factor;
  notes.push(
    `${symbol}: ${what} ${cap} is the price in ${u.code} times the shares, so it is in ${u.code}; shown as ${major} ${u.major}`,
  );
  return major;
}

/**
 * A note when the last price lies outside the day's high and low Yahoo gives beside it: the
 * two come from different trades or sessions (AFRAF: price 8.46, open, high and low 8.08).
 */
function outsideDayRange(q: Quote): string | null {
  const { price: p, day_high: high, day_low: low } = q;
  if (p === null || high === null || low === null) return null;
  const above = p > high && !samePrice(p, high);
  const below = p < low && !samePrice(p, low);
  if (!above && !below) return null;
  return `${q.symbol}'s price ${p} is ${
    above ? "above" : "below"
  } the day's range ${low}–${high} ` +
    "that Yahoo gives beside it: the price and the day's open, high and low come from different " +
    "trades or sessions, so do not read one against the other";
}

/** Days after which a quote's time is too old to pass for a current price. */
const STALE_DAYS = 7;

/**
 * Markets whose weekend is Friday and Saturday (they trade Sunday to Thursday), by Yahoo's
 * suffix: Saudi Arabia, Kuwait, Qatar and Egypt; Tel Aviv until it moved to Monday–Friday
 * trading on 2026-01-05.
 */
const FRI_SAT: Record<string, string | null> = {
  SR: null,
  KW: null,
  QA: null,
  CA: null,
  TA: "2026-01-05",
};

/** The weekend (UTC weekday numbers) of the market a Yahoo symbol is listed on, at `at` (ms). */
export function weekendOf(symbol: string, at: number): [number, number] {
  const suffix = /\.([A-Z]{1,3})$/i.exec(symbol)?.[1]?.toUpperCase();
  if (suffix && Object.hasOwn(FRI_SAT, suffix)) {
    const until = FRI_SAT[suffix];
    if (until === null || at < Date.parse(`${until}T00:00:00Z`)) return [5, 6];
  }
  return [6, 0];
}

/** Trading weekdays (UTC dates, outside `weekend`) strictly between two instants. */
function weekdaysBetween(from: number, to: number, weekend: [number, number]): number {
  let n = 0;
  const day = 86_400_000;
  for (let t = Math.floor(from / day) * day + day; t + day <= to; t += day) {
    const wd = new Date(t).getUTCDay();
    if (wd !== weekend[0] && wd !== weekend[1]) n++;
  }
  return n;
}

/**
 * A warning when a quote's time is more than a week before `now`: a market closed for a week at
 * most, so the listing may be suspended or delisted (Yahoo keeps answering with its last price),
 * or the answer is an old recording. Also when Yahoo says the market is open (REGULAR) and a
 * whole weekday has passed since the last price: the listing has not traded since (halted,
 * suspended or hardly traded). Null for a recent quote or one without a time.
 */
export function staleQuote(
  q: {
    symbol: string;
    as_of: string | null;
    price: number | null;
    currency: string | null;
    market_state?: string | null;
  },
  now: Date,
): string | null {
  const at = q.as_of === null ? NaN : Date.parse(q.as_of);
  if (!Number.isFinite(at)) return null;
  const days = Math.floor((now.getTime() - at) / 86_400_000);
  const price = q.price === null ? "" : ` (${q.currency ? `${q.currency} ` : ""}${q.price})`;
  // an open session after a whole weekday without a trade (a weekend passes between Friday's
  // price and Monday's session, a whole Wednesday does not)
  if (days <= STALE_DAYS && q.market_state === "REGULAR") {
    const missed = weekdaysBetween(at, now.getTime(), weekendOf(q.symbol, at));
    if (missed === 0) return null;
    return `${q.symbol}: Yahoo says its market is open (REGULAR), but the last price${price} is from ${
      when(q.as_of)
    }, ${
      missed === 1 ? "a whole weekday" : `${missed} weekdays`
    } before this session: no trade since (the listing may be halted or suspended, or hardly trades); do not take it for a current price`;
  }
  if (days <= STALE_DAYS) return null;
  return `${q.symbol}'s last price${price} is from ${
    q.as_of!.slice(0, 16).replace("T", " ")
  } UTC, ${days} days before now: the listing may be suspended or delisted, or the answer is an old recording; do not take it for a current price`;
}

/**
 * The row of `symbol` among Yahoo's answer (its own spelling may differ in case), or null: a
 * row for another symbol is another listing, never passed off as the one asked for.
 */
export function rowOf(rows: QuoteRow[], symbol: string): QuoteRow | null {
  return rows.find((r) => r.symbol.toUpperCase() === symbol.toUpperCase()) ?? null;
}
