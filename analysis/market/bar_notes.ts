/**
 * What a series of bars does not show by itself, said in warnings by market.ohlcv: a fund's
 * capital-gain distributions listed apart from its dividends (or not asked for), instruments
 * that never pay or split, and stretches of more than a week without bars.
 */
import { type Bar, type Dividend, isIntraday } from "../../providers/market_a/bars.ts";
import { indexBasis } from "./units.ts";

/** Days a market may be closed in a row (a holiday week) before bars that stop are noted. */
export const GAP_DAYS = 7;

/** Yahoo's quote types that pay nothing and never split, in words. */
const NO_DISTRIBUTIONS: Record<string, string> = {
  CURRENCY: "a currency pair",
  CRYPTOCURRENCY: "a cryptocurrency",
  FUTURE: "a futures contract",
};

/**
 * What an instrument that pays nothing and never splits is (a currency pair, a cryptocurrency,
 * a future), when Yahoo's adjusted closes agree (each the close, or none): "adjusted for splits
 * and dividends" would describe adjustments it never has. Null otherwise.
 */
function undistributed(type: string | null, rows: Bar[]): string | null {
  if (!type || !Object.hasOwn(NO_DISTRIBUTIONS, type)) return null;
  const same = rows.every((r) => r.adj_close === null || r.adj_close === r.close);
  return same ? NO_DISTRIBUTIONS[type] : null;
}

/**
 * What Yahoo's chart prices of `symbol` are: its OHLC are split-adjusted (not
 * dividend-adjusted) and its adjclose takes in dividends too, and a fund's capital-gain
 * distributions (the recorded VFINX chart's adjustments match dividends plus capital gains, not
 * dividends alone); an index's are levels; intraday bars have no adjusted close.
 */
export function yahooBasis(symbol: string, o: {
  index: boolean;
  intraday: boolean;
  type: string | null;
  rows: Bar[];
  capitalGains: boolean;
  capitalGainsAsked: boolean;
}): string {
  if (o.index) {
    return `${indexBasis(symbol)}; ${
      o.intraday
        ? "adj_close null (Yahoo gives no adjusted close for intraday bars)"
        : "adj_close as Yahoo states it (an index has no splits or dividends of its own: a price index's adj_close is its level)"
    }`;
  }
  if (o.intraday) {
    return "OHLC as Yahoo serves intraday bars, not adjusted for dividends; adj_close null (Yahoo gives no adjusted close for intraday bars)";
  }
  const plain = undistributed(o.type, o.rows);
  if (plain) {
    return `prices as traded: ${plain} has no splits or dividends, and adj_close is the close`;
  }
  if (!isFundType(o.type) && !o.capitalGains) {
    return "OHLC adjusted for splits only; adj_close adjusted for splits and dividends";
  }
  return `OHLC adjusted for splits only; adj_close adjusted for splits, dividends and capital-gain distributions; dividends lists income dividends, capital_gains the capital-gain distributions${
    o.capitalGainsAsked
      ? ""
      : " (not asked for in this recorded answer: capital_gains is empty for want of asking)"
  }`;
}

/** Yahoo's quote types of funds, which may distribute capital gains. */
export const isFundType = (type: string | null) => type === "ETF" || type === "MUTUALFUND";

/**
 * The warning for a fund's bars read from a recorded answer that did not ask for capital gains:
 * an empty capital_gains there says nothing about what the fund paid.
 */
export function capitalGainsNotAsked(symbol: string): string {
  return `${symbol} is a fund, and this recorded chart answer was asked without capital-gain distributions (events=capitalGains): capital_gains is empty for want of asking, not because none were paid, so a total return from the closes and dividends alone may leave some out; adj_close, which Yahoo adjusts for them, takes them in`;
}

/**
 * A warning naming the capital-gain distributions in the window: they are listed apart from the
 * income dividends, so a total return from closes and `dividends` alone leaves them out. Null
 * when there are none.
 */
export function capitalGainsNote(
  symbol: string,
  gains: Dividend[],
  currency: string | null,
): string | null {
  if (!gains.length) return null;
  const unit = currency ? ` ${currency}` : "";
  const shown = gains.slice(0, 4).map((g) => `${g.date}: ${g.amount}${unit}`).join(", ");
  const total = Math.round(gains.reduce((n, g) => n + g.amount, 0) * 1e6) / 1e6;
  return `${symbol}: ${gains.length} capital-gain distribution(s) per share in the window (${shown}${
    gains.length > 4 ? ", …" : ""
  }; ${total}${unit} in all) are listed in capital_gains, apart from the income dividends in dividends: a total return from the closes and dividends alone leaves them out; adj_close, which Yahoo adjusts for both, takes them in`;
}

/** A digit's value from its character code, or NaN. */
const digit = (c: number) => (c >= 48 && c <= 57 ? c - 48 : NaN);

/**
 * Days since 1970-01-01 of a date written YYYY-MM-DD (what follows is ignored), read from its
 * characters: a decade of bars is ten thousand dates, and Date.parse of each took longer than
 * the rest of the warning. Anything else is read by Date.parse.
 */
export function dayNumber(date: string): number {
  const y = digit(date.charCodeAt(0)) * 1000 + digit(date.charCodeAt(1)) * 100 +
    digit(date.charCodeAt(2)) * 10 + digit(date.charCodeAt(3));
  const m = digit(date.charCodeAt(5)) * 10 + digit(date.charCodeAt(6));
  const d = digit(date.charCodeAt(8)) * 10 + digit(date.charCodeAt(9));
  if (
    date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45 || !(m >= 1 && m <= 12) ||
    !(d >= 1 && d <= 31)
  ) {
    return Math.round(Date.parse(date.slice(0, 10)) / 86_400_000);
  }
  // days from the civil calendar (March-based years, so the leap day ends a year)
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * A warning naming the stretches inside a daily, weekly or monthly series where bars stop for
 * more than a week (after a bar's own week or month): a suspension, a long market closure or
 * bars the provider lacks. The rows do not show it, and a return or a moving average taken
 * across it spans more time than its bars say. `dates` ascend. Null when there is none, and
 * for intraday bars (a night or a weekend between them is no gap).
 */
export function innerGaps(symbol: string, dates: string[], timeframe: string): string | null {
  if (isIntraday(timeframe) || dates.length < 2) return null;
  const covers = timeframe === "1mo" ? 31 : timeframe === "1wk" ? 7 : 0;
  const gaps: { from: string; to: string; days: number }[] = [];
  let prev = dayNumber(dates[0]);
  for (let i = 1; i < dates.length; i++) {
    const t = dayNumber(dates[i]);
    const days = t - prev;
    if (days - covers > GAP_DAYS) {
      gaps.push({ from: dates[i - 1].slice(0, 10), to: dates[i].slice(0, 10), days });
    }
    prev = t;
  }
  if (!gaps.length) return null;
  const longest = gaps.reduce((a, b) => (b.days > a.days ? b : a));
  const shown = gaps.slice(0, 3).map((g) => `${g.from} to ${g.to}, ${g.days} days`).join("; ");
  return `${symbol}: the ${timeframe} bars stop for more than a week ${
    gaps.length === 1 ? "once" : `${gaps.length} times`
  } inside the window (${shown}${
    gaps.length > 3 ? `; …; the longest ${longest.from} to ${longest.to}, ${longest.days} days` : ""
  }): a suspension, a long market closure or bars the provider lacks; a change from one bar to the next across a gap spans that whole time`;
}
