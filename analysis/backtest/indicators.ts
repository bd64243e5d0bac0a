/** Rolling indicators on typed arrays. Output is NaN until the window is full. */

/** Simple moving average over `window` bars (O(n) with a running sum). */
export function sma(x: Float64Array, window: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    sum += x[i];
    if (i >= window) sum -= x[i - window];
    if (i >= window - 1) out[i] = sum / window;
  }
  return out;
}

/** Rolling population standard deviation over `window` bars. */
export function rollingStd(x: Float64Array, window: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < x.length; i++) {
    sum += x[i];
    sq += x[i] * x[i];
    if (i >= window) {
      sum -= x[i - window];
      sq -= x[i - window] * x[i - window];
    }
    if (i >= window - 1) {
      const mean = sum / window;
      out[i] = Math.sqrt(Math.max(0, sq / window - mean * mean));
    }
  }
  return out;
}

/**
 * RSI with simple (not exponential) means of gains and losses over `window` close-to-close
 * changes: 100 − 100 / (1 + gain / loss). All-gain windows give 100, flat windows 50.
 */
export function rsi(close: Float64Array, window: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(NaN);
  let up = 0;
  let down = 0;
  for (let i = 1; i < n; i++) {
    const d = close[i] - close[i - 1];
    if (d > 0) up += d;
    else down -= d;
    if (i > window) {
      const old = close[i - window] - close[i - window - 1];
      if (old > 0) up -= old;
      else down += old;
    }
    if (i >= window) {
      // Running sums drift by ~1e-12; clamp so a flat window is exactly flat.
      const u = up < 1e-12 ? 0 : up;
      const dn = down < 1e-12 ? 0 : down;
      out[i] = u + dn === 0 ? 50 : dn === 0 ? 100 : 100 - 100 / (1 + u / dn);
    }
  }
  return out;
}

/** Highest value of the `window` bars before bar i (bar i excluded); NaN values are skipped. */
export function priorMax(x: Float64Array, window: number): Float64Array {
  return priorExtreme(x, window, 1);
}

/** Lowest value of the `window` bars before bar i (bar i excluded); NaN values are skipped. */
export function priorMin(x: Float64Array, window: number): Float64Array {
  return priorExtreme(x, window, -1);
}

/**
 * The extreme (`sign` 1: highest, −1: lowest) of the `window` values before each bar, in one pass
 * with a monotonic queue of candidate bars (each bar enters and leaves it once), where a scan of
 * the window at every bar took bars × window steps (a 5,000-bar channel over 20,000 bars: 10⁸).
 * −Infinity (+Infinity) when the window holds no number, as the scan gave.
 */
function priorExtreme(x: Float64Array, window: number, sign: 1 | -1): Float64Array {
  const n = x.length;
  const out = new Float64Array(n).fill(NaN);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (i >= window) {
      while (head < tail && queue[head] < i - window) head++;
      out[i] = head < tail ? x[queue[head]] : -sign * Infinity;
    }
    const v = x[i];
    if (v !== v) continue; // NaN is never an extreme
    while (head < tail && sign * x[queue[tail - 1]] <= sign * v) tail--;
    queue[tail++] = i;
  }
  return out;
}

/** Fractional change over `lookback` bars: x[i] / x[i − lookback] − 1. */
export function change(x: Float64Array, lookback: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = lookback; i < x.length; i++) out[i] = x[i] / x[i - lookback] - 1;
  return out;
}

/** Memoised indicator: computed once per (name, symbol, window) within a run or tune. */
export function cached(
  cache: Map<string, Float64Array>,
  key: string,
  compute: () => Float64Array,
): Float64Array {
  let v = cache.get(key);
  if (!v) {
    v = compute();
    cache.set(key, v);
  }
  return v;
}
