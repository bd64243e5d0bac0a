/**
 * Run options shared by backtest.run and backtest.tune (costs, fills, data source, output
 * size), as argument schemas and as the engine's SimConfig.
 */
import { z } from "zod";
import { amount, rate } from "../../core/schema.ts";

export { costConfig, costWarnings, type RunOptionValues, simConfig } from "./costs.ts";

/** Argument schemas of the run options, merged into both commands' args. */
export const RUN_OPTION_ARGS = {
  timeframe: z.string().default("1d").describe(
    "Bar interval passed to market.ohlcv: 1d (default), 1wk, 1mo, 1h… Annualisation follows it " +
      "(252 bars a year for 1d; 365 when the bars include weekends, as crypto's do).",
  ),
  initial_cash: amount().default(100000).describe("Starting cash, e.g. 100000 or 1M."),
  fees: rate(undefined, "fees").default(0.001).describe(
    "Proportional fee per order as a fraction of its value (0.001 = 0.1%, the default).",
  ),
  fixed_fees: amount().default(0).describe("Flat fee per order in cash units (default 0)."),
  slippage: rate(undefined, "slippage").default(0).describe(
    "Price concession per fill: buys pay price × (1 + slippage), sells get price × " +
      "(1 − slippage). Default 0.",
  ),
  fill: z.enum(["next_open", "next_close"]).default("next_open").describe(
    "When a signal made on bar t's close is filled: at bar t+1's open (default) or close.",
  ),
  leverage: z.number().min(1).max(10).default(1).describe(
    "Gross exposure allowed as a multiple of equity. 1 (default) means cash never goes negative.",
  ),
  provider: z.string().default("auto").describe(
    "market.ohlcv provider for the bars (default auto).",
  ),
  warmup_bars: z.int().min(0).max(5000).optional().describe(
    "Bars loaded before start_date so indicators are ready on the first day. Default: what the " +
      "strategy needs (e.g. slow for sma_cross); custom strategies default to 0.",
  ),
  drop_missing: z.boolean().default(false).describe(
    "When a symbol has no bars: false (default) fails naming it; true continues without it and " +
      "says so in warnings and data.missing_symbols.",
  ),
};

/** Names that are run options, not strategy parameters (for hints in error messages). */
export const RUN_OPTION_NAMES = Object.keys(RUN_OPTION_ARGS);
