/**
 * valuation.scenario checks the revenue it is given against the provider's trailing-twelve-month
 * revenue, as it checks shares: 400000 meaning $400,000 million gives implied prices a millionth
 * of the real ones and is warned, naming the likely unit.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { unitSlip } from "../../analysis/calculators/valuation.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const json = (body: unknown) => () =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** Yahoo with Apple's TTM revenue of 395.76B USD in financialData. */
const opts = {
  fetch: fakeMarket(undefined, {
    "modules=financialData": json({
      quoteSummary: {
        result: [{
          financialData: {
            currentPrice: 190.5,
            totalRevenue: 395_760_000_000,
            financialCurrency: "USD",
          },
        }],
        error: null,
      },
    }),
  }),
  now: "2023-11-22T20:00:00Z",
};

const scenario = (revenue: string | number) =>
  run("valuation.scenario", {
    symbol: "AAPL",
    revenue,
    bear_multiple: 6,
    base_multiple: 8,
    bull_multiple: 10,
  }, opts);

Deno.test("valuation.scenario: revenue given in $ millions is warned, naming the unit", async () => {
  const { envelope } = await scenario(400000);
  const d = dataOf(envelope) as Any;
  assert.equal(d.cases[1].implied_market_cap, 3_200_000);
  const w = envelope.warnings.find((x) => /^revenue=400000 /.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /1\/989,000 of the trailing-twelve-month revenue Yahoo states for AAPL/);
  assert.match(w!, /\(395\.76B USD\)/);
  assert.match(w!, /looks given in millions .*pass revenue=400B/);
  assert.match(w!, /off by a factor of 1,000,000/);
  assert.ok(d.warnings.includes(w), "the warning is in data.warnings too, as the shares one is");
});

Deno.test("valuation.scenario: revenue in thousands is named as thousands", async () => {
  const { envelope } = await scenario(400_000_000);
  assert.ok(
    envelope.warnings.some((w) => /looks given in thousands .*factor of 1,000$/.test(w)),
    envelope.warnings.join("\n"),
  );
});

Deno.test("valuation.scenario: a revenue assumption within a few times of TTM is not warned", async () => {
  for (const revenue of ["400B", "150B", "1.1T"]) {
    const { envelope } = await scenario(revenue);
    assert.ok(
      !envelope.warnings.some((w) => /^revenue=/.test(w)),
      `${revenue}: ${envelope.warnings.join("\n")}`,
    );
  }
});

Deno.test("unitSlip: powers of a thousand name their unit; far-off figures are flagged plainly", () => {
  const base = {
    name: "revenue",
    stated: 2.2e9,
    what: "the TTM revenue",
    currency: "USD",
    consequence: "the prices",
  };
  assert.match(unitSlip({ ...base, given: 2.2 })!, /looks given in billions/);
  assert.match(unitSlip({ ...base, given: 2200 })!, /looks given in millions .*pass revenue=2\.2B/);
  assert.match(unitSlip({ ...base, given: 2.2e6 })!, /looks given in thousands/);
  assert.match(unitSlip({ ...base, given: 2.2e12 })!, /about 1,000 times the TTM revenue/);
  assert.match(unitSlip({ ...base, given: 2.2e7 })!, /1\/100 of .*check its unit/);
  assert.equal(unitSlip({ ...base, given: 5e9 }), null);
  assert.equal(unitSlip({ ...base, given: -1 }), null);
});
