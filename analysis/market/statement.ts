/** fundamentals.statement: Yahoo fundamentals time series → line items per period. */
import type { Context } from "../../core/context.ts";
import { ProviderError } from "../../core/errors.ts";
import { num } from "../../providers/market_a/schemas.ts";

const MODULES = { income: "financials", balance: "balance-sheet", cashflow: "cash-flow" } as const;
/** Yahoo keeps about four fiscal years and five quarters; these windows hold the recent ones. */
const LOOKBACK_DAYS = { annual: 3 * 365 + 1, quarterly: 366 } as const;

/** `annualTotalRevenue` → `Total Revenue`. */
export function label(type: string): string {
  const bare = type.replace(/^(annual|quarterly|trailing)/, "");
  return bare.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
}

/** Yahoo stamps every item with the currency; shares, per-share and rate items need more. */
export function unitOf(type: string, currency: string | null): string | null {
  if (/EPS|PerShare/.test(type)) return currency ? `${currency} per share` : "per share";
  // share counts: OrdinarySharesNumber, BasicAverageShares, ShareIssued (shares issued)
  if (/Shares(Number|Issued)?$|AverageShares|ShareIssued$/.test(type)) return "shares";
  // rates and ratios by their word: TaxRateForCalcs is a rate (0.162), not dollars
  if (/Rate(?![a-z])|Ratio(?![a-z])/.test(type)) return "ratio";
  return currency;
}

interface Point {
  asOfDate?: string;
  currencyCode?: string;
  reportedValue?: unknown;
}

export async function statement(
  ctx: Context,
  symbol: string,
  kind: keyof typeof MODULES,
  period: "annual" | "quarterly",
) {
  const today = new Date(`${ctx.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
  const start = new Date(today.getTime() - LOOKBACK_DAYS[period] * 86_400_000);
  const series = await (await ctx.provider("market_a")).timeseries(
    symbol,
    MODULES[kind],
    period,
    start,
    today,
  );
  const periods = new Set<string>();
  const rows = [];
  for (const s of series as Record<string, unknown>[]) {
    const type = (s.meta as { type: string[] }).type[0];
    const points = (s[type] as Point[] | undefined) ?? [];
    const values: Record<string, number | null> = {};
    let unit: string | null = null;
    for (const p of points) {
      if (!p?.asOfDate) continue;
      values[p.asOfDate] = num.parse(p.reportedValue);
      periods.add(p.asOfDate);
      unit ??= p.currencyCode ?? null;
    }
    if (!Object.keys(values).length) continue;
    rows.push({ field: label(type), key: type, unit: unitOf(type, unit), values });
  }
  if (!rows.length) {
    throw new ProviderError(
      "market_a",
      `Yahoo has no ${period} ${kind} statement items for ${symbol} between ${
        start.toISOString().slice(0, 10)
      } and ${today.toISOString().slice(0, 10)}; check the symbol (funds and indexes have none)`,
    );
  }
  rows.sort((a, b) => a.field.localeCompare(b.field));
  return {
    symbol,
    statement: kind,
    period,
    periods: [...periods].sort().reverse(),
    rows,
    count: rows.length,
    provider: "market_a",
    source: "Yahoo Finance fundamentals time series (ws/fundamentals-timeseries)",
    retrieved_at: ctx.clock.now().toISOString(),
  };
}
