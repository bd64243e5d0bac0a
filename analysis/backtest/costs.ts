/**
 * Run options as the engine's SimConfig and as a result's config (backtest.run and
 * backtest.tune). No schemas here: the CLI's lean path (adapters/lean.ts) runs a tune without zod.
 */
import type { SimConfig } from "./types.ts";
import { InputError } from "../../core/errors.ts";

export type RunOptionValues = {
  timeframe: string;
  initial_cash: number;
  fees: number;
  fixed_fees: number;
  slippage: number;
  fill: "next_open" | "next_close";
  leverage: number;
  provider: string;
  warmup_bars?: number;
  drop_missing: boolean;
};

/** The largest initial_cash and fixed_fees taken: far beyond any account, far below overflow. */
const MAX_CASH = 1e15;

/** The engine configuration from parsed options, with range checks that name the argument. */
export function simConfig(o: RunOptionValues): SimConfig {
  if (!(o.initial_cash > 0)) throw new InputError("initial_cash must be above 0");
  // an account near 1e308 overflows to Infinity on its first gain, and every figure with it
  if (!(o.initial_cash <= MAX_CASH)) {
    throw new InputError(
      `initial_cash must be at most ${MAX_CASH.toExponential()} (1,000T), got ${o.initial_cash}; the metrics are the same at any account size, so use 100000 or 1M`,
    );
  }
  if (!(o.fixed_fees <= MAX_CASH)) {
    throw new InputError(
      `fixed_fees must be at most ${MAX_CASH.toExponential()} (1,000T) per order, got ${o.fixed_fees}`,
    );
  }
  if (o.fees < 0 || o.fees >= 0.5) throw new InputError("fees must be from 0 to below 0.5");
  if (o.slippage < 0 || o.slippage >= 0.5) {
    throw new InputError("slippage must be from 0 to below 0.5");
  }
  if (o.fixed_fees < 0) throw new InputError("fixed_fees must not be negative");
  return {
    initialCash: o.initial_cash,
    fees: o.fees,
    fixedFees: o.fixed_fees,
    slippage: o.slippage,
    fill: o.fill,
    leverage: o.leverage,
  };
}

/**
 * Costs that are legal but unlikely meant: a proportional fee or slippage of 2% or more of every
 * order (fees=0.1 is 10%, where 0.1% was likely meant).
 */
export function costWarnings(o: RunOptionValues): string[] {
  const out: string[] = [];
  for (const [name, v] of [["fees", o.fees], ["slippage", o.slippage]] as const) {
    if (v >= 0.02) {
      const pct = Number((v * 100).toPrecision(6));
      // fees=10 is read as 10%, where costs quoted in basis points meant 10 bps: 0.1%, the same
      // as 0.1 percent
      out.push(
        `${name}=${v} takes ${pct}% of every order's value; for ${v} percent write ${v}% (or ${
          Number((v / 100).toPrecision(6))
        }), which is also ${pct} basis points`,
      );
    }
  }
  return out;
}

/** The costs and execution part of a result's config. */
export function costConfig(o: RunOptionValues) {
  return {
    timeframe: o.timeframe,
    initial_cash: o.initial_cash,
    fees: o.fees,
    fixed_fees: o.fixed_fees,
    slippage: o.slippage,
    fill: o.fill,
    leverage: o.leverage,
    provider: o.provider,
    signal_timing: `signal on bar t's close, filled at bar t+1's ${
      o.fill === "next_open" ? "open" : "close"
    }; sells before buys; fractional shares`,
  };
}
