/**
 * Shared shapes of the backtest engine. Prices live in typed arrays, one per symbol, aligned on
 * one calendar of dates, so every strategy and the simulator index bars the same way.
 */
import type { OrderRows } from "./rows.ts";

/** Aligned bars of several symbols. `start` is the first bar of the evaluation window; bars before it are warm-up only. */
export interface Panel {
  symbols: string[];
  /** `YYYY-MM-DD` (or ISO date-time for intraday bars), ascending, one per bar. */
  dates: string[];
  open: Float64Array[];
  high: Float64Array[];
  low: Float64Array[];
  close: Float64Array[];
  volume: Float64Array[];
  /** Index of the first bar that is traded and measured. */
  start: number;
  /**
   * Per symbol (sparse), 1 on the bars it had no bar of its own and its last close was carried;
   * absent when none was.
   */
  carried?: (Uint8Array | undefined)[];
}

/** A strategy parameter as shown by backtest.describe. */
export type ParamSpec = {
  type: "integer" | "number" | "string";
  default: number | string;
  description: string;
  min?: number;
  max?: number;
  allowed?: string[];
};

export type Params = Record<string, number | string>;

/**
 * Target weights per symbol per bar: `targets[s][t]` is decided with data up to bar t's close
 * and filled at bar t+1. NaN means "no order" (hold what is held).
 */
export type Targets = Float64Array[];

/** Per-run memo of indicator arrays, shared by the runs of one tune so each is computed once. */
export type IndicatorCache = Map<string, Float64Array>;

export interface StrategyDef {
  name: string;
  summary: string;
  /** How the weights are formed, in words (shown by describe). */
  rule: string;
  parameters: Record<string, ParamSpec>;
  /** Cross-parameter check; returns an error message or null. */
  check?(p: Params): string | null;
  /** What the parameters make of a run on `symbols` symbols, when it is not what they say. */
  note?(p: Params, symbols: number): string | null;
  /** Bars of history the first evaluation bar needs (loaded before start_date). */
  warmup(p: Params): number;
  /**
   * The orders of one run as rows: the bars with orders and their target weights. With `out`,
   * they are written into those rows and returned (a tune reuses one set for all its runs).
   */
  orders(panel: Panel, p: Params, cache: IndicatorCache, out?: OrderRows): OrderRows;
  /** The same orders as target weights on every bar (NaN where there is no order). */
  targets(panel: Panel, p: Params, cache: IndicatorCache, out?: Targets): Targets;
}

/** Costs and execution rules of a simulation. */
export interface SimConfig {
  initialCash: number;
  /** Proportional fee, fraction of order value. */
  fees: number;
  /** Fee per order, in cash units. */
  fixedFees: number;
  /** Fraction of price paid on buys and given up on sells. */
  slippage: number;
  /** Signal at bar t's close fills at bar t+1's open or close. */
  fill: "next_open" | "next_close";
  /** Gross exposure allowed as a multiple of equity; 1 = cash never negative. */
  leverage: number;
  /** False: leave `orders` empty (a tune measures runs and never shows their orders). */
  recordOrders?: boolean;
}

export interface Order {
  bar: number;
  symbol: number;
  /** Signed shares: positive buys, negative sells. */
  size: number;
  /** Fill price after slippage. */
  price: number;
  fees: number;
  /** True when the order was cut to the cash available. */
  limited: boolean;
}

export interface Trade {
  symbol: number;
  direction: "long" | "short";
  entryBar: number;
  exitBar: number | null;
  /** Largest absolute position held during the trade, in shares. */
  size: number;
  entryPrice: number;
  exitPrice: number | null;
  fees: number;
  pnl: number;
  returnPct: number;
  status: "closed" | "open";
}

export interface SimResult {
  /** Portfolio value at each bar's close (bars before `start` hold initial cash). */
  equity: Float64Array;
  /** Gross exposure (Σ|position value|) / equity at each bar's close. */
  exposure: Float64Array;
  orders: Order[];
  trades: Trade[];
  feesPaid: number;
  /** Signals on the final bar cannot fill inside the window. */
  unfilledAtEnd: number;
  /** Sales not placed because their proceeds after fees did not cover the fixed fee. */
  belowFixedFee?: number;
  /** Buys not placed because no cash was left for them once the fixed fees were set aside. */
  unfundedBuys?: number;
}
