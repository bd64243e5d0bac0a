/**
 * The portfolio simulator: one shared cash account, target weights as fractions of equity,
 * proportional and fixed fees, slippage, and fills one bar after the signal. Sells execute
 * before buys in a bar so a rebalance is never starved by column order. Shares are fractional.
 * A tune's sets run through {@link simulateGrid}: the same simulation, with the metrics' scan of
 * each curve done on the way.
 */
import type { Order, Panel, SimConfig, SimResult, Targets, Trade } from "./types.ts";
import { type OrderRows, type RowBlock, targetsToRows } from "./rows.ts";
import { checkpoint } from "../../core/cancel.ts";
import { ACC, GridKernel, kernelFits, MARKS } from "./grid_kernel.ts";

/** Changes smaller than this fraction of equity are float dust, not orders. */
const DUST = 1e-9;

interface OpenTrade {
  direction: 1 | -1;
  entryBar: number;
  entryQty: number;
  entryNotional: number;
  exitQty: number;
  exitNotional: number;
  fees: number;
  peak: number;
  lastExitBar: number;
}

/** What a simulation carries from bar to bar. */
class SimState {
  readonly qty: Float64Array;
  readonly equity: Float64Array;
  readonly exposure: Float64Array;
  readonly orders: Order[] = [];
  readonly trades: Trade[] = [];
  readonly open: (OpenTrade | null)[];
  readonly pending: Float64Array;
  readonly px: Float64Array;
  readonly delta: Float64Array;
  cash: number;
  fees = 0;
  /** Sales not placed because their proceeds after fees did not cover the fixed fee. */
  belowFee = 0;
  /** Buys not placed because the cash, less the fixed fees, left nothing for them. */
  unfunded = 0;
  hasPending = false;

  constructor(n: number, m: number, initialCash: number, reuse?: SimResult) {
    this.qty = new Float64Array(m);
    const fits = reuse && reuse.equity.length === n && reuse.exposure.length === n;
    this.equity = (fits ? reuse.equity : new Float64Array(n)).fill(initialCash);
    this.exposure = fits ? reuse.exposure.fill(0) : new Float64Array(n);
    this.open = new Array(m).fill(null);
    this.pending = new Float64Array(m);
    this.px = new Float64Array(m);
    this.delta = new Float64Array(m);
    this.cash = initialCash;
  }
}

/**
 * Runs the simulation over bars panel.start … end. Pure: same inputs, same result. `reuse`, a
 * result the caller is done with, lends its equity and exposure arrays (a tune's runs).
 */
export function simulate(
  panel: Panel,
  targets: Targets,
  cfg: SimConfig,
  reuse?: SimResult,
): SimResult {
  return simulateRows(panel, targetsToRows(panel, targets), cfg, reuse);
}

/** {@link simulate} from order rows: the same simulation, reading only the bars with orders. */
export function simulateRows(
  panel: Panel,
  rows: OrderRows,
  cfg: SimConfig,
  reuse?: SimResult,
): SimResult {
  const n = panel.dates.length;
  const m = panel.symbols.length;
  const st = new SimState(n, m, cfg.initialCash, reuse);
  st.hasPending = walkBars(panel, rows, cfg, st);
  for (let s = 0; s < m; s++) {
    const o = st.open[s];
    if (o) st.trades.push(markOpen(o, s, st.qty[s], panel.close[s][n - 1]));
  }
  st.trades.sort((a, b) => a.entryBar - b.entryBar || a.symbol - b.symbol);
  return {
    equity: st.equity,
    exposure: st.exposure,
    orders: st.orders,
    trades: st.trades,
    feesPaid: st.fees,
    unfilledAtEnd: st.hasPending ? 1 : 0,
    // only when some were: a result without any keeps its shape (and the golden digests)
    ...(st.belowFee ? { belowFixedFee: st.belowFee } : {}),
    ...(st.unfunded ? { unfundedBuys: st.unfunded } : {}),
  };
}

/**
 * The bar loop, alone in its function: the optimising compiler replaces it mid-loop, and code
 * after a loop that has not run yet would throw that optimised code away at every call.
 * A row's weights become pending at its bar's close and fill at the next bar. Returns whether
 * the last bar's row is still pending.
 */
function walkBars(panel: Panel, rows: OrderRows, cfg: SimConfig, st: SimState): boolean {
  const n = panel.dates.length;
  const m = panel.symbols.length;
  const fillPx = cfg.fill === "next_open" ? panel.open : panel.close;
  const close = panel.close;
  const { qty, equity, exposure, pending, px, delta } = st;
  const { bars, weights, count } = rows;
  let r = 0;
  while (r < count && bars[r] < panel.start) r++;
  let next = r < count ? bars[r] : -1;
  let hasPending = false;
  for (let t = panel.start; t < n; t++) {
    if (hasPending) {
      for (let s = 0; s < m; s++) px[s] = fillPx[s][t];
      execute(t, px, pending, delta, qty, st, cfg, st.orders, st.open, st.trades);
      hasPending = false;
    }
    let value = st.cash;
    let gross = 0;
    for (let s = 0; s < m; s++) {
      const v = qty[s] * close[s][t];
      value += v;
      gross += Math.abs(v);
    }
    equity[t] = value;
    exposure[t] = value > 0 ? gross / value : 0;
    if (t === next) {
      const at = r * m;
      for (let s = 0; s < m; s++) pending[s] = weights[at + s];
      hasPending = true;
      r++;
      next = r < count ? bars[r] : -1;
    }
  }
  return hasPending;
}

/**
 * What {@link simulateGrid} leaves of each set for its metrics: the values computeMetrics
 * (metrics.ts) reads from a run's curve and trades, per set k.
 */
export class GridScan {
  /** Equity at the first and the last bar. */
  readonly first: Float64Array;
  readonly last: Float64Array;
  /** Worst drawdown %, its peak and trough bars (−1: none), and the first bar back at the peak. */
  readonly worst: Float64Array;
  readonly worstPeak: Int32Array;
  readonly worstTrough: Int32Array;
  readonly recovery: Int32Array;
  /** Σr, Σr² over r < 0, Σr over r > 0, Σ|r| over r ≤ 0 of the bar returns, and Σ(r − mean)². */
  readonly sum: Float64Array;
  readonly down2: Float64Array;
  readonly up: Float64Array;
  readonly down: Float64Array;
  readonly squares: Float64Array;
  /** Bars with a gross exposure above 1e-9 of equity. */
  readonly exposed: Float64Array;
  readonly fees: Float64Array;
  readonly trades: Trade[][];

  constructor(readonly sets: number) {
    this.first = new Float64Array(sets);
    this.last = new Float64Array(sets);
    this.worst = new Float64Array(sets);
    this.worstPeak = new Int32Array(sets);
    this.worstTrough = new Int32Array(sets);
    this.recovery = new Int32Array(sets).fill(-1);
    this.sum = new Float64Array(sets);
    this.down2 = new Float64Array(sets);
    this.up = new Float64Array(sets);
    this.down = new Float64Array(sets);
    this.squares = new Float64Array(sets);
    this.exposed = new Float64Array(sets);
    this.fees = new Float64Array(sets);
    this.trades = [];
  }
}

/** True when {@link simulateGrid} takes `panel`: bars to evaluate, and a size its kernel takes. */
export function gridFits(panel: Panel): boolean {
  return kernelFits(panel.symbols.length, panel.dates.length, panel.start);
}

/**
 * Every set of `block` simulated and scanned for its metrics: per set, exactly the operations of
 * {@link simulateRows} followed by computeMetrics' scan of its curve, in the same order, so every
 * value is identical. The bars between two fills are walked by the WebAssembly loop of grid.wat
 * (grid_kernel.ts), compiled before its first call where JavaScript would first be interpreted,
 * with the running values of the metrics carried through; the worst drawdown's recovery is found
 * on the way. Needs a panel {@link gridFits} takes; records no orders.
 */
export function simulateGrid(panel: Panel, block: RowBlock, cfg: SimConfig): GridScan {
  const out = new GridScan(block.sets);
  const run = new GridRun(panel, block, cfg, out);
  for (let k = 0; k < block.sets; k++) {
    checkpoint(); // a tune of many sets stops at the call's time limit
    run.set(k);
  }
  return out;
}

/** One set after another of a block: its fills, then the bars up to the next fill. */
class GridRun {
  /** The bar loop, and in its memory the holdings, running values and equity it works on. */
  private readonly kernel: GridKernel;
  private readonly px: Float64Array;
  private readonly target: Float64Array;
  private readonly delta: Float64Array;
  private readonly open: (OpenTrade | null)[];
  private readonly account = { cash: 0, fees: 0, belowFee: 0, unfunded: 0 };
  private readonly noOrders: Order[] = [];
  private readonly fillPx: Float64Array[];
  private readonly cfg: SimConfig;
  private readonly m: number;
  private readonly n: number;

  constructor(
    private readonly panel: Panel,
    private readonly block: RowBlock,
    cfg: SimConfig,
    private readonly out: GridScan,
  ) {
    // The metrics need trades, not orders.
    this.cfg = { ...cfg, recordOrders: false };
    const m = panel.symbols.length;
    this.m = m;
    this.n = panel.dates.length;
    this.kernel = new GridKernel(panel.close, panel.start);
    this.px = new Float64Array(m);
    this.target = new Float64Array(m);
    this.delta = new Float64Array(m);
    this.open = new Array(m).fill(null);
    this.fillPx = cfg.fill === "next_open" ? panel.open : panel.close;
  }

  /**
   * Set k. Its rows as walkBars takes them: a row is pending from its bar's close and fills at
   * the next bar; a row on a bar already passed never fills, nor any after it.
   */
  set(k: number): void {
    const { block, kernel, m, n, open, account, out } = this;
    const { qty: held, acc, marks, equity } = kernel;
    const from = this.panel.start;
    const close = this.panel.close;
    const trades: Trade[] = [];
    kernel.reset(this.cfg.initialCash);
    account.fees = 0;
    const end = block.starts[k + 1];
    let r = block.starts[k];
    while (r < end && block.bars[r] < from) r++;
    let t = from;
    for (;;) {
      const b = r < end ? block.bars[r] : -1;
      const stop = b >= t && b + 1 < n ? b + 1 : n;
      kernel.span(t, stop);
      if (stop === n) break;
      this.fill(stop, r, trades);
      r++;
      t = stop;
    }
    for (let s = 0; s < m; s++) {
      const o = open[s];
      if (o) trades.push(markOpen(o, s, held[s], close[s][n - 1]));
      open[s] = null;
    }
    trades.sort((a, b) => a.entryBar - b.entryBar || a.symbol - b.symbol);
    const len = equity.length;
    out.trades.push(trades);
    out.fees[k] = account.fees;
    out.first[k] = equity[0];
    out.last[k] = equity[len - 1];
    out.worst[k] = acc[ACC.worst];
    out.worstPeak[k] = marks[MARKS.worstPeak];
    out.worstTrough[k] = marks[MARKS.worstTrough];
    out.recovery[k] = marks[MARKS.recovery];
    out.sum[k] = acc[ACC.sum];
    out.down2[k] = acc[ACC.down2];
    out.up[k] = acc[ACC.up];
    out.down[k] = acc[ACC.down];
    out.exposed[k] = marks[MARKS.exposed];
    out.squares[k] = len > 1 ? squares(equity, acc[ACC.sum] / (len - 1)) : 0;
  }

  /** Fills row r of the block at bar t. */
  private fill(t: number, r: number, trades: Trade[]): void {
    const { m, px, target, fillPx, account } = this;
    const { acc, qty } = this.kernel;
    const weights = this.block.weights;
    for (let s = 0; s < m; s++) {
      px[s] = fillPx[s][t];
      target[s] = weights[r * m + s];
    }
    account.cash = acc[ACC.cash];
    execute(
      t,
      px,
      target,
      this.delta,
      qty,
      account,
      this.cfg,
      this.noOrders,
      this.open,
      trades,
    );
    acc[ACC.cash] = account.cash;
  }
}

/**
 * Σ(r − mean)² of the returns of a set's curve, each worked out again by the same division (so
 * the same value) and added in bar order.
 */
function squares(equity: Float64Array, mean: number): number {
  let ss = 0;
  for (let i = 0; i + 1 < equity.length; i++) ss += (equity[i + 1] / equity[i] - 1 - mean) ** 2;
  return ss;
}

/**
 * Fills one bar's pending targets at prices `px`: sells first, then buys within the cash limit.
 * A sale whose proceeds (after the proportional fee) do not cover the fixed fee is not placed:
 * it would take cash down, below zero when the account is fully invested (leverage 1).
 */
function execute(
  t: number,
  px: Float64Array,
  target: Float64Array,
  delta: Float64Array,
  qty: Float64Array,
  state: { cash: number; fees: number; belowFee: number; unfunded: number },
  cfg: SimConfig,
  orders: Order[],
  open: (OpenTrade | null)[],
  trades: Trade[],
) {
  const m = qty.length;
  let value = state.cash;
  for (let s = 0; s < m; s++) value += qty[s] * px[s];
  // The cash the buys need is summed as their sizes are worked out (sells do not change them).
  let need = 0;
  let buys = 0;
  for (let s = 0; s < m; s++) {
    let d = 0;
    if (!Number.isNaN(target[s]) && px[s] > 0) {
      const want = (target[s] * value) / px[s] - qty[s];
      if (Math.abs(want * px[s]) > DUST * Math.abs(value)) d = want;
    }
    delta[s] = d;
    if (d > 0) {
      need += d * px[s] * (1 + cfg.slippage) * (1 + cfg.fees);
      buys++;
    }
  }
  // Sells (and short sales) first: they raise the cash the buys need.
  for (let s = 0; s < m; s++) {
    if (delta[s] >= 0) continue;
    const price = px[s] * (1 - cfg.slippage);
    // proceeds after the proportional fee that do not cover the fixed one: no sale
    if (cfg.fixedFees > 0 && -delta[s] * price * (1 - cfg.fees) <= cfg.fixedFees) {
      state.belowFee++;
      continue;
    }
    fill(t, s, delta[s], price, false, qty, state, cfg, orders, open, trades);
  }
  if (!buys) return;
  // Cash may go down to −(leverage − 1) × equity; with leverage 1 it never goes negative.
  const available = state.cash + (cfg.leverage - 1) * value - buys * cfg.fixedFees;
  const scale = need > available ? Math.max(0, available / need) : 1;
  for (let s = 0; s < m; s++) {
    if (delta[s] <= 0) continue;
    const size = delta[s] * scale;
    if (size * px[s] <= DUST * Math.abs(value)) {
      // a buy the strategy asked for that the cash could not fund at all (fixed fees above the
      // cash left): counted, so the run can say why a target was never reached
      if (scale < 1) state.unfunded++;
      continue;
    }
    const price = px[s] * (1 + cfg.slippage);
    fill(t, s, size, price, scale < 1, qty, state, cfg, orders, open, trades);
  }
}

function fill(
  t: number,
  s: number,
  size: number,
  price: number,
  limited: boolean,
  qty: Float64Array,
  state: { cash: number; fees: number; belowFee: number; unfunded: number },
  cfg: SimConfig,
  orders: Order[],
  open: (OpenTrade | null)[],
  trades: Trade[],
) {
  const fees = Math.abs(size) * price * cfg.fees + cfg.fixedFees;
  state.cash -= size * price + fees;
  state.fees += fees;
  if (cfg.recordOrders !== false) orders.push({ bar: t, symbol: s, size, price, fees, limited });
  const before = qty[s];
  qty[s] = before + size;
  book(t, s, before, size, price, fees, open, trades);
  // Snap float residue of a full exit to exactly flat.
  if (Math.abs(qty[s]) < 1e-12 * Math.abs(before)) qty[s] = 0;
}

/** Trade bookkeeping: a trade runs from leaving flat to returning to flat (or flipping side). */
function book(
  t: number,
  s: number,
  before: number,
  size: number,
  price: number,
  fees: number,
  open: (OpenTrade | null)[],
  trades: Trade[],
) {
  let remaining = size;
  let feeLeft = fees;
  let held = before;
  let o = open[s];
  if (o && Math.sign(remaining) !== o.direction) {
    const closing = Math.min(Math.abs(remaining), Math.abs(held));
    const share = closing / Math.abs(remaining);
    o.exitQty += closing;
    o.exitNotional += closing * price;
    o.fees += feeLeft * share;
    o.lastExitBar = t;
    feeLeft -= feeLeft * share;
    remaining += o.direction * closing;
    held -= o.direction * closing;
    if (Math.abs(held) <= 1e-12 * o.peak) {
      trades.push(closeTrade(o, s, t));
      open[s] = o = null;
    }
  }
  if (Math.abs(remaining) <= 1e-12 * Math.abs(size)) return;
  if (!o) {
    o = {
      direction: remaining > 0 ? 1 : -1,
      entryBar: t,
      entryQty: 0,
      entryNotional: 0,
      exitQty: 0,
      exitNotional: 0,
      fees: 0,
      peak: 0,
      lastExitBar: t,
    };
    open[s] = o;
  }
  o.entryQty += Math.abs(remaining);
  o.entryNotional += Math.abs(remaining) * price;
  o.fees += feeLeft;
  o.peak = Math.max(o.peak, Math.abs(held + remaining));
}

function closeTrade(o: OpenTrade, s: number, t: number): Trade {
  const gross = o.direction * (o.exitNotional - o.entryNotional);
  const pnl = gross - o.fees;
  return {
    symbol: s,
    direction: o.direction > 0 ? "long" : "short",
    entryBar: o.entryBar,
    exitBar: t,
    size: o.peak,
    entryPrice: o.entryNotional / o.entryQty,
    exitPrice: o.exitNotional / o.exitQty,
    fees: o.fees,
    pnl,
    returnPct: (pnl / o.entryNotional) * 100,
    status: "closed",
  };
}

/** A trade still open at the end, valued at the last close (no exit costs assumed). */
function markOpen(o: OpenTrade, s: number, held: number, lastClose: number): Trade {
  const exitNotional = o.exitNotional + Math.abs(held) * lastClose;
  const pnl = o.direction * (exitNotional - o.entryNotional) - o.fees;
  return {
    symbol: s,
    direction: o.direction > 0 ? "long" : "short",
    entryBar: o.entryBar,
    exitBar: null,
    size: o.peak,
    entryPrice: o.entryNotional / o.entryQty,
    exitPrice: null,
    fees: o.fees,
    pnl,
    returnPct: (pnl / o.entryNotional) * 100,
    status: "open",
  };
}
