/**
 * The grid's WebAssembly kernel: the committed grid.wasm is what grid.wat assembles to, and the
 * kernel refuses work outside its layout instead of reading another symbol's or set's memory.
 * (Its values are compared with the JavaScript simulation in grid.test.ts.)
 */
import assert from "node:assert/strict";
import { assembleGrid, WASM } from "../../analysis/backtest/grid_build.ts";
import { GridKernel, KERNEL_BYTES, kernelFits } from "../../analysis/backtest/grid_kernel.ts";

Deno.test("grid kernel: the committed grid.wasm is grid.wat assembled (deno task docs)", async () => {
  const committed = await Deno.readFile(WASM);
  const fresh = await assembleGrid();
  assert.ok(
    committed.length === fresh.length && committed.every((b, i) => b === fresh[i]),
    "analysis/backtest/grid.wasm is stale: run `deno task docs`",
  );
});

Deno.test("grid kernel: bars outside the panel and a panel laid over it are refused", () => {
  const close = [Float64Array.of(1, 2, 3, 4, 5), Float64Array.of(5, 4, 3, 2, 1)];
  const kernel = new GridKernel(close, 1);
  kernel.acc[0] = 100; // cash
  kernel.acc[1] = -Infinity; // peak
  kernel.qty.set([1, 2]);
  kernel.span(1, 5);
  // cash + 1 × A + 2 × B at bars 1 … 4
  assert.deepEqual([...kernel.equity], [110, 109, 108, 107]);
  assert.throws(() => kernel.span(0, 2), RangeError); // before `from`
  assert.throws(() => kernel.span(3, 6), RangeError); // past the last bar
  assert.throws(() => kernel.span(4, 3), RangeError);
  const other = new GridKernel([Float64Array.of(1, 2, 3)], 0);
  other.span(0, 3);
  assert.throws(() => kernel.span(1, 2), /taken by another panel/);
  assert.throws(() => new GridKernel([], 0), RangeError);
  assert.throws(() => new GridKernel(close, 5), RangeError);
});

Deno.test("grid kernel: panels above its memory cap are left to the JavaScript simulation", () => {
  assert.ok(kernelFits(4, 2_600, 200));
  assert.ok(kernelFits(500, 2_600, 200)); // 10 MB
  assert.ok(!kernelFits(2_000, 10_000, 200)); // 160 MB
  assert.ok(!kernelFits(1, KERNEL_BYTES / 8, 0));
  assert.ok(!kernelFits(0, 100, 0));
  assert.ok(!kernelFits(2, 100, 100)); // no bar to evaluate
});

Deno.test("grid kernel: a set's fills and trades run in the kernel, growing its memory for the rows", () => {
  const close = [Float64Array.of(10, 10, 11, 12, 12, 13)];
  const open = [Float64Array.of(10, 10, 10.5, 11.5, 12.5, 13)];
  const kernel = new GridKernel(close, 1, open);
  // buy everything at bar 1's close (filled at bar 2's open), sell at bar 3 (filled at bar 4)
  kernel.loadRows(Int32Array.of(1, 3), Float64Array.of(1, 0), 2, 2);
  kernel.reset(1000);
  const cfg = { slippage: 0, fees: 0.01, fixedFees: 1, leverage: 1 };
  const count = kernel.run(0, 2, cfg);
  assert.equal(count, 1);
  const [symbol, exit, direction, entry, entryQty, entryNotional, exitQty, exitNotional] = kernel
    .closed(0);
  assert.deepEqual([symbol, exit, direction, entry], [0, 4, 1, 2]);
  // the whole 1000 at 10.5 a share, scaled down so that it and its fees fit the cash
  const want = (1 * 1000) / 10.5 - 0;
  const scale = Math.max(0, (1000 + (1 - 1) * 1000 - 1 * 1) / (want * 10.5 * (1 + 0) * (1 + 0.01)));
  assert.equal(entryQty, want * scale);
  assert.equal(entryNotional, entryQty * 10.5);
  assert.equal(exitQty, entryQty);
  assert.equal(exitNotional, entryQty * 12.5);
  assert.equal(kernel.open(0)[0], 0, "flat after the sell");
  assert.equal(kernel.qty[0], 0);
  // both fills' fees: 1% of each notional plus 1 each
  assert.equal(kernel.fees, (entryNotional * 0.01 + 1) + (exitNotional * 0.01 + 1));
  // equity from bar 1: cash before the fill, then the holding at each close
  assert.equal(kernel.equity.length, 5);
  assert.equal(kernel.equity[0], 1000);
});
