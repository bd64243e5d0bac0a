/** symbol.snapshot and symbol.profile: Yahoo quote + quoteSummary, SEC CIK for US listings. */
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
import { COMPANY_ONLY, fundFields, fundKind, fundNote, isFund } from "./fund.ts";
import {
  convert,
  fxBook,
  type FxRate,
  ratioOf,
  statementCurrency,
  type Unit,
  unitOf,
} from "./currency.ts";
import { canonicalSymbol, nonCommonLine, parseSymbol } from "../../core/symbols.ts";
import { negativeMultiples } from "./valuation.ts";
import { notACompany } from "./company_only.ts";

/**
 * Yahoo quote types that are no company's shares: a currency pair, a cryptocurrency, an index,
 * a future or an option has no SEC filer, so no CIK is looked for and none is missed.
 */
const NO_FILER = new Set(["CURRENCY", "CRYPTOCURRENCY", "INDEX", "FUTURE", "OPTION"]);

/** Words of a company name that tell it apart: no legal forms, no "the", "&" or "of". */
const FORMS = new Set(
  ("inc incorporated corp corporation co company cos ltd limited plc llc lp sa se nv ag ab " +
    "asa oyj spa holding holdings group the of and de del new adr ads class")
    .split(" "),
);
const words = (name: string) =>
  name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !FORMS.has(w));

/**
 * Whether two names of a company share a word, or one's word is the other's initials (Yahoo's
 * "GE Aerospace" is SEC's "GENERAL ELECTRIC CO").
 */
export function sameName(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  if (!x.length || !y.length) return true;
  const initials = (w: string[]) => w.map((v) => v[0]).join("");
  return x.some((w) => y.includes(w)) || x.includes(initials(y)) || y.includes(initials(x));
}

/** The warning for a CIK SEC gives the ticker when its filer is not the company Yahoo names. */
export function otherFiler(symbol: string, cik: string, title: string, name: string): string {
  return `cik: SEC's company_tickers.json gives ${symbol} to CIK ${cik}, "${title}", which is not ` +
    `Yahoo's "${name}" (a ticker passes to another company after a delisting or a rename): ` +
    "the CIK is left null; look the company up by name on SEC EDGAR before citing one";
}

/**
 * The SEC CIK of a ticker, or null and why (non-US listings, indices, currency pairs, futures
 * and cryptocurrencies have none and are not looked up: no reason then).
 */
async function lookupCik(
  ctx: Context,
  symbol: string,
): Promise<{ cik: string | null; why: string | null; title?: string }> {
  if (/[.^=]/.test(symbol) || parseSymbol(symbol).kind !== "equity") {
    return { cik: null, why: null };
  }
  try {
    const hit = await (await ctx.provider("filings_a")).lookupTicker(symbol);
    return { cik: String(hit.cik).padStart(10, "0"), why: null, title: hit.title };
  } catch (err) {
    return { cik: null, why: `cik: ${err instanceof FinanceError ? err.message : String(err)}` };
  }
}

/** The SEC CIK of a ticker, or null with a warning (non-US listings have none). */
export async function secCik(ctx: Context, symbol: string): Promise<string | null> {
  const { cik, why } = await lookupCik(ctx, symbol);
  if (why) ctx.warn(why);
  return cik;
}

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
    as_of: quote.as_of,
    retrieved_at: answeredAt(ctx),
    provider: "market_a",
    sources: [
      { fields: "price, market_cap, shares_outstanding, as_of", source: QUOTE_SOURCE },
      ...(!got.error
        ? [{
          fields: "profile, valuation, enterprise_value, cash, debt, revenue",
          source:
            `${SUMMARY_SOURCE} modules summaryProfile, financialData, defaultKeyStatistics, summaryDetail`,
        }]
        : []),
      ...ratioSources(m.basis),
      ...(shownFund
        ? [{
          fields: "fund",
          source: `${SUMMARY_SOURCE} modules summaryDetail, defaultKeyStatistics`,
        }]
        : []),
      ...(m.fx ? [{ fields: `fx ${m.fx.symbol}`, source: `${m.fx.source}, ${m.fx.symbol}` }] : []),
      ...(cik ? [{ fields: "cik", source: "SEC EDGAR company tickers (filings_a)" }] : []),
    ],
  };
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

/** The per-share ratios, taken on Yahoo's per-share figures. */
const PER_SHARE_RATIOS = ["trailing_pe", "forward_pe", "price_to_book"] as const;

/**
 * How far the P/E at the price over Yahoo's per-share earnings may be from the market cap over
 * net income to common before it is warned (a share count that moved within the year, diluted
 * against basic earnings, a cap at another moment's price differ by less), and before the
 * per-share ratios are refused: an ADS stands for 2, 3, 5, 10 ordinary shares, and Yahoo's
 * per-share figure of an ADR may be per ordinary share while the price is per ADS.
 */
const PE_DOUBT = Math.log(1.3);
const PE_REFUSE = Math.log(1.9);

/** The figures the per-share ratios of a snapshot are checked against, all in one currency. */
interface PerShareFacts {
  marketCap: number | null;
  netIncome: number | null;
  trailingEps: number | null;
  forwardEps: number | null;
  revenue: number | null;
  revenuePerShare: number | null;
  cash: number | null;
  cashPerShare: number | null;
  /** The company's country (quoteSummary's profile), to tell a listing that may be an ADR. */
  country: string | null;
}

/**
 * Whether a listing may be a depositary share: one on a US exchange (no suffix) of a company
 * of another or an unstated country, or on London's international order book (.IL, GDRs).
 */
function mayBeDepositary(symbol: string, country: string | null): boolean {
  if (/\.IL$/i.test(symbol)) return true;
  return !symbol.includes(".") && !/^[\^]/.test(symbol) && country !== "United States";
}

/**
 * How many times Yahoo's per-share figure goes into the same total per listed share (the
 * market cap over the price gives the count of listed shares): 1 when the figure is per listed
 * share, 6 for an ADS standing for six ordinary shares whose figure is per ordinary share. Null
 * without both figures above zero, or for a listing quoted in a minor unit (perShareUnit
 * checks those).
 */
function timesPerListed(
  on: Basis,
  marketCap: number | null,
  total: number | null,
  perShare: number | null,
): number | null {
  const price = on.quote.price;
  if (on.trade?.factor !== 1 || !(marketCap! > 0) || !(price! > 0)) return null;
  if (!(total! > 0) || !(perShare! > 0)) return null;
  const k = (total! * price!) / (marketCap! * perShare!);
  return Number.isFinite(k) ? k : null;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Checks the per-share ratios (in place) against the company's aggregates, both sides in one
 * currency: trailing P/E against the market cap over net income to common; without earnings
 * above zero to check, Yahoo's revenue per share, else its cash per share, against the total
 * over the listed shares (the market cap over the price). Far apart, Yahoo's per-share figures
 * are not per listed share (an ADR's figures per ordinary share, or a count of another class),
 * and trailing_pe and price_to_book, taken on them, are refused; forward_pe too unless its
 * earnings are shown per listed share (forward EPS as many times the trailing as the gap);
 * somewhat apart, the ratios are kept and the gap said. With nothing to check them against,
 * that is said.
 */
function perShareAgainstCap(
  on: Basis,
  ratios: Record<(typeof PER_SHARE_RATIOS)[number], number | null>,
  x: PerShareFacts,
) {
  const shown = PER_SHARE_RATIOS.filter((name) => ratios[name] !== null);
  if (!shown.length) return;
  const symbol = on.quote.symbol;
  const pe = ratios.trailing_pe;
  const { marketCap, netIncome } = x;
  let gap: number;
  let apart: string;
  let byEarnings = false;
  let k: number;
  if (pe !== null && pe > 0 && marketCap !== null && marketCap > 0 && netIncome! > 0) {
    const whole = marketCap / netIncome!;
    k = pe / whole;
    gap = Math.abs(Math.log(k));
    byEarnings = true;
    apart = `the price over Yahoo's per-share earnings gives a P/E of ${r2(pe)}, ` +
      `the market cap ${marketCap} over net income to common ${netIncome} gives ${r2(whole)}, ` +
      `${r2(Math.exp(gap))} times apart`;
    if (!(gap > PE_DOUBT)) {
      forwardFarBelow(on, ratios, x);
      return;
    }
    if (gap <= PE_REFUSE) {
      on.refusals.push(
        `trailing_pe of ${symbol}: ${apart}; the share count may have moved within the year or the figures are of different periods, so read it with care`,
      );
      return;
    }
  } else {
    // no earnings to check against: revenue per share, else cash per share
    const checks = [
      ["revenue per share", x.revenuePerShare, "revenue", x.revenue],
      ["cash per share", x.cashPerShare, "cash", x.cash],
    ] as const;
    const found = checks.map(([label, per, totalLabel, total]) => {
      const t = timesPerListed(on, marketCap, total, per);
      return t === null ? null : {
        k: t,
        text: `Yahoo's ${label} ${per} against ${totalLabel} ${total} over the ${
          r2(marketCap! / on.quote.price!)
        } listed shares (the market cap over the price), ${
          r2(total! * on.quote.price! / marketCap!)
        }: ${r2(Math.exp(Math.abs(Math.log(t))))} times apart`,
      };
    }).filter((c) => c !== null);
    const names = shown.join(", ");
    if (!found.length) {
      // a fund's ratios are no company's (left out after, leaveOutCompanyFigures)
      if (on.trade?.factor !== 1 || fundKind(on.quote.quote_type)) return;
      if (!mayBeDepositary(symbol, x.country)) return;
      on.refusals.push(
        `${names} of ${symbol}: Yahoo's per-share figures (earnings, book value) could not be checked against the company's totals (no earnings above zero, revenue or cash per share with its total): ${
          x.country
            ? `a listing of a company of ${x.country}`
            : "a listing of a company whose country is not stated"
        }; if ${symbol} is a depositary share standing for several ordinary shares, they may be per ordinary share and the ratios that many times off; read them with care`,
      );
      return;
    }
    const far = found.filter((c) => Math.abs(Math.log(c.k)) > PE_REFUSE);
    const near = found.filter((c) => Math.abs(Math.log(c.k)) <= PE_DOUBT);
    if (far.length && near.length) {
      for (const name of PER_SHARE_RATIOS) ratios[name] = null;
      dropBasis(on);
      on.refusals.push(
        `${names} of ${symbol}: not computed: Yahoo's per-share figures disagree on whether they are per listed share (${
          found.map((c) => c.text).join("; ")
        }), so no ratio of the price to them is reliable`,
      );
      return;
    }
    const worst = found.reduce((a, b) => Math.abs(Math.log(b.k)) > Math.abs(Math.log(a.k)) ? b : a);
    k = worst.k;
    gap = Math.abs(Math.log(k));
    apart = found.map((c) => c.text).join("; ");
    if (!(gap > PE_DOUBT)) return;
    if (gap <= PE_REFUSE) {
      on.refusals.push(
        `${names} of ${symbol}: ${apart}; the share count may have moved or the figures are of different dates, so read them with care`,
      );
      return;
    }
  }
  // forward EPS may be per listed share (analysts' estimates per ADS) while the trailing is not
  const forward = byEarnings ? forwardBasis(x, k) : null;
  const refused = PER_SHARE_RATIOS.filter((name) =>
    ratios[name] !== null && !(name === "forward_pe" && forward?.keep)
  );
  for (const name of PER_SHARE_RATIOS) {
    if (!(name === "forward_pe" && forward?.keep)) ratios[name] = null;
  }
  dropBasis(on, forward?.keep ? ["forward_pe"] : []);
  on.refusals.push(
    `${
      refused.join(", ")
    } of ${symbol}: not computed: ${apart}: Yahoo's per-share figures are not per listed share (a depositary share standing for several ordinary shares, earnings per share of another class, or a share count far from the current one), so no ratio of the price to them is reliable${
      byEarnings
        ? `; use the market cap over net income (${r2(marketCap! / netIncome!)}) for a P/E`
        : ""
    }${
      forward && !forward.keep && refused.includes("forward_pe")
        ? `; forward_pe: ${forward.why}`
        : ""
    }${
      !byEarnings && ratios.forward_pe === null && shown.includes("forward_pe")
        ? "; forward_pe: with no trailing earnings to compare with, nothing shows whether the forward EPS is per listed share"
        : ""
    }`,
  );
  if (forward?.keep) on.refusals.push(`forward_pe of ${symbol}: kept: ${forward.why}`);
}

/**
 * Whether Yahoo's forward EPS is per listed share when its trailing EPS is `k` times too small
 * for one: the forward EPS against the trailing, near 1 (the same basis: refused with it) or
 * near `k` (per listed share: kept), each within 1.5 times for a year's growth; `k` under 2.5
 * leaves the two apart by too little to tell, and so does a forward EPS in neither range.
 */
function forwardBasis(x: PerShareFacts, k: number): { keep: boolean; why: string } | null {
  const f = x.forwardEps;
  const t = x.trailingEps;
  if (f === null || t === null || !(f > 0) || !(t > 0)) return null;
  const g = f / t;
  const growth = Math.log(1.5);
  const ratio = `the forward EPS ${f} is ${r2(g)} times the trailing ${t}`;
  if (Math.abs(Math.log(g)) <= growth) {
    return { keep: false, why: `${ratio}, so it is on the trailing EPS's basis` };
  }
  if (k >= 2.5 && Math.abs(Math.log(g / k)) <= growth) {
    return {
      keep: true,
      why: `${ratio}, near the ${
        r2(k)
      } times by which the trailing falls short of earnings per listed share: the forward EPS is taken as per listed share (analysts' estimates per depositary share), and the ratio is the price over it`,
    };
  }
  return {
    keep: false,
    why: `${ratio}, near neither 1 nor the ${
      r2(k)
    } times of the trailing's gap, so its basis is not shown`,
  };
}

/**
 * A forward EPS under 1/2.5 of a trailing EPS that is per listed share: a large fall expected,
 * or estimates per ordinary share of a depositary share whose trailing EPS is per ADS (the
 * forward P/E then that many times too high). The data do not tell which: said, not refused.
 */
function forwardFarBelow(
  on: Basis,
  ratios: Record<(typeof PER_SHARE_RATIOS)[number], number | null>,
  x: PerShareFacts,
) {
  const f = x.forwardEps;
  const t = x.trailingEps;
  if (ratios.forward_pe === null || f === null || t === null || !(f > 0) || !(t > 0)) return;
  if (!(f / t <= 1 / 2.5)) return;
  on.refusals.push(
    `forward_pe of ${on.quote.symbol}: the forward EPS ${f} is ${
      r2(f / t)
    } times the trailing ${t}, which agrees with the market cap over net income: either a fall of that size is expected, or the forward EPS is per ordinary share of a depositary share (the forward P/E then as many times too high); read it with care`,
  );
}

/** Drops the per-share ratios but `keep` from the citation of how they were taken. */
function dropBasis(on: Basis, keep: string[] = []) {
  const kept = on.basis.filter((b) =>
    !(PER_SHARE_RATIOS as readonly string[]).includes(b.name) || keep.includes(b.name)
  );
  on.basis.splice(0, on.basis.length, ...kept);
}

/** What a snapshot's ratios are taken on: the listing's unit, the filer's currency. */
interface Basis {
  quote: Quote;
  trade: Unit | null;
  /** Major currency of caps (the trading currency's major unit). */
  cap: string | null;
  /** Major currency of the filer's statements. */
  fin: string | null;
  /** Caps and statements in one major currency. */
  same: boolean;
  refusals: string[];
  /** How each per-share ratio was taken, for the citation (`over` null: Yahoo's own). */
  basis: { name: string; over: string | null }[];
  /**
   * For a listing quoted in a minor unit (GBp): which unit Yahoo's per-share figures are in, as
   * the data show it (null: not checked, the listing is in a major unit).
   */
  perShareUnit: PerShareUnit | null;
}

/** The unit of a minor-unit listing's per-share figures: `null` when the data do not tell. */
interface PerShareUnit {
  unit: "major" | "minor" | null;
  evidence: string | null;
}

/**
 * Which unit Yahoo's per-share figures of a listing quoted in a minor unit (GBp, ZAc, ILA) are
 * in: each per-share figure against its aggregate over the shares (in the major currency of
 * the statements). Yahoo writes most in the major unit (OCDO.L: trailing EPS -0.26 GBP, net
 * income to common over the shares -0.263 GBP) but some in the minor one, 100 times larger;
 * its own ratios (OCDO.L's P/B of 185) divide the price in pence by either. Figures that
 * disagree, or none to check, leave the unit unknown.
 */
function perShareUnit(
  symbol: string,
  trade: Unit,
  shares: number | null,
  checks: [string, number | null | undefined, number | null | undefined, string][],
): PerShareUnit {
  const votes: { unit: "major" | "minor"; text: string }[] = [];
  for (const [label, per, total, totalLabel] of checks) {
    if (per === null || per === undefined || total === null || total === undefined) continue;
    if (!(shares! > 0) || per === 0 || total === 0 || Math.sign(per) !== Math.sign(total)) continue;
    const expected = total / shares!;
    const r = Math.abs(Math.log(per / expected));
    const rMinor = Math.abs(Math.log(per * trade.factor / expected));
    const unit = r < Math.log(3) ? "major" : rMinor < Math.log(3) ? "minor" : null;
    if (!unit) continue;
    const e = Math.round(expected * 1e4) / 1e4;
    votes.push({
      unit,
      text: `${label} ${per} against ${totalLabel} over the shares, ${e} ${trade.major}`,
    });
  }
  const units = new Set(votes.map((v) => v.unit));
  if (units.size !== 1) {
    return {
      unit: null,
      evidence: votes.length
        ? `Yahoo's per-share figures for ${symbol} disagree on their unit (${
          votes.map((v) => v.text).join("; ")
        })`
        : `Yahoo states no per-share figure of ${symbol} with an aggregate to check it against`,
    };
  }
  const unit = votes[0].unit;
  return {
    unit,
    evidence: unit === "major"
      ? null
      : `${symbol}: Yahoo's per-share figures are in ${trade.code} like the price, not in ${trade.major} (${
        votes.map((v) => v.text).join("; ")
      }); P/E and P/B are taken in ${trade.code}`,
  };
}

/**
 * Says which aggregate ratios (P/S, EV/revenue, EV/EBITDA) of a listing whose market cap and
 * statements are in different currencies could not be put into one currency, and why.
 */
function unconverted(
  on: Basis,
  marketCap: number | null,
  raw: (number | null | undefined)[],
  converted: (number | null)[],
) {
  if (
    marketCap === null ||
    !raw.some((v, i) => v !== null && v !== undefined && converted[i] === null)
  ) {
    return;
  }
  const names = raw[0] !== null && raw[0] !== undefined && converted[0] === null
    ? ["price_to_sales_ttm", "ev_to_revenue"]
    : [];
  if (raw[1] !== null && raw[1] !== undefined && converted[1] === null) names.push("ev_to_ebitda");
  const why = !on.cap
    ? "the market cap's currency is not stated"
    : !on.fin
    ? `the market cap is in ${on.cap} and the currency of Yahoo's revenue and EBITDA is not known`
    : `the market cap is in ${on.cap} and Yahoo's revenue and EBITDA in ${on.fin}, and Yahoo quotes no ${on.fin}→${on.cap} rate to convert them`;
  on.refusals.push(`${names.join(", ")} of ${on.quote.symbol}: ${why}; not computed`);
}

/** The dividend yield a company's payout gives: payout ratio × net income over the market cap. */
interface PayoutYield {
  value: number;
  text: string;
}

/**
 * The dividend yield the company's own figures give, in the market cap's currency: Yahoo's
 * payout ratio times net income to common (converted at the cited rate when the statements are
 * in another currency) over the market cap. Null without those figures or a rate.
 */
async function payoutYield(
  on: Basis,
  d: Summary["summaryDetail"],
  netIncome: number | null,
  marketCap: number | null,
  inCap: (v: number | null) => Promise<number | null>,
): Promise<PayoutYield | null> {
  const payout = (d as Record<string, unknown>).payoutRatio;
  if (typeof payout !== "number" || !(payout > 0) || !(netIncome! > 0) || !(marketCap! > 0)) {
    return null;
  }
  const income = await inCap(netIncome);
  if (income === null || !(income > 0)) return null;
  const value = (payout * income) / marketCap!;
  return {
    value,
    text: `the payout ratio ${payout} times net income to common ${netIncome} ${on.fin}${
      on.same ? "" : ` (${Math.round(income)} ${on.cap})`
    } over the market cap ${marketCap} ${on.cap} gives ${Math.round(value * 1e4) / 1e4}`,
  };
}

/** How far Yahoo's dividend yield may be from the one its payout gives (forward against trailing). */
const PAYOUT_REFUSE = Math.log(3);

/** What a snapshot's dividend yield is checked against. */
interface DividendBasis {
  /** The yield the company's payout gives in one currency (null without its figures). */
  payout: PayoutYield | null;
  /** For a listing whose statements are in another currency: both, and the rate between. */
  cross: { trade: string; fin: string; fx: FxRate | null } | null;
}

/**
 * Yahoo's dividend yield (its dividend rate over the price) against the yield the company's
 * payout gives in one currency, for a listing whose statements are in another currency than its
 * price or that may be a depositary share: Yahoo does not state the rate's currency nor per
 * which share it is, and a rate in the statements' currency (TWD over a USD price) or per
 * ordinary share of an ADS is many times off. More than three times apart (forward dividends,
 * special ones and a changed payout stay within that), it is left null and said. Across two
 * currencies whose rate is not near 1, a yield the payout cannot tell from the one of a rate
 * in the statements' currency is kept and that other yield said.
 */
function againstPayout(
  ctx: Context,
  symbol: string,
  yahoo: number | null,
  { payout, cross }: DividendBasis,
): number | null {
  if (yahoo === null || !(yahoo > 0)) return yahoo;
  if (payout) {
    const gap = Math.abs(Math.log(yahoo / payout.value));
    if (gap > PAYOUT_REFUSE) {
      ctx.warn(
        `dividend_yield of ${symbol}: not shown: Yahoo states ${yahoo}, while ${payout.text}, ${
          Math.round(Math.exp(gap) * 10) / 10
        } times apart: Yahoo's dividend rate is in another currency than the price (the statements') or per another share (an ordinary share of a depositary share), so the yield is not reliable`,
      );
      return null;
    }
  }
  if (!cross) return yahoo;
  const f = cross.fx?.rate ?? null;
  if (f !== null && Math.abs(Math.log(f)) < Math.log(1.05)) return yahoo;
  const inFin = f === null ? null : yahoo * f;
  // the payout rules out a rate in the statements' currency
  if (inFin !== null && payout && Math.abs(Math.log(inFin / payout.value)) > PAYOUT_REFUSE) {
    return yahoo;
  }
  ctx.warn(
    `dividend_yield of ${symbol}: Yahoo states no currency for its dividend rate: the yield ${yahoo} reads it in ${cross.trade}, the price's, while ${symbol} reports in ${cross.fin}; a dividend declared in ${cross.fin} would give ${
      inFin === null
        ? "another yield (Yahoo quotes no rate to say which)"
        : `${Math.round(inFin * 1e4) / 1e4} (at ${cross.fx!.symbol})`
    }${payout ? `, and ${payout.text}` : ""}: check the currency the dividend is paid in`,
  );
  return yahoo;
}

const money = (value: number | null, currency: string | null) => ({ value, currency });

/** How far Yahoo's own ratio may be from the one its figures in the same answer give. */
const OWN_DOUBT = Math.log(1.3);

/**
 * Yahoo's own aggregate ratio (EV/revenue, EV/EBITDA; both sides in one currency) against the
 * ratio of the figures the snapshot shows beside it: more than 1.3 times apart (an EV or EBITDA
 * of another date, or a slip of unit), the ratio of the shown figures is given and Yahoo's
 * said; Yahoo's alone when a figure is missing.
 */
function againstFigures(
  on: Basis,
  name: string,
  yahoo: number | null,
  a: number | null,
  b: number | null,
): number | null {
  if (yahoo === null || a === null || b === null || b === 0) return yahoo;
  const own = ratioOf(name, money(a, on.cap), money(b, on.cap), on.refusals);
  if (own === null || own === 0 || Math.sign(own) !== Math.sign(yahoo)) {
    if (own !== null && own !== yahoo) {
      on.refusals.push(
        `${name} of ${on.quote.symbol}: Yahoo states ${yahoo}, while its figures shown here give ${own} (${a} over ${b}); the ratio of the figures shown is given`,
      );
    }
    return own ?? yahoo;
  }
  const gap = Math.abs(Math.log(own / yahoo));
  if (!(gap > OWN_DOUBT)) return yahoo;
  on.refusals.push(
    `${name} of ${on.quote.symbol}: Yahoo states ${yahoo}, while its figures shown here give ${own} (${a} over ${b}), ${
      Math.round(Math.exp(gap) * 100) / 100
    } times apart (figures of another date, or one in another unit); the ratio of the figures shown is given`,
  );
  return own;
}

/**
 * Yahoo's dividend yield (a fraction) against its dividend rate over the price shown. A listing
 * quoted in a minor unit (GBp) may state the rate in either unit, so both are tried. More than
 * 1.3 times from the nearest, it is warned; more than 1.9 times (a rate in another currency or
 * unit, a yield of another listing), it is left null. Without a rate it is kept as Yahoo's.
 */
function dividendYield(
  ctx: Context,
  quote: Quote,
  yahoo: number | null,
  rate: number | null,
): number | null {
  const price = quote.price;
  const unit = unitOf(quote.currency);
  if (yahoo === null || rate === null || !(rate > 0) || !(price! > 0) || !unit) return yahoo;
  if (!(yahoo > 0)) return yahoo;
  const candidates = unit.factor === 1
    ? [rate / price!]
    : [rate / price!, rate / (price! * unit.factor)];
  const nearest = candidates.reduce((x, y) =>
    Math.abs(Math.log(y / yahoo)) < Math.abs(Math.log(x / yahoo)) ? y : x
  );
  const gap = Math.abs(Math.log(nearest / yahoo));
  if (!(gap > OWN_DOUBT)) return yahoo;
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const apart =
    `Yahoo's dividend yield ${yahoo} against its dividend rate ${rate} over the price ${price} ${
      quote.currency ?? ""
    }, ${r4(nearest)}${
      unit.factor === 1 ? "" : ` (the rate read in ${unit.code} or ${unit.major})`
    }, ${Math.round(Math.exp(gap) * 100) / 100} times apart`;
  if (gap <= PE_REFUSE) {
    ctx.warn(
      `dividend_yield of ${quote.symbol}: ${apart}; the yield may be at another price or the rate changed, so read it with care`,
    );
    return yahoo;
  }
  ctx.warn(
    `dividend_yield of ${quote.symbol}: not shown: ${apart}: the yield or the rate is in another currency or unit, or of another listing (a depositary share's rate per ordinary share), so neither is reliable here`,
  );
  return null;
}

/**
 * Yahoo's enterprise value when cap and statements share a currency; otherwise rebuilt as the
 * cap plus net debt converted into the cap's currency (Yahoo adds one currency to another).
 */
async function enterpriseValue(
  on: Basis,
  yahoo: number | null,
  marketCap: number | null,
  netDebt: number | null,
  inCap: (v: number | null) => Promise<number | null>,
): Promise<number | null> {
  if (on.same) return minorUnitEv(on, yahoo, marketCap, netDebt);
  if (yahoo === null && netDebt === null) return yahoo;
  const nd = netDebt === null ? null : await inCap(netDebt);
  const ev = marketCap !== null && nd !== null ? marketCap + nd : null;
  if (ev === null && yahoo !== null) {
    on.refusals.push(
      `enterprise_value: Yahoo's figure mixes ${on.quote.currency ?? "?"} and ${
        on.fin ?? "an unstated currency"
      }; not shown`,
    );
  }
  return ev;
}

/**
 * Yahoo's enterprise value of a listing quoted in a minor unit (GBp), against the market cap
 * plus debt less cash, all in the major currency: Yahoo's own figures of such listings can take
 * the price in pence for pounds (OCDO.L's P/B of 185), and an EV so formed is about a hundred
 * times the cap. Apart by more than half the market cap (a date's move, or minority interests,
 * stay within that), the sum of the parts is given and Yahoo's said.
 */
function minorUnitEv(
  on: Basis,
  yahoo: number | null,
  marketCap: number | null,
  netDebt: number | null,
): number | null {
  if (!on.trade || on.trade.factor === 1 || yahoo === null || netDebt === null) return yahoo;
  if (!(marketCap! > 0)) return yahoo;
  const parts = marketCap! + netDebt;
  if (!(Math.abs(yahoo - parts) > 0.5 * marketCap!)) return yahoo;
  on.refusals.push(
    `enterprise_value of ${on.quote.symbol}: Yahoo states ${yahoo} ${on.cap}, while the market cap ${marketCap} plus debt less cash (${netDebt}) gives ${parts}: the price is in ${on.trade.code}, and Yahoo's sum may take it in ${on.trade.code} for ${on.trade.major} (or be of another date); the sum of the parts is given`,
  );
  return parts;
}

/**
 * A price-over-per-share ratio (P/E, P/B) at the price the snapshot shows: the price over the
 * first per-share figure Yahoo states (the quote row's, recorded with the price, then
 * defaultKeyStatistics'), so that the ratio agrees with the price beside it; Yahoo's own ratio
 * (quoteSummary's is taken at another moment's price) only when it states no per-share figure.
 * Refused across two currencies, since Yahoo does not say whether its per-share figures are per
 * listed share or per filer share. `on.basis` records which was used, for the citation.
 */
function perShare(
  on: Basis,
  name: string,
  yahoo: number | null,
  figures: [string, number | null | undefined][],
) {
  const [label, denominator] = figures.find(([, v]) => v !== null && v !== undefined) ??
    ["", null];
  if (yahoo === null && denominator === null) return null;
  // Earnings or book at or below zero make the ratio meaningless (Yahoo leaves it out too):
  // said, so a null reads as not computed, not as a figure nobody reported
  if (denominator !== null && denominator !== undefined && denominator <= 0) {
    const what = name === "price_to_book"
      ? "liabilities above assets"
      : name === "forward_pe"
      ? "a loss expected"
      : "a loss";
    on.refusals.push(
      `${name}: not computed: Yahoo's ${label} is ${denominator}, at or below zero (${what}), ` +
        "and a ratio of the price to it is no multiple",
    );
    return null;
  }
  if (on.same) {
    if (denominator === null || denominator === undefined || on.quote.price === null) {
      if (on.trade!.factor !== 1) return null;
      on.basis.push({ name, over: null });
      return yahoo;
    }
    // a listing quoted in a minor unit: the per-share figure's unit as the data show it, never
    // assumed (a ratio of pence over pounds is 100 times too large)
    const unit = on.perShareUnit?.unit;
    if (on.trade!.factor !== 1 && !unit) {
      on.refusals.push(
        `${name}: the price is in ${on.trade!.code}, and whether Yahoo's per-share figures are in ${
          on.trade!.code
        } or ${
          on.trade!.major
        } is not shown by the data (${on.perShareUnit?.evidence}); not computed`,
      );
      return null;
    }
    on.basis.push({ name, over: label });
    return ratioOf(
      name,
      money(on.quote.price, on.trade!.code),
      money(denominator, unit === "minor" ? on.trade!.code : on.fin),
      on.refusals,
    );
  }
  on.refusals.push(
    `${name}: the price is in ${on.quote.currency ?? "an unstated currency"} and per-share ` +
      `figures in ${
        on.fin ?? "an unstated currency"
      } (per share of the filer, not of the listing); not computed`,
  );
  return null;
}
