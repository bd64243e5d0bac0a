/** Numbers as people type them: a decimal comma and an empty list item are refused, not misread. */
import assert from "node:assert/strict";
import { parseAmount, parseRate } from "../../core/numbers.ts";
import { dataOf, envelope } from "../_helpers.ts";

Deno.test("a comma only separates thousands: '7,5' is no number (it was 75), '1,234' is 1234", () => {
  assert.equal(parseAmount("7,5"), null);
  assert.equal(parseAmount("1,5"), null);
  assert.equal(parseAmount("1,2345"), null);
  assert.equal(parseAmount("1,234"), 1234);
  assert.equal(parseAmount("-1,234,567.5"), -1234567.5);
  assert.equal(parseAmount("2.5B"), 2.5e9);
  // the Indian lakh grouping is unambiguous and kept
  assert.equal(parseAmount("1,23,456"), 123456);
  assert.equal(parseAmount("12,34,56,789"), 123456789);
  const r = parseRate("7,5%", "discount_rate");
  assert.equal(typeof r, "string");
  assert.match(r as string, /for a decimal write 7\.5%/);
});

Deno.test("valuation.npv: '7,5%' and an empty cash flow are refused with what to write", async () => {
  const comma = await envelope("valuation.npv", { cashflows: "-100,60,60", discount_rate: "7,5%" });
  assert.equal(comma.ok, false);
  assert.match(comma.error!, /discount_rate.*write 7\.5%/);
  const gap = await envelope("valuation.npv", { cashflows: "-100,,60,60", discount_rate: "10%" });
  assert.equal(gap.ok, false);
  assert.match(gap.error!, /cashflows.*item 2 is empty.*write 0/);
  // a trailing comma adds nothing
  const trailing = dataOf(
    await envelope("valuation.npv", { cashflows: "-100,60,60,", discount_rate: "10%" }),
  ) as { npv: number };
  assert.ok(Math.abs(trailing.npv - 4.1322) < 1e-3);
});

Deno.test("a bare fraction of 0.3 or more is read as written and said (0.5 may have meant half a percent)", () => {
  const half = parseRate("0.5", "risk_free");
  assert.equal(typeof half, "object");
  const r = half as { value: number; note: string | null };
  assert.equal(r.value, 0.5);
  assert.match(
    r.note!,
    /risk_free=0\.5 was read as 50%; write 50% to confirm it, or 0\.5% if you meant 0\.5 percent/,
  );
  assert.equal((parseRate("0.08", "r") as { note: string | null }).note, null);
  assert.equal((parseRate("50%", "r") as { note: string | null }).note, null);
});

Deno.test("amounts as statements write them: (1.2B) is negative, a space before the scale, the typographic minus", async () => {
  assert.equal(parseAmount("(1.2B)"), -1.2e9);
  assert.equal(parseAmount("($350M)"), -350e6);
  assert.equal(parseAmount("(1,234.5)"), -1234.5);
  assert.equal(parseAmount("1.2 B"), 1.2e9);
  assert.equal(parseAmount("−7"), -7);
  // a sign inside the parentheses, parentheses twice, or two spaces are no amount
  assert.equal(parseAmount("(-5)"), null);
  assert.equal(parseAmount("((5))"), null);
  assert.equal(parseAmount("1.2  B"), null);
  assert.equal(parseAmount("(5"), null);
  // the one reading serves the schema and the pure path alike
  const data = dataOf(
    await envelope("formula.margin", { numerator: "(1.2B)", denominator: "4 B" }),
  );
  assert.equal((data as { margin: number }).margin, -0.3);
});

Deno.test("a rate written as an amount (2.5B, $3, 4k%) is refused, not read as a percent", async () => {
  for (const text of ["2.5B", "$3", "4k%", "1.2 M", "(2T)"]) {
    const r = parseRate(text, "discount_rate");
    assert.equal(typeof r, "string", text);
    assert.match(
      r as string,
      /discount_rate: ".*" is written as an amount.*write a fraction \(0\.025\) or a percent \(2\.5%\)/,
    );
  }
  // plain rates are still read
  assert.equal((parseRate("2.5%", "r") as { value: number }).value, 0.025);
  assert.equal((parseRate("-0.1", "r") as { value: number }).value, -0.1);
  const npv = await envelope("valuation.npv", { cashflows: "-100,60,60", discount_rate: "2.5B" });
  assert.equal(npv.ok, false);
  assert.match(npv.error!, /discount_rate.*written as an amount/);
});

Deno.test("a decimal comma's hint names a number the tool reads (1.234,5 is 1234.5)", async () => {
  const hinted = await envelope("formula.net_debt", { debt: "1,234.5", cash: "1.234,5" });
  assert.equal(hinted.ok, false);
  const advice = /for a decimal write (\S+)/.exec(String(hinted.error))?.[1];
  assert.equal(advice, "1234.5");
  const taken = await envelope("formula.net_debt", { debt: "1,234.5", cash: advice });
  assert.equal(taken.ok, true);
});

Deno.test("a list holding a number past a double's range says which item, not null", async () => {
  const r = await envelope(
    "valuation.npv",
    JSON.parse('{"cashflows":[-100,60,1e400],"discount_rate":0.1}'),
  );
  assert.equal(r.ok, false);
  assert.match(
    String(r.error),
    /got a list \[-100,60,Infinity\]: item 3 is a number past the largest/,
  );
  assert.doesNotMatch(String(r.error), /null/);
});
