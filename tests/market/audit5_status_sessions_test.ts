/**
 * market.status on sessions the fixed tables got wrong: Tokyo's 6-hour session before its
 * close moved to 15:30 (2024-11-05) is no early close, Jakarta breaks at midday (longer on
 * Fridays), and an "open" state at a time outside the session Yahoo gives is a contradiction,
 * said. Yahoo's v6 markettime answers are built here in its shape.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

function body(
  id: string,
  zone: string,
  status: string,
  open: string,
  close: string,
  time: string,
) {
  return JSON.stringify({
    finance: {
      marketTimes: [{
        id: "finance",
        marketTime: [{
          id,
          name: `${id.toUpperCase()} markets`,
          status,
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

async function status(region: string, answer: string, now: string) {
  const fetch = fakeMarket(undefined, {
    [`region=${region}`]: () =>
      new Response(answer, { headers: { "content-type": "application/json" } }),
  });
  return (await run("market.status", { market: region }, { fetch, now })).envelope;
}

Deno.test("market.status: Tokyo's 09:00-15:00 session of June 2024 was its full session, not an early close", async () => {
  const e = await status(
    "JP",
    body(
      "jp",
      "Asia/Tokyo",
      "open",
      "2024-06-14T00:00:00Z",
      "2024-06-14T06:00:00Z",
      "2024-06-14T02:00:00Z",
    ),
    "2024-06-14T02:00:00Z",
  );
  const d = dataOf(e) as Any;
  assert.equal(d.session_hours, 6);
  assert.equal(d.regular_session_hours, 6);
  assert.equal(d.early_close, false);
  // since 2024-11-05 the full session runs to 15:30: 09:00-15:00 would be short
  const later = dataOf(
    await status(
      "JP",
      body(
        "jp",
        "Asia/Tokyo",
        "open",
        "2025-06-13T00:00:00Z",
        "2025-06-13T06:30:00Z",
        "2025-06-13T02:00:00Z",
      ),
      "2025-06-13T02:00:00Z",
    ),
  ) as Any;
  assert.equal(later.regular_session_hours, 6.5);
  assert.equal(later.early_close, false);
});

Deno.test("market.status: Jakarta at 12:15 on a Friday is in its lunch break (11:30-14:00 on Fridays)", async () => {
  // 12:15 in Jakarta (UTC+7) is 05:15 UTC; the session runs 09:00-16:00 local
  const fri = await status(
    "ID",
    body(
      "id",
      "Asia/Jakarta",
      "open",
      "2025-11-21T02:00:00Z",
      "2025-11-21T09:00:00Z",
      "2025-11-21T05:15:00Z",
    ),
    "2025-11-21T05:15:00Z",
  );
  const d = dataOf(fri) as Any;
  assert.equal(d.weekday, "Fri");
  assert.equal(d.lunch_break_local, "11:30-14:00");
  assert.equal(d.in_lunch_break, true);
  assert.ok(fri.warnings.some((w) => /inside the lunch break/.test(w)), fri.warnings.join("\n"));
  // Thursday 13:45 is after its 12:00-13:30 break
  const thu = dataOf(
    await status(
      "ID",
      body(
        "id",
        "Asia/Jakarta",
        "open",
        "2025-11-20T02:00:00Z",
        "2025-11-20T09:00:00Z",
        "2025-11-20T06:45:00Z",
      ),
      "2025-11-20T06:45:00Z",
    ),
  ) as Any;
  assert.equal(thu.lunch_break_local, "12:00-13:30");
  assert.equal(thu.in_lunch_break, false);
});

Deno.test("market.status: 'open' at a time after the session's close is said to contradict itself", async () => {
  const e = await status(
    "GB",
    body(
      "gb",
      "Europe/London",
      "open",
      "2025-11-21T08:00:00Z",
      "2025-11-21T16:30:00Z",
      "2025-11-21T18:00:00Z",
    ),
    "2025-11-21T18:00:00Z",
  );
  assert.ok(
    e.warnings.some((w) =>
      /^GB: Yahoo says open, but its time 2025-11-21T18:00:00Z \(2025-11-21 18:00 local\) is outside the session it gives \(2025-11-21 08:00 to 2025-11-21 16:30\)/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  // inside the session nothing is said
  const ok = await status(
    "GB",
    body(
      "gb",
      "Europe/London",
      "open",
      "2025-11-21T08:00:00Z",
      "2025-11-21T16:30:00Z",
      "2025-11-21T12:00:00Z",
    ),
    "2025-11-21T12:00:00Z",
  );
  assert.ok(!ok.warnings.some((w) => /Yahoo says open/.test(w)), ok.warnings.join("\n"));
});
