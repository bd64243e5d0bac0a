/**
 * estimates.compare with no currency stated on either side: a US ticker is no proof of one
 * currency. TSM's ADR reports in TWD, SAP's in EUR, while a consensus may be in USD; EUR
 * against USD is 1.1 times apart and Alibaba's CNY per share against USD per ADS (eight
 * shares) about 1.1 too, so no magnitude check sees them. The gap is given, but never as
 * checked: currency_check says unchecked, and a warning says what was assumed.
 */
import assert from "node:assert/strict";
import { fails, ok } from "../calculators/_calc.ts";

Deno.test("estimates.compare: a US-listed ADR's figures within 2x, no currency stated, are warned as unchecked", async () => {
  // SAP (NYSE: SAP) reports EUR 8.05 a share; a USD consensus of 8.70 is no 8% miss
  const r = await ok("estimates.compare", { symbol: "SAP", eps: 8.05, consensus_eps: 8.7 });
  assert.equal(r.data.currency, null);
  assert.equal(r.data.consensus_currency, null);
  assert.equal(r.data.currency_check, "unchecked");
  // old: no warning at all, the -7.5% gap passed as a surprise
  assert.ok(
    r.warnings.some((w) =>
      /^neither side states its currency .*SAP's figures are compared as if both were in one currency/
        .test(w) && /TSM in TWD/.test(w) && /currency= and consensus_currency=/.test(w)
    ),
    r.warnings.join("\n"),
  );
  // EPS with no basis stated: said in the same warning
  assert.ok(r.warnings.some((w) => /eps_basis= and consensus_eps_basis=/.test(w)));
  // revenue alone, no symbol: the same, without the EPS part
  const rev = await ok("estimates.compare", { revenue: "2.9T", consensus_revenue: "2.7T" });
  assert.equal(rev.data.currency_check, "unchecked");
  const w = rev.warnings.filter((x) => /neither side states its currency/.test(x));
  assert.equal(w.length, 1, rev.warnings.join("\n"));
  assert.doesNotMatch(w[0], /eps_basis/);
});

Deno.test("estimates.compare: said once, not beside a warning that already names the currencies", async () => {
  // 2.4 times apart: the magnitude warning names the currencies; no second one
  const r = await ok("estimates.compare", { symbol: "XYZ", eps: 2.0, consensus_eps: 0.83 });
  assert.equal(r.warnings.filter((w) => /states its currency/.test(w)).length, 1);
  // a listing abroad keeps its own, more precise warning
  const shel = await ok("estimates.compare", { symbol: "SHEL.L", eps: 3.1, consensus_eps: 2.8 });
  assert.equal(shel.warnings.filter((w) => /states its currency/.test(w)).length, 1);
  assert.match(shel.warnings.join("\n"), /listed outside the US/);
});

Deno.test("estimates.compare: both currencies stated and equal is checked; one stated is assumed", async () => {
  const same = await ok("estimates.compare", {
    symbol: "TSM",
    eps: 45,
    consensus_eps: 42,
    currency: "TWD",
    consensus_currency: "TWD",
    eps_basis: "share",
    consensus_eps_basis: "share",
  });
  assert.equal(same.data.currency_check, "same");
  assert.deepEqual(same.warnings, []);
  const one = await ok("estimates.compare", { eps: 45, consensus_eps: 42, currency: "TWD" });
  assert.equal(one.data.currency_check, "assumed");
  assert.ok(one.warnings.some((w) => /consensus's currency is not stated/.test(w)));
  // TWD against a USD consensus stays refused
  const two = await fails("estimates.compare", {
    symbol: "TSM",
    eps: 45,
    consensus_eps: 42,
    currency: "TWD",
    consensus_currency: "USD",
  });
  assert.match(two.error, /your figures are in TWD and the consensus in USD/);
});

Deno.test("estimates.compare: EPS on two sides of a share split, all else stated, is warned", async () => {
  // NVIDIA's FY2021 diluted EPS as first reported (4.52) against a figure after its 4-for-1
  const r = await ok("estimates.compare", {
    symbol: "NVDA",
    eps: 4.52,
    consensus_eps: 1.13,
    currency: "USD",
    consensus_currency: "USD",
    eps_basis: "share",
    consensus_eps_basis: "share",
  });
  assert.equal(r.data.comparisons[0].percent_gap_pct, 300);
  // old: no warning, a 300% beat
  assert.ok(
    r.warnings.some((w) =>
      /^eps: your 4.52 and the consensus 1.13 are 4 times apart: .*two share bases.*share split/
        .test(w)
    ),
    r.warnings.join("\n"),
  );
  // revenue four times apart in one stated currency is no split's doing: not said so
  const rev = await ok("estimates.compare", {
    revenue: "8B",
    consensus_revenue: "2B",
    currency: "USD",
    consensus_currency: "USD",
  });
  assert.ok(!rev.warnings.some((w) => /split/.test(w)), rev.warnings.join("\n"));
});
