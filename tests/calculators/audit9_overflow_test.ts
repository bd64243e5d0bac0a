/**
 * Amounts near the top of the float range whose sum overflows while the answer does not: the
 * weights of a WACC and the mean of two balances must come out as a hand computation gives them.
 */
import assert from "node:assert/strict";
import { near, ok } from "./_calc.ts";
import { averageBalance, wacc } from "../../analysis/finance_math.ts";

Deno.test("audit9: WACC of two values whose sum overflows weighs them as equal, not as zero", async () => {
  // E = D = 1e308: E + D is Infinity, so E/(E+D) was 0 and WACC 0% with ok:true
  const args = {
    equity_value: 1e308,
    debt_value: 1e308,
    cost_of_equity: 0.1,
    cost_of_debt: 0.05,
    tax_rate: 0.21,
  };
  // by hand: 0.5 × 10% + 0.5 × 5% × (1 − 21%) = 5% + 1.975% = 6.975%
  for (const name of ["formula.wacc", "valuation.wacc"]) {
    const { data } = await ok(name, args);
    near(data.weights.equity, 0.5);
    near(data.weights.debt, 0.5);
    near(data.wacc, 0.06975);
  }
  // 3:1 at that scale: 0.75 × 10% + 0.25 × 5% × 0.79 = 8.4875%
  const r = wacc(1.5e308, 0.5e308, 0.1, 0.05, 0.21, true);
  near(r.weights.equity, 0.75);
  near(r.wacc, 0.084875);
  // ordinary values are unchanged
  const small = wacc(300, 100, 0.1, 0.05, 0.21, true);
  assert.equal(small.weights.equity, 0.75);
  assert.equal(small.weights.debt, 0.25);
});

Deno.test("audit9: the mean of two balances whose sum overflows is their mean", async () => {
  assert.equal(averageBalance(1e308, 1e308), 1e308);
  assert.equal(averageBalance(100, 50), 75);
  // turnover = 1e308 / ((1e308 + 1e308) / 2) = 1; was an error: average_balance is Infinity
  const t = await ok("formula.turnover", { numerator: 1e308, current: 1e308, prior: 1e308 });
  near(t.data.turnover, 1);
  assert.equal(t.data.average_balance, 1e308);
  // days = (1e308 / 1e308) × 365
  const d = await ok("formula.days", {
    current: 1e308,
    prior: 1e308,
    denominator: 1e308,
    days: 365,
  });
  near(d.data.days, 365);
});
