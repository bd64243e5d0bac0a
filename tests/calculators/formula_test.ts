import assert from "node:assert/strict";
import { fails, near, ok } from "./_calc.ts";

Deno.test("formula.margin: acceptance value and zero denominator", async () => {
  const { data, warnings } = await ok("formula.margin", {
    numerator: "11969",
    denominator: "254453",
  });
  assert.equal(data.margin, 0.04703815635893466);
  near(data.margin_pct, 4.703815635893466);
  assert.deepEqual(data.inputs, { numerator: 11969, denominator: 254453 });
  assert.match(data.method, /numerator \/ denominator/);
  assert.deepEqual(warnings, []);

  const zero = await ok("formula.margin", { numerator: 5, denominator: 0 });
  assert.equal(zero.data.margin, null);
  assert.equal(zero.data.margin_pct, null);
  assert.match(zero.warnings.join(), /margin is null: its denominator is zero/);
});

Deno.test("formula.operating_cash: parses 2.5B, 120M and 2%; cap by cash", async () => {
  const { data } = await ok("formula.operating_cash", {
    revenue: "2.5B",
    cash_like_assets: "120M",
    percent_revenue: "2%",
  });
  assert.deepEqual(data.inputs, {
    revenue: 2_500_000_000,
    cash_like_assets: 120_000_000,
    percent_revenue: 0.02,
  });
  assert.equal(data.operating_cash, 50_000_000);
  assert.equal(data.capped_by, "revenue_share");
  // 2% of 254453 = 5089.06 < 11144, default percent is 2%
  const def = await ok("formula.operating_cash", { revenue: 254453, cash_like_assets: 11144 });
  near(def.data.operating_cash, 5089.06);
  const capped = await ok("formula.operating_cash", { revenue: 1000, cash_like_assets: 5 });
  assert.equal(capped.data.operating_cash, 5);
  assert.equal(capped.data.capped_by, "cash_like_assets");
  assert.match(
    (await fails("formula.operating_cash", {
      revenue: 1,
      cash_like_assets: 1,
      percent_revenue: "-2%",
    })).error,
    /percent_revenue must be 0% or more \(got -2%\)/,
  );
});

Deno.test("formula.ebitda and adjusted_ebitda", async () => {
  assert.equal((await ok("formula.ebitda", { ebit: 9285, d_and_a: 2237 })).data.ebitda, 11522);
  const adj = await ok("formula.adjusted_ebitda", {
    ebit: "9,285",
    d_and_a: "2237",
    addbacks: "284,163",
  });
  assert.equal(adj.data.adjusted_ebitda, 11969);
  assert.equal(adj.data.addbacks_total, 447);
  assert.deepEqual(adj.data.inputs.addbacks, [284, 163]);
  const none = await ok("formula.adjusted_ebitda", { ebit: 1, d_and_a: 2 });
  assert.equal(none.data.adjusted_ebitda, 3);
  assert.deepEqual(none.data.inputs.addbacks, []);
});

Deno.test("formula.days and turnover: average balances, zero denominators", async () => {
  const days = await ok("formula.days", { current: 2721, prior: 2285, denominator: 254453 });
  // ((2721 + 2285) / 2) / 254453 × 365 = 2503 / 254453 × 365
  near(days.data.days, 2503 / 254453 * 365);
  assert.equal(days.data.average_balance, 2503);
  assert.equal(days.data.inputs.days, 365);
  const quarter = await ok("formula.days", { current: 10, prior: 10, denominator: 100, days: 91 });
  near(quarter.data.days, 9.1);
  const zero = await ok("formula.days", { current: 1, prior: 1, denominator: 0 });
  assert.equal(zero.data.days, null);
  assert.match(zero.warnings.join(), /days is null/);
  assert.match(
    (await fails("formula.days", { current: 1, prior: 1, denominator: 1, days: 0 })).error,
    /days must be greater than 0/,
  );

  const turn = await ok("formula.turnover", { numerator: 222358, current: 18647, prior: 16651 });
  near(turn.data.turnover, 222358 / 17649);
  const flat = await ok("formula.turnover", { numerator: 5, current: 3, prior: -3 });
  assert.equal(flat.data.turnover, null);
  assert.match(flat.warnings.join(), /turnover is null/);
});

Deno.test("formula.lease_equivalent, roic, cagr", async () => {
  const lease = await ok("formula.lease_equivalent", {
    base_liability: 2554,
    variable_cost: 163,
    operating_cost: 284,
  });
  near(lease.data.lease_equivalent, 2554 * 163 / 284);
  near(lease.data.ratio, 163 / 284);
  const leaseZero = await ok("formula.lease_equivalent", {
    base_liability: 1,
    variable_cost: 1,
    operating_cost: 0,
  });
  assert.equal(leaseZero.data.lease_equivalent, null);
  assert.equal(leaseZero.data.ratio, null);

  const roic = await ok("formula.roic", { nopat: 7113, invested_capital: 28077 });
  near(roic.data.roic, 7113 / 28077);
  near(roic.data.roic_pct, 711300 / 28077);
  assert.equal((await ok("formula.roic", { nopat: 1, invested_capital: 0 })).data.roic, null);

  const cagr = await ok("formula.cagr", { start: 100, end: 150, periods: 3 });
  near(cagr.data.cagr, Math.cbrt(1.5) - 1); // 0.144714…
  near(cagr.data.cagr_pct, 14.4714243, 1e-7);
  const down = await ok("formula.cagr", { start: "1.2B", end: 0, periods: 2 });
  assert.equal(down.data.cagr, -1);
  assert.match(
    (await fails("formula.cagr", { start: -100, end: 50, periods: 3 })).error,
    /start must be greater than 0/,
  );
  assert.match(
    (await fails("formula.cagr", { start: 0, end: 50, periods: 3 })).error,
    /start must be greater than 0/,
  );
  assert.match(
    (await fails("formula.cagr", { start: 100, end: -5, periods: 3 })).error,
    /end must be 0 or more/,
  );
  assert.match(
    (await fails("formula.cagr", { start: 100, end: 50, periods: 0 })).error,
    /periods must be greater than 0/,
  );
});

Deno.test("formula.capm: rates in three forms; bare number warns in the envelope", async () => {
  const { data, warnings } = await ok("formula.capm", {
    risk_free: "4.617%",
    beta: 0.79,
    market_return: "11%",
  });
  near(data.cost_of_equity, 0.04617 + 0.79 * (0.11 - 0.04617));
  near(data.market_risk_premium, 0.06383);
  assert.deepEqual(warnings, []);
  const bare = await ok("formula.capm", { risk_free: "4", beta: "1.2", market_return: 0.1 });
  near(bare.data.inputs.risk_free, 0.04);
  near(bare.data.cost_of_equity, 0.04 + 1.2 * 0.06);
  assert.equal(bare.warnings.length, 1);
  assert.match(bare.warnings[0], /^risk_free=4 was read as 4% \(0\.04\)/);
});

Deno.test("formula.wacc: after-tax default, pretax, weights and domain errors", async () => {
  const base = {
    equity_value: 418856,
    debt_value: 11415,
    cost_of_equity: "9.66%",
    cost_of_debt: "6%",
    tax_rate: "24%",
  };
  const e = 418856 / 430271;
  const d = 11415 / 430271;
  const after = await ok("formula.wacc", base);
  near(after.data.wacc, e * 0.0966 + d * 0.06 * 0.76);
  near(after.data.weights.equity, e);
  near(after.data.cost_of_debt_used, 0.0456);
  assert.equal(after.data.inputs.debt_tax, "after_tax");
  const pre = await ok("formula.wacc", { ...base, debt_tax: "pretax" });
  near(pre.data.wacc, e * 0.0966 + d * 0.06);
  assert.match(pre.data.method, /no tax shield/);
  assert.match(
    (await fails("formula.wacc", { ...base, equity_value: 0, debt_value: 0 })).error,
    /greater than 0/,
  );
  assert.match(
    (await fails("formula.wacc", { ...base, debt_value: -1 })).error,
    /debt_value must be 0 or more/,
  );
  assert.match(
    (await fails("formula.wacc", { ...base, tax_rate: "120%" })).error,
    /tax_rate must be between 0% and 100% \(got 120%\)/,
  );
  const bad = await fails("formula.wacc", { ...base, debt_tax: "post" });
  assert.equal(bad.status, "usage");
});

Deno.test("formula.enterprise_value and net_debt: excess cash, defaults 0", async () => {
  const ev = await ok("formula.enterprise_value", {
    market_equity: 418856,
    debt: 11415,
    cash: 11144,
    operating_cash: 5089,
  });
  assert.equal(ev.data.excess_cash, 6055);
  assert.equal(ev.data.enterprise_value, 418856 + 11415 - 6055);
  const bare = await ok("formula.enterprise_value", { market_equity: "25B" });
  assert.equal(bare.data.enterprise_value, 25e9);
  assert.deepEqual(bare.data.inputs, { market_equity: 25e9, debt: 0, cash: 0, operating_cash: 0 });

  const nd = await ok("formula.net_debt", { debt: 11415, cash: 11144 });
  assert.equal(nd.data.inputs.operating_cash, 0); // not the reference's example 5089
  assert.equal(nd.data.net_debt, 271);
  const withOp = await ok("formula.net_debt", { debt: 100, cash: 50, operating_cash: 80 });
  assert.equal(withOp.data.excess_cash, 0);
  assert.equal(withOp.data.net_debt, 100);
});

Deno.test("formula working-capital chain with default-0 adjustments", async () => {
  const oca = await ok("formula.operating_current_assets", { current_assets: 34246 });
  assert.equal(oca.data.operating_current_assets, 34246);
  assert.deepEqual(oca.data.inputs, {
    current_assets: 34246,
    cash_like_assets: 0,
    operating_cash: 0,
  });
  const oca2 = await ok("formula.operating_current_assets", {
    current_assets: 34246,
    cash_like_assets: 11144,
    operating_cash: 5089,
  });
  assert.equal(oca2.data.operating_current_assets, 28191);
  const ocl = await ok("formula.operating_current_liabilities", { current_liabilities: 35464 });
  assert.equal(ocl.data.operating_current_liabilities, 35464);
  const ocl2 = await ok("formula.operating_current_liabilities", {
    current_liabilities: 35464,
    interest_bearing_current_debt: 103,
  });
  assert.equal(ocl2.data.operating_current_liabilities, 35361);
  const wc = await ok("formula.working_capital", {
    operating_current_assets: 28191,
    operating_current_liabilities: 35361,
  });
  assert.equal(wc.data.working_capital, -7170);
});

Deno.test("formula: bad numbers and missing arguments are usage errors", async () => {
  const bad = await fails("formula.margin", { numerator: "12 apples", denominator: 1 });
  assert.equal(bad.status, "usage");
  assert.match(bad.error, /numerator/);
  const missing = await fails("formula.roic", { nopat: 1 });
  assert.equal(missing.status, "usage");
  assert.match(missing.error, /invested_capital/);
});

Deno.test("formula.operating_current_assets puts back no more cash than it took out", async () => {
  const capped = await ok("formula.operating_current_assets", {
    current_assets: 34246,
    cash_like_assets: 1000,
    operating_cash: 5089,
  });
  assert.equal(capped.data.operating_current_assets, 34246);
  assert.ok(capped.warnings.some((w: string) => /only 1000 is put back/.test(w)));
  const usual = await ok("formula.operating_current_assets", {
    current_assets: 34246,
    cash_like_assets: 11144,
    operating_cash: 5089,
  });
  assert.equal(usual.data.operating_current_assets, 28191);
  assert.deepEqual(usual.warnings, []);
});

Deno.test("formulas whose sign means nothing say so: ROIC on negative capital, a negative market premium, a margin on negative revenue", async () => {
  const roic = await ok("formula.roic", { nopat: -7113, invested_capital: -28077 });
  assert.ok(roic.warnings.some((w: string) => /invested_capital is negative/.test(w)));
  const capm = await ok("formula.capm", { risk_free: "5%", beta: 1.2, market_return: "3%" });
  assert.ok(capm.warnings.some((w: string) => /negative market risk premium \(-2\.00%\)/.test(w)));
  const margin = await ok("formula.margin", { numerator: -50, denominator: -200 });
  assert.ok(margin.warnings.some((w: string) => /denominator is negative/.test(w)));
  const plain = await ok("formula.roic", { nopat: 7113, invested_capital: 28077 });
  assert.deepEqual(plain.warnings, []);
});

Deno.test("formulas: a negative balance, an unused tax rate and operating cash above cash are said", async () => {
  // each was answered without a word: days 0 from +100 and -100, a tax rate dropped in silence
  const days = await ok("formula.days", { current: "-100", prior: "100", denominator: "1000" });
  assert.equal(days.data.days, 0);
  assert.ok(days.warnings.some((w: string) => /^current is -100: a balance below zero/.test(w)));
  const turn = await ok("formula.turnover", { numerator: "1000", current: "100", prior: "-100" });
  assert.ok(turn.warnings.some((w: string) => /^prior is -100: a balance below zero/.test(w)));
  const wacc = await ok("formula.wacc", {
    equity_value: "100",
    debt_value: "50",
    cost_of_equity: "10%",
    cost_of_debt: "5%",
    tax_rate: "20%",
    debt_tax: "pretax",
  });
  assert.ok(
    wacc.warnings.some((w: string) => /^tax_rate=0\.2 is not used: debt_tax=pretax/.test(w)),
  );
  const ev = await ok("formula.enterprise_value", {
    market_equity: "100",
    debt: "20",
    cash: "5",
    operating_cash: "20",
  });
  assert.equal(ev.data.enterprise_value, 120);
  assert.ok(
    ev.warnings.some((w: string) => /^operating_cash \(20\) is more than cash \(5\)/.test(w)),
  );
  // ordinary inputs stay quiet
  const plain = await ok("formula.days", { current: "100", prior: "120", denominator: "1000" });
  assert.deepEqual(plain.warnings, []);
});
