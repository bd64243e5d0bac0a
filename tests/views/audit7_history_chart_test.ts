/**
 * historySeries gave its series no unit, so a chart of filings.history's revenue beside its
 * diluted EPS drew dollars and dollars per share on one axis (statementChart refuses mixed units
 * only when the series say theirs), and a chart without `unit` said "unit not stated" though the
 * result states its currency. Run on the project's company-facts fixture (FCTS).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, FIXTURES, run } from "../_helpers.ts";
import { historySeries, statementChart } from "../../analysis/charts/statement.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

async function history(): Promise<Any> {
  const { envelope } = await run("filings.history", {
    symbol: "FCTS",
    period: "quarterly",
    years: 2,
  }, { replay: [join(FIXTURES, "facts")], now: "2025-11-21T12:00:00Z" });
  return dataOf(envelope);
}

Deno.test("historySeries: each series has its unit; revenue beside EPS is refused", async () => {
  const d = await history();
  const [revenue, eps] = historySeries(d, ["revenue", "eps_diluted"]);
  assert.equal(revenue.unit, "USD");
  assert.equal(eps.unit, "USD/shares");
  await assert.rejects(
    () => statementChart([revenue, eps], { title: "t", source: "s", asOf: "2024-03-31" }),
    /different units \(USD, USD\/shares\)/,
  );
  // revenue alone: the axis says the result's currency without being told
  const svg = await statementChart(historySeries(d, ["revenue", "net_income"]), {
    title: "FCTS revenue and net income",
    source: "SEC XBRL company facts",
    asOf: "2024-03-31",
  });
  // its Q4 is derived (FY - Q1 - Q2 - Q3), so the axis says value, not reported value
  assert.match(svg, /Value \(USD\)/);
  assert.doesNotMatch(svg, /unit not stated/);
});
