/**
 * market.status reads Yahoo's state at Yahoo's own time stamp. An answer stamped long before
 * the clock (a cached or recorded answer) describes that moment: "open" from a Friday answer
 * read on Saturday is no open market now, and the reader must be told.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const body = readFileSync(join(FIXTURES, "market", "markettime_US_early.json"), "utf8");
const answer = () => new Response(body, { headers: { "content-type": "application/json" } });

async function status(now: string) {
  const out = await run("market.status", { market: "US" }, {
    fetch: fakeMarket(undefined, { "region=US": answer }),
    now,
  });
  return out.envelope;
}

Deno.test("market.status: Yahoo's answer stamped a day before the clock says it is not now's", async () => {
  // Yahoo's answer: open, stamped Friday 2025-11-28 16:00 UTC; the clock: Saturday noon
  const env = await status("2025-11-29T12:00:00Z");
  const d = dataOf(env) as Any;
  assert.equal(d.state, "open");
  assert.equal(d.as_of, "2025-11-28T16:00:00Z");
  const w = env.warnings.find((x) => /^US: Yahoo's market time is stamped/.test(x));
  assert.ok(w, env.warnings.join("\n"));
  assert.match(
    w!,
    /2025-11-28T16:00:00Z, 20 hours before now .*the state open .*not the market's now/,
  );
});

Deno.test("market.status: an answer stamped within minutes of the clock says nothing of it", async () => {
  const env = await status("2025-11-28T16:05:00Z");
  assert.ok(!env.warnings.some((x) => /market time is stamped/.test(x)), env.warnings.join("\n"));
});
