import assert from "node:assert/strict";
import { cagr, divide, formatPercent, irr, npv, signChanges } from "../../analysis/finance_math.ts";

Deno.test("irr: a 30-year mortgage solves to its 0.5% monthly rate", () => {
  // Payment on 100,000 at 0.5% a month for 360 months: P·r / (1 − (1+r)^−360).
  const payment = 100_000 * 0.005 / (1 - Math.pow(1.005, -360));
  const flows = [-100_000, ...Array(360).fill(payment)];
  const result = irr(flows);
  assert.ok(result.irr !== null && Math.abs(result.irr - 0.005) < 1e-12, String(result.irr));
  assert.ok(result.iterations < 40, `Brent used ${result.iterations} iterations`);
  assert.ok(Math.abs(npv(result.irr!, flows)) < 1e-6);
});

Deno.test("irr: deep losses near −100% and zeros between flows", () => {
  const loss = irr([-100, 0, 0, 1]); // (1/100)^(1/3) − 1
  assert.ok(loss.irr !== null && Math.abs(loss.irr - (Math.cbrt(0.01) - 1)) < 1e-10);
  assert.equal(signChanges([-1, 0, 0, 2, 0, -3]), 2);
  assert.equal(irr([0, 0, 0]).irr, null);
});

Deno.test("helpers: divide, cagr and percent formatting never yield NaN", () => {
  assert.deepEqual(divide(1, 0, "x"), {
    value: null,
    reason: "x is null: its denominator is zero",
  });
  assert.equal(divide(1e308, 1e-308, "x").value, null);
  assert.equal(cagr(100, 100, 5), 0);
  assert.throws(() => cagr(Number.NaN, 1, 1), /start must be greater than 0/);
  assert.equal(formatPercent(0.030000000000000002), "3%");
});

Deno.test("irr: two IRRs closer than the grid step are both found, at any scale of the flows", () => {
  for (const k of [1, 1000, 1e6]) {
    const r = irr([-1 * k, 2.205 * k, -1.2155 * k]);
    assert.equal(r.candidates.length, 2, `scale ${k}`);
    assert.ok(Math.abs(r.candidates[0] - 0.10) < 1e-9, `scale ${k}`);
    assert.ok(Math.abs(r.candidates[1] - 0.105) < 1e-9, `scale ${k}`);
  }
  // a double root is one IRR, a triple root at 0% is not split by rounding
  assert.deepEqual(irr([-100, 210, -110.25]).candidates.map((x) => Number(x.toFixed(9))), [0.05]);
  assert.deepEqual(irr([-1, 3, -3, 1]).candidates, [0]);
});
