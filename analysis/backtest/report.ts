/**
 * Turns a simulation into the JSON a user reads: config, metrics, trades, orders, target
 * weights and the equity curve. Numbers are rounded to 6 decimals so identical inputs print
 * byte-identical JSON.
 */
import type { Metrics } from "./metrics.ts";
import type { Panel, SimResult, Targets } from "./types.ts";

/** Engine identity recorded in every config, so a result says what produced it. */
export const ENGINE = { name: "finance-backtest", version: "1.0.0" } as const;

/**
 * Rounds every number in a JSON-like value to 6 decimals (−0 becomes 0), except one under 0.001
 * (and not float dust under 1e-9), which keeps 6 significant digits.
 */
export function round6<T>(value: T): T {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return value;
    // a price under a tenth of a cent (SHIB at 0.0000123) keeps 6 significant digits, where 6
    // decimals would leave 0.000012, a tenth off; float dust (under 1e-9) still reads 0
    const size = Math.abs(value);
    if (size < 1e-3 && size >= 1e-9) return Number(value.toPrecision(6)) as T;
    // from 1e15 a double holds no sixth decimal to round, and value × 1e6 near 1e308 would
    // overflow to Infinity (a score of 1e308 reported as null)
    if (size >= 1e15) return value;
    const r = Math.round(value * 1e6) / 1e6;
    return (Object.is(r, -0) ? 0 : r) as T;
  }
  if (Array.isArray(value)) return value.map(round6) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = round6(v);
    return out as T;
  }
  return value;
}

export interface CurvePoint {
  date: string;
  equity: number;
  benchmark: number;
  drawdown_pct: number;
}

/**
 * The equity curve from the first evaluation bar, thinned to about `maxPoints` evenly spaced
 * bars (0 = every bar). The first and last bars and the worst drawdown's peak and trough are
 * always kept so the thinned curve shows the same extremes.
 */
export function equityCurve(
  panel: Panel,
  equity: Float64Array,
  benchmark: Float64Array,
  dd: Float64Array,
  keep: number[],
  maxPoints: number,
): CurvePoint[] {
  const from = panel.start;
  const n = panel.dates.length;
  const count = n - from;
  const step = maxPoints > 0 && count > maxPoints ? Math.ceil(count / maxPoints) : 1;
  const pick = new Set<number>();
  for (let t = from; t < n; t += step) pick.add(t);
  pick.add(n - 1);
  for (const k of keep) if (k >= from) pick.add(k);
  return [...pick].sort((a, b) => a - b).map((t) => ({
    date: panel.dates[t],
    equity: equity[t],
    benchmark: benchmark[t],
    drawdown_pct: dd[t],
  }));
}

/**
 * The trades as rows. A trade is every fill from its first entry to the fill that closes it:
 * entry_price and exit_price are size-weighted averages over its entry and its closing fills
 * (a position sold in two parts exits at neither part's price), so each row counts its fills
 * and dates the last entry and the first exit beside the first entry and the last exit.
 */
export function tradeRows(panel: Panel, sim: SimResult) {
  // a symbol's orders in bar order: one per symbol a bar, so a reversal's order is the exit of
  // one trade and the entry of the next, told apart by its side
  const bySymbol = new Map<number, { bar: number; side: number }[]>();
  for (const o of sim.orders) {
    const list = bySymbol.get(o.symbol) ?? [];
    list.push({ bar: o.bar, side: Math.sign(o.size) });
    bySymbol.set(o.symbol, list);
  }
  return sim.trades.map((tr) => {
    const side = tr.direction === "long" ? 1 : -1;
    const last = tr.exitBar ?? panel.dates.length - 1;
    const fills = (bySymbol.get(tr.symbol) ?? []).filter((f) =>
      f.bar >= tr.entryBar && f.bar <= last
    );
    const entries = fills.filter((f) => f.side === side);
    const exits = tr.exitBar === null ? [] : fills.filter((f) => f.side === -side);
    return {
      symbol: panel.symbols[tr.symbol],
      direction: tr.direction,
      status: tr.status,
      entry_date: panel.dates[tr.entryBar],
      last_entry_date: panel.dates[entries.at(-1)?.bar ?? tr.entryBar],
      entry_fills: Math.max(1, entries.length),
      entry_price: tr.entryPrice,
      first_exit_date: tr.exitBar === null ? null : panel.dates[exits[0]?.bar ?? tr.exitBar],
      exit_date: tr.exitBar === null ? null : panel.dates[tr.exitBar],
      exit_fills: tr.exitBar === null ? 0 : Math.max(1, exits.length),
      exit_price: tr.exitPrice,
      size: tr.size,
      pnl: tr.pnl,
      return_pct: tr.returnPct,
      fees: tr.fees,
      bars_held: last - tr.entryBar,
    };
  });
}

export function orderRows(panel: Panel, sim: SimResult) {
  return sim.orders.map((o) => ({
    date: panel.dates[o.bar],
    symbol: panel.symbols[o.symbol],
    side: (o.size > 0 ? "buy" : "sell") as "buy" | "sell",
    size: Math.abs(o.size),
    price: o.price,
    value: Math.abs(o.size) * o.price,
    fees: o.fees,
    cash_limited: o.limited,
  }));
}

/** Bars where the strategy set a target for any symbol, with the bar the orders fill on. */
export function targetRows(panel: Panel, targets: Targets) {
  const rows: { signal_date: string; fill_date: string | null; weights: Record<string, number> }[] =
    [];
  for (let t = panel.start; t < panel.dates.length; t++) {
    const weights: Record<string, number> = {};
    let any = false;
    panel.symbols.forEach((sym, s) => {
      const w = targets[s][t];
      if (!Number.isNaN(w)) {
        weights[sym] = w;
        any = true;
      }
    });
    if (any) {
      rows.push({ signal_date: panel.dates[t], fill_date: panel.dates[t + 1] ?? null, weights });
    }
  }
  return rows;
}

/** Keeps the first `max` items (0 = all) and says whether anything was cut. */
export function capped<T>(items: T[], max: number): { items: T[]; truncated: boolean } {
  if (max <= 0 || items.length <= max) return { items, truncated: false };
  return { items: items.slice(0, max), truncated: true };
}

export type { Metrics };
