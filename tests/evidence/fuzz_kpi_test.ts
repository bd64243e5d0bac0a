/** kpi.extract at the edges of its arguments (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "cassette")] };

Deno.test("kpi.extract from=filings: a form with no sections (8-K, 6-K) is refused once, naming form", async () => {
  for (const form of ["8-K", "6-K"]) {
    const env = await envelope("kpi.extract", { symbol: "ACME", from: "filings", form }, opts);
    assert.equal(env.ok, false);
    assert.equal(env.data, null);
    assert.match(env.error!, new RegExp(`^form: ${form} has no section map`));
    // said once, not once per section it would have read (mda; business; financial_statements)
    assert.equal(env.error!.split("has no section map").length, 2, env.error!);
  }
});
