/**
 * The bar loop of a tune's grid in WebAssembly (grid.wat, assembled into the committed
 * grid.wasm) and the memory it works in. There is one module instance per process (or Worker);
 * simulateGrid (engine.ts), which runs synchronously, lays one panel out in it for the sets of a
 * block, so no two layouts are ever in use at once. WebAssembly memory never shrinks, so panels
 * larger than {@link KERNEL_BYTES} are left to the JavaScript simulation (the same values).
 */
import { memory, span } from "./grid.wasm";

/** Byte offsets of the layout grid.wat reads (see its header). */
const ACC_AT = 0;
const MARKS_AT = 64;
const QTY_AT = 96;
const PAGE = 65_536;

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

/** Bytes the layout of `m` symbols × `n` bars from bar `from` takes. */
function layoutBytes(m: number, n: number, from: number): number {
  return QTY_AT + (m + m * n + (n - from)) * 8;
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
 * each bar from `from`. A newer kernel takes the memory over; this one then refuses to run.
 */
export class GridKernel {
  readonly qty: Float64Array;
  readonly acc: Float64Array;
  readonly marks: Int32Array;
  readonly equity: Float64Array;
  private readonly m: number;
  private readonly n: number;

  constructor(close: Float64Array[], private readonly from: number) {
    const m = close.length;
    const n = close[0]?.length ?? 0;
    if (!kernelFits(m, n, from)) {
      throw new RangeError(
        `the grid kernel does not take ${m} symbols × ${n} bars from bar ${from}`,
      );
    }
    const pages = Math.ceil(layoutBytes(m, n, from) / PAGE) - memory.buffer.byteLength / PAGE;
    if (pages > 0) memory.grow(pages);
    const buffer = memory.buffer;
    this.qty = new Float64Array(buffer, QTY_AT, m);
    this.acc = new Float64Array(buffer, ACC_AT, 8);
    this.marks = new Int32Array(buffer, MARKS_AT, 5);
    const at = QTY_AT + m * 8;
    const closes = new Float64Array(buffer, at, m * n);
    close.forEach((c, s) => closes.set(c, s * n));
    this.equity = new Float64Array(buffer, at + m * n * 8, n - from);
    this.m = m;
    this.n = n;
    owner = this;
  }

  /** Starts a set: no holdings, `cash`, no peak or drawdown yet, the peak's bar at `from`. */
  reset(cash: number): void {
    const { acc, marks } = this;
    this.qty.fill(0);
    acc.fill(0);
    acc[ACC.cash] = cash;
    acc[ACC.peak] = -Infinity;
    marks[MARKS.peakAt] = this.from;
    marks[MARKS.worstPeak] = -1;
    marks[MARKS.worstTrough] = -1;
    marks[MARKS.recovery] = -1;
    marks[MARKS.exposed] = 0;
  }

  /** Bars t0 … t1 − 1 (from ≤ t0 ≤ t1 ≤ n) at the holdings in `qty`, as grid.wat describes. */
  span(t0: number, t1: number): void {
    if (owner !== this) throw new Error("the grid kernel's memory was taken by another panel");
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
}
