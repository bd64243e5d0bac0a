/**
 * The simulation of a tune's grid in WebAssembly (grid.wat, assembled into the committed
 * grid.wasm) and the memory it works in. There is one module instance per process (or Worker);
 * simulateGrid (engine.ts), which runs synchronously, lays one panel out in it for the sets of a
 * block, so no two layouts are ever in use at once. WebAssembly memory never shrinks, so panels
 * larger than {@link KERNEL_BYTES} are left to the JavaScript simulation (the same values).
 */
import { memory, run, span } from "./grid.wasm";

/** Byte offsets of the layout grid.wat reads (see its header). */
const ACC_AT = 0;
const MARKS_AT = 64;
const FEES_AT = 88;
const QTY_AT = 96;
const PAGE = 65_536;
/** f64 slots of an open trade and of a closed trade's record in the work area (grid.wat). */
const OPEN_SLOTS = 8;
const TRADE_SLOTS = 10;

/** Slots of the running values the loop carries in `acc` (grid.wat's order). */
export const ACC = {
  cash: 0,
  peak: 1,
  worst: 2,
  top: 3,
  sum: 4,
  down2: 5,
  up: 6,
  down: 7,
} as const;
/** Slots of the bars and counts it carries in `marks`. */
export const MARKS = { peakAt: 0, worstPeak: 1, worstTrough: 2, recovery: 3, exposed: 4 } as const;

/**
 * The most memory a panel may take in the kernel: 64 MiB, about 3,300 symbols of ten years of
 * daily bars.
 */
export const KERNEL_BYTES = 64 * 1024 * 1024;

/**
 * Bytes the layout of `m` symbols × `n` bars from bar `from` takes: holdings, closes, the equity
 * curve and the fill prices (the opens, when fills are at the next open).
 */
function layoutBytes(m: number, n: number, from: number): number {
  return QTY_AT + (m + 2 * m * n + (n - from)) * 8;
}

/** True when the kernel takes a panel of `m` symbols × `n` bars evaluated from bar `from`. */
export function kernelFits(m: number, n: number, from: number): boolean {
  return m >= 1 && from >= 0 && from < n && layoutBytes(m, n, from) <= KERNEL_BYTES;
}

let owner: GridKernel | null = null;

/**
 * One panel's closes in the kernel's memory, and views of the values the loop reads and writes:
 * each symbol's holding, the running values of the metrics (acc: cash, peak, worst, top, sum,
 * down2, up, down; marks: peakAt, worstPeak, worstTrough, recovery, exposed) and the equity at
 * each bar from `from`. With {@link loadRows} it also runs whole sets ({@link run}). A newer
 * kernel takes the memory over; this one then refuses to run.
 */
export class GridKernel {
  private readonly m: number;
  private readonly n: number;
  /** Where the closes, the equity and the fill prices start. */
  private readonly closeAt: number;
  private readonly equityAt: number;
  private readonly pxAt: number;
  /** Where the rows and the work area start, once loaded. */
  private rowsAt = 0;
  private weightsAt = 0;
  private workAt = 0;
  private tradesAt = 0;
  /** The views, made again when the memory grows (growing detaches the old ones). */
  private views: {
    buffer: ArrayBufferLike;
    qty: Float64Array;
    acc: Float64Array;
    marks: Int32Array;
    equity: Float64Array;
    all: Float64Array;
  } | null = null;

  constructor(close: Float64Array[], private readonly from: number, open?: Float64Array[]) {
    const m = close.length;
    const n = close[0]?.length ?? 0;
    if (!kernelFits(m, n, from)) {
      throw new RangeError(
        `the grid kernel does not take ${m} symbols × ${n} bars from bar ${from}`,
      );
    }
    this.m = m;
    this.n = n;
    this.closeAt = QTY_AT + m * 8;
    this.equityAt = this.closeAt + m * n * 8;
    const afterEquity = this.equityAt + (n - from) * 8;
    this.pxAt = open ? afterEquity : this.closeAt;
    grow(open ? afterEquity + m * n * 8 : afterEquity);
    const all = this.memory().all;
    close.forEach((c, s) => all.set(c, this.closeAt / 8 + s * n));
    open?.forEach((c, s) => all.set(c, this.pxAt / 8 + s * n));
    this.workAt = open ? afterEquity + m * n * 8 : afterEquity;
    owner = this;
  }

  private memory(): NonNullable<GridKernel["views"]> {
    const buffer = memory.buffer;
    if (this.views?.buffer !== buffer) {
      this.views = {
        buffer,
        qty: new Float64Array(buffer, QTY_AT, this.m),
        acc: new Float64Array(buffer, ACC_AT, 8),
        marks: new Int32Array(buffer, MARKS_AT, 5),
        equity: new Float64Array(buffer, this.equityAt, this.n - this.from),
        all: new Float64Array(buffer),
      };
    }
    return this.views;
  }

  get qty(): Float64Array {
    return this.memory().qty;
  }
  get acc(): Float64Array {
    return this.memory().acc;
  }
  get marks(): Int32Array {
    return this.memory().marks;
  }
  get equity(): Float64Array {
    return this.memory().equity;
  }
  /** Fees paid by the set {@link run} last ran. */
  get fees(): number {
    return this.memory().all[FEES_AT / 8];
  }

  /**
   * Lays out the order rows of a block (bars and `m` weights a row, `count` rows) and a work area
   * for sets of at most `perSet` rows: their open trades and the trades they close.
   */
  loadRows(bars: Int32Array, weights: Float64Array, count: number, perSet: number): void {
    const m = this.m;
    const rowsAt = this.workAt;
    const weightsAt = rowsAt + Math.ceil((count * 4) / 8) * 8;
    const workAt = weightsAt + count * m * 8;
    // every fill closes at most one trade per symbol: perSet rows × m symbols
    const tradesAt = workAt + m * 8 + m * OPEN_SLOTS * 8;
    grow(tradesAt + (perSet + 1) * m * TRADE_SLOTS * 8);
    const { buffer, all } = this.memory();
    new Int32Array(buffer, rowsAt, count).set(bars.subarray(0, count));
    all.set(weights.subarray(0, count * m), weightsAt / 8);
    [this.rowsAt, this.weightsAt, this.tradesAt] = [rowsAt, weightsAt, tradesAt];
    this.workAt = workAt;
  }

  /** Starts a set: no holdings, `cash`, no peak or drawdown yet, the peak's bar at `from`. */
  reset(cash: number): void {
    const { acc, marks, qty, all } = this.memory();
    qty.fill(0);
    acc.fill(0);
    acc[ACC.cash] = cash;
    acc[ACC.peak] = -Infinity;
    marks[MARKS.peakAt] = this.from;
    marks[MARKS.worstPeak] = -1;
    marks[MARKS.worstTrough] = -1;
    marks[MARKS.recovery] = -1;
    marks[MARKS.exposed] = 0;
    all[FEES_AT / 8] = 0;
    if (this.tradesAt) {
      const open = (this.workAt + this.m * 8) / 8;
      all.fill(0, open, open + this.m * OPEN_SLOTS);
    }
  }

  /** Bars t0 … t1 − 1 (from ≤ t0 ≤ t1 ≤ n) at the holdings in `qty`, as grid.wat describes. */
  span(t0: number, t1: number): void {
    this.mine();
    if (!(this.from <= t0 && t0 <= t1 && t1 <= this.n)) {
      throw new RangeError(`bars ${t0} to ${t1} are outside ${this.from} to ${this.n}`);
    }
    span(
      t0,
      t1,
      this.from,
      this.m,
      this.n,
    );
  }

  /**
   * One set after {@link reset}: rows r0 … r1 − 1 of the loaded block, filled and walked as
   * grid.wat's `run` does. Returns how many trades it closed ({@link closed} reads them).
   */
  run(
    r0: number,
    r1: number,
    cfg: { slippage: number; fees: number; fixedFees: number; leverage: number },
  ): number {
    this.mine();
    if (!this.tradesAt) throw new Error("the grid kernel has no rows loaded");
    return run(
      this.from,
      this.m,
      this.n,
      r0,
      r1,
      this.rowsAt,
      this.weightsAt,
      this.pxAt,
      this.workAt,
      cfg.slippage,
      cfg.fees,
      cfg.fixedFees,
      cfg.leverage,
    );
  }

  /**
   * Closed trade i of the last run: symbol, exit bar, then its 8 values as {@link open} gives an
   * open one's.
   */
  closed(i: number): Float64Array {
    const at = this.tradesAt / 8 + i * TRADE_SLOTS;
    return this.memory().all.subarray(at, at + TRADE_SLOTS);
  }

  /**
   * Symbol s's open trade after the last run (direction 0: none): direction, entry bar, entry
   * quantity and notional, exit quantity and notional, fees, peak.
   */
  open(s: number): Float64Array {
    const at = (this.workAt + this.m * 8) / 8 + s * OPEN_SLOTS;
    return this.memory().all.subarray(at, at + OPEN_SLOTS);
  }

  private mine(): void {
    if (owner !== this) throw new Error("the grid kernel's memory was taken by another panel");
  }
}

/** Grows the module's memory to hold `bytes`. */
function grow(bytes: number): void {
  const pages = Math.ceil(bytes / PAGE) - memory.buffer.byteLength / PAGE;
  if (pages > 0) memory.grow(pages);
}
