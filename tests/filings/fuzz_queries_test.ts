/** query= of filings.statement and filings.report (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };
type Rows = { rows: { concept: string | null; label: string }[]; count: number };

Deno.test("filings.statement: query= in words finds the tag those words make (cost revenue, per share basic)", async () => {
  const cost = dataOf(
    await envelope<Rows>("filings.statement", { symbol: "ACME", query: "cost revenue" }, opts),
  );
  assert.deepEqual(cost.rows.map((r) => r.concept), ["us-gaap:CostOfRevenue"]);
  const eps = dataOf(
    await envelope<Rows>("filings.statement", { symbol: "ACME", query: "per share basic" }, opts),
  );
  assert.deepEqual(eps.rows.map((r) => r.concept), ["us-gaap:EarningsPerShareBasic"]);
});

Deno.test("filings.report: a query= no row matches is warned, not an empty table said nothing of", async () => {
  const env = await envelope<Rows>("filings.report", {
    symbol: "ACME",
    report: "R2",
    query: "zzz",
  }, opts);
  assert.equal(dataOf(env).rows.length, 0);
  assert.ok(
    env.warnings.some((w) => /no row of R2 matched query "zzz" \(its \d+ rows were read\)/.test(w)),
    JSON.stringify(env.warnings),
  );
});
