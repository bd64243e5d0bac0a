import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import {
  figureCurrenciesShape,
  fxShape,
  profileFieldsShape,
} from "../../analysis/market/snapshot.ts";
import { fundShape } from "../../analysis/market/fund.ts";

const n = z.number().nullable();
const s = z.string().nullable();

export default defineCommand({
  name: "symbol.snapshot",
  summary: "Price, market cap, valuation and profile of a symbol in one call",
  description:
    "One view of a listed company: last price and its time, market cap, enterprise value, " +
    "shares, cash and debt, valuation ratios (P/E, P/S, P/B, EV/revenue, EV/EBITDA), sector, " +
    "industry and the SEC CIK for US tickers. Each group of fields names its source. Use " +
    "symbol.profile for the description, address and officers; market.quote when only the price " +
    "matters; valuation.multiples to compute multiples from reported revenue. Every figure " +
    "states its currency (figure_currencies): market cap and enterprise value in the trading " +
    "currency's major unit (GBP for a GBp listing), statement figures in financial_currency. " +
    "P/E and P/B are taken at the price shown (the price over Yahoo's per-share figure, " +
    "cited in sources, each source with the URLs read), and checked against the market cap " +
    "over net income to common (without earnings above zero, revenue or cash per share " +
    "against its total over the listed shares; with nothing to check, a warning says so): far " +
    "apart (an ADR's per-share figures per ordinary share), P/E and P/B are null with a " +
    "warning, and forward P/E too unless its EPS is shown per listed share (as many times the " +
    "trailing EPS as the gap). Yahoo's EV/revenue and EV/EBITDA more than 1.3 times from the " +
    "figures shown are replaced by their ratio, and its dividend yield is checked against its " +
    "dividend rate over the price, each with a warning. For a listing quoted in a minor unit " +
    "(GBp), an enterprise value more than half the market cap from the market cap plus debt " +
    "less cash (Yahoo's sum with the price in pence) is replaced by that sum, with a warning. " +
    "An index has no currency (its level is in points). A ratio across two currencies is " +
    "computed after converting at Yahoo's exchange-rate quote (cited as fx) or is null with " +
    "a warning naming both currencies; Yahoo's own mixed-currency ratios are never passed " +
    "on. financial_currency is null with a warning when Yahoo's quote and financialData " +
    "state different ones or a minor unit (ZAc). A preferred share, warrant, right or unit " +
    "(BAC-PL, XYZ-WT, ABCDW) has no P/E or P/B, " +
    "since Yahoo's per-share figures beside it are the common share's. P/E and P/B on " +
    "earnings or book at or below zero are null with a warning; a ratio below zero, or an " +
    "EV/EBITDA above zero only because both are negative, is warned. The CIK is null " +
    "with a warning when SEC's filer of the ticker is not the company Yahoo names. " +
    "Futures, currency pairs and cryptocurrencies have no company figures; their price's unit " +
    "is warned as in market.quote. When quoteSummary has nothing for a listing the quote's " +
    "fields are returned with a warning naming what is missing.",
  usage: "finance symbol.snapshot SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "as_of", "sources", "provider"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker in any common form (AAPL, BRK.B, SAP.DE, 0700.HK)."),
  }),
  data: z.object({
    symbol: z.string(),
    provider_symbol: z.string(),
    company_name: s,
    ...profileFieldsShape,
    cik: s,
    price: n,
    change_pct: n,
    currency: s,
    exchange: s,
    market_state: s,
    market_cap: n,
    enterprise_value: n,
    shares_outstanding: n,
    total_revenue_ttm: n,
    ebitda_ttm: n,
    cash: n,
    debt: n,
    net_debt: n,
    financial_currency: s,
    figure_currencies: figureCurrenciesShape,
    fx: fxShape.nullable(),
    valuation: z.object({
      trailing_pe: n,
      forward_pe: n,
      price_to_sales_ttm: n,
      price_to_book: n,
      ev_to_revenue: n,
      ev_to_ebitda: n,
      dividend_yield: n.describe(
        "A fraction, as Yahoo states it: 0.0041 is 0.41%. Checked against Yahoo's dividend " +
          "rate over the price: more than 1.9 times apart it is null with a warning. For a " +
          "listing whose statements are in another currency, or that may be a depositary " +
          "share, also against the payout ratio times net income over the market cap (in one " +
          "currency): more than 3 times apart (a rate in the statements' currency or per " +
          "ordinary share) it is null with a warning. Across two currencies, when the payout " +
          "does not rule out a rate in the statements' currency, it is kept and a warning " +
          "gives the yield of that reading.",
      ),
      beta: n,
    }),
    fund: fundShape.nullable().describe(
      "For an ETF or mutual fund (else null): net assets, NAV, yield and three-year beta. A " +
        "fund's market cap, enterprise value and P/E, P/S, P/B and EV ratios are then null, " +
        "since they would be a company's figures.",
    ),
    not_computed: z.record(z.string(), z.string()).describe(
      "Why a figure or ratio above is null although its inputs were reported, by field name " +
        "(two currencies without a rate, per-share figures of another share); also in warnings.",
    ),
    as_of: s,
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
    provider: z.string(),
    sources: z.array(z.object({
      fields: z.string(),
      source: z.string(),
      urls: z.array(z.string()).describe(
        "The addresses read for these fields (empty for a ratio formed from figures above).",
      ),
    })),
  }),
  view: "snapshot",
  examples: ["finance symbol.snapshot AAPL", "finance symbol.snapshot MSFT --output compact"],
  async run(args, ctx) {
    const { snapshot } = await import("../../analysis/market/snapshot.ts");
    const { sourceUrls } = await import("../market/_sources.ts");
    const d = await snapshot(ctx, args.symbol);
    const fx = d.fx?.symbol ?? null;
    // the URLs this call read (keys and crumbs removed), never ones built from the source's name
    const read = sourceUrls(ctx);
    return {
      ...d,
      sources: d.sources.map((s) => ({
        ...s,
        urls: readFor(read, s.fields, s.source, d.provider_symbol, fx),
      })),
    };
  },
});

/** `url` unescaped, upper case: `EURUSD%3DX` and `eurusd=x` read as EURUSD=X. */
function plain(url: string): string {
  try {
    return decodeURIComponent(url).toUpperCase();
  } catch {
    return url.toUpperCase();
  }
}

/**
 * The URLs read for one of the snapshot's citations: SEC's ticker list for the CIK, the quote,
 * chart or quoteSummary requests naming the symbol (the FX pair's for `fx` fields). A ratio taken
 * from figures above cites those figures' rows: none.
 */
function readFor(
  read: string[],
  fields: string,
  source: string,
  symbol: string,
  fxSymbol: string | null,
): string[] {
  const sym = (fields.startsWith("fx ") && fxSymbol ? fxSymbol : symbol).toUpperCase();
  const naming = (path: string) =>
    read.filter((u) =>
      u.includes(path) && new RegExp(`[/=,]${escape(sym)}(?:[?&,/]|$)`).test(plain(u))
    );
  if (source.startsWith("SEC EDGAR company tickers")) {
    return read.filter((u) => u.includes("/company_tickers"));
  }
  if (source.startsWith("Yahoo Finance chart API")) return naming("/finance/chart/");
  if (source.startsWith("Yahoo Finance quote API")) return naming("/finance/quote?");
  if (source.startsWith("Yahoo Finance quoteSummary API")) return naming("/finance/quoteSummary/");
  return [];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
