/**
 * symbol.snapshot and symbol.profile: Yahoo quote + quoteSummary, SEC CIK for US listings
 * (snapshot_cik.ts), the company's figures in the market cap's currency. The per-share ratios
 * and their checks are in snapshot_per_share.ts, the dividend yield and enterprise value in
 * snapshot_yield.ts.
 */
import { answeredAt } from "./answered.ts";
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { FinanceError, ProviderError } from "../../core/errors.ts";
import {
  type Quote,
  QUOTE_SOURCE,
  type Summary,
  SUMMARY_SOURCE,
  summarySchema,
  yahooQuoteRow,
  yahooSummary,
} from "./company.ts";
import type { QuoteRow } from "../../providers/market_a/schemas.ts";
import {
  capOverShares,
  majorCap,
  noQuoteHint,
  partialShares,
  pricelessQuote,
  readYahooQuote,
  staleQuote,
} from "./quote_row.ts";
import { COMPANY_ONLY, type FundFields, fundFields, fundKind, fundNote, isFund } from "./fund.ts";
import { convert, fxBook, type FxRate, ratioOf, statementCurrency, unitOf } from "./currency.ts";
import { canonicalSymbol, nonCommonLine } from "../../core/symbols.ts";
import { negativeMultiples } from "./valuation.ts";
import { notACompany } from "./company_only.ts";
import { lookupCik, NO_FILER, otherFiler, sameName } from "./snapshot_cik.ts";
import {
  type Basis,
  dropBasis,
  mayBeDepositary,
  money,
  PER_SHARE_RATIOS,
  perShare,
  perShareAgainstCap,
  perShareUnit,
  unconverted,
} from "./snapshot_per_share.ts";
import {
  againstFigures,
  againstPayout,
  dividendYield,
  enterpriseValue,
  payoutYield,
} from "./snapshot_yield.ts";

/** Schema of what profileFields() returns, shared by symbol.profile and symbol.snapshot. */
export const profileFieldsShape = {
  sector: z.string().nullable(),
  sector_key: z.string().nullable(),
  industry: z.string().nullable(),
  industry_key: z.string().nullable(),
  website: z.string().nullable(),
  ir_website: z.string().nullable(),
  country: z.string().nullable(),
};

export function profileFields(s: Summary) {
  const p = s.assetProfile.sector || s.assetProfile.website ? s.assetProfile : s.summaryProfile;
  return {
    sector: p.sector ?? null,
    sector_key: p.sectorKey ?? null,
    industry: p.industry ?? null,
    industry_key: p.industryKey ?? null,
    website: p.website ?? null,
    ir_website: p.irWebsite ?? null,
    country: p.country ?? null,
  };
}

/** The exchange rate a snapshot used, as cited in results. */
export const fxShape = z.object({
  rate: z.number(),
  from: z.string(),
  to: z.string(),
  symbol: z.string(),
  as_of: z.string().nullable(),
  provider: z.string(),
  source: z.string(),
});

/** Which currency each money figure of a snapshot is in (major units unless stated). */
export const figureCurrenciesShape = z.object({
  price: z.string().nullable(),
  market_cap: z.string().nullable(),
  enterprise_value: z.string().nullable(),
  total_revenue_ttm: z.string().nullable(),
  ebitda_ttm: z.string().nullable(),
  cash: z.string().nullable(),
  debt: z.string().nullable(),
  net_debt: z.string().nullable(),
  per_share: z.string().nullable(),
});

const EMPTY_SUMMARY = summarySchema.parse({});

/**
 * The share count: the quote's, else quoteSummary's (a count of 0 is Yahoo's "none", as in the
 * quote).
 */
function sharesOf(quote: Quote, k: Summary["defaultKeyStatistics"]): number | null {
  return quote.shares_outstanding ?? (k.sharesOutstanding || null) ??
    (k.impliedSharesOutstanding || null);
}

/** quoteSummary, or an empty one and Yahoo's reason when it refuses it. */
async function summaryOrNothing(ctx: Context, symbol: string, modules: string[]) {
  try {
    return { summary: await yahooSummary(ctx, symbol, modules), error: null };
  } catch (err) {
    if (!(err instanceof FinanceError)) throw err;
    return { summary: EMPTY_SUMMARY, error: err.message.replace(/^market_a: /, "") };
  }
}

/** The warning for a listing quoteSummary has nothing for, naming what the quote still gave. */
function summaryMissing(symbol: string, why: string, quote: Quote): string {
  const had = Object.entries({
    price: quote.price,
    name: quote.company_name,
    currency: quote.currency,
    "market cap": quote.market_cap,
  }).filter(([, v]) => v !== null).map(([k]) => k);
  return `quoteSummary has nothing for ${symbol} (${why}): profile, enterprise value, cash, ` +
    "debt, revenue and the valuation ratios are missing; " +
    (had.length ? `from the quote: ${had.join(", ")}` : "the quote has no price or name either");
}

/**
 * `negatives: false` leaves out the warnings on ratios below zero, for a caller that shows other
 * ratios (valuation.multiples warns its own, valuation.scenario shows none).
 */
export async function snapshot(ctx: Context, input: string, opts: { negatives?: boolean } = {}) {
  const symbol = canonicalSymbol(input);
  // a currency pair, cryptocurrency, future or index has no company figures for Yahoo to keep:
  // they are not asked for, and one warning says why they are empty
  const other = notACompany(symbol);
  const [row, got, filer] = await Promise.all([
    yahooQuoteRow(ctx, symbol).catch((err) =>
      Promise.reject(noQuoteHint(err, symbol, ctx.clock.now()))
    ),
    summaryOrNothing(
      ctx,
      symbol,
      other
        ? ["summaryDetail"]
        : ["summaryProfile", "financialData", "defaultKeyStatistics", "summaryDetail"],
    ),
    lookupCik(ctx, symbol),
  ]);
  if (other) {
    ctx.warn(
      `${symbol} is ${other}, not a company: it has no revenue, earnings, cash, debt, book ` +
        "value or enterprise value, so those figures and the valuation ratios built on them " +
        "are empty (Yahoo's summaryProfile, financialData and defaultKeyStatistics were " +
        "not asked for)",
    );
  }
  // an instrument that is no company's shares has no SEC filer: nothing was missed
  const noFiler = NO_FILER.has(row.quoteType ?? "");
  let cik = noFiler ? null : filer.cik;
  if (!noFiler && filer.why) ctx.warn(filer.why);
  const { quote, notes } = readYahooQuote(row, ctx.clock.now());
  // no price at all: a page of nulls under ok would read as an answer
  const none = pricelessQuote(quote);
  if (none) throw new ProviderError("market_a", none);
  for (const note of notes) ctx.warn(note);
  // a ticker SEC gives to another filer than the company Yahoo names (reused after a delisting
  // or a rename) is not this listing's CIK
  if (cik && filer.title && quote.company_name && !sameName(quote.company_name, filer.title)) {
    ctx.warn(otherFiler(symbol, cik, filer.title, quote.company_name));
    cik = null;
  }
  const stale = staleQuote(quote, ctx.clock.now());
  if (stale) ctx.warn(`${stale}; the market cap and valuation ratios here rest on it`);
  if (got.error) ctx.warn(summaryMissing(symbol, got.error, quote));
  const summary = got.summary;
  const f = summary.financialData;
  const k = summary.defaultKeyStatistics;
  const d = summary.summaryDetail;
  const m = await moneyFigures(ctx, quote, row, summary);
  const shares = sharesOf(quote, k);
  // the quote's own count was checked against its cap (readYahooQuote); quoteSummary's here
  const cover = quote.shares_outstanding === null
    ? capOverShares({ ...quote, market_cap: m.market_cap, shares_outstanding: shares })
    : null;
  if (cover !== null) {
    ctx.warn(
      partialShares({ ...quote, market_cap: m.market_cap, shares_outstanding: shares }, cover),
    );
  }
  const shownFund = fundShown(ctx, quote, summary, m);
  if (opts.negatives !== false) {
    const figures = { ...m, ebitda: f.ebitda ?? null };
    for (const w of negativeMultiples(m.ratios, figures)) ctx.warn(w);
  }
  return {
    symbol: quote.symbol,
    provider_symbol: quote.provider_symbol,
    company_name: quote.company_name,
    ...profileFields(summary),
    cik,
    price: quote.price,
    change_pct: quote.change_pct,
    currency: quote.currency,
    exchange: quote.exchange,
    market_state: quote.market_state,
    market_cap: m.market_cap,
    enterprise_value: m.enterprise_value,
    shares_outstanding: shares,
    total_revenue_ttm: f.totalRevenue ?? null,
    ebitda_ttm: f.ebitda ?? null,
    cash: f.totalCash ?? null,
    debt: f.totalDebt ?? null,
    net_debt: m.net_debt,
    financial_currency: m.financial_currency,
    figure_currencies: m.figure_currencies,
    fx: m.fx,
    valuation: {
      ...m.ratios,
      dividend_yield: shownFund
        ? dividendYield(ctx, quote, d.dividendYield ?? null, d.dividendRate ?? null)
        : againstPayout(
          ctx,
          quote.symbol,
          dividendYield(ctx, quote, d.dividendYield ?? null, d.dividendRate ?? null),
          m.dividend_basis,
        ),
      beta: k.beta ?? d.beta ?? null,
    },
    fund: shownFund,
    not_computed: shownFund
      ? {}
      : whyNull(m.refusals, { ...m.ratios, enterprise_value: m.enterprise_value }),
    as_of: quote.as_of,
    retrieved_at: answeredAt(ctx),
    provider: "market_a",
    sources: snapshotSources(!got.error, m, shownFund !== null, cik),
  };
}

/**
 * The fund figures a snapshot shows: Yahoo's, for a listing it labels a fund and states a fund's
 * figures for (its company figures are then left out, and a net-assets figure beside a price in a
 * minor unit is said to be in the fund's base currency); null otherwise, with a warning when the
 * label comes without a single fund figure.
 */
function fundShown(
  ctx: Context,
  quote: Quote,
  summary: Summary,
  m: Awaited<ReturnType<typeof moneyFigures>>,
): FundFields | null {
  const kind = fundKind(quote.quote_type);
  // Yahoo labels some listings funds by mistake (WSKT.JK, a construction company, as a
  // MUTUALFUND): without a single fund figure to show, the label alone changes nothing
  const fund = kind ? fundFields(quote, summary) : null;
  const shownFund = fund && isFund(fund) ? fund : null;
  if (shownFund) {
    leaveOutCompanyFigures(ctx, quote.symbol, kind!, m);
    const unit = unitOf(shownFund.currency);
    if (unit && unit.factor !== 1 && shownFund.net_assets !== null) {
      ctx.warn(
        `fund.net_assets of ${quote.symbol}: Yahoo states the fund's total assets without a currency; they are not in ${unit.code} like the price (no fund counts its assets in ${unit.code}) but in the fund's base currency, which Yahoo does not name here (${unit.major} or another, such as USD); fund.currency is the price's`,
      );
    }
  } else if (kind) {
    ctx.warn(
      `Yahoo labels ${quote.symbol} ${kind} but states none of a fund's figures (net assets, NAV, yield, beta); its figures are shown as Yahoo gives them for a company`,
    );
  }
  return shownFund;
}

/** Where each of a snapshot's fields comes from. */
function snapshotSources(
  summarized: boolean,
  m: Awaited<ReturnType<typeof moneyFigures>>,
  fund: boolean,
  cik: string | null,
) {
  return [
    { fields: "price, market_cap, shares_outstanding, as_of", source: QUOTE_SOURCE },
    ...(summarized
      ? [{
        fields: "profile, valuation, enterprise_value, cash, debt, revenue",
        source:
          `${SUMMARY_SOURCE} modules summaryProfile, financialData, defaultKeyStatistics, summaryDetail`,
      }]
      : []),
    ...ratioSources(m.basis),
    ...(fund
      ? [{
        fields: "fund",
        source: `${SUMMARY_SOURCE} modules summaryDetail, defaultKeyStatistics`,
      }]
      : []),
    ...(m.fx ? [{ fields: `fx ${m.fx.symbol}`, source: `${m.fx.source}, ${m.fx.symbol}` }] : []),
    ...(cik ? [{ fields: "cik", source: "SEC EDGAR company tickers (filings_a)" }] : []),
  ];
}

/** The citations of the per-share ratios: at the price shown, or Yahoo's own. */
function ratioSources(basis: Basis["basis"]) {
  const computed = basis.filter((b) => b.over !== null);
  const yahoo = basis.filter((b) => b.over === null);
  const fields = (bs: Basis["basis"]) => bs.map((b) => `valuation.${b.name}`).join(", ");
  return [
    ...(computed.length
      ? [{
        fields: fields(computed),
        source: `the price shown over Yahoo's per-share figure: ${
          computed.map((b) => `${b.name} over ${b.over}`).join("; ")
        }`,
      }]
      : []),
    ...(yahoo.length
      ? [{
        fields: fields(yahoo),
        source: "Yahoo's own ratio (quote API, else quoteSummary), which may be at another " +
          "moment's price: Yahoo states no per-share figure to take it at the price shown",
      }]
      : []),
  ];
}

/**
 * Why each null figure or ratio is null when a refusal said so ("trailing_pe: the price is in
 * USD and per-share figures in CNY …; not computed"), by field name, for the view to say on the
 * figure's own line; a figure that was computed after all (its refusal was one of several ways
 * to it) is left out.
 */
export function whyNull(
  refusals: string[],
  values: Record<string, number | null>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of refusals) {
    const m =
      /^([a-z_]+(?:, [a-z_]+)*)(?: of \S+)?: (?:not computed: )?([\s\S]*?)(?:; not (?:computed|shown))?$/
        .exec(r);
    if (!m) continue;
    for (const name of m[1].split(", ")) {
      if (name in values && values[name] === null) out[name] ??= m[2];
    }
  }
  return out;
}

/** Nulls the company figures of a fund's snapshot (in place), with a warning naming them. */
function leaveOutCompanyFigures(
  ctx: Context,
  symbol: string,
  kind: string,
  m: Awaited<ReturnType<typeof moneyFigures>>,
) {
  const figures = m as unknown as Record<string, number | null>;
  const ratios = m.ratios as Record<string, number | null>;
  const shown: string[] = [];
  for (const key of COMPANY_ONLY) {
    const where = key in ratios ? ratios : figures;
    if (where[key] !== null && where[key] !== undefined) shown.push(key);
    where[key] = null;
  }
  m.basis.length = 0;
  m.figure_currencies.market_cap = null;
  m.figure_currencies.enterprise_value = null;
  if (shown.length) ctx.warn(fundNote(symbol, kind, shown));
}

/**
 * Money figures and ratios of a snapshot, each in a stated currency. Yahoo's own ratios are
 * kept only where both sides are in one currency; otherwise aggregates (revenue, EBITDA, cash,
 * debt) are converted at Yahoo's FX quote and per-share ratios, whose currency Yahoo does not
 * state for foreign filers, are refused with a warning.
 */
async function moneyFigures(ctx: Context, quote: Quote, row: QuoteRow, s: Summary) {
  const f = s.financialData;
  const k = s.defaultKeyStatistics;
  const d = s.summaryDetail;
  const trade = unitOf(quote.currency ?? d.currency);
  const cap = trade?.major ?? null;
  const fin = statementCurrency(ctx, quote.symbol, row.financialCurrency, f.financialCurrency);
  const on: Basis = {
    quote,
    trade,
    cap,
    fin,
    same: !!cap && !!fin && cap === fin,
    refusals: [],
    basis: [],
    perShareUnit: null,
  };
  const used: FxRate[] = [];
  const book = fxBook(ctx, quote.as_of);
  const inCap = (v: number | null | undefined) =>
    convert(book, { value: v ?? null, currency: fin }, cap, used);
  const shares = sharesOf(quote, k);
  // quoteSummary's cap, when the quote has none, is checked for a minor unit as the quote's is
  const capNotes: string[] = [];
  const marketCap = quote.market_cap ?? majorCap(
    quote.symbol,
    // 0 is Yahoo's "none" here as in the quote (readYahooQuote)
    d.marketCap || null,
    quote.currency ?? d.currency,
    quote.price,
    shares,
    capNotes,
    "quoteSummary's market cap (summaryDetail)",
  );
  for (const n of capNotes) ctx.warn(n);
  if (on.same && trade && trade.factor !== 1) {
    on.perShareUnit = perShareUnit(quote.symbol, trade, shares, [
      [
        "trailing EPS",
        row.epsTrailingTwelveMonths ?? k.trailingEps,
        k.netIncomeToCommon,
        "net income to common",
      ],
      ["revenue per share", f.revenuePerShare, f.totalRevenue, "revenue"],
      ["cash per share", f.totalCashPerShare, f.totalCash, "cash"],
    ]);
    if (on.perShareUnit.unit === "minor") ctx.warn(on.perShareUnit.evidence!);
  }
  const cash = f.totalCash ?? null;
  const debt = f.totalDebt ?? null;
  const netDebt = cash !== null && debt !== null ? debt - cash : null;
  const ev = await enterpriseValue(on, k.enterpriseValue ?? null, marketCap, netDebt, inCap);
  const revenue = await inCap(f.totalRevenue);
  const ebitda = await inCap(f.ebitda);
  if (!on.same) unconverted(on, marketCap, [f.totalRevenue, f.ebitda], [revenue, ebitda]);
  const agg = (name: string, yahoo: number | null, a: number | null, b: number | null) =>
    on.same
      ? againstFigures(on, name, yahoo, a, b)
      : ratioOf(name, money(a, cap), money(b, cap), on.refusals);
  const ratios = {
    trailing_pe: perShare(on, "trailing_pe", row.trailingPE ?? d.trailingPE ?? null, [
      ["quote API epsTrailingTwelveMonths", row.epsTrailingTwelveMonths],
      ["defaultKeyStatistics trailingEps", k.trailingEps],
    ]),
    forward_pe: perShare(
      on,
      "forward_pe",
      row.forwardPE ?? k.forwardPE ?? d.forwardPE ?? null,
      [["quote API epsForward", row.epsForward], ["defaultKeyStatistics forwardEps", k.forwardEps]],
    ),
    // at the market cap shown, when both sides are in one currency
    price_to_sales_ttm: on.same && marketCap !== null && revenue !== null
      ? ratioOf("price_to_sales_ttm", money(marketCap, cap), money(revenue, cap), on.refusals)
      : agg("price_to_sales_ttm", d.priceToSalesTrailing12Months ?? null, marketCap, revenue),
    price_to_book: perShare(
      on,
      "price_to_book",
      row.priceToBook ?? k.priceToBook ?? null,
      [["quote API bookValue", row.bookValue], ["defaultKeyStatistics bookValue", k.bookValue]],
    ),
    ev_to_revenue: agg("ev_to_revenue", k.enterpriseToRevenue ?? null, ev, revenue),
    ev_to_ebitda: agg("ev_to_ebitda", k.enterpriseToEbitda ?? null, ev, ebitda),
  };
  // a preferred share, warrant, right or unit has its own price, while Yahoo's per-share
  // earnings and book are the common share's
  const line = nonCommonLine(quote.symbol);
  const common = PER_SHARE_RATIOS.filter((name) => ratios[name] !== null);
  if (line && common.length) {
    for (const name of common) ratios[name] = null;
    dropBasis(on);
    on.refusals.push(
      `${
        common.join(", ")
      } of ${quote.symbol}: not computed: ${quote.symbol} is ${line} (as its symbol is written), while Yahoo's earnings and book value per share are the common share's, so a ratio of this price to them is no P/E or P/B of it`,
    );
  }
  if (on.same) {
    perShareAgainstCap(on, ratios, {
      marketCap,
      netIncome: k.netIncomeToCommon ?? null,
      trailingEps: row.epsTrailingTwelveMonths ?? k.trailingEps ?? null,
      forwardEps: row.epsForward ?? k.forwardEps ?? null,
      revenue: f.totalRevenue ?? null,
      revenuePerShare: f.revenuePerShare ?? null,
      cash: f.totalCash ?? null,
      cashPerShare: f.totalCashPerShare ?? null,
      country: s.summaryProfile.country ?? s.assetProfile.country ?? null,
    });
  }
  for (const r of on.refusals) ctx.warn(r);
  const inFin = (v: number | null | undefined) => (v === null || v === undefined ? null : fin);
  const country = s.summaryProfile.country ?? s.assetProfile.country ?? null;
  return {
    dividend_basis: {
      payout: on.same && !mayBeDepositary(quote.symbol, country)
        ? null
        : await payoutYield(on, d, k.netIncomeToCommon ?? null, marketCap, inCap),
      cross: on.same || !cap || !fin ? null : {
        trade: quote.currency ?? cap,
        fin,
        fx: used.find((r) => r.from === fin && r.to === cap) ?? null,
      },
    },
    market_cap: marketCap,
    enterprise_value: ev,
    net_debt: netDebt,
    financial_currency: fin,
    fx: used[0] ?? null,
    ratios,
    refusals: [...on.refusals],
    basis: on.basis,
    figure_currencies: {
      price: quote.currency,
      market_cap: marketCap === null ? null : cap,
      enterprise_value: ev === null ? null : cap,
      total_revenue_ttm: inFin(f.totalRevenue),
      ebitda_ttm: inFin(f.ebitda),
      cash: inFin(cash),
      debt: inFin(debt),
      net_debt: inFin(netDebt),
      // in the listing's minor unit when Yahoo's per-share figures are shown to be
      per_share: on.perShareUnit?.unit === "minor" ? trade!.code : fin,
    },
  };
}
