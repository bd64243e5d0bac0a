/**
 * Bars in columns beside their rows. A provider that parses straight into columns (Stooq) builds
 * its rows from them and registers the columns with the row array, so a caller in the same
 * process that gets those very rows back (a backtest reading market.ohlcv) reads the columns
 * instead of 5,000 row objects. The rows are what every user sees; the columns are a faster view
 * of the same values, never passed on.
 */
import type { Bar } from "./market_a/bars.ts";
import { vouchJsonSafe } from "../core/envelope.ts";

/** One value per bar, ascending dates; NaN where the row has null. */
export interface BarColumns {
  dates: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  adjClose: Float64Array;
  volume: Float64Array;
  /**
   * Set by a reader that saw, while it read them, that the dates strictly ascend, every open,
   * high, low and close is above zero and every volume is a number: a backtest then uses the
   * columns as they are.
   */
  clean?: boolean;
  /**
   * The first and last dates of the provider's whole answer, set when the window held none of
   * its bars (Stooq sends a listing's whole history), so that the empty answer can say why.
   */
  span?: { first: string; last: string };
}

const registry = new WeakMap<readonly Bar[], BarColumns>();
const deferred = new WeakMap<object, BarColumns>();

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

/**
 * Gives `holder` its `rows` (where the property already stands, enumerable) as the rows of
 * `cols`, built when first read: a caller in the same process that reads the columns
 * ({@link columnsBehind}) never pays for a row object per bar, and every other reader (a JSON
 * copy, a view) gets the very rows {@link rowsOfColumns} builds. Once read or set, `rows` is an
 * ordinary data property.
 */
export function deferRows(holder: { rows: Bar[] }, cols: BarColumns): void {
  deferred.set(holder, cols);
  const settle = (target: object, rows: Bar[]) =>
    Object.defineProperty(target, "rows", {
      value: rows,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  Object.defineProperty(holder, "rows", {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const rows = rowsOfColumns(cols);
      settle(this, rows);
      return rows;
    },
    set(this: object, rows: Bar[]) {
      settle(this, rows);
    },
  });
}

/**
 * The columns behind an object's `rows` without building them: those given to
 * {@link deferRows} while the rows are unread, else those {@link rowsOfColumns} built the rows
 * from.
 */
export function columnsBehind(holder: { rows?: unknown } | undefined): BarColumns | undefined {
  if (!holder) return undefined;
  const cols = deferred.get(holder);
  if (cols && Object.getOwnPropertyDescriptor(holder, "rows")?.get) return cols;
  return Array.isArray(holder.rows) ? columnsOf(holder.rows) : undefined;
}

/** Bars `lo` to `hi` (exclusive) of `cols`. */
export function sliceColumns(cols: BarColumns, lo: number, hi: number): BarColumns {
  const close = cols.close.slice(lo, hi);
  return {
    dates: cols.dates.slice(lo, hi),
    open: cols.open.slice(lo, hi),
    high: cols.high.slice(lo, hi),
    low: cols.low.slice(lo, hi),
    close,
    adjClose: cols.adjClose === cols.close ? close : cols.adjClose.slice(lo, hi),
    volume: cols.volume.slice(lo, hi),
    clean: cols.clean,
  };
}
