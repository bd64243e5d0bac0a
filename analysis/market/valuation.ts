/**
 * valuation.multiples and valuation.scenario. Market cap, enterprise value and shares always
 * come from the Yahoo snapshot (a configured second quote provider never replaces them).
 */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { unitSlip } from "../calculators/valuation.ts";
import { canonicalSymbol, parseSymbol } from "../../core/symbols.ts";
import { notACompany } from "./company_only.ts";
import { convert, fxBook, type FxRate, majorOf, ratioOf, unitOf } from "./currency.ts";
import { capOverShares } from "./quote_row.ts";

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

interface StatementData {
  periods: string[];
  source_urls?: string[];
  rows: {
    key: string;
    unit: string | null;
    units?: Record<string, string>;
    values: Record<string, number | null>;
  }[];
}

/** Latest fiscal-year revenue from fundamentals.statement, or null with a warning. */
async function fiscalRevenue(ctx: Context, symbol: string) {
  const env = await ctx.call<StatementData>("fundamentals.statement", {
    symbol,
    statement: "income",
    period: "annual",
  });
  if (!env.ok || !env.data) {
    ctx.warn(`annual revenue unavailable (${env.error}); using trailing twelve months`);
    return null;
  }
  const row = env.data.rows.find((r) => r.key === "annualTotalRevenue") ??
    env.data.rows.find((r) => r.key === "annualOperatingRevenue");
  for (const p of env.data.periods) {
    const v = row?.values[p];
    if (typeof v !== "number") continue;
    // a row whose periods differ in currency names each period's in `units`
    const unit = unitOf(row!.units?.[p] ?? row!.unit);
    if (!unit || unit.factor !== 1) {
      ctx.warn(
        `annual revenue of ${symbol} for ${p}: ${
          unit
            ? `Yahoo stamps it ${unit.code}, a fraction (${unit.factor}) of ${unit.major}, and whether the figure is in ${unit.code} or ${unit.major} is not known`
            : "Yahoo states no currency for it"
        }; the trailing twelve months (in the stated financial currency) are used instead`,
      );
      return null;
    }
    return { value: v, period: p, currency: unit.major, urls: env.data.source_urls ?? [] };
  }
  return null;
}

export async function multiples(ctx: Context, input: string) {
  const symbol = canonicalSymbol(input);
  // a pair, a coin, a contract or an index has no revenue, earnings or shares to price against
  const what = notACompany(symbol);
  if (what) {
    throw new InputError(
      `${symbol} is ${what}, which has no revenue, earnings or shares: valuation multiples are a company's; give a company's ticker`,
    );
  }
  // loaded here, not at the top: snapshot.ts takes negativeMultiples from this module
  const { snapshot } = await import("./snapshot.ts");
  // the snapshot's reasons for a ratio it leaves null go into this answer's own warnings too;
  // one context for the whole call, so that its exchange-rate book (kept per context) is one
  const said: string[] = [];
  const call: Context = { ...ctx, warn: (m) => (said.push(m), ctx.warn(m)) };
  const [snap, fy] = await Promise.all([
    snapshot(call, symbol, { negatives: false }),
    fiscalRevenue(call, symbol),
  ]);
  const warnings: string[] = [];
  const cap = snap.figure_currencies.market_cap ?? majorOf(snap.currency);
  const fin = snap.financial_currency;
  // The FY figure names its own currency (the statement's unit); TTM is in financialCurrency.
  const fyCurrency = fy?.currency ?? null;
  const revenue = fy?.value ?? snap.total_revenue_ttm;
  const revenueCurrency = fy ? fyCurrency : snap.total_revenue_ttm === null ? null : fin;
  if (revenue === null) warnings.push("revenue unavailable: no multiples of sales");
  if (snap.market_cap === null) warnings.push("market_cap unavailable");
  if (snap.enterprise_value === null) warnings.push("enterprise_value unavailable");
  const used: FxRate[] = snap.fx ? [snap.fx] : [];
  const book = fxBook(call, snap.as_of);
  const revenueInCap = await convert(
    book,
    { value: revenue, currency: revenueCurrency },
    cap,
    used,
  );
  const ttmInCap = await convert(
    book,
    { value: snap.total_revenue_ttm, currency: fin },
    cap,
    used,
  );
  const refusals: string[] = [];
  const onCap = (v: number | null) => ({ value: v, currency: cap });
  const ratios = {
    price_to_sales: ratioOf(
      "price_to_sales",
      onCap(snap.market_cap),
      onCap(revenueInCap),
      refusals,
    ),
    ev_to_sales: ratioOf(
      "ev_to_sales",
      onCap(snap.enterprise_value),
      onCap(revenueInCap),
      refusals,
    ),
    price_to_sales_ttm: ratioOf(
      "price_to_sales_ttm",
      onCap(snap.market_cap),
      onCap(ttmInCap),
      refusals,
    ),
    ev_to_sales_ttm: ratioOf(
      "ev_to_sales_ttm",
      onCap(snap.enterprise_value),
      onCap(ttmInCap),
      refusals,
    ),
  };
  if (revenue !== null && revenueInCap === null) {
    refusals.push(
      `revenue is in ${revenueCurrency ?? "an unstated currency"} and market cap in ${
        cap ?? "an unstated currency"
      } with no exchange rate: multiples of sales not computed`,
    );
  }
  // the rate that put `revenue` into the cap's currency, else the one of the TTM figures
  const fx = used.find((r) => r.from === revenueCurrency) ?? used.find((r) => r.from === fin) ??
    null;
  warnings.push(...refusals);
  for (const w of warnings) ctx.warn(w);
  const fromSnapshot = {
    trailing_pe: snap.valuation.trailing_pe,
    forward_pe: snap.valuation.forward_pe,
    ev_to_ebitda: snap.valuation.ev_to_ebitda,
  };
  warnings.push(...whyNull(fromSnapshot, said));
  const negatives = negativeMultiples({ ...ratios, ...fromSnapshot }, {
    enterprise_value: snap.enterprise_value,
    market_cap: snap.market_cap,
    ebitda: snap.ebitda_ttm,
  });
  for (const w of negatives) ctx.warn(w);
  warnings.push(...negatives);
  return {
    symbol: snap.symbol,
    provider_symbol: snap.provider_symbol,
    price: snap.price,
    currency: snap.currency,
    market_cap: snap.market_cap,
    market_cap_currency: snap.market_cap === null ? null : cap,
    enterprise_value: snap.enterprise_value,
    cash: snap.cash,
    debt: snap.debt,
    net_debt: snap.net_debt,
    financial_currency: fin,
    revenue,
    revenue_currency: revenue === null ? null : revenueCurrency,
    revenue_in_market_currency: revenueInCap,
    revenue_period: fy?.period ?? null,
    revenue_period_type: (fy ? "FY" : revenue !== null ? "TTM" : null) as "FY" | "TTM" | null,
    figure_currencies: {
      price: snap.currency,
      market_cap: snap.market_cap === null ? null : cap,
      enterprise_value: snap.enterprise_value === null ? null : cap,
      cash: snap.figure_currencies.cash,
      debt: snap.figure_currencies.debt,
      net_debt: snap.figure_currencies.net_debt,
      revenue: revenue === null ? null : revenueCurrency,
      revenue_in_market_currency: revenueInCap === null ? null : cap,
    },
    fx,
    multiples: { ...ratios, ...fromSnapshot },
    as_of: snap.as_of,
    sources: [
      "symbol.snapshot (Yahoo quote and quoteSummary)",
      ...(fy ? ["fundamentals.statement (Yahoo fundamentals time series)"] : []),
      // every rate read: the FY revenue and the TTM figures may each have needed one
      ...used.map((r) => `${r.source}: ${r.symbol} (${r.rate} ${r.to} per ${r.from}, ${r.as_of})`),
    ],
    warnings,
    /** Not data: every exchange rate read, for the command's citations. */
    fx_rates: used,
    /** Not data: the URLs fundamentals.statement read the FY revenue from (none for TTM). */
    revenue_urls: fy?.urls ?? null,
  };
}

export interface ScenarioArgs {
  symbol: string;
  revenue: number;
  bear_multiple: number;
  base_multiple: number;
  bull_multiple: number;
  shares?: number;
}

/**
 * The revenue given against the snapshot's trailing-twelve-month revenue, in the currency revenue
 * is read in: a warning when they are a thousand times apart or more (a unit slip), else null.
 * Without the figure, or across currencies without the snapshot's rate, nothing is said.
 */
function revenueSlip(
  snap: {
    symbol: string;
    total_revenue_ttm: number | null;
    financial_currency: string | null;
    fx: FxRate | null;
  },
  revenue: number,
  currency: string | null,
): string | null {
  let ttm = snap.total_revenue_ttm;
  // a TTM revenue in an unknown currency is no yardstick
  if (ttm === null || !snap.financial_currency) return null;
  if (currency && snap.financial_currency && snap.financial_currency !== currency) {
    const fx = snap.fx;
    ttm = fx && fx.from === snap.financial_currency && fx.to === currency ? ttm * fx.rate : null;
  }
  if (ttm === null) return null;
  return unitSlip({
    name: "revenue",
    given: revenue,
    stated: ttm,
    what: `the trailing-twelve-month revenue Yahoo states for ${snap.symbol}`,
    currency,
    consequence: "the implied market caps and prices",
  });
}

/** Symbols that are no company's shares, in words: no revenue, so no price-to-sales case. */
const NO_REVENUE: Record<string, string> = {
  fx: "an exchange rate",
  future: "a futures contract",
  index: "an index",
  crypto: "a cryptocurrency",
};

export async function scenario(ctx: Context, a: ScenarioArgs) {
  const what = NO_REVENUE[parseSymbol(a.symbol).kind];
  if (what) {
    throw new InputError(
      `symbol: ${a.symbol} is ${what}, not a company's shares: it has no revenue or share count, so a price-to-sales scenario does not apply; give a company's ticker (AAPL, SHEL.L)`,
    );
  }
  if (!(a.revenue > 0)) throw new InputError("revenue must be greater than 0");
  for (const k of ["bear_multiple", "base_multiple", "bull_multiple"] as const) {
    if (!(a[k] >= 0)) throw new InputError(`${k} must be 0 or more`);
  }
  if (a.shares !== undefined && !(a.shares > 0)) {
    throw new InputError("shares must be greater than 0");
  }
  const { snapshot } = await import("./snapshot.ts");
  const snap = await snapshot(ctx, a.symbol, { negatives: false });
  const price = snap.price;
  // Prices may be in a minor unit (GBp); caps and revenue are in the major one (GBP).
  const unit = unitOf(snap.currency);
  const factor = unit?.factor ?? 1;
  const capCurrency = snap.figure_currencies.market_cap ?? unit?.major ?? null;
  let shares: number | null = a.shares ?? null;
  let shares_source: Record<string, string | null> | null = a.shares
    ? { source: "user_input", as_of: null }
    : null;
  const warnings: string[] = [];
  // Yahoo's share count of a company with several classes (GOOG) or of an ADS is not the one
  // its market cap is of: the implied cap is the whole company's, so it is divided by the
  // shares the cap stands for at the price (listed-share equivalents), never by one class's
  const cover = a.shares ? null : capOverShares(snap);
  if (shares === null && snap.shares_outstanding !== null && cover === null) {
    shares = snap.shares_outstanding;
    shares_source = { source: "Yahoo sharesOutstanding (quote)", as_of: snap.as_of };
  } else if (shares === null && snap.market_cap !== null && price) {
    shares = snap.market_cap / (price * factor);
    shares_source = { source: "derived: market_cap / price", as_of: snap.as_of };
    if (cover !== null) {
      warnings.push(
        `shares: Yahoo's market cap of ${snap.symbol} is ${
          Math.round(cover * 100) / 100
        } times the price times the ${snap.shares_outstanding} shares it states (one share class or the depositary shares only), so the implied prices divide the implied market cap by the ${
          Math.round(shares)
        } shares the market cap stands for at the price; pass shares= for another count`,
      );
    }
  }
  // shares given in millions (15,022 for Apple's 15.0 billion) against the count Yahoo states
  if (a.shares && snap.shares_outstanding) {
    const ratio = a.shares / snap.shares_outstanding;
    if (ratio >= 50 || ratio <= 1 / 50) {
      warnings.push(
        `shares=${a.shares} is ${
          ratio >= 1 ? `${Math.round(ratio)} times` : `1/${Math.round(1 / ratio)} of`
        } the ${snap.shares_outstanding} shares Yahoo states for ${snap.symbol}: give the count in shares (not thousands or millions), or the implied prices are off by as much`,
      );
    }
  }
  const fin = snap.financial_currency;
  if (capCurrency && !fin && snap.total_revenue_ttm !== null) {
    warnings.push(
      `revenue is read in ${capCurrency}, the market cap's currency; the currency ${snap.symbol} ` +
        `reports in is not known (financial_currency is null): give revenue in ${capCurrency}, ` +
        "converted if the company reports in another currency",
    );
  }
  if (capCurrency && fin && fin !== capCurrency) {
    warnings.push(
      `revenue is read in ${capCurrency}, the market cap's currency; ${snap.symbol} reports in ` +
        `${fin}: give revenue in ${capCurrency} or the implied prices are off by the exchange rate`,
    );
  }
  // revenue typed in millions (400000 for $400 billion) against the trailing revenue Yahoo states
  const slip = revenueSlip(snap, a.revenue, capCurrency);
  if (slip) warnings.push(slip);
  if (shares === null) warnings.push("no share count: implied prices are null; pass shares=");
  for (const w of warnings) ctx.warn(w);
  const cases = (["bear", "base", "bull"] as const).map((c) => {
    const multiple = a[`${c}_multiple`];
    const cap = a.revenue * multiple;
    // Per share in the major unit, then in the unit the price is quoted in.
    const implied = shares ? r4(cap / shares / factor) : null;
    return {
      case: c,
      revenue: a.revenue,
      multiple,
      implied_market_cap: cap,
      implied_price: implied,
      upside_pct: implied !== null && price
        ? Math.round((implied / price - 1) * 10_000) / 100
        : null,
    };
  });
  return {
    symbol: snap.symbol,
    currency: snap.currency,
    current_price: price,
    market_cap: snap.market_cap,
    market_cap_currency: snap.market_cap === null ? null : capCurrency,
    revenue_currency: capCurrency,
    shares,
    shares_source,
    assumptions: { revenue: a.revenue, multiple_basis: "price_to_sales" },
    cases,
    as_of: snap.as_of,
    warnings,
    /** Not data: the exchange rate the snapshot read (no figure here; a unit check's yardstick). */
    fx_rates: snap.fx ? [snap.fx] : [],
  };
}

/**
 * The warnings that give the reason for each multiple left null, from those said while its
 * figures were read (`trailing_pe: the price is in USD and per-share figures in EUR…`), each once.
 */
function whyNull(multiples: Record<string, number | null>, said: string[]): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(multiples)) {
    if (value !== null) continue;
    const named = new RegExp(`\\b${name}\\b`);
    for (const w of said) if (named.test(w)) out.add(w);
  }
  return [...out];
}

/** Why each multiple's numerator or denominator can be below zero. */
const NEGATIVE: Record<string, { over: string; below: string }> = {
  price_to_sales: { over: "market cap", below: "revenue" },
  price_to_sales_ttm: { over: "market cap", below: "trailing-twelve-month revenue" },
  ev_to_sales: { over: "enterprise value", below: "revenue" },
  ev_to_sales_ttm: { over: "enterprise value", below: "trailing-twelve-month revenue" },
  ev_to_revenue: { over: "enterprise value", below: "trailing-twelve-month revenue" },
  trailing_pe: { over: "price", below: "trailing earnings per share (a loss)" },
  forward_pe: { over: "price", below: "forward earnings per share (a loss expected)" },
  price_to_book: { over: "price", below: "book value per share (liabilities above assets)" },
  ev_to_ebitda: { over: "enterprise value", below: "EBITDA (an operating loss before D&A)" },
};

/** The figures whose sign decides a multiple's, as far as they are known. */
export interface MultipleFigures {
  enterprise_value: number | null;
  market_cap: number | null;
  ebitda?: number | null;
}

const NOT_A_MULTIPLE = "a negative multiple is not a valuation (it does not rank below a small " +
  "positive one, and averaging it with peers' or comparing them says nothing); do not use it " +
  "as a multiple";

/**
 * A warning per multiple below zero: a negative EBITDA, earnings figure or enterprise value makes
 * a ratio that is no valuation, yet a number would read as one. Also EV/EBITDA above zero only
 * because both are negative (cash above market cap plus debt, and an operating loss), which
 * would read as a cheap company. Shared by symbol.snapshot and valuation.multiples.
 */
export function negativeMultiples(
  multiples: Record<string, number | null>,
  figures: MultipleFigures,
): string[] {
  const out: string[] = [];
  const evBelow = figures.enterprise_value !== null && figures.enterprise_value < 0;
  for (const [name, value] of Object.entries(multiples)) {
    if (value === null) continue;
    if (name === "ev_to_ebitda" && value > 0 && evBelow && (figures.ebitda ?? 0) < 0) {
      out.push(
        `ev_to_ebitda is ${value}, above zero only because both the enterprise value (cash ` +
          "above market cap plus debt) and EBITDA (an operating loss before D&A) are negative: " +
          "it is no valuation and would read as a cheap company; do not use it as a multiple",
      );
      continue;
    }
    if (!(value < 0)) continue;
    const why = Object.hasOwn(NEGATIVE, name) ? NEGATIVE[name] : null;
    const negative = !why
      ? "its numerator or denominator"
      : why.over === "enterprise value" && evBelow
      ? "the enterprise value (cash above market cap plus debt)"
      : why.over === "market cap" && figures.market_cap !== null && figures.market_cap < 0
      ? "the market cap"
      : why.below;
    out.push(`${name} is ${value}, below zero because ${negative} is negative: ${NOT_A_MULTIPLE}`);
  }
  return out;
}
