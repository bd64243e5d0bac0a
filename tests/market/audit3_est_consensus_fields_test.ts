/**
 * estimates.consensus on an FMP row holding none of the fields it reads: FMP's older endpoint
 * names them estimatedRevenueAvg, estimatedEpsAvg, numberAnalystsEstimatedEps. Such a row was
 * passed as a period whose every figure is empty, with no word of why.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const env = { ESTIMATES_A_API_KEY: "fmp-secret-999" };

const answer = (rows: unknown[]): typeof fetch => (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  return Promise.resolve(
    url.host === "financialmodelingprep.com"
      ? Response.json(rows)
      : new Response("no", { status: 404 }),
  );
};

Deno.test("estimates.consensus: rows with FMP's fields under other names are said, not passed as empty periods", async () => {
  const legacy = {
    symbol: "AAPL",
    date: "2027-09-30",
    estimatedRevenueLow: 4e11,
    estimatedRevenueHigh: 4.4e11,
    estimatedRevenueAvg: 4.2e11,
    estimatedEpsAvg: 8.9,
    estimatedEpsLow: 8.4,
    estimatedEpsHigh: 9.5,
    numberAnalystEstimatedRevenue: 20,
    numberAnalystsEstimatedEps: 20,
  };
  const e = (await run("estimates.consensus", { symbol: "AAPL" }, {
    fetch: answer([legacy]),
    env,
    now: "2026-01-15T12:00:00Z",
  })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.estimates[0].revenue.avg, null);
  assert.ok(
    e.warnings.some((w) =>
      /FMP's 2027-09-30 carries none of the figures read .*holds estimatedRevenueLow, .*renamed its fields/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("estimates.consensus: rows with FMP's own fields say nothing of it", async () => {
  const row = {
    symbol: "AAPL",
    date: "2027-09-30",
    revenueLow: 4e11,
    revenueHigh: 4.4e11,
    revenueAvg: 4.2e11,
    epsAvg: 8.9,
    epsLow: 8.4,
    epsHigh: 9.5,
    numAnalystsRevenue: 20,
    numAnalystsEps: 20,
  };
  const e = (await run("estimates.consensus", { symbol: "AAPL" }, {
    fetch: answer([row]),
    env,
    now: "2026-01-15T12:00:00Z",
  })).envelope;
  assert.equal((dataOf(e) as Any).estimates[0].eps.avg, 8.9);
  assert.ok(!e.warnings.some((w) => /none of the figures read/.test(w)), e.warnings.join("\n"));
});
