/**
 * filings.recent classify=true: 8-K items of the numbering before August 2004 ("12,7" in SEC's
 * data for an earnings release of 2003) and 8-Ks whose data lists no item. Neither is "other
 * events" (8.01) unless the filing says so.
 */
import assert from "node:assert/strict";
import { classifyFiling } from "../../commands/filings/_events.ts";

Deno.test("8-K items numbered before August 2004 map to the items that replaced them", () => {
  // CARBO Ceramics' 8-K of 2003-10-20 lists items "12,7": results of operations and exhibits
  const events = classifyFiling("8-K", ["12", "7"]);
  assert.deepEqual(events.map((e) => [e.event_type, e.item]), [
    ["results_of_operations", "12"],
    ["financial_exhibits", "7"],
  ]);
  assert.match(events[0].title, /before August 2004/);
  assert.deepEqual(classifyFiling("8-K", ["5", "7"]).map((e) => e.event_type), [
    "other_event",
    "financial_exhibits",
  ]);
  assert.equal(classifyFiling("8-K", ["9"])[0].event_type, "regulation_fd");
  assert.equal(classifyFiling("8-K", ["4"])[0].event_type, "auditor_change");
});

Deno.test("an 8-K whose SEC data lists no item is not given item 8.01", () => {
  const [event] = classifyFiling("8-K", []);
  assert.equal(event.item, null);
  assert.equal(event.event_type, "current_report");
  assert.match(event.title, /lists no item/);
});

Deno.test("today's 8-K items and other forms keep their events", () => {
  assert.deepEqual(classifyFiling("8-K", ["2.02", "9.01"]).map((e) => e.item), ["2.02", "9.01"]);
  assert.equal(classifyFiling("8-K/A", ["Item 5.02"])[0].event_type, "officer_director_change");
  assert.equal(classifyFiling("40-F", [])[0].event_type, "annual_report");
  assert.equal(classifyFiling("10-K405", [])[0].event_type, "annual_report");
});
