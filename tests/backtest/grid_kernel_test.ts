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
