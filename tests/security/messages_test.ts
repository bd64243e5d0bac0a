/** Engine exceptions never reach a user as "internal error: RangeError ...". */
import assert from "node:assert/strict";
import { describeError } from "../../core/errors.ts";

Deno.test("messages: RangeErrors are explained, not passed through", () => {
  const cases: [RangeError, RegExp][] = [
    [new RangeError("Maximum call stack size exceeded"), /nested too deeply/],
    [new RangeError("Invalid string length"), /too large to process in memory/],
    [new RangeError("Array buffer allocation failed"), /too large/],
    [new RangeError("toFixed() digits argument must be between 0 and 100"), /out of the range/],
  ];
  for (const [err, expected] of cases) {
    const text = describeError(err);
    assert.match(text, expected);
    assert.doesNotMatch(text, /internal error|RangeError/);
  }
  let overflow: unknown;
  const deep = (n: number): number => n + deep(n + 1);
  try {
    deep(0);
  } catch (err) {
    overflow = err;
  }
  assert.match(describeError(overflow), /nested too deeply/);
});
