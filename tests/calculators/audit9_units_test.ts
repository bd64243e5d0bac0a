/**
 * Amounts of one formula given in different units (one in millions, the other in whole units)
 * where the formula had no check: working capital, operating current assets and liabilities,
 * and the lease-equivalent ratio. Each is warned; the same figures in one unit are not.
 */
import assert from "node:assert/strict";
import { near, ok } from "./_calc.ts";

const UNITS = /in millions or thousands and the other in whole units/;

Deno.test("audit9: working capital and its parts warn when their amounts are a million times apart", async () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    // 5B of operating current assets beside 3000 meaning 3000M of liabilities
    [
      "formula.working_capital",
      { operating_current_assets: 5e9, operating_current_liabilities: 3000 },
      { operating_current_assets: 5e9, operating_current_liabilities: 3e9 },
    ],
    [
      "formula.operating_current_liabilities",
      { current_liabilities: 5e9, interest_bearing_current_debt: 300 },
      { current_liabilities: 5e9, interest_bearing_current_debt: 3e8 },
    ],
    [
      "formula.operating_current_assets",
      { current_assets: 5e9, cash_like_assets: 300, operating_cash: 10 },
      { current_assets: 5e9, cash_like_assets: 3e8, operating_cash: 1e7 },
    ],
  ];
  for (const [name, mixed, same] of cases) {
    const bad = await ok(name, mixed);
    assert.ok(bad.warnings.some((w) => UNITS.test(w)), `${name}: ${bad.warnings.join(" | ")}`);
    const good = await ok(name, same);
    assert.ok(!good.warnings.some((w) => UNITS.test(w)), `${name}: ${good.warnings.join(" | ")}`);
  }
  // the answers themselves are unchanged: 5B − 3B
  const wc = await ok("formula.working_capital", {
    operating_current_assets: 5e9,
    operating_current_liabilities: 3e9,
  });
  assert.equal(wc.data.working_capital, 2e9);
});

Deno.test("audit9: a lease-equivalent ratio of a million is warned; a variable cost twice the fixed is not", async () => {
  // variable lease cost in dollars (5B) beside fixed cost in millions (5000): ratio 1,000,000
  const bad = await ok("formula.lease_equivalent", {
    base_liability: 100,
    variable_cost: 5e9,
    operating_cost: 5000,
  });
  assert.ok(bad.warnings.some((w) => /ratio of variable_cost to operating_cost/.test(w)));
  // percentage rents can exceed the fixed cost: 568 / 284 = 2, × 2554 = 5108, no warning
  const rent = await ok("formula.lease_equivalent", {
    base_liability: 2554,
    variable_cost: 568,
    operating_cost: 284,
  });
  near(rent.data.ratio, 2);
  near(rent.data.lease_equivalent, 5108);
  assert.deepEqual(rent.warnings, []);
});
