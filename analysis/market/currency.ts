/**
 * Currencies of market figures. Yahoo quotes a listing in its trading currency (`currency`,
 * sometimes a minor unit: GBp, ZAc, ILA) and reports financial statements in the filer's
 * `financialCurrency`. A ratio of two amounts is computed only in one currency: amounts are put
 * in the major unit, converted with a rate Yahoo itself quotes (`EURUSD=X`), or the ratio is
 * refused with a warning.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError } from "../../core/errors.ts";
import { QUOTE_SOURCE } from "./company.ts";

import { unitOf } from "./units.ts";

export { majorOf, type Unit, unitOf } from "./units.ts";

/** An exchange rate as Yahoo quoted it, cited. */
export interface FxRate {
  /** Units of `to` per unit of `from`. */
  rate: number;
  from: string;
  to: string;
  /** The Yahoo symbol read (`EURUSD=X`). */
  symbol: string;
  as_of: string | null;
  provider: string;
  source: string;
}

const DAY = 86_400_000;
const CHART_SOURCE = "Yahoo Finance chart API (v8/finance/chart), daily close";

/** A rate as read from one Yahoo answer. */
interface Got {
  symbol: string;
  price: number;
  as_of: string | null;
  source: string;
}

/**
 * Converts between major currencies with Yahoo's `FROMTO=X` pair: the daily close of the
 * quote's date when Yahoo's chart has it, else its latest quote (warned when more than three
 * days from the quote). The same currency needs no rate. When Yahoo has no rate, null is
 * returned and the reason is warned.
 */
export class FxBook {
  #rates = new Map<string, Promise<FxRate | null>>();
  constructor(readonly ctx: Context, readonly asOf: string | null) {}

  rate(from: string, to: string): Promise<FxRate | null> {
    const key = `${from}${to}`;
    let p = this.#rates.get(key);
    if (!p) {
      p = this.#fetch(from, to);
      this.#rates.set(key, p);
    }
    return p;
  }

  async #fetch(from: string, to: string): Promise<FxRate | null> {
    // The close of the quote's own day first; Yahoo's latest quote when no bar is to be had.
    // Yahoo quotes most pairs both ways; the inverse pair is read when the direct one is absent.
    const pairs = [[`${from}${to}=X`, false], [`${to}${from}=X`, true]] as const;
    for (const [symbol, inverse] of pairs) {
      const got = (await this.#dailyClose(symbol)) ?? (await this.#quote(symbol));
      if (!got) continue;
      if (got.as_of && this.asOf && got.source === QUOTE_SOURCE) {
        const gap = Math.abs(Date.parse(got.as_of) - Date.parse(this.asOf)) / DAY;
        if (gap > 3) {
          this.ctx.warn(
            `the ${symbol} rate is from ${got.as_of.slice(0, 10)}, ${
              Math.round(gap)
            } days from the quote (${this.asOf.slice(0, 10)})`,
          );
        }
      }
      return {
        rate: inverse ? 1 / got.price : got.price,
        from,
        to,
        symbol,
        as_of: got.as_of,
        provider: "market_a",
        source: inverse ? `${got.source}, inverted` : got.source,
      };
    }
    this.ctx.warn(
      `no ${from}→${to} rate: Yahoo answered no quote for ${from}${to}=X or ${to}${from}=X`,
    );
    return null;
  }

  /** The daily close of a pair on the quote's date (or the last trading day before it). */
  async #dailyClose(symbol: string): Promise<Got | null> {
    if (!this.asOf) return null;
    const day = this.asOf.slice(0, 10);
    const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY);
    const start = new Date(end.getTime() - 8 * DAY);
    try {
      const bars = await (await this.ctx.provider("market_a")).chart(symbol, start, end, "1d");
      const bar = bars.rows.filter((r) => r.date.slice(0, 10) <= day && r.close !== null).at(-1);
      if (!bar || !(bar.close! > 0)) return null;
      return { symbol, price: bar.close!, as_of: bar.date.slice(0, 10), source: CHART_SOURCE };
    } catch (err) {
      if (!(err instanceof FinanceError)) throw err;
      return null;
    }
  }

  async #quote(symbol: string): Promise<Got | null> {
    try {
      const rows = await (await this.ctx.provider("market_a")).quotes([symbol]);
      const row = rows.find((r) => r.symbol.toUpperCase() === symbol.toUpperCase());
      const price = row?.regularMarketPrice ?? null;
      if (!row || price === null || !(price > 0)) return null;
      const t = row.regularMarketTime;
      const as_of = t === null ? null : new Date(t * 1000).toISOString();
      return { symbol, price, as_of, source: QUOTE_SOURCE };
    } catch (err) {
      if (!(err instanceof FinanceError)) throw err;
      return null;
    }
  }
}

/** The books of each call, by quote date. */
const books = new WeakMap<Context, Map<string | null, FxBook>>();

/**
 * The call's exchange-rate book for a quote date: one per call and date, so a rate read (or
 * found missing) by symbol.snapshot is not asked for again by valuation.multiples built on it.
 */
export function fxBook(ctx: Context, asOf: string | null): FxBook {
  let byDate = books.get(ctx);
  if (!byDate) books.set(ctx, byDate = new Map());
  let book = byDate.get(asOf);
  if (!book) byDate.set(asOf, book = new FxBook(ctx, asOf));
  return book;
}

/** An amount with the currency it is in (major unit). */
export interface Money {
  value: number | null;
  currency: string | null;
}

/**
 * Puts an amount into `target` (a major currency): same currency as is, another one through
 * the book. Null when the amount, its currency or a rate is missing.
 */
export async function convert(
  book: FxBook,
  m: Money,
  target: string | null,
  used: FxRate[],
): Promise<number | null> {
  if (m.value === null || !m.currency || !target) return null;
  const u = unitOf(m.currency)!;
  const major = m.value * u.factor;
  if (u.major === target) return major;
  const fx = await book.rate(u.major, target);
  if (!fx) return null;
  if (!used.some((r) => r.symbol === fx.symbol)) used.push(fx);
  return major * fx.rate;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * A ratio of two amounts in one currency. Each side names its currency; sides in different
 * major currencies must have been converted first, so this refuses (null + reason) otherwise.
 */
export function ratioOf(
  name: string,
  a: Money,
  b: Money,
  refusals: string[],
): number | null {
  if (a.value === null || b.value === null || b.value === 0) return null;
  const ua = unitOf(a.currency);
  const ub = unitOf(b.currency);
  if (!ua || !ub) {
    refusals.push(
      `${name}: the currency of ${
        !ua ? "the numerator" : "the denominator"
      } is not stated; not computed`,
    );
    return null;
  }
  if (ua.major !== ub.major) {
    refusals.push(`${name}: ${ua.code} over ${ub.code} without an exchange rate; not computed`);
    return null;
  }
  const v = (a.value * ua.factor) / (b.value * ub.factor);
  return Number.isFinite(v) ? r4(v) : null;
}

/**
 * The major currency of the filer's statement figures, as the quote (financialCurrency) and
 * quoteSummary's financialData state it. Two that disagree leave it unknown, and so does a
 * minor unit (ZAc) as the figures' label (financialData's, else the quote's): statements are
 * kept in the major currency, so such a label says nothing sure about the figures beside it.
 * Either is warned; null then, so that no ratio of a statement figure to the market cap is
 * formed.
 */
export function statementCurrency(
  ctx: Context,
  symbol: string,
  inQuote: string | null | undefined,
  inData: string | null | undefined,
): string | null {
  const q = unitOf(inQuote);
  const d = unitOf(inData);
  if (q && d && q.major !== d.major) {
    ctx.warn(
      `financial_currency of ${symbol}: Yahoo's quote states ${q.code} and its financialData ${d.code}; which one the revenue, EBITDA, cash, debt and per-share figures are in is not known, so it is left null and no ratio of them to the market cap is computed`,
    );
    return null;
  }
  // financialData's label is the one of the figures read from it
  const u = d ?? q;
  if (!u) return null;
  if (u.factor !== 1) {
    ctx.warn(
      `financial_currency of ${symbol}: Yahoo states ${u.code}, a fraction (${u.factor}) of ${u.major}; statements are not kept in ${u.code}, so whether the revenue, EBITDA, cash, debt and per-share figures are in ${u.major} or ${u.code} is not known: it is left null and no ratio of them to the market cap is computed`,
    );
    return null;
  }
  return u.major;
}
