/**
 * filings.recent classify=true: the 8-K variants of a successor issuer (8-K12B, 8-K12G3,
 * 8-K15D5) say what they are, and an 8-K variant without a rule is said to be unknown, never
 * read as an ordinary 8-K.
 */
import assert from "node:assert/strict";
import { classifyFiling } from "../../commands/filings/_events.ts";

Deno.test("8-K12B, 8-K12G3 and 8-K15D5 are a successor issuer's filings, before their items", () => {
  for (const form of ["8-K12B", "8-K12G3", "8-K15D5", "8-K12G3/A"]) {
    const events = classifyFiling(form, ["2.01", "9.01"]);
    assert.equal(events[0].event_type, "successor_issuer", form);
    assert.match(events[0].title, new RegExp(form.replace("/A", "")));
    assert.equal(events[0].item, null);
    // the items SEC lists still follow, as events of their own
    assert.deepEqual(events.slice(1).map((e) => e.item), ["2.01", "9.01"], form);
  }
  assert.match(classifyFiling("8-K12G3/A", [])[0].title, /amended/);
  assert.equal(classifyFiling("8-K15D5", []).length, 1);
});

Deno.test("an 8-K variant without a rule is said to be unknown, not an ordinary 8-K", () => {
  const [event] = classifyFiling("8-K12G", []);
  assert.equal(event.event_type, "other_filing");
  assert.match(event.title, /8-K variant this classifier does not know/);
  // not the ordinary 8-K's "lists no item" current report
  assert.notEqual(classifyFiling("8-KX", ["8.01"])[0].event_type, "other_event");
  assert.equal(classifyFiling("8-K", ["8.01"])[0].event_type, "other_event");
  assert.equal(classifyFiling("8-K/A", [])[0].event_type, "current_report");
});
