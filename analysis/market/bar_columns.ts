/**
 * Bars in columns beside their rows. A provider that parses straight into columns (Stooq) builds
 * its rows from them and registers the columns with the row array, so a caller in the same
 * process that gets those very rows back (a backtest reading market.ohlcv) reads the columns
 * instead of 5,000 row objects. The rows are what every user sees; the columns are a faster view
 * of the same values, never passed on.
 */
import type { Bar } from "../../providers/market_a/bars.ts";
import { vouchJsonSafe } from "../../core/envelope.ts";

/** One value per bar, ascending dates; NaN where the row has null. */
export interface BarColumns {
  dates: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  adjClose: Float64Array;
  volume: Float64Array;
}

const registry = new WeakMap<readonly Bar[], BarColumns>();

/** The columns the rows were built from, if they were (and the array was not copied). */
export function columnsOf(rows: readonly unknown[] | undefined): BarColumns | undefined {
  return rows ? registry.get(rows as Bar[]) : undefined;
}

/**
 * The rows of `cols` (null for NaN), registered with their columns and known JSON-safe (finite
 * numbers, null and date strings only), so an in-process answer is used without walking them.
 * The rows must not be changed afterwards.
 */
export function rowsOfColumns(cols: BarColumns): Bar[] {
  const { dates, open, high, low, close, adjClose, volume } = cols;
  const k = dates.length;
  const rows: Bar[] = new Array(k);
  const v = (x: number) => (x === x ? x : null);
  for (let i = 0; i < k; i++) {
    rows[i] = {
      date: dates[i],
      open: v(open[i]),
      high: v(high[i]),
      low: v(low[i]),
      close: v(close[i]),
      adj_close: v(adjClose[i]),
      volume: v(volume[i]),
    };
  }
  registry.set(rows, cols);
  vouchJsonSafe(rows);
  return rows;
}
