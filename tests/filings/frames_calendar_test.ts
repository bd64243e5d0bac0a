/** filings.frames: a calendar frame holds fiscal periods that end in other months. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "filings", "facts_frames_calendar")] };
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("filings.frames: a fiscal year ending in September ranked in CY2023 is warned about with its dates", async () => {
  const e = await envelope("filings.frames", { concept: "NetIncomeLoss", period: "CY2023" }, opts);
  const d = dataOf<Any>(e);
  assert.deepEqual(d.rows.map((r: Any) => [r.company, r.end]), [
    ["September Year Inc", "2023-09-30"],
    ["Calendar Year Co", "2023-12-31"],
    ["Week Retail Corp", "2023-12-30"],
  ]);
  const w = e.warnings.filter((x: string) => /fiscal period that is not CY2023/.test(x));
  assert.equal(w.length, 1, JSON.stringify(e.warnings));
  assert.match(w[0], /1 of 3 company/);
  assert.match(w[0], /September Year Inc \(2022-10-02 to 2023-09-30\)/);
  // a 52/53-week year ending on the last Saturday of December is the calendar year
  assert.doesNotMatch(w[0], /Week Retail/);
  assert.doesNotMatch(w[0], /Calendar Year Co/);
});
