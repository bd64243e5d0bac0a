/**
 * valuation.multiples and valuation.scenario. Market cap, enterprise value and shares always
 * come from the Yahoo snapshot (a configured second quote provider never replaces them).
 */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { snapshot } from "./snapshot.ts";

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const ratio = (a: number | null, b: number | null) =>
  a !== null && b !== null && b !== 0 ? r4(a / b) : null;

interface StatementData {
  periods: string[];
  rows: { key: string; unit: string | null; values: Record<string, number | null> }[];
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
    if (typeof v === "number") return { value: v, period: p, unit: row!.unit };
  }
  return null;
}

export async function multiples(ctx: Context, symbol: string) {
  const [snap, fy] = await Promise.all([snapshot(ctx, symbol), fiscalRevenue(ctx, symbol)]);
  const revenue = fy?.value ?? snap.total_revenue_ttm;
  const warnings: string[] = [];
  if (revenue === null) warnings.push("revenue unavailable: no multiples of sales");
  if (snap.market_cap === null) warnings.push("market_cap unavailable");
  if (snap.enterprise_value === null) warnings.push("enterprise_value unavailable");
  if (fy?.unit && snap.currency && fy.unit !== snap.currency) {
    warnings.push(
      `revenue is in ${fy.unit} but the price is in ${snap.currency}; ratios mix currencies`,
    );
  }
  for (const w of warnings) ctx.warn(w);
  return {
    symbol: snap.symbol,
    price: snap.price,
    currency: snap.currency,
    market_cap: snap.market_cap,
    enterprise_value: snap.enterprise_value,
    cash: snap.cash,
    debt: snap.debt,
    net_debt: snap.net_debt,
    revenue,
    revenue_period: fy?.period ?? null,
    revenue_period_type: (fy ? "FY" : revenue !== null ? "TTM" : null) as "FY" | "TTM" | null,
    multiples: {
      price_to_sales: ratio(snap.market_cap, revenue),
      ev_to_sales: ratio(snap.enterprise_value, revenue),
      price_to_sales_ttm: ratio(snap.market_cap, snap.total_revenue_ttm),
      ev_to_sales_ttm: ratio(snap.enterprise_value, snap.total_revenue_ttm),
      trailing_pe: snap.valuation.trailing_pe,
      forward_pe: snap.valuation.forward_pe,
      ev_to_ebitda: snap.valuation.ev_to_ebitda,
    },
    as_of: snap.as_of,
    sources: [
      "symbol.snapshot (Yahoo quote and quoteSummary)",
      ...(fy ? ["fundamentals.statement (Yahoo fundamentals time series)"] : []),
    ],
    warnings,
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

export async function scenario(ctx: Context, a: ScenarioArgs) {
  if (!(a.revenue > 0)) throw new InputError("revenue must be greater than 0");
  for (const k of ["bear_multiple", "base_multiple", "bull_multiple"] as const) {
    if (!(a[k] >= 0)) throw new InputError(`${k} must be 0 or more`);
  }
  if (a.shares !== undefined && !(a.shares > 0)) {
    throw new InputError("shares must be greater than 0");
  }
  const snap = await snapshot(ctx, a.symbol);
  const price = snap.price;
  let shares: number | null = a.shares ?? null;
  let shares_source: Record<string, string | null> | null = a.shares
    ? { source: "user_input", as_of: null }
    : null;
  if (shares === null && snap.shares_outstanding !== null) {
    shares = snap.shares_outstanding;
    shares_source = { source: "Yahoo sharesOutstanding (quote)", as_of: snap.as_of };
  } else if (shares === null && snap.market_cap !== null && price) {
    shares = snap.market_cap / price;
    shares_source = { source: "derived: market_cap / price", as_of: snap.as_of };
  }
  const warnings: string[] = [];
  if (shares === null) warnings.push("no share count: implied prices are null; pass shares=");
  for (const w of warnings) ctx.warn(w);
  const cases = (["bear", "base", "bull"] as const).map((c) => {
    const multiple = a[`${c}_multiple`];
    const cap = a.revenue * multiple;
    const implied = shares ? r4(cap / shares) : null;
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
    shares,
    shares_source,
    assumptions: { revenue: a.revenue, multiple_basis: "price_to_sales" },
    cases,
    as_of: snap.as_of,
    warnings,
  };
}
