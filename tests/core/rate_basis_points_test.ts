/**
 * A rate in basis points: "50bps" was refused with "use 0.08 or 8%", a message that never said
 * what a basis point is. It is read as a hundredth of a percent (50bps = 0.005) and said in a
 * warning, on the runner's path and the CLI's pure path alike.
 */
import assert from "node:assert/strict";
import { parseRate } from "../../core/numbers.ts";
import { runPureTokens } from "../../adapters/pure.ts";
import { envelope } from "../_helpers.ts";

const reading = (text: string) => {
  const r = parseRate(text, "spread");
  assert.equal(typeof r, "object", `${text}: ${r}`);
  return r as { value: number; note: string };
};

Deno.test("parseRate: bp, bps and basis points are hundredths of a percent, with a note", () => {
  const fifty = reading("50bps");
  assert.equal(fifty.value, 0.005);
  assert.match(fifty.note, /spread=50bps was read as 50 basis points: 0\.5% \(0\.005\)/);
  assert.equal(reading("50 bp").value, 0.005);
  assert.equal(reading("50 BPS").value, 0.005);
  assert.equal(reading("12.5 basis points").value, 0.00125);
  assert.match(reading("1 basis point").note, /1 basis point: 0\.01% \(0\.0001\)/);
  assert.equal(reading("1,000bps").value, 0.1);
  // a negative spread, with the typographic minus too; never read as a bare percent
  assert.equal(reading("-25bps").value, -0.0025);
  assert.equal(reading("−25 bps").value, -0.0025);
  // 150bps is 1.5%, not the "bare number above 1" rule's 150% or 1.5
  assert.equal(reading("150bps").value, 0.015);
});

Deno.test("parseRate: basis points that do not read are refused, saying what to write", () => {
  for (const text of ["bps", "7,5bps", "5kbps", "$50bps", "0.5%bps"]) {
    const r = parseRate(text, "spread");
    assert.equal(typeof r, "string", text);
    assert.match(r as string, /^spread: invalid basis points .*write 50bps, 0\.5% or 0\.005/, text);
  }
  assert.match(parseRate("7,5bps", "spread") as string, /for a decimal write 7\.5/);
  assert.match(String(parseRate("-10000bps", "spread")), /greater than -100%/);
  // a rate with no basis points keeps its own reading
  assert.deepEqual(parseRate("0.5%"), { value: 0.005, note: null });
  assert.match(String(parseRate("50b")), /written as an amount/);
});

Deno.test("valuation.npv: discount_rate=50bps is 0.5%, warned, on the runner and the pure path", async () => {
  const env = await envelope("valuation.npv", { cashflows: "-100,60,60", discount_rate: "50bps" });
  assert.equal(env.ok, true, env.error ?? "");
  const pct = await envelope("valuation.npv", { cashflows: "-100,60,60", discount_rate: "0.5%" });
  assert.deepEqual(env.data, pct.data);
  assert.ok(
    env.warnings.some((w) => /discount_rate=50bps was read as 50 basis points: 0\.5%/.test(w)),
    env.warnings.join("\n"),
  );
  const pure = await runPureTokens("valuation.npv", [
    "cashflows=-100,60,60",
    "discount_rate=50bps",
  ]);
  assert.ok(pure, "the pure path handed 50bps to the runner");
  assert.deepEqual(pure.data, env.data);
  assert.deepEqual(pure.warnings, env.warnings);
});
