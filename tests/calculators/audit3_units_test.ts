/**
 * Inputs nobody tuned on: amounts of one formula given in different units (one in millions, the
 * other in whole units) are said, not answered as a confident number; a negative multiple from
 * the provider is said to be no valuation.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ok } from "./_calc.ts";
import { FIXTURES, run } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const units = (warnings: string[]) => warnings.filter((w) => /different units|whole units/.test(w));

Deno.test("formula.margin: net income in millions over revenue in units is said", async () => {
  // Apple's 97,000 ($ millions) over 383B: a margin of 0.00003% that happened nowhere
  const slip = await ok("formula.margin", { numerator: 97000, denominator: "383B" });
  assert.equal(units(slip.warnings).length, 1, slip.warnings.join("\n"));
  assert.match(units(slip.warnings)[0], /^margin is 0\.0000253\d*%, far below usual values/);
  // and the other way round: a margin of 25,000,000%
  const up = await ok("formula.margin", { numerator: "97B", denominator: 383000 });
  assert.match(units(up.warnings)[0] ?? "", /^margin is .*%, far above usual values/);
  // a biotech's loss of 500M on 1M of revenue is a real -50,000%: the warning says it can be
  const biotech = await ok("formula.margin", { numerator: "-500M", denominator: "1M" });
  assert.match(units(biotech.warnings)[0] ?? "", /almost no revenue can truly have such a margin$/);
  // the same in one unit: no warning
  const right = await ok("formula.margin", { numerator: "97B", denominator: "383B" });
  assert.deepEqual(units(right.warnings), []);
  // a thin but real margin is no unit slip
  const thin = await ok("formula.margin", { numerator: "1M", denominator: "10B" });
  assert.deepEqual(units(thin.warnings), []);
});

Deno.test("formula.roic, turnover and days: amounts in two units are said", async () => {
  const roic = await ok("formula.roic", { nopat: "50B", invested_capital: 300000 });
  assert.match(units(roic.warnings)[0] ?? "", /^roic is .*far above usual values/);
  assert.deepEqual(
    units((await ok("formula.roic", { nopat: "50B", invested_capital: "300B" })).warnings),
    [],
  );
  const turnover = await ok("formula.turnover", {
    numerator: "383B",
    current: 350000,
    prior: 340000,
  });
  assert.match(units(turnover.warnings)[0] ?? "", /^turnover is .* times, far above/);
  const days = await ok("formula.days", {
    current: 30000,
    prior: 28000,
    denominator: "200B",
    days: 365,
  });
  assert.match(units(days.warnings)[0] ?? "", /^days is .* days, far below/);
  const fine = await ok("formula.days", {
    current: "30B",
    prior: "28B",
    denominator: "200B",
    days: 365,
  });
  assert.deepEqual(units(fine.warnings), []);
});

Deno.test("formula.enterprise_value, net_debt, wacc: debt in millions beside equity in units is said", async () => {
  const ev = await ok("formula.enterprise_value", {
    market_equity: "2.9T",
    debt: 110000,
    cash: "60B",
    operating_cash: "5B",
  });
  assert.match(
    units(ev.warnings)[0] ?? "",
    /^debt is about 1\/26,000,000 of market_equity: if one is given in millions/,
  );
  const right = await ok("formula.enterprise_value", {
    market_equity: "2.9T",
    debt: "110B",
    cash: "60B",
    operating_cash: "5B",
  });
  assert.deepEqual(units(right.warnings), []);
  // a debt-light giant (10M of leases beside 3T) is no slip
  const light = await ok("formula.enterprise_value", {
    market_equity: "3T",
    debt: "10M",
    cash: "60B",
    operating_cash: "5B",
  });
  assert.deepEqual(units(light.warnings), []);
  const nd = await ok("formula.net_debt", { debt: "110B", cash: 60000, operating_cash: 0 });
  assert.match(units(nd.warnings)[0] ?? "", /^cash is about 1\/1,800,000 of debt/);
  for (const name of ["formula.wacc", "valuation.wacc"]) {
    const w = await ok(name, {
      equity_value: "2.9T",
      debt_value: 110000,
      cost_of_equity: "9%",
      cost_of_debt: "4%",
      tax_rate: "21%",
    });
    assert.match(units(w.warnings)[0] ?? "", /^debt_value is about 1\/26,000,000 of equity_value/);
  }
  const op = await ok("formula.operating_cash", {
    revenue: "383B",
    cash_like_assets: 60000,
    percent_revenue: "2%",
  });
  assert.match(units(op.warnings)[0] ?? "", /^cash_like_assets is about 1\/6,400,000 of revenue/);
});

Deno.test("valuation.multiples: a negative EV/EBITDA from the provider is said to be no valuation", async () => {
  const file = join(FIXTURES, "market", "qs_defaultKeyStatistics.json");
  const stats = JSON.parse(readFileSync(file, "utf8"));
  stats.quoteSummary.result[0].defaultKeyStatistics.enterpriseToEbitda = -12.5;
  const out = await run("valuation.multiples", { symbol: "AAPL" }, {
    fetch: fakeMarket(undefined, { "modules=defaultKeyStatistics": () => Response.json(stats) }),
    now: "2023-11-22T15:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  // deno-lint-ignore no-explicit-any
  const d = out.envelope.data as any;
  assert.equal(d.multiples.ev_to_ebitda, -12.5);
  const said = out.envelope.warnings.filter((w) => /^ev_to_ebitda is -12\.5, below zero/.test(w));
  assert.equal(said.length, 1, out.envelope.warnings.join("\n"));
  assert.match(said[0], /EBITDA \(an operating loss before D&A\) is negative.*not a valuation/);
  assert.ok(d.warnings.includes(said[0]), "in data.warnings too");
  // the recorded positive ratios: nothing said
  const plain = await run("valuation.multiples", { symbol: "AAPL" }, {
    fetch: fakeMarket(),
    now: "2023-11-22T15:00:00Z",
  });
  assert.ok(!plain.envelope.warnings.some((w) => /below zero/.test(w)));
});

Deno.test("formula.wacc: after-tax debt without a tax_rate is said to have no shield", async () => {
  const args = {
    equity_value: "10B",
    debt_value: "2B",
    cost_of_equity: "10%",
    cost_of_debt: "5%",
  };
  const bare = await ok("formula.wacc", args);
  const said = bare.warnings.filter((w) => /^tax_rate not given: 0% was used/.test(w));
  assert.equal(said.length, 1, bare.warnings.join("\n"));
  assert.equal(bare.data.inputs.tax_rate, 0);
  assert.equal(bare.data.cost_of_debt_used, 0.05);
  // given, or pretax asked for, or no debt: nothing to say
  for (
    const more of [
      { tax_rate: "21%" },
      { tax_rate: 0 },
      { debt_tax: "pretax" },
      { debt_value: 0 },
    ]
  ) {
    const r = await ok("formula.wacc", { ...args, ...more });
    assert.ok(!r.warnings.some((w) => /tax_rate not given/.test(w)), JSON.stringify(more));
  }
});

Deno.test("valuation.dcf, npv, irr: a cash flow 100,000 times off its neighbour is said", async () => {
  // the last year typed in millions beside the others in units
  const dcf = await ok("valuation.dcf", {
    cashflows: "100M,120M,140",
    discount_rate: "10%",
    terminal_growth: "3%",
  });
  assert.match(
    units(dcf.warnings)[0] ?? "",
    /^cashflows item 3 is about 1\/860,000 of cashflows item 2: if one is given in millions/,
  );
  const npv = await ok("valuation.npv", { cashflows: "-500,120M,140M", discount_rate: "8%" });
  assert.match(units(npv.warnings)[0] ?? "", /^cashflows item 1 is about 1\/240,000 of/);
  const irr = await ok("valuation.irr", { cashflows: "-100M,30,40M,50M" });
  assert.match(units(irr.warnings)[0] ?? "", /^cashflows item 2 is about 1\/3,300,000 of/);
  // zeros between are skipped; flows in one unit say nothing
  const fine = await ok("valuation.dcf", {
    cashflows: "100M,0,140M",
    discount_rate: "10%",
    terminal_growth: "3%",
  });
  assert.deepEqual(units(fine.warnings), []);
});

Deno.test("formula.wacc and valuation.wacc: a cost of debt above the cost of equity is said (swapped rates)", async () => {
  for (const name of ["formula.wacc", "valuation.wacc"]) {
    const swapped = await ok(name, {
      equity_value: "10B",
      debt_value: "2B",
      cost_of_equity: "5%",
      cost_of_debt: "10%",
      tax_rate: "21%",
    });
    assert.ok(
      swapped.warnings.some((w) =>
        /^cost_of_debt \(10%\) is above cost_of_equity \(5%\).*not swapped$/.test(w)
      ),
      `${name}: ${swapped.warnings.join("\n")}`,
    );
    const usual = await ok(name, {
      equity_value: "10B",
      debt_value: "2B",
      cost_of_equity: "10%",
      cost_of_debt: "5%",
      tax_rate: "21%",
    });
    assert.ok(!usual.warnings.some((w) => /swapped/.test(w)), name);
  }
});
