/**
 * Order rows: the sparse form of target weights. Strategies place orders on few bars (a cross,
 * a rebalance date), so a run is described by those bars and one row of weights each instead of
 * a weight per symbol and bar. A tune reuses one set of rows for all its runs.
 */
import type { Panel, Targets } from "./types.ts";

/** Bars with orders, ascending, and their target weights (NaN = no order for that symbol). */
export class OrderRows {
  /** Bar of each row. */
  bars: Int32Array;
  /** `count` × symbols weights, row after row. */
  weights: Float64Array;
  count = 0;
  symbols: number;
  private scratch: Toggles | null = null;

  constructor(symbols: number, capacity = 64) {
    this.symbols = symbols;
    this.bars = new Int32Array(capacity);
    this.weights = new Float64Array(capacity * symbols);
  }

  /** Empties the rows for a run over `symbols` symbols, keeping the buffers. */
  reset(symbols: number): this {
    if (symbols !== this.symbols) {
      this.symbols = symbols;
      this.weights = new Float64Array(this.bars.length * symbols);
    }
    this.count = 0;
    return this;
  }

  /**
   * Appends a row for bar `t` (after every earlier row's bar) and returns the offset in
   * `weights` where its `symbols` weights go.
   */
  add(t: number): number {
    if (this.count === this.bars.length) this.grow();
    this.bars[this.count] = t;
    return this.count++ * this.symbols;
  }

  /** Entry/exit bookkeeping for a panel of `bars` bars, kept with these rows so a tune's runs share it. */
  toggles(bars: number): Toggles {
    this.scratch ??= new Toggles();
    return this.scratch.size(this.symbols, bars);
  }

  private grow() {
    const bars = new Int32Array(this.bars.length * 2);
    bars.set(this.bars);
    const weights = new Float64Array(bars.length * this.symbols);
    weights.set(this.weights);
    this.bars = bars;
    this.weights = weights;
  }
}

/** Rows into `out`, or new rows, for a run on `panel`. */
export function rowsFor(panel: Panel, out?: OrderRows): OrderRows {
  return out ? out.reset(panel.symbols.length) : new OrderRows(panel.symbols.length);
}

/** The dense targets of some rows: NaN on every bar without a row. */
export function rowsToTargets(panel: Panel, rows: OrderRows, out?: Targets): Targets {
  const n = panel.dates.length;
  const m = panel.symbols.length;
  const fits = out && out.length === m && out.every((row) => row.length === n);
  const targets = fits ? out : panel.symbols.map(() => new Float64Array(n));
  for (const row of targets) row.fill(NaN);
  for (let r = 0; r < rows.count; r++) {
    const t = rows.bars[r];
    for (let s = 0; s < m; s++) targets[s][t] = rows.weights[r * m + s];
  }
  return targets;
}

/** The rows of dense targets: every bar from panel.start with at least one weight. */
export function targetsToRows(panel: Panel, targets: Targets, out?: OrderRows): OrderRows {
  const rows = rowsFor(panel, out);
  const m = panel.symbols.length;
  for (let t = panel.start; t < panel.dates.length; t++) {
    let any = false;
    for (let s = 0; s < m && !any; s++) any = !Number.isNaN(targets[s][t]);
    if (!any) continue;
    const at = rows.add(t);
    for (let s = 0; s < m; s++) rows.weights[at + s] = targets[s][t];
  }
  return rows;
}

/**
 * Entry/exit state of each symbol, kept as the bars where it changes: a symbol becomes active on
 * an entry while inactive and inactive on an exit while active. {@link emit} turns the changes
 * into rows: on a bar where any symbol changed, every active symbol gets 1/k of equity (k
 * active) and the rest 0.
 */
export class Toggles {
  /** `flip[s * bars + t]`: symbol s changes state on bar t. */
  private flip: Uint8Array;
  /** `changed[t]`: some symbol changes state on bar t. */
  private changed: Uint8Array;
  /** The bars with `changed` set, in the order they were marked (`count` of them). */
  private list: Int32Array;
  private count = 0;
  private active: Uint8Array;
  private bars = 0;
  /** Marks were set and not yet emitted (a run stopped part-way, e.g. at its time limit). */
  private pending = false;

  constructor() {
    this.flip = new Uint8Array(0);
    this.changed = new Uint8Array(0);
    this.list = new Int32Array(64);
    this.active = new Uint8Array(0);
  }

  /** Prepares for a panel of `symbols` × `bars` with no marks (emit clears the ones it reads). */
  size(symbols: number, bars: number): this {
    if (this.flip.length !== symbols * bars) this.flip = new Uint8Array(symbols * bars);
    else if (this.pending) this.flip.fill(0);
    if (this.changed.length !== bars) this.changed = new Uint8Array(bars);
    else if (this.pending) this.changed.fill(0);
    if (this.active.length !== symbols) this.active = new Uint8Array(symbols);
    this.bars = bars;
    this.count = 0;
    this.pending = false;
    return this;
  }

  /** Symbol `s` changes state on bar `t` (at or after the `from` given to emit). */
  mark(s: number, t: number): void {
    this.flip[s * this.bars + t] = 1;
    if (!this.changed[t]) {
      this.changed[t] = 1;
      if (this.count === this.list.length) {
        const list = new Int32Array(this.count * 2);
        list.set(this.list);
        this.list = list;
      }
      this.list[this.count++] = t;
    }
    this.pending = true;
  }

  /**
   * Writes the rows from bar `from` on, clearing the marks for the next run. Only the marked
   * bars are visited, in ascending order.
   */
  emit(from: number, rows: OrderRows): OrderRows {
    const { flip, changed, active, bars: n } = this;
    const m = active.length;
    const list = this.list.subarray(0, this.count).sort();
    active.fill(0);
    this.pending = false;
    this.count = 0;
    let k = 0;
    for (let i = 0; i < list.length; i++) {
      const t = list[i];
      changed[t] = 0;
      if (t < from) {
        for (let s = 0; s < m; s++) flip[s * n + t] = 0;
        continue;
      }
      for (let s = 0; s < m; s++) {
        if (!flip[s * n + t]) continue;
        flip[s * n + t] = 0;
        active[s] ^= 1;
        k += active[s] ? 1 : -1;
      }
      const at = rows.add(t);
      for (let s = 0; s < m; s++) rows.weights[at + s] = active[s] ? 1 / k : 0;
    }
    return rows;
  }
}

/**
 * The order rows of several runs one after another: a tune copies each set's rows here and
 * simulates them all in one pass ({@link simulateGrid} in engine.ts). Set k's rows are
 * `starts[k]` … `starts[k + 1] − 1`.
 */
export class RowBlock {
  bars: Int32Array;
  weights: Float64Array;
  starts: Int32Array;
  /** Rows held, over all sets. */
  count = 0;
  sets = 0;
  symbols: number;

  constructor(symbols: number) {
    this.symbols = symbols;
    this.bars = new Int32Array(256);
    this.weights = new Float64Array(256 * symbols);
    this.starts = new Int32Array(17);
  }

  /** Empties the block for sets over `symbols` symbols, keeping the buffers. */
  reset(symbols: number): this {
    if (symbols !== this.symbols) {
      this.symbols = symbols;
      this.weights = new Float64Array(this.bars.length * symbols);
    }
    this.count = 0;
    this.sets = 0;
    return this;
  }

  /** Appends one set's rows (copied: `rows` may be overwritten by the next set). */
  append(rows: OrderRows): void {
    const m = this.symbols;
    const need = this.count + rows.count;
    if (need > this.bars.length) {
      let cap = this.bars.length * 2;
      while (cap < need) cap *= 2;
      const bars = new Int32Array(cap);
      bars.set(this.bars.subarray(0, this.count));
      const weights = new Float64Array(cap * m);
      weights.set(this.weights.subarray(0, this.count * m));
      this.bars = bars;
      this.weights = weights;
    }
    if (this.sets + 2 > this.starts.length) {
      const starts = new Int32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.bars.set(rows.bars.subarray(0, rows.count), this.count);
    this.weights.set(rows.weights.subarray(0, rows.count * m), this.count * m);
    this.starts[this.sets] = this.count;
    this.count = need;
    this.sets++;
    this.starts[this.sets] = need;
  }
}

/**
 * Whether the targets of the last bar differ from those the strategy held before: a monthly
 * rebalance counts the last bar as its month's end and repeats the same targets there, which is
 * no order left unplaced. Targets are per symbol, NaN on bars without an order.
 */
export function changedOnLastBar(targets: Targets): boolean {
  for (const row of targets) {
    const n = row.length;
    const last = row[n - 1];
    if (Number.isNaN(last)) continue;
    let before = 0;
    for (let t = n - 2; t >= 0; t--) {
      if (!Number.isNaN(row[t])) {
        before = row[t];
        break;
      }
    }
    if (Math.abs(last - before) > 1e-12) return true;
  }
  return false;
}
