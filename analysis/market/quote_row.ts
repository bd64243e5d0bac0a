/**
 * Yahoo's quote row read into the normalized quote, without the schema library: shared by the
 * ordinary path (company.ts, after zod has checked the row) and the CLI's direct path
 * (quote_fast.ts, after providers/market_a/quote_direct.ts has checked it by hand).
 */
import type { QuoteRow } from "../../providers/market_a/schemas.ts";
import type { Quote } from "./company.ts";
import { indexLevelUnit, majorOf, unitOf } from "./units.ts";

export const QUOTE_SOURCE = "Yahoo Finance quote API (v7/finance/quote)";

const isoTime = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

/**
 * A price field Yahoo fills with 0 when it has none (an index's open, a day without trades'
 * high and low, a new listing's 52-week range): no price is zero, so 0 is no value.
 */
const price = (v: number | null) => (v === 0 ? null : v);

/** The price fields of a quote row that no share, fund, pair or coin can have below zero. */
const PRICE_FIELDS = [
  "regularMarketPrice",
  "regularMarketPreviousClose",
  "regularMarketOpen",
  "regularMarketDayHigh",
  "regularMarketDayLow",
  "fiftyTwoWeekHigh",
  "fiftyTwoWeekLow",
] as const;

/**
 * The row with prices below zero left null, and a note naming them: only a future's price (CL=F
 * in April 2020) or an index's level (a yield) goes below zero, so on anything else Yahoo's
 * negative figure is an error in its data, not a price to compute with.
 */
function belowZero(q: QuoteRow, type: string, notes: string[]): QuoteRow {
  if (type === "FUTURE" || type === "INDEX" || q.symbol.startsWith("^")) return q;
  const bad = PRICE_FIELDS.filter((k) => typeof q[k] === "number" && q[k]! < 0);
  if (!bad.length) return q;
  notes.push(
    `${q.symbol}: Yahoo's ${
      bad.map((k) => `${k} ${q[k]}`).join(", ")
    } is below zero, which no price of ${q.symbol} can be (only a future's or an index's can): an error in Yahoo's data, left null`,
  );
  return { ...q, ...Object.fromEntries(bad.map((k) => [k, null])) };
}

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
 * null, and each note says which and why. A future's note names its contract, expiry and unit
 * (and, given `now`, an expired contract); a currency pair's its unit (USD per 1 EUR).
 */
export function readYahooQuote(q: QuoteRow, now?: Date): { quote: Quote; notes: string[] } {
  const notes: string[] = [];
  // Yahoo's own currency, before a future's, pair's or index's rule reads it
  const stated = q.currency || null;
  // a future's price is per unit of what it delivers, or in points (no currency then); a pair's
  // is the quote currency per one of the base (by Yahoo's type, else by the =F and =X spellings)
  const type = q.quoteType ||
    (/=F$/i.test(q.symbol) ? "FUTURE" : /=X$/i.test(q.symbol) ? "CURRENCY" : "");
  if (type === "FUTURE") q = readFuture(q, notes, now);
  else if (type === "CURRENCY") q = readPair(q, notes);
  else if (type === "OPTION") readOption(q, notes, now);
  // an index's level is a count of points: Yahoo's currency (^GSPC: USD) is its constituents'
  if (q.quoteType === "INDEX" && q.currency) {
    notes.push(
      `${q.symbol} is an index: its level${
        q.regularMarketPrice === null ? "" : ` ${q.regularMarketPrice}`
      } is in ${
        indexLevelUnit(q.symbol)
      }, not in ${q.currency} (Yahoo's currency is that of its constituents); ` +
        "currency is left null, and the level is no amount of money to convert or add to one",
    );
    q = { ...q, currency: null };
  }
  q = belowZero(q, type, notes);
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
  const apart = changeApart(q.symbol, q.quoteType, change, changePct, last, previous);
  if (apart) notes.push(apart);
  let volume = q.regularMarketVolume;
  const kind = noVolumeKind(q.quoteType);
  if (volume === 0 && kind) {
    notes.push(
      `${q.symbol}: Yahoo's volume 0 for ${kind} means no volume is ` +
        "reported, not that nothing traded; volume is left null",
    );
    volume = null;
  }
  // a coin's volume is CoinMarketCap's 24-hour traded value (volume24Hr), not a count of coins
  if (volume !== null && volume > 0 && q.quoteType === "CRYPTOCURRENCY") {
    notes.push(
      `${q.symbol}: Yahoo's volume ${volume} for a cryptocurrency is the value traded over the ` +
        "last 24 hours, in money (CoinMarketCap's figure, in US dollars for a USD pair), not a " +
        "count of coins, nor of one session",
    );
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
  // a price without a stated currency (a future's and an index's are said above)
  const index = type === "INDEX" || q.symbol.startsWith("^");
  if (!stated && quote.currency === null && last !== null && type !== "FUTURE" && !index) {
    notes.push(
      `${q.symbol}: Yahoo states no currency for this quote; currency is left null and the price ${last} is in an unknown unit: check the listing's currency before reading it as money`,
    );
  }
  const range = outsideDayRange(quote);
  if (range) notes.push(range);
  const cover = capOverShares(quote);
  if (cover !== null) notes.push(partialShares(quote, cover));
  return { quote, notes };
}

/** How far (relative to the price) a change may be from the price minus the previous close. */
const CHANGE_SLACK = 1e-4;

/**
 * A note when Yahoo's change is not the price minus the previous close it gives beside it, so a
 * reader would take it for the move since that close: a cryptocurrency's change is over the
 * last 24 hours while its previous close is the price at 00:00 UTC (BTC-USD: a change of
 * -1225.89 beside a price 60.43 below the previous close). Null when they agree (up to Yahoo's
 * rounding) or a figure is missing.
 */
function changeApart(
  symbol: string,
  type: string | undefined,
  change: number | null,
  pct: number | null,
  last: number | null,
  previous: number | null,
): string | null {
  if (change === null || last === null || previous === null) return null;
  const diff = last - previous;
  if (Math.abs(diff - change) <= CHANGE_SLACK * Math.max(Math.abs(last), Math.abs(previous))) {
    return null;
  }
  const why = type === "CRYPTOCURRENCY"
    ? "for a cryptocurrency Yahoo's change is taken over the last 24 hours, while its previous " +
      "close is the price at 00:00 UTC; read change and change_pct as that 24-hour move"
    : "the two are from different sessions or moments; do not read change as the move since " +
      "previous_close";
  return `${symbol}: Yahoo's change ${change}${
    pct === null ? "" : ` (${pct}%)`
  } is not the price ${last} minus the previous close ${previous} (${
    Number(diff.toPrecision(10))
  }): ${why}`;
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
 * Whole weekdays without a trade after which a quote is stale while its market is closed: one
 * passes between an Asian session and the next seen from the evening before in UTC, or over a
 * one-day holiday.
 */
const CLOSED_MISSED = 2;

/** Hours after which a cryptocurrency's price (traded all day, every day) is not current. */
const CRYPTO_STALE_HOURS = 6;

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
 * suspended or hardly traded), or while it is closed and two whole weekdays have passed (a
 * halted listing; a market shut for holidays is named as the other reading). A cryptocurrency
 * trades every day: its price more than six hours old is stale. Null for a recent quote or one
 * without a time.
 */
/**
 * Why a quote is no quote: Yahoo's row has neither a price nor a previous close (a delisted
 * listing's kept record, ADH), so an answer would be a page of nulls under ok. Null otherwise.
 */
export function pricelessQuote(
  q: { symbol: string; price: number | null; previous_close: number | null; as_of: string | null },
): string | null {
  if (q.price !== null || q.previous_close !== null) return null;
  return `Yahoo's quote of ${q.symbol} has no price and no previous close${
    q.as_of ? ` (its last trade time is ${when(q.as_of)})` : ""
  }: Yahoo keeps such records for listings that were delisted, merged or renamed; look up the company's current ticker (on SEC EDGAR or the exchange's site) before concluding it trades`;
}

export function staleQuote(
  q: {
    symbol: string;
    as_of: string | null;
    price: number | null;
    currency: string | null;
    market_state?: string | null;
    quote_type?: string | null;
  },
  now: Date,
): string | null {
  const at = q.as_of === null ? NaN : Date.parse(q.as_of);
  if (!Number.isFinite(at)) return null;
  const days = Math.floor((now.getTime() - at) / 86_400_000);
  const price = q.price === null ? "" : ` (${q.currency ? `${q.currency} ` : ""}${q.price})`;
  // a cryptocurrency trades every hour of every day: no weekend or closed market explains a
  // price hours old
  const hours = (now.getTime() - at) / 3_600_000;
  if (q.quote_type === "CRYPTOCURRENCY" && days <= STALE_DAYS && hours > CRYPTO_STALE_HOURS) {
    return `${q.symbol}'s last price${price} is from ${when(q.as_of)}, ${
      Math.floor(hours)
    } hours before now, though a cryptocurrency trades around the clock every day: the price has not been updated since (the pair may no longer be quoted); do not take it for a current price`;
  }
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
  // a market closed now (evening, weekend, holiday) after two whole weekdays without a trade:
  // a halted listing looks closed too (only with Yahoo's market state beside the time: a date
  // without one, as Alpha Vantage's latest trading day, is judged by its age alone)
  if (days <= STALE_DAYS) {
    if (!q.market_state) return null;
    const missed = weekdaysBetween(at, now.getTime(), weekendOf(q.symbol, at));
    if (missed < CLOSED_MISSED) return null;
    return `${q.symbol}'s last price${price} is from ${
      when(q.as_of)
    }, and ${missed} whole weekdays have passed since without a trade (Yahoo's market state: ${q.market_state}): unless its market was shut for holidays, the listing has not traded since (halted, suspended or delisted, or it hardly trades); do not take it for a current price`;
  }
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

/** A string field of a row Yahoo may add (the rows are read loosely), or null. */
const textOf = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * Futures whose price is no amount of money, by root: equity-index and volatility futures in
 * index points, Treasury futures in points of par, rate futures as 100 minus a rate.
 */
const INDEX_FUTURES = new Set([
  "ES",
  "MES",
  "NQ",
  "MNQ",
  "YM",
  "MYM",
  "RTY",
  "M2K",
  "EMD",
  "NKD",
  "NIY",
  "VX",
  "VXM",
]);
const PAR_FUTURES = new Set(["ZT", "ZF", "ZN", "TN", "ZB", "UB"]);
const RATE_FUTURES = new Set(["ZQ", "SR1", "SR3", "GE"]);

/**
 * Futures the exchange quotes in US cents per unit (CBOT grains and soybean oil, CME livestock,
 * ICE softs): Yahoo's USX, and cents still when Yahoo labels them USD.
 */
const CENTS_FUTURES = new Set([
  "ZC",
  "ZW",
  "ZS",
  "ZO",
  "KE",
  "ZL",
  "LE",
  "HE",
  "GF",
  "KC",
  "SB",
  "CT",
  "OJ",
]);

/** What one unit of a future's price is per (CME's contract terms), by root. */
const PER_UNIT: Record<string, string> = {
  CL: "barrel",
  MCL: "barrel",
  QM: "barrel",
  BZ: "barrel",
  NG: "MMBtu",
  QG: "MMBtu",
  RB: "gallon",
  HO: "gallon",
  GC: "troy ounce",
  MGC: "troy ounce",
  SI: "troy ounce",
  SIL: "troy ounce",
  PL: "troy ounce",
  PA: "troy ounce",
  HG: "pound",
  ZC: "bushel",
  ZW: "bushel",
  ZS: "bushel",
  ZO: "bushel",
  KE: "bushel",
  ZM: "short ton",
  ZL: "pound",
  LE: "pound",
  HE: "pound",
  GF: "pound",
  KC: "pound",
  SB: "pound",
  CT: "pound",
  OJ: "pound",
  CC: "metric ton",
  "6E": "EUR",
  "6B": "GBP",
  "6J": "JPY",
  "6A": "AUD",
  "6C": "CAD",
  "6S": "CHF",
  "6N": "NZD",
  "6M": "MXN",
};

/**
 * The root of a future's symbol: Yahoo's continuous `CL=F`, or a contract as `CLK25.NYM` (root,
 * month code, two-digit year, exchange).
 */
export function futureRoot(symbol: string): string | null {
  const s = symbol.toUpperCase();
  return /^([A-Z0-9]{1,4})=F$/.exec(s)?.[1] ??
    /^([A-Z0-9]{1,4}?)[FGHJKMNQUVXZ]\d{2}(?:\.[A-Z]+)?$/.exec(s)?.[1] ?? null;
}

/** A future's expiry date (YYYY-MM-DD) from Yahoo's expireIsoDate, else expireDate; or null. */
function expiryOf(r: Record<string, unknown>): string | null {
  const iso = textOf(r.expireIsoDate);
  if (iso && /^\d{4}-\d{2}-\d{2}/.test(iso)) return iso.slice(0, 10);
  const d = r.expireDate;
  const ms = d instanceof Date
    ? d.getTime()
    : typeof d === "number" && Number.isFinite(d) && d > 0
    ? (d < 1e11 ? d * 1000 : d)
    : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

/**
 * A future's row with what its price is in said (`notes`): the contract and its expiry, the
 * unit (per barrel, troy ounce, bushel; index points or points of par, which are no money, so
 * the currency is left null), and an expired contract when `now` is past its expiry.
 */
function readFuture(q: QuoteRow, notes: string[], now?: Date): QuoteRow {
  const r = q as QuoteRow & Record<string, unknown>;
  const underlying = textOf(r.underlyingSymbol) ?? textOf(r.underlyingExchangeSymbol);
  const contract = underlying && underlying.toUpperCase() !== q.symbol.toUpperCase()
    ? underlying
    : null;
  const root = futureRoot(q.symbol) ?? (contract ? futureRoot(contract) : null);
  const expiry = expiryOf(r);
  const continuous = /=F$/i.test(q.symbol);
  const terms = [contract, expiry ? `expiring ${expiry}` : null].filter(Boolean).join(", ");
  const p = q.regularMarketPrice;
  const unit = futurePrice(
    root,
    q.currency ?? null,
    p === null ? "its price" : `its price ${p}`,
    p,
  );
  notes.push(
    `${q.symbol} is a futures contract${terms ? ` (${terms})` : ""}${
      continuous
        ? ", Yahoo's continuous symbol for the front contract, which rolls to the next"
        : ""
    }: ${unit.body}; its volume counts contracts, and a future has no market cap, shares or earnings`,
  );
  if (expiry && now && Date.parse(`${expiry}T23:59:59Z`) < now.getTime()) {
    notes.push(
      `${q.symbol}: the contract${contract ? ` ${contract}` : ""} expired on ${expiry}, before ${
        now.toISOString().slice(0, 10)
      }: the price is the last of an expired contract, not a current one; ask for a live contract (the next one)`,
    );
  }
  return unit.currency === (q.currency ?? null) ? q : { ...q, currency: unit.currency };
}

/**
 * What a future's price is counted in, by its root (futureRoot) and the currency Yahoo states:
 * `body` says it of `subject` ("its price 5000", "each price"); `currency` is the one to give
 * (null for index points, points of par and 100 minus a rate, which are no money; USX for a
 * root the exchange quotes in US cents that Yahoo labels USD; else Yahoo's); `relabelled` when
 * that differs from Yahoo's. `p`, when given, shows the rate of a rate future. market.quote's
 * rule, which market.ohlcv applies to its bars.
 */
export function futurePrice(
  root: string | null,
  cur: string | null,
  subject: string,
  p: number | null = null,
): { body: string; currency: string | null; relabelled: boolean } {
  const money = cur === "USX" ? "US cents (USX)" : cur ?? "an unstated currency";
  let body: string;
  let currency: string | null = null;
  if (root && INDEX_FUTURES.has(root)) {
    body =
      `${subject} is in index points, not in ${money} (the contract settles in ${money} at a ` +
      "fixed amount per point); currency is left null, and the price is no amount of money";
  } else if (root && PAR_FUTURES.has(root)) {
    body = `${subject} is in points of par (100 is the face value of the bond delivered), not in ` +
      `${money}; currency is left null`;
  } else if (root && RATE_FUTURES.has(root)) {
    const rate = p === null ? "" : ` (${Math.round((100 - p) * 1e4) / 1e4}%)`;
    body =
      `${subject} is 100 minus an interest rate in percent${rate}, not an amount in ${money}; ` +
      "currency is left null";
  } else {
    currency = cur;
    const per = root ? PER_UNIT[root] : undefined;
    if (root && CENTS_FUTURES.has(root) && cur === "USD") {
      // the exchange quotes these in US cents: a price Yahoo labels USD is in cents all the same
      currency = "USX";
      const dollars = p === null ? "" : ` (${p} cents is USD ${Math.round(p * 100) / 10_000})`;
      body = `${subject} is in US cents per ${per}, as the exchange quotes ${root} futures, ` +
        `though Yahoo states USD${dollars}; currency is given as USX (US cents), and the price ` +
        "is not the value of one contract";
    } else if (per) {
      body = `${subject} is in ${money} per ${per}, not the value of one contract (the price ` +
        "times the contract's size)";
    } else {
      body = `${subject} is in ${money} per unit of what the contract delivers as the exchange ` +
        "quotes it (Yahoo does not say which: per barrel, ounce or bushel, or index points for " +
        "an index future, which are no money), not the value of one contract";
    }
  }
  return { body, currency, relabelled: currency !== cur };
}

/**
 * The currencies of Yahoo's pair symbol: EURUSD=X is USD (quoted) per EUR (base), JPY=X JPY per
 * USD; null for another symbol. A price of it is in `quoted`, whatever currency Yahoo states.
 */
export function pairOf(symbol: string): { base: string; quoted: string } | null {
  const s = symbol.toUpperCase();
  const m = /^([A-Z]{3})([A-Z]{3})=X$/.exec(s) ?? /^()([A-Z]{3})=X$/.exec(s);
  return m ? { base: m[1] || "USD", quoted: m[2] } : null;
}

/**
 * A currency pair's row with its unit said: Yahoo's EURUSD=X is USD per EUR, its JPY=X JPY per
 * USD. A currency Yahoo states that is not the pair's quote currency is left null, said.
 */
function readPair(q: QuoteRow, notes: string[]): QuoteRow {
  const pair = pairOf(q.symbol);
  if (!pair) return q;
  const { base, quoted } = pair;
  const cur = q.currency ?? null;
  const p = q.regularMarketPrice;
  if (cur && cur.toUpperCase() !== quoted) {
    notes.push(
      `${q.symbol}: Yahoo states the currency ${cur}, but the pair's price is in ${quoted} per ${base}; currency is left null`,
    );
    return { ...q, currency: null };
  }
  notes.push(
    `${q.symbol} is an exchange rate: ${
      p === null ? "its price is" : `${p} is`
    } in ${quoted} per 1 ${base}; a currency pair has no market cap, shares or earnings`,
  );
  return cur ? q : { ...q, currency: quoted };
}

/**
 * Yahoo's "no quote for" error with what else it may mean: a symbol written as an OCC option
 * symbol (AAPL220121C00025000) is read for its underlying, side, strike and expiry, and one past
 * its expiry on `now` is said to be an expired contract (Yahoo answers no row for those); any
 * other symbol may be a listing delisted, merged or renamed, which keeps no quote under its old
 * ticker (Brooks Automation's BRKS became AZTA). Other errors as they are; the error is changed
 * in place and returned.
 */
export function noQuoteHint<E>(err: E, symbol: string, now?: Date): E {
  if (
    !(err instanceof Error) || !/has no quote for '/.test(err.message) ||
    /delisted|option symbol/.test(err.message)
  ) return err;
  const option = occTerms(symbol);
  if (option) {
    const expired = now && Date.parse(`${option.expiry}T23:59:59Z`) < now.getTime();
    err.message +=
      `; '${symbol}' reads as an OCC option symbol (${option.underlying} ${option.side}, strike ${option.strike}, expiring ${option.expiry})${
        expired
          ? `: that contract expired on ${option.expiry}, and Yahoo keeps no quote for an expired contract`
          : ": check the expiry and strike against the listed chain of " + option.underlying
      }; quote the underlying with \`finance market.quote ${option.underlying}\``;
    return err;
  }
  err.message += "; a listing that was delisted, merged or renamed has no quote under its old " +
    "ticker: look up the company's current ticker (on SEC EDGAR or the exchange's site) before concluding it trades";
  return err;
}

/** OCC option symbol: root (1-6), expiry YYMMDD, C or P, strike in thousandths (8 digits). */
const OCC = /^([A-Z][A-Z0-9.]{0,5})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The terms an OCC option symbol states, or null when the text is not one. */
function occTerms(symbol: string) {
  const m = OCC.exec(symbol.toUpperCase());
  if (!m) return null;
  const [month, day] = [Number(m[3]), Number(m[4])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return {
    underlying: m[1],
    expiry: `20${m[2]}-${m[3]}-${m[4]}`,
    side: m[5] === "C" ? "call" : "put",
    strike: Number(m[6]) / 1000,
  };
}

/**
 * An option's row said for what it is (`notes`): the underlying, call or put, strike and expiry
 * as its OCC symbol (AAPL250321C00150000) or Yahoo's fields state them; its price is per share
 * of the underlying, while a US equity option's contract covers 100 shares; and an expired
 * contract when `now` is past its expiry.
 */
function readOption(q: QuoteRow, notes: string[], now?: Date) {
  const r = q as QuoteRow & Record<string, unknown>;
  const occ = occTerms(q.symbol);
  const underlying = textOf(r.underlyingSymbol) ?? occ?.underlying ?? null;
  const expiry = expiryOf(r) ?? occ?.expiry ?? null;
  const strike = typeof r.strike === "number" ? r.strike : occ?.strike ?? null;
  const side = occ ? `a ${occ.side}` : "an option";
  const terms = [
    underlying ? `on ${underlying}` : null,
    strike === null ? null : `strike ${strike}`,
    expiry ? `expiring ${expiry}` : null,
  ].filter(Boolean).join(", ");
  const p = q.regularMarketPrice;
  notes.push(
    `${q.symbol} is ${side} option${terms ? ` (${terms})` : ""}: ${
      p === null ? "its price" : `its price ${p}`
    } is per share of the underlying (a US equity option's contract usually covers 100 shares), not the value of one contract; an option has no market cap, shares or earnings`,
  );
  if (expiry && now && Date.parse(`${expiry}T23:59:59Z`) < now.getTime()) {
    notes.push(
      `${q.symbol}: the option expired on ${expiry}, before ${
        now.toISOString().slice(0, 10)
      }: its price is the last of an expired contract, not a current one`,
    );
  }
}
