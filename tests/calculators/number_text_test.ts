/**
 * Scientific notation on the command line: `ebit=1.5e9` is the amount a JSON 1.5e9 is (it was
 * refused as "invalid number"), and one that overflows or underflows is refused saying which; a
 * beta typed as a percent is said rather than priced at 510%.
 */
import assert from "node:assert/strict";
import { exponentProblem, parseAmount, parseRate } from "../../core/numbers.ts";
import { envelope } from "../_helpers.ts";

Deno.test("parseAmount: scientific notation", () => {
  assert.equal(parseAmount("1e6"), 1e6);
  assert.equal(parseAmount("1.5E9"), 1.5e9);
  assert.equal(parseAmount(" -2.5e-3 "), -2.5e-3);
  assert.equal(parseAmount("−4e2"), -400);
  assert.equal(parseAmount("0e5"), 0);
  // not a number, or not the number written
  for (const t of ["e5", "1e", "1e6B", "1,000e3", "1e309", "1e-400", "0x1e3", "1e+"]) {
    assert.equal(parseAmount(t), null, t);
  }
  assert.match(exponentProblem("1e309"), /beyond the largest number/);
  assert.match(exponentProblem("1e-400"), /too small/);
  assert.equal(exponentProblem("abc"), "");
});

Deno.test("parseRate: an exponent is read like any other bare number", () => {
  const r = parseRate("5e-2", "risk_free");
  assert.ok(typeof r !== "string");
  assert.equal(r.value, 0.05);
  assert.equal(r.note, null);
});

Deno.test("formula.ebitda: 1.5e9 typed as text is 1.5 billion", async () => {
  const e = await envelope("formula.ebitda", { ebit: "1.5e9", d_and_a: "2e3" });
  assert.equal(e.ok, true, String(e.error));
  assert.equal((e.data as { ebitda: number }).ebitda, 1_500_002_000);
  const over = await envelope("formula.ebitda", { ebit: "1e999", d_and_a: "1" });
  assert.equal(over.ok, false);
  assert.match(String(over.error), /argument `ebit`: "1e999" is beyond the largest number/);
});

Deno.test("formula.capm: a beta typed as a percent (79 for 0.79) is said, with the reading", async () => {
  const e = await envelope("formula.capm", { risk_free: "4.6%", beta: "79", market_return: "11%" });
  assert.equal(e.ok, true, String(e.error));
  assert.ok(
    e.warnings.some((w) =>
      /^beta=79 is far outside .* cost of equity is 510\.2%.* the beta is 0\.79$/.test(w)
    ),
    JSON.stringify(e.warnings),
  );
  const usual = await envelope("formula.capm", {
    risk_free: "4.6%",
    beta: "1.3",
    market_return: "11%",
  });
  assert.deepEqual(usual.warnings, []);
});
