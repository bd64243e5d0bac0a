/** Result schemas of the backtest commands (checked in tests; documented in the OpenAPI). */
import { z } from "zod";

const num = z.number();
const numOrNull = z.number().nullable();

export const ENGINE_SCHEMA = z.strictObject({ name: z.string(), version: z.string() });

export const METRICS_SCHEMA = z.strictObject({
  start_value: num,
  end_value: num,
  total_return_pct: num,
  cagr_pct: numOrNull.describe(
    "Compound annual growth rate, %: (end_value / start_value)^(1 / years) − 1, with years the " +
      "calendar span from the first to the last bar date in 365.25-day years for bars of a day " +
      "or longer (as ffn and QuantStats count; bars missing inside the window do not shorten " +
      "it), and bars ÷ periods_per_year for intraday bars. volatility_pct and the Sharpe and " +
      "Sortino ratios annualise by periods_per_year (bars), as empyrical and vectorbt do.",
  ),
  benchmark_return_pct: num,
  excess_return_pct: num,
  max_drawdown_pct: num,
  max_drawdown_peak_date: z.string().nullable(),
  max_drawdown_trough_date: z.string().nullable(),
  max_drawdown_recovery_date: z.string().nullable(),
  volatility_pct: numOrNull,
  sharpe_ratio: numOrNull,
  sortino_ratio: numOrNull,
  calmar_ratio: numOrNull,
  omega_ratio: numOrNull,
  total_trades: z.int(),
  closed_trades: z.int(),
  win_rate_pct: numOrNull,
  profit_factor: numOrNull,
  expectancy: numOrNull,
  exposure_pct: num,
  total_fees_paid: num,
  bars: z.int(),
  periods_per_year: num,
});

const SOURCE = z.strictObject({
  provider: z.string().nullable(),
  source: z.string().nullable(),
  currency: z.string().nullable(),
  rows: z.int(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  price_adjustment: z.enum(["total_return", "splits_only", "none"]),
  provider_price_basis: z.string().nullable(),
  source_urls: z.array(z.string()),
});

export const DATA_SECTION = z.strictObject({
  symbols: z.array(z.string()),
  missing_symbols: z.array(z.string()),
  bars: z.int(),
  warmup_bars_loaded: z.int(),
  first_date: z.string(),
  last_date: z.string(),
  sources: z.record(z.string(), SOURCE),
});

export const COST_CONFIG = {
  timeframe: z.string(),
  initial_cash: num,
  fees: num,
  fixed_fees: num,
  slippage: num,
  fill: z.enum(["next_open", "next_close"]),
  leverage: num,
  provider: z.string(),
  signal_timing: z.string(),
};

/** One row of backtest.run's trades (analysis/backtest/report.ts, tradeRows). */
export const TRADE_ROW_SCHEMA = z.strictObject({
  symbol: z.string(),
  direction: z.enum(["long", "short"]),
  status: z.enum(["closed", "open"]),
  entry_date: z.string().describe("Date of the trade's first entry fill."),
  last_entry_date: z.string().describe(
    "Date of its last entry fill (entry_date when it was entered in one fill).",
  ),
  entry_fills: z.int().describe("Fills that opened or added to the position."),
  entry_price: num.describe(
    "Average entry price: the size-weighted average of the entry fills' prices (with " +
      "slippage, before fees), not a price quoted on entry_date when entry_fills > 1.",
  ),
  first_exit_date: z.string().nullable().describe(
    "Date of its first closing fill (a partial sale); null while open.",
  ),
  exit_date: z.string().nullable().describe(
    "Date of the fill that closed it (its last closing fill); null while open.",
  ),
  exit_fills: z.int().describe("Fills that reduced or closed the position (0 while open)."),
  exit_price: numOrNull.describe(
    "Average exit price: the size-weighted average of the closing fills' prices (with " +
      "slippage, before fees), not the price of the exit_date fill when exit_fills > 1; null " +
      "while open.",
  ),
  size: num,
  pnl: num,
  return_pct: num,
  fees: num,
  bars_held: z.int(),
});

export const RUN_DATA = z.strictObject({
  run_type: z.literal("backtest"),
  engine: ENGINE_SCHEMA,
  config: z.strictObject({
    strategy: z.string(),
    symbols: z.array(z.string()),
    start_date: z.string(),
    end_date: z.string(),
    params: z.record(z.string(), z.unknown()),
    strategy_file: z.string().nullable(),
    ...COST_CONFIG,
    warmup_bars: z.int(),
    price_basis: z.string(),
    benchmark: z.string(),
    isolation: z.string().nullable(),
    engine: ENGINE_SCHEMA,
  }),
  data: DATA_SECTION,
  metrics: METRICS_SCHEMA,
  counts: z.strictObject({
    trades: z.int(),
    orders: z.int(),
    target_rows: z.int(),
    cash_limited_orders: z.int(),
    equity_points: z.int(),
  }),
  truncated: z.strictObject({
    trades: z.boolean(),
    orders: z.boolean(),
    target_weights: z.boolean(),
  }),
  equity_curve: z.array(z.strictObject({
    date: z.string(),
    equity: num,
    benchmark: num,
    drawdown_pct: num,
  })),
  trades: z.array(TRADE_ROW_SCHEMA),
  orders: z.array(z.strictObject({
    date: z.string(),
    symbol: z.string(),
    side: z.enum(["buy", "sell"]),
    size: num,
    price: num,
    value: num,
    fees: num,
    cash_limited: z.boolean(),
  })),
  target_weights: z.array(z.strictObject({
    signal_date: z.string(),
    fill_date: z.string().nullable(),
    weights: z.record(z.string(), num),
  })),
  plot_path: z.string().nullable(),
});
