/**
 * Wall-clock arithmetic shared by the Yahoo windows, the Alpha Vantage stamps, the calendar and
 * price.context (core/zones.ts): offsets across daylight saving, local instants, local parts.
 */
import assert from "node:assert/strict";
import { localInstant, localParts, zoneOffset } from "../../core/zones.ts";
import { wallClockToUtc } from "../../providers/market_b/client.ts";

Deno.test("zoneOffset reads each date's own rules, and the fallback for a zone Intl does not know", () => {
  assert.equal(zoneOffset("America/New_York", Date.parse("2024-01-15T12:00:00Z"), 0), -5 * 3600);
  assert.equal(zoneOffset("America/New_York", Date.parse("2024-07-15T12:00:00Z"), 0), -4 * 3600);
  assert.equal(zoneOffset("Australia/Sydney", Date.parse("2025-01-15T00:00:00Z"), 0), 11 * 3600);
  assert.equal(zoneOffset("Mars/Base", 0, 1234), 1234);
  assert.equal(zoneOffset(null, 0, -7), -7);
});

Deno.test("localInstant: a local time on a day daylight saving starts or ends gets that day's offset", () => {
  const at = (day: string, sec: number, zone: string) =>
    new Date(localInstant(day, sec, zone, NaN)).toISOString();
  assert.equal(at("2024-07-01", 9.5 * 3600, "America/New_York"), "2024-07-01T13:30:00.000Z");
  assert.equal(at("2024-11-03", 12 * 3600, "America/New_York"), "2024-11-03T17:00:00.000Z");
  assert.equal(at("2025-04-06", 0, "Australia/Sydney"), "2025-04-05T13:00:00.000Z");
  assert.ok(Number.isNaN(localInstant("2024-07-01", 0, "Mars/Base", NaN)));
});

Deno.test("localParts and wallClockToUtc read the same clock", () => {
  assert.deepEqual(localParts("2024-11-05T06:30:00Z", "Asia/Tokyo"), {
    date: "2024-11-05",
    weekday: "Tue",
    time: "15:30",
  });
  assert.equal(wallClockToUtc("2024-07-01 09:30:00", "America/New_York"), "2024-07-01T13:30:00Z");
  assert.equal(wallClockToUtc("2024-01-02 09:30", "America/New_York"), "2024-01-02T14:30:00Z");
  // a zone Intl does not know leaves the stamp as it is
  assert.equal(wallClockToUtc("2024-07-01 09:30:00", "Mars/Base"), "2024-07-01T09:30:00");
});
