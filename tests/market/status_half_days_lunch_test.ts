/**
 * market.status on the US half days (the day after Thanksgiving 2026-11-27 and Christmas Eve
 * 2026-12-24 close at 13:00 New York) and the Tokyo (11:30-12:30) and Hong Kong (12:00-13:00)
 * lunch breaks. The clock is pinned through the session (now=), never the real date; Yahoo's
 * v6 markettime answers are built here in its shape.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

function answer(id: string, zone: string, open: string, close: string, time: string) {
  return JSON.stringify({
    finance: {
      marketTimes: [{
        id: "finance",
        marketTime: [{
          id,
          name: `${id.toUpperCase()} markets`,
          status: "open",
          yfit_market_id: `${id}_market`,
          open,
          close,
          message: "",
          timezone: [{ $text: zone, short: "" }],
          time,
        }],
      }],
      error: null,
    },
  });
}

async function status(region: string, body: string, now: string): Promise<Any> {
  const fetch = fakeMarket(undefined, {
    [`region=${region}`]: () =>
      new Response(body, { headers: { "content-type": "application/json" } }),
  });
  return dataOf((await run("market.status", { market: region }, { fetch, now })).envelope);
}

for (
  const [day, open, close, now] of [
    // 09:30-13:00 EST (UTC-5)
    ["2026-11-27", "2026-11-27T14:30:00Z", "2026-11-27T18:00:00Z", "2026-11-27T16:00:00Z"],
    ["2026-12-24", "2026-12-24T14:30:00Z", "2026-12-24T18:00:00Z", "2026-12-24T15:00:00Z"],
  ]
) {
  Deno.test(`market.status: US ${day} closing at 13:00 New York is an early close`, async () => {
    const d = await status("US", answer("us", "America/New_York", open, close, now), now);
    assert.equal(d.local_date, day);
    assert.equal(d.early_close, true);
    assert.equal(d.in_lunch_break, null);
  });
}

Deno.test("market.status: a full US session (09:30-16:00) is no early close", async () => {
  const now = "2026-11-30T16:00:00Z";
  const d = await status(
    "US",
    answer("us", "America/New_York", "2026-11-30T14:30:00Z", "2026-11-30T21:00:00Z", now),
    now,
  );
  assert.equal(d.early_close, false);
});

Deno.test("market.status: Tokyo at 11:45 and Hong Kong at 12:30 are inside their lunch breaks", async () => {
  // Tokyo 09:00-15:30 JST (UTC+9); 11:45 JST is 02:45Z
  const jp = await status(
    "JP",
    answer(
      "jp",
      "Asia/Tokyo",
      "2026-11-27T00:00:00Z",
      "2026-11-27T06:30:00Z",
      "2026-11-27T02:45:00Z",
    ),
    "2026-11-27T02:45:00Z",
  );
  assert.equal(jp.lunch_break_local, "11:30-12:30");
  assert.equal(jp.in_lunch_break, true);
  // Hong Kong 09:30-16:00 HKT (UTC+8); 12:30 HKT is 04:30Z
  const hk = await status(
    "HK",
    answer(
      "hk",
      "Asia/Hong_Kong",
      "2026-11-27T01:30:00Z",
      "2026-11-27T08:00:00Z",
      "2026-11-27T04:30:00Z",
    ),
    "2026-11-27T04:30:00Z",
  );
  assert.equal(hk.lunch_break_local, "12:00-13:00");
  assert.equal(hk.in_lunch_break, true);
});

Deno.test("market.status: Hong Kong at 11:00 and Tokyo at 12:30 are outside their lunch breaks", async () => {
  const hk = await status(
    "HK",
    answer(
      "hk",
      "Asia/Hong_Kong",
      "2026-11-27T01:30:00Z",
      "2026-11-27T08:00:00Z",
      "2026-11-27T03:00:00Z",
    ),
    "2026-11-27T03:00:00Z",
  );
  assert.equal(hk.in_lunch_break, false);
  // the break ends at 12:30: trading again
  const jp = await status(
    "JP",
    answer(
      "jp",
      "Asia/Tokyo",
      "2026-11-27T00:00:00Z",
      "2026-11-27T06:30:00Z",
      "2026-11-27T03:30:00Z",
    ),
    "2026-11-27T03:30:00Z",
  );
  assert.equal(jp.in_lunch_break, false);
});
