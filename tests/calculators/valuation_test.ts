import assert from "node:assert/strict";
import { fails, near, ok } from "./_calc.ts";

Deno.test("valuation.npv: first flow undiscounted, rows, suffixes", async () => {
  const { data } = await ok("valuation.npv", { cashflows: [-100, 60, 60], discount_rate: 0.1 });
  near(data.npv, 5 / 1.21); // −100 + 60/1.1 + 60/1.21 = 5/1.21
  assert.equal(data.discounted_cashflows.length, 3);
  assert.deepEqual(data.discounted_cashflows[0], {
    t: 0,
    cashflow: -100,
    discount_factor: 1,
    present_value: -100,
  });
  near(data.discounted_cashflows[2].present_value, 60 / 1.21);
  const text = await ok("valuation.npv", { cashflows: "-100M,30M,40M,50M", discount_rate: "10%" });
  assert.deepEqual(text.data.inputs.cashflows, [-1e8, 3e7, 4e7, 5e7]);
  near(text.data.npv, -1e8 + 3e7 / 1.1 + 4e7 / 1.21 + 5e7 / 1.331);
  const zeroRate = await ok("valuation.npv", { cashflows: [1, 2, 3], discount_rate: 0 });
  assert.equal(zeroRate.data.npv, 6);
  assert.match(
    (await fails("valuation.npv", { cashflows: "", discount_rate: 0.1 })).error,
    /at least one/,
  );
  const badRate = await fails("valuation.npv", { cashflows: [1], discount_rate: "-100%" });
  assert.equal(badRate.status, "usage");
  assert.match(badRate.error, /discount_rate.*greater than -100%/);
});

Deno.test("valuation.npv: bare rate above 1 is a percent with a warning naming the argument", async () => {
  const { data, warnings } = await ok("valuation.npv", {
    cashflows: "-100,60,60",
    discount_rate: "10",
  });
  assert.equal(data.inputs.discount_rate, 0.1);
  near(data.npv, 5 / 1.21);
  assert.match(warnings.join(), /discount_rate=10 was read as 10% \(0\.1\)/);
});

Deno.test("valuation.irr: conventional flows solved by Brent", async () => {
  const { data, warnings } = await ok("valuation.irr", { cashflows: [-100, 60, 60] });
  // 60x² + 60x − 100 = 0 with x = 1/(1+r)
  const expected = 120 / (-60 + Math.sqrt(27600)) - 1;
  near(data.irr, expected, 1e-12);
  near(data.irr_pct, expected * 100, 1e-10);
  assert.ok(Math.abs(data.npv_at_irr) < 1e-9);
  assert.equal(data.solver, "brent_bracketed");
  assert.equal(data.sign_changes, 1);
  assert.match(data.method, /Brent/);
  assert.deepEqual(warnings, []);
  const text = await ok("valuation.irr", { cashflows: "-100M,30M,40M,50M" });
  near(text.data.irr, 0.0889633947, 1e-8);
});

Deno.test("valuation.irr: several sign changes list every root with a warning", async () => {
  const { data, warnings } = await ok("valuation.irr", { cashflows: [-100, 230, -132] });
  assert.equal(data.irr_candidates.length, 2);
  near(data.irr_candidates[0], 0.1, 1e-12);
  near(data.irr_candidates[1], 0.2, 1e-12);
  near(data.irr, 0.1, 1e-12); // the root closest to 0%
  assert.equal(data.sign_changes, 2);
  assert.match(warnings.join(), /change sign 2 times, so several IRRs may exist; found 10%, 20%/);
});

Deno.test("valuation.irr: no sign change or no root gives null with a warning, never NaN", async () => {
  const same = await ok("valuation.irr", { cashflows: [100, 100, 50] });
  assert.equal(same.data.irr, null);
  assert.equal(same.data.irr_pct, null);
  assert.deepEqual(same.data.irr_candidates, []);
  assert.match(same.warnings.join(), /never change sign/);
  const huge = await ok("valuation.irr", { cashflows: [-1, 1e12] });
  assert.equal(huge.data.irr, null);
  assert.match(huge.warnings.join(), /no rate between/);
  assert.match((await fails("valuation.irr", { cashflows: [-1] })).error, /at least two/);
});

Deno.test("valuation.wacc: after-tax debt, domain errors", async () => {
  const { data } = await ok("valuation.wacc", {
    equity_value: "10B",
    debt_value: "1B",
    cost_of_equity: "10%",
    cost_of_debt: "5%",
    tax_rate: "21%",
  });
  near(data.wacc, (10 / 11) * 0.1 + (1 / 11) * 0.05 * 0.79); // 0.0945
  near(data.wacc, 0.0945);
  near(data.cost_of_debt_after_tax, 0.0395);
  near(data.weights.debt, 1 / 11);
  assert.equal(data.inputs.equity_value, 1e10);
  const noTax = await ok("valuation.wacc", {
    equity_value: 0,
    debt_value: 5,
    cost_of_equity: 0.1,
    cost_of_debt: 0.05,
  });
  near(noTax.data.wacc, 0.05);
  // 0% was not asked for: the untaxed debt cost is said, and a given rate is not warned
  assert.ok(
    noTax.warnings.some((w: string) => /tax_rate not given: 0% was used/.test(w)),
    noTax.warnings.join("\n"),
  );
  assert.equal(noTax.data.inputs.tax_rate, 0);
  const { warnings: taxed } = await ok("valuation.wacc", {
    equity_value: "10B",
    debt_value: "1B",
    cost_of_equity: "10%",
    cost_of_debt: "5%",
    tax_rate: "21%",
  });
  assert.deepEqual(taxed, []);
  assert.match(
    (await fails("valuation.wacc", {
      equity_value: 1,
      debt_value: 1,
      cost_of_equity: 0.1,
      cost_of_debt: 0.05,
      tax_rate: "-5%",
    })).error,
    /tax_rate must be between 0% and 100% \(got -5%\)/,
  );
});

const FLOWS = "100M,120M,140M";
const PV_FLOWS = 1e8 / 1.1 + 1.2e8 / 1.21 + 1.4e8 / 1.331;

Deno.test("valuation.dcf: Gordon growth terminal value", async () => {
  const { data, warnings } = await ok("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: "10%",
    terminal_growth: "3%",
  });
  near(data.pv_cashflows, PV_FLOWS); // 295,266,716.75
  near(data.terminal_value, 1.4e8 * 1.03 / 0.07); // 2,060,000,000
  near(data.pv_terminal_value, 2.06e9 / 1.331);
  near(data.enterprise_value, PV_FLOWS + 2.06e9 / 1.331); // ≈ 1,842,975,206.6
  assert.equal(data.terminal_method, "gordon_growth");
  assert.deepEqual(data.discounted_cashflows.map((r: { t: number }) => r.t), [1, 2, 3]);
  near(data.discounted_cashflows[0].present_value, 1e8 / 1.1);
  near(data.terminal_share, (2.06e9 / 1.331) / data.enterprise_value);
  assert.deepEqual(data.inputs, {
    cashflows: [1e8, 1.2e8, 1.4e8],
    discount_rate: 0.1,
    terminal_growth: 0.03,
    exit_multiple: null,
  });
  assert.deepEqual(warnings, []);
});

Deno.test("valuation.dcf: exit multiple, none, both, growth at or above rate", async () => {
  const exit = await ok("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: 0.1,
    exit_multiple: 15,
  });
  near(exit.data.terminal_value, 2.1e9);
  near(exit.data.enterprise_value, PV_FLOWS + 2.1e9 / 1.331);
  assert.equal(exit.data.terminal_method, "exit_multiple");

  const none = await ok("valuation.dcf", { cashflows: FLOWS, discount_rate: 0.1 });
  assert.equal(none.data.terminal_method, "none");
  assert.equal(none.data.terminal_value, null);
  assert.equal(none.data.pv_terminal_value, null);
  near(none.data.enterprise_value, PV_FLOWS);
  assert.match(none.warnings.join(), /no terminal value/);

  const both = await fails("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: 0.1,
    terminal_growth: 0.03,
    exit_multiple: 15,
  });
  assert.equal(both.status, "usage");
  assert.match(both.error, /terminal_growth or exit_multiple, not both/);

  const equal = await fails("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: "3%",
    terminal_growth: "3%",
  });
  assert.equal(equal.status, "failed");
  assert.match(equal.error, /discount_rate \(3%\) must be greater than terminal_growth \(3%\)/);
  assert.match(
    (await fails("valuation.dcf", { cashflows: FLOWS, discount_rate: 0.1, exit_multiple: -2 }))
      .error,
    /exit_multiple must be 0 or more/,
  );
  const negative = await ok("valuation.dcf", {
    cashflows: [10, -5],
    discount_rate: 0.1,
    terminal_growth: 0.02,
  });
  assert.ok(negative.data.terminal_value < 0);
  assert.match(negative.warnings.join(), /terminal value is negative/);
});

Deno.test("valuation.dcf: a terminal value that is nearly all of the value, and a rate of zero, are warned", async () => {
  const { envelope } = await import("../_helpers.ts");
  const near1 = await envelope("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: "10%",
    terminal_growth: "9.9%",
  });
  assert.ok(
    near1.warnings.some((w) =>
      /terminal value is 99\.7% of enterprise_value: with terminal_growth 9\.9%/.test(w)
    ),
    near1.warnings.join("\n"),
  );
  const usual = await envelope("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: "10%",
    terminal_growth: "3%",
  });
  assert.ok(!usual.warnings.some((w) => /terminal value is/.test(w)));
  const zero = await envelope("valuation.dcf", {
    cashflows: FLOWS,
    discount_rate: "0",
    exit_multiple: 10,
  });
  assert.ok(zero.warnings.some((w) => /discount_rate is 0%/.test(w)));
});

Deno.test("attack: a cash-flow list of hundreds of thousands of values is refused, not searched", async () => {
  const { envelope } = await import("../_helpers.ts");
  const flows = [-9, ...new Array(5000).fill(1)];
  for (const name of ["valuation.irr", "valuation.npv", "valuation.dcf"]) {
    const args: Record<string, unknown> = { cashflows: flows, discount_rate: "10%" };
    if (name === "valuation.irr") delete args.discount_rate;
    const e = await envelope(name, args);
    assert.equal(e.ok, false, name);
    assert.match(e.error!, /cashflows has 5001 values; at most 1200/, name);
  }
});
