/** Audit of the pure calculators: no silent wrong answer, no overflow reaching the envelope. */
import assert from "node:assert/strict";
import { fails, ok } from "./_calc.ts";

Deno.test("audit: an overflowing result is an input error, not an internal error or null", async () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["formula.cagr", { start: 100, end: 150, periods: 1e-7 }, /cagr comes out as Infinity/],
    ["formula.ebitda", { ebit: 1e308, d_and_a: 1e308 }, /ebitda comes out as Infinity/],
    ["formula.adjusted_ebitda", { ebit: 1e308, d_and_a: 1e308 }, /not a finite number/],
    ["valuation.npv", { cashflows: [1e308, 1e308], discount_rate: 0.1 }, /npv comes out/],
    [
      "valuation.npv",
      { cashflows: Array(1200).fill(1), discount_rate: "-99%" },
      /not a finite number/,
    ],
    [
      "valuation.dcf",
      { cashflows: "100,120", discount_rate: 0.1, exit_multiple: 1e308 },
      /not a finite number/,
    ],
  ];
  for (const [name, args, message] of cases) {
    const { error } = await fails(name, args);
    assert.doesNotMatch(error, /internal error/, `${name}: ${error}`);
    assert.match(error, message, `${name}: ${error}`);
  }
});

Deno.test("audit: negative balances are refused where a sign flips the answer silently", async () => {
  // cash −500 was counted as 0 excess cash; operating_cash −50 made excess cash exceed cash
  assert.match(
    (await fails("formula.net_debt", { debt: 100, cash: -500 })).error,
    /cash must be 0/,
  );
  assert.match(
    (await fails("formula.net_debt", { debt: 100, cash: 100, operating_cash: -50 })).error,
    /operating_cash must be 0/,
  );
  assert.match((await fails("formula.net_debt", { debt: -100, cash: 50 })).error, /debt must/);
  assert.match(
    (await fails("formula.enterprise_value", { market_equity: -100, debt: 100, cash: 500 })).error,
    /market_equity must be 0/,
  );
  // negative operating lease cost gave a negative debt-like amount
  assert.match(
    (await fails("formula.lease_equivalent", {
      base_liability: 100,
      variable_cost: 10,
      operating_cost: -5,
    })).error,
    /operating_cost must be 0/,
  );
  assert.match(
    (await fails("formula.operating_cash", { revenue: -1000, cash_like_assets: 100 })).error,
    /revenue must be 0/,
  );
  // cash_like_assets −100 added 100 to the operating current assets
  assert.match(
    (await fails("formula.operating_current_assets", {
      current_assets: 1000,
      cash_like_assets: -100,
    })).error,
    /cash_like_assets must be 0/,
  );
  // the excess-cash convention still gives a negative net debt for a net cash position
  const net = await ok("formula.net_debt", { debt: 100, cash: 500, operating_cash: 50 });
  assert.equal(net.data.net_debt, -350);
});

Deno.test("audit: sign and period traps are warned", async () => {
  const days = await ok("formula.days", { current: 100, prior: 100, denominator: -1000 });
  assert.match(days.warnings.join(), /denominator is negative/);
  const quarter = await ok("formula.days", { current: 100, prior: 100, denominator: 250 });
  assert.match(quarter.data.method, /× 365; the denominator must be the flow of those 365 days/);
  assert.match(quarter.data.method, /days=91 or 92/);
  const long = await ok("formula.days", { current: 1, prior: 1, denominator: 10, days: 3650 });
  assert.match(long.warnings.join(), /more than a year/);
  const turn = await ok("formula.turnover", { numerator: 100, current: -5, prior: 3 });
  assert.match(turn.warnings.join(), /average balance is negative/);
  const ebitda = await ok("formula.ebitda", { ebit: 1000, d_and_a: -200 });
  assert.equal(ebitda.data.ebitda, 800);
  assert.match(ebitda.warnings.join(), /d_and_a is negative/);
  const adj = await ok("formula.adjusted_ebitda", { ebit: 1000, d_and_a: -200 });
  assert.match(adj.warnings.join(), /d_and_a is negative/);
  const ocl = await ok("formula.operating_current_liabilities", {
    current_liabilities: 100,
    interest_bearing_current_debt: 150,
  });
  assert.match(ocl.warnings.join(), /more than current_liabilities/);
});

Deno.test("audit: valuation warnings for a negative rate, a sub-1× exit multiple, a mixed-sign terminal share", async () => {
  const npv = await ok("valuation.npv", { cashflows: "-100,60,60", discount_rate: "-50%" });
  assert.match(npv.warnings.join(), /discount_rate is -50%/);
  const dcf = await ok("valuation.dcf", {
    cashflows: "100,120",
    discount_rate: "10%",
    exit_multiple: 0.15,
  });
  assert.match(dcf.warnings.join(), /not a rate or a yield/);
  // the forecast years are worth more than the whole: the terminal value is negative
  const mixed = await ok("valuation.dcf", {
    cashflows: "1000,-10",
    discount_rate: "10%",
    terminal_growth: "3%",
  });
  assert.ok(mixed.data.terminal_share < 0);
  assert.match(mixed.warnings.join(), /opposite signs/);
});

Deno.test("audit: existing domain refusals hold", async () => {
  await fails("formula.cagr", { start: -100, end: 150, periods: 3 });
  await fails("formula.cagr", { start: 100, end: -150, periods: 3 });
  await fails("formula.cagr", { start: 100, end: 150, periods: 0 });
  await fails("valuation.dcf", { cashflows: "100", discount_rate: "5%", terminal_growth: "5%" });
  await fails("valuation.dcf", { cashflows: "100", discount_rate: "5%", terminal_growth: "6%" });
  const none = await ok("valuation.irr", { cashflows: "100,60,60" });
  assert.equal(none.data.irr, null);
  const two = await ok("valuation.irr", { cashflows: "-100,230,-132" });
  assert.match(two.warnings.join(), /found 10%, 20%; irr reports the one closest to 0%/);
});
