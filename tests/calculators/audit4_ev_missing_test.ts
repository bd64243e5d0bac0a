/**
 * formula.enterprise_value counted left-out debt and cash as 0 without a word, so a call with
 * only the market cap answered an "enterprise value" equal to the market cap. Each left-out
 * side is now said; an explicit 0 is not.
 */
import assert from "node:assert/strict";
import { ok } from "./_calc.ts";

Deno.test("formula.enterprise_value: debt and cash left out are said, the value unchanged", async () => {
  const bare = await ok("formula.enterprise_value", { market_equity: "25B" });
  assert.equal(bare.data.enterprise_value, 25e9);
  const w = bare.warnings.find((x) => /^debt and cash not given, counted as 0/.test(x));
  assert.ok(w, bare.warnings.join("\n"));
  assert.match(w!, /market equity alone/);
  assert.match(w!, /pass debt= and cash=/);
});

Deno.test("formula.enterprise_value: only cash left out is said as such", async () => {
  const r = await ok("formula.enterprise_value", { market_equity: "25B", debt: "3B" });
  assert.equal(r.data.enterprise_value, 28e9);
  const w = r.warnings.find((x) => /^cash not given, counted as 0/.test(x));
  assert.ok(w, r.warnings.join("\n"));
  assert.match(w!, /plus debt, with no cash/);
  const d = await ok("formula.enterprise_value", { market_equity: "25B", cash: "1B" });
  assert.ok(d.warnings.some((x) => /^debt not given, counted as 0/.test(x)), d.warnings.join("\n"));
});

Deno.test("formula.enterprise_value: an explicit 0 of debt and cash is no omission", async () => {
  const r = await ok("formula.enterprise_value", { market_equity: "25B", debt: 0, cash: 0 });
  assert.equal(r.data.enterprise_value, 25e9);
  assert.deepEqual(r.data.inputs, { market_equity: 25e9, debt: 0, cash: 0, operating_cash: 0 });
  assert.ok(!r.warnings.some((x) => /not given/.test(x)), r.warnings.join("\n"));
});
