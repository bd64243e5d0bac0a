/** A news list's window in words: GDELT's "3m" is three months, which "the last 3m" hid. */
import assert from "node:assert/strict";
import { spanWords } from "../../adapters/views/lists.ts";

Deno.test("news view: a timespan is said in words, m being months as GDELT reads it", () => {
  assert.equal(spanWords("3m"), "3 months");
  assert.equal(spanWords("1M"), "1 month");
  assert.equal(spanWords("15min"), "15 minutes");
  assert.equal(spanWords("24H"), "24 hours");
  assert.equal(spanWords("7d"), "7 days");
  assert.equal(spanWords("2W"), "2 weeks");
  assert.equal(spanWords("odd"), "odd");
});
