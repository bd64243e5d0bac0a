/**
 * Built-in strategies. Each turns aligned bars into target weights; a weight decided at bar t's
 * close is filled at bar t+1 by the simulator, so no strategy can trade on the bar it saw.
 * Indicators use the warm-up bars loaded before start_date, so signals exist from the first
 * evaluation bar; positions start flat on that bar.
 */
import { cached, change, priorMax, priorMin, rollingStd, rsi, sma } from "./indicators.ts";
import type { IndicatorCache, Panel, Params, StrategyDef, Targets } from "./types.ts";
import { rowsFor, rowsToTargets, type Toggles } from "./rows.ts";

/** Empty targets (all NaN = no order); into `out` when given (buffers reused by a tune). */
export function noOrders(panel: Panel, out?: Targets): Targets {
  const n = panel.dates.length;
  if (out && out.length === panel.symbols.length && out.every((row) => row.length === n)) {
    for (const row of out) row.fill(NaN);
    return out;
  }
  return panel.symbols.map(() => new Float64Array(n).fill(NaN));
}

/**
 * Entry/exit signals to weights. Walking bars from the evaluation start: an exit deactivates an
 * active symbol, then an entry activates an inactive one. On a bar where anything changed, the
 * whole row is rebalanced to 1/k for the k active symbols and 0 for the rest; other bars place
 * no orders.
 */
export function signalsToTargets(
  panel: Panel,
  entry: (s: number, t: number) => boolean,
  exit: (s: number, t: number) => boolean,
): Targets {
  const targets = noOrders(panel);
  const m = panel.symbols.length;
  const active = new Uint8Array(m);
  let k = 0;
  for (let t = panel.start; t < panel.dates.length; t++) {
    let changed = false;
    for (let s = 0; s < m; s++) {
      if (active[s] && exit(s, t)) {
        active[s] = 0;
        k--;
        changed = true;
      } else if (!active[s] && entry(s, t)) {
        active[s] = 1;
        k++;
        changed = true;
      }
    }
    if (!changed) continue;
    for (let s = 0; s < m; s++) targets[s][t] = active[s] ? 1 / k : 0;
  }
  return targets;
}

/** Bit of a signal flag: entry wanted on this bar. */
const ENTRY = 1;
/** Bit of a signal flag: exit wanted on this bar. */
const EXIT = 2;

/**
 * A built-in from its order rows: dense targets are the rows spread over every bar (the
 * strategy's rows are written once, read by the simulator directly or through its targets).
 */
function builtin(def: Omit<StrategyDef, "targets">): StrategyDef {
  return {
    ...def,
    targets: (panel, p, cache, out) => rowsToTargets(panel, def.orders(panel, p, cache), out),
  };
}

const buyHold = builtin({
  name: "buy_hold",
  summary: "Buy every symbol in equal parts on the first bar and hold to the end",
  rule: "At the first evaluation bar's close, target 1/n of equity in each of the n symbols " +
    "(filled at the next bar); no later orders.",
  parameters: {},
  warmup: () => 0,
  orders(panel, _p, _cache, out) {
    const rows = rowsFor(panel, out);
    const m = panel.symbols.length;
    if (panel.start >= panel.dates.length) return rows;
    const at = rows.add(panel.start);
    for (let s = 0; s < m; s++) rows.weights[at + s] = 1 / m;
    return rows;
  },
});

const smaCross = builtin({
  name: "sma_cross",
  summary:
    "Go long when the fast moving average crosses above the slow one; exit on the cross back",
  rule: "Entry on a bar where SMA(fast) > SMA(slow) after being at or below it on the bar " +
    "before; exit on the opposite cross. Active symbols share equity equally.",
  parameters: {
    fast: { type: "integer", default: 20, min: 1, description: "Bars in the fast average" },
    slow: { type: "integer", default: 100, min: 2, description: "Bars in the slow average" },
  },
  check: (p) => (Number(p.fast) >= Number(p.slow) ? "fast must be below slow" : null),
  warmup: (p) => Number(p.slow),
  orders(panel, p, cache, out) {
    const rows = rowsFor(panel, out);
    const toggles = rows.toggles(panel.dates.length);
    panel.close.forEach((c, s) => {
      const fast = avg(cache, c, s, Number(p.fast));
      const slow = avg(cache, c, s, Number(p.slow));
      crossings(fast, slow, Math.max(panel.start, 1), s, toggles);
    });
    return toggles.emit(panel.start, rows);
  },
});

/**
 * Marks the bars from `from` on where a symbol goes active on a cross of `fast` above `slow`
 * (difference > 0 after ≤ 0) and inactive on a cross below (< 0 after ≥ 0).
 */
function crossings(
  fast: Float64Array,
  slow: Float64Array,
  from: number,
  s: number,
  toggles: Toggles,
) {
  let on = false;
  let before = fast[from - 1] - slow[from - 1];
  for (let t = from; t < fast.length; t++) {
    const d = fast[t] - slow[t];
    if (d > 0 && before <= 0) {
      if (!on) toggles.mark(s, t), on = true;
    } else if (d < 0 && before >= 0) {
      if (on) toggles.mark(s, t), on = false;
    }
    before = d;
  }
}

/** Marks a symbol's state changes from its signal flags (ENTRY and/or EXIT bits per bar). */
function follow(flags: Uint8Array, from: number, s: number, toggles: Toggles) {
  let on = false;
  for (let t = from; t < flags.length; t++) {
    const f = flags[t];
    if (on ? f & EXIT : f & ENTRY) toggles.mark(s, t), on = !on;
  }
}

const rsiReversion = builtin({
  name: "rsi_reversion",
  summary: "Buy oversold symbols (RSI below lower) and sell once RSI recovers above upper",
  rule: "RSI uses simple means of gains and losses over `window` changes. Entry while " +
    "RSI < lower; exit while RSI > upper. Active symbols share equity equally.",
  parameters: {
    window: {
      type: "integer",
      default: 14,
      min: 2,
      description: "Close-to-close changes in the RSI",
    },
    lower: { type: "number", default: 30, min: 0, max: 100, description: "Entry level" },
    upper: { type: "number", default: 55, min: 0, max: 100, description: "Exit level" },
  },
  check: (p) => (Number(p.lower) >= Number(p.upper) ? "lower must be below upper" : null),
  warmup: (p) => Number(p.window) + 1,
  orders(panel, p, cache, out) {
    const w = Number(p.window);
    const lower = Number(p.lower);
    const upper = Number(p.upper);
    const n = panel.dates.length;
    const rows = rowsFor(panel, out);
    const toggles = rows.toggles(n);
    const flags = new Uint8Array(n);
    panel.close.forEach((c, s) => {
      const r = cached(cache, `rsi:${s}:${w}`, () => rsi(c, w));
      for (let t = panel.start; t < n; t++) {
        flags[t] = (r[t] < lower ? ENTRY : 0) | (r[t] > upper ? EXIT : 0);
      }
      follow(flags, panel.start, s, toggles);
    });
    return toggles.emit(panel.start, rows);
  },
});

const bollinger = builtin({
  name: "bollinger_reversion",
  summary: "Buy a close below the lower Bollinger band; exit when it regains the middle band",
  rule: "Bands are SMA(window) ± k × rolling standard deviation of closes. Entry when close < " +
    "lower band; exit when close > SMA(window). Active symbols share equity equally.",
  parameters: {
    window: {
      type: "integer",
      default: 20,
      min: 2,
      description: "Bars in the average and deviation",
    },
    k: { type: "number", default: 2, min: 0, description: "Band width in standard deviations" },
  },
  warmup: (p) => Number(p.window),
  orders(panel, p, cache, out) {
    const w = Number(p.window);
    const k = Number(p.k);
    const n = panel.dates.length;
    const rows = rowsFor(panel, out);
    const toggles = rows.toggles(n);
    const flags = new Uint8Array(n);
    panel.close.forEach((c, s) => {
      const mid = avg(cache, c, s, w);
      const sd = cached(cache, `std:${s}:${w}`, () => rollingStd(c, w));
      for (let t = panel.start; t < n; t++) {
        flags[t] = (c[t] < mid[t] - k * sd[t] ? ENTRY : 0) | (c[t] > mid[t] ? EXIT : 0);
      }
      follow(flags, panel.start, s, toggles);
    });
    return toggles.emit(panel.start, rows);
  },
});

const donchian = builtin({
  name: "donchian_breakout",
  summary: "Buy a close above the prior N-bar high; exit on a close below the prior M-bar low",
  rule: "Entry when close > highest high of the previous `window` bars; exit when close < " +
    "lowest low of the previous `exit_window` bars. Active symbols share equity equally.",
  parameters: {
    window: { type: "integer", default: 20, min: 1, description: "Bars of the breakout high" },
    exit_window: { type: "integer", default: 10, min: 1, description: "Bars of the exit low" },
  },
  warmup: (p) => Math.max(Number(p.window), Number(p.exit_window)),
  orders(panel, p, cache, out) {
    const w = Number(p.window);
    const e = Number(p.exit_window);
    const n = panel.dates.length;
    const rows = rowsFor(panel, out);
    const toggles = rows.toggles(n);
    const flags = new Uint8Array(n);
    panel.close.forEach((c, s) => {
      const hi = cached(cache, `pmax:${s}:${w}`, () => priorMax(panel.high[s], w));
      const lo = cached(cache, `pmin:${s}:${e}`, () => priorMin(panel.low[s], e));
      for (let t = panel.start; t < n; t++) {
        flags[t] = (c[t] > hi[t] ? ENTRY : 0) | (c[t] < lo[t] ? EXIT : 0);
      }
      follow(flags, panel.start, s, toggles);
    });
    return toggles.emit(panel.start, rows);
  },
});

const momentum = builtin({
  name: "momentum_top_n",
  summary: "Hold the top_n symbols by trailing return, rebalanced daily, weekly or monthly",
  rule: "On each rebalance bar (D: every bar; W: last bar of each week; M: last bar of each " +
    "month) rank symbols by their `lookback`-bar return; the top_n get 1/k each, the rest 0.",
  parameters: {
    lookback: { type: "integer", default: 63, min: 1, description: "Bars of trailing return" },
    top_n: { type: "integer", default: 3, min: 1, description: "Symbols held" },
    rebalance: {
      type: "string",
      default: "M",
      allowed: ["D", "W", "M"],
      description: "Rebalance frequency: D daily, W weekly, M monthly",
    },
  },
  warmup: (p) => Number(p.lookback),
  // top_n of 5 among 2 symbols picks them all: the run then ranks nothing, which is said
  note: (p, symbols) =>
    Number(p.top_n) >= symbols
      ? `top_n=${p.top_n} is not below the ${symbols} ${
        symbols === 1 ? "symbol" : "symbols"
      }: every symbol with a ${p.lookback}-bar return is held, in equal parts, at every rebalance, so the momentum ranking selects nothing (an equal-weight portfolio rebalanced ${p.rebalance}); give more symbols or a smaller top_n`
      : null,
  orders(panel, p, cache, out) {
    const lb = Number(p.lookback);
    const mom = panel.close.map((c, s) => cached(cache, `chg:${s}:${lb}`, () => change(c, lb)));
    const rows = rowsFor(panel, out);
    const freq = String(p.rebalance);
    const rebalance = cached(cache, `rebal:${freq}`, () => rebalanceBars(panel, freq));
    const topN = Number(p.top_n);
    const m = panel.symbols.length;
    const picked = new Int32Array(m);
    const taken = new Uint8Array(m);
    for (let t = panel.start; t < panel.dates.length; t++) {
      if (!rebalance[t]) continue;
      // Selection of the top_n by return without allocating; ties go to the symbol listed first.
      let k = 0;
      taken.fill(0);
      while (k < topN) {
        let best = -1;
        for (let s = 0; s < m; s++) {
          if (taken[s] || !Number.isFinite(mom[s][t])) continue;
          if (best < 0 || mom[s][t] > mom[best][t]) best = s;
        }
        if (best < 0) break;
        taken[best] = 1;
        picked[k++] = best;
      }
      if (!k) continue;
      const at = rows.add(t);
      for (let s = 0; s < m; s++) rows.weights[at + s] = 0;
      for (let i = 0; i < k; i++) rows.weights[at + picked[i]] = 1 / k;
    }
    return rows;
  },
});

/** Marks rebalance bars: every bar (D), or the last bar of each calendar week (W) or month (M). */
export function rebalanceBars(panel: Panel, freq: string): Float64Array {
  const n = panel.dates.length;
  const out = new Float64Array(n);
  const key = (d: string) => {
    if (freq === "M") return d.slice(0, 7);
    // Monday-based week number: 1970-01-01 was a Thursday.
    return String(Math.floor((Date.parse(d.slice(0, 10)) / 86400000 + 3) / 7));
  };
  for (let t = 0; t < n; t++) {
    out[t] = freq === "D" || t === n - 1 || key(panel.dates[t]) !== key(panel.dates[t + 1]) ? 1 : 0;
  }
  return out;
}

function avg(cache: IndicatorCache, c: Float64Array, s: number, w: number) {
  return cached(cache, `sma:${s}:${w}`, () => sma(c, w));
}

/** The built-ins, in the order backtest.strategies lists them. */
export const STRATEGIES: StrategyDef[] = [
  buyHold,
  smaCross,
  rsiReversion,
  momentum,
  bollinger,
  donchian,
];

/** A built-in by name, or undefined. */
export function findStrategy(name: string): StrategyDef | undefined {
  return STRATEGIES.find((s) => s.name === name.trim().toLowerCase());
}

export type { Params };
