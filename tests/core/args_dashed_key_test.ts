import assert from "node:assert/strict";
import { type ArgShape, normalizeArgShape, tokensToArgs } from "../../core/args.ts";

const shape: ArgShape = {
  name: "valuation.npv",
  usage: "finance valuation.npv cashflows=-100,60 discount_rate=10%",
  keys: ["cashflows", "discount_rate"],
  positional: [],
};

// `discount-rate=10%` on the CLI was refused as an "unexpected argument ... use name=value",
// which it already was; it must be read as a (misspelt) name and get the closest valid name.
Deno.test("cli: a key written with - for _ or in another case is named, with the valid name", () => {
  for (const key of ["discount-rate", "Discount-Rate", "DISCOUNT_RATE"]) {
    const args = tokensToArgs(shape, [`${key}=10%`], () => "string");
    assert.equal(args[key], "10%", key);
    assert.throws(
      () => normalizeArgShape(shape, args),
      (e: Error) =>
        e.message.includes(`\`${key}\``) && e.message.includes("did you mean `discount_rate`"),
      key,
    );
  }
});

Deno.test("cli: a token starting with - is still no key (a negative positional value)", () => {
  const withPositional = { ...shape, positional: ["cashflows"] };
  const args = tokensToArgs(withPositional, ["-100=5"], () => "string");
  assert.equal(args.cashflows, "-100=5");
});
