import assert from "node:assert/strict";
import { fails, near, ok } from "./_calc.ts";

/** The one warning a comparison with no currency stated gets: nothing here checks the currency. */
function onlyUnchecked(warnings: string[]): void {
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /^neither side states its currency/);
}

Deno.test("estimates.compare: revenue and EPS gaps and surprises", async () => {
  const { data, warnings } = await ok("estimates.compare", {
    symbol: "aapl",
    revenue: "2.2B",
    consensus_revenue: "2.0B",
    eps: 0.5,
    consensus_eps: "0.45",
    fiscal_year: 2027,
  });
  assert.equal(data.symbol, "AAPL");
  assert.equal(data.fiscal_year, "2027");
  assert.equal(data.period, null);
  assert.equal(data.count, 2);
  const [rev, eps] = data.comparisons;
  assert.deepEqual(rev, {
    metric: "revenue",
    user_value: 2.2e9,
    consensus_value: 2e9,
    absolute_gap: 2e8,
    percent_gap: 0.1,
    percent_gap_pct: 10,
    direction: "above_consensus",
  });
  assert.equal(eps.absolute_gap, 0.05); // not 0.04999999999999999
  near(eps.percent_gap, 0.1111111111, 1e-10);
  onlyUnchecked(warnings);
});

Deno.test("estimates.compare: other metric pairs, negative consensus, zero consensus", async () => {
  const { data, warnings } = await ok("estimates.compare", {
    fcf: "70B",
    consensus_fcf: "74B",
    net_income: -5,
    consensus_net_income: -10,
    operating_income: 3,
    consensus_operating_income: 0,
    ebitda: 1,
    consensus_ebitda: 1,
    period: "annual",
  });
  assert.equal(data.symbol, null);
  assert.equal(data.period, "annual");
  assert.deepEqual(data.comparisons.map((c: { metric: string }) => c.metric), [
    "ebitda",
    "net_income",
    "fcf",
    "operating_income",
  ]);
  const by = Object.fromEntries(
    data.comparisons.map((c: { metric: string }) => [c.metric, c]),
  );
  assert.equal(by.ebitda.direction, "in_line");
  assert.equal(by.net_income.absolute_gap, 5);
  assert.equal(by.net_income.percent_gap, 0.5); // gap over |consensus|
  assert.equal(by.fcf.direction, "below_consensus");
  near(by.fcf.percent_gap_pct, -5.4054054054, 1e-9);
  assert.equal(by.operating_income.percent_gap, null);
  assert.match(warnings.join(), /percent_gap for operating_income is null/);
});

Deno.test("estimates.compare: no pair or half a pair is a usage error", async () => {
  const none = await fails("estimates.compare", { symbol: "AAPL", fiscal_year: 2027 });
  assert.equal(none.status, "usage");
  assert.match(none.error, /at least one metric with its consensus/);
  const half = await fails("estimates.compare", { revenue: "2B", eps: 1, consensus_eps: 1 });
  assert.equal(half.status, "usage");
  assert.match(half.error, /consensus_revenue is missing/);
  const unknown = await fails("estimates.compare", { revenue: 1, consensus_revenue: 1, sales: 2 });
  assert.match(unknown.error, /unknown argument `sales`/);
});

Deno.test("estimates.compare: opposite signs and figures a thousand times apart are warned", async () => {
  const { envelope } = await import("../_helpers.ts");
  const signs = await envelope("estimates.compare", { eps: 0.1, consensus_eps: -0.2 });
  assert.ok(signs.warnings.some((w) => /opposite signs/.test(w)));
  const units = await envelope("estimates.compare", { revenue: "2200", consensus_revenue: "2.0B" });
  assert.ok(units.warnings.some((w) => /times apart: check both are in the same unit/.test(w)));
  const fine = await envelope("estimates.compare", { revenue: "2.2B", consensus_revenue: "2.0B" });
  onlyUnchecked(fine.warnings);
  // per share, a hundred times apart is cents (or pence) against dollars (or pounds)
  const cents = await envelope("estimates.compare", { eps: 45, consensus_eps: 0.45 });
  assert.ok(
    cents.warnings.some((w) => /eps: .* 100 times apart: .*not one in cents/.test(w)),
    cents.warnings.join("\n"),
  );
  const close = await envelope("estimates.compare", { eps: 0.6, consensus_eps: 0.45 });
  onlyUnchecked(close.warnings);
});
