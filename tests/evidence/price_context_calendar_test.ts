import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";
import { listingClock, listingTime, newYorkTime } from "../../analysis/evidence/timeline.ts";
import { usMarketDay } from "../../analysis/evidence/us_market_days.ts";

/** Every holiday and early close of a year by the rules, as MM-DD lists. */
function year(y: number): { closed: string[]; early: string[] } {
  const closed: string[] = [];
  const early: string[] = [];
  for (let t = Date.UTC(y, 0, 1); t < Date.UTC(y + 1, 0, 1); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    const day = usMarketDay(d);
    if (day.closed_reason === "holiday") closed.push(d.slice(5));
    if (day.early_close) early.push(d.slice(5));
  }
  return { closed, early };
}

Deno.test("US market days: the NYSE's published holidays and early closes, 2021 to 2027", () => {
  // Saturday holidays move to Friday (Christmas 2021, Independence Day 2026, Juneteenth and
  // Christmas 2027), Sunday ones to Monday (Juneteenth 2022, Christmas 2022); New Year's Day on
  // a Saturday (2022) is not observed; Juneteenth from 2022; Carter's day of mourning 2025
  assert.deepEqual(year(2021), {
    closed: ["01-01", "01-18", "02-15", "04-02", "05-31", "07-05", "09-06", "11-25", "12-24"],
    early: ["11-26"],
  });
  assert.deepEqual(year(2022), {
    closed: ["01-17", "02-21", "04-15", "05-30", "06-20", "07-04", "09-05", "11-24", "12-26"],
    early: ["11-25"],
  });
  assert.deepEqual(year(2024), {
    closed: [
      "01-01",
      "01-15",
      "02-19",
      "03-29",
      "05-27",
      "06-19",
      "07-04",
      "09-02",
      "11-28",
      "12-25",
    ],
    early: ["07-03", "11-29", "12-24"],
  });
  assert.deepEqual(year(2025), {
    closed: [
      "01-01",
      "01-09",
      "01-20",
      "02-17",
      "04-18",
      "05-26",
      "06-19",
      "07-04",
      "09-01",
      "11-27",
      "12-25",
    ],
    early: ["07-03", "11-28", "12-24"],
  });
  assert.deepEqual(year(2026), {
    closed: [
      "01-01",
      "01-19",
      "02-16",
      "04-03",
      "05-25",
      "06-19",
      "07-03",
      "09-07",
      "11-26",
      "12-25",
    ],
    early: ["11-27", "12-24"],
  });
  assert.deepEqual(year(2027).closed, [
    "01-01",
    "01-18",
    "02-15",
    "03-26",
    "05-31",
    "06-18",
    "07-05",
    "09-06",
    "11-25",
    "12-24",
  ]);
  assert.deepEqual(usMarketDay("2021-12-31"), { known: true, open: true, close_min: 960 });
  assert.equal(usMarketDay("2012-10-29").holiday, "Hurricane Sandy");
  assert.equal(usMarketDay("2001-09-13").open, false);
  // before 2000 the rules are not checked: a weekday is taken as open, and said to be unknown
  assert.deepEqual(usMarketDay("1999-12-24"), { known: false, open: true, close_min: 960 });
});

Deno.test("New York sessions: weekends and holidays are market_closed, early closes end at 13:00", () => {
  // Saturday 11:00 New York time: no session, where it used to read market_hours
  assert.deepEqual(newYorkTime("2026-02-21T16:00:00Z"), {
    day: "2026-02-21",
    session: "market_closed",
  });
  // Thanksgiving Day 2025, 11:00
  assert.equal(newYorkTime("2025-11-27T16:00:00Z")?.session, "market_closed");
  // the Friday after: 12:59 is market hours, 13:00 and 14:30 after the close
  assert.equal(newYorkTime("2025-11-28T17:59:00Z")?.session, "market_hours");
  assert.equal(newYorkTime("2025-11-28T18:00:00Z")?.session, "after_close");
  assert.equal(newYorkTime("2025-11-28T19:30:00Z")?.session, "after_close");
  // an ordinary Friday: 14:30 is market hours
  assert.equal(newYorkTime("2025-11-21T19:30:00Z")?.session, "market_hours");
  // a listing with a session outside the US: Saturday in Tokyo is closed
  const tokyo = listingClock("7203.T", "2026-02-20");
  assert.equal(listingTime("2026-02-21T01:00:00Z", tokyo)?.session, "market_closed");
  assert.equal(listingTime("2026-02-20T01:00:00Z", tokyo)?.session, "market_hours");
  // the US clock's move-date session on an early-close day
  assert.equal(listingClock("AAPL", "2025-11-28").regular_session_local, "09:30-13:00");
  assert.equal(listingClock("AAPL", "2025-11-21").regular_session_local, "09:30-16:00");
});

const ACME = { replay: [join(FIXTURES, "filings", "cassette")] };

Deno.test("price.context: a move date the US market did not trade is warned", async () => {
  const env = await envelope("price.context", { symbol: "ACME", date: "2024-03-29" }, ACME);
  assert.ok(
    env.warnings.some((w) =>
      /2024-03-29 is an NYSE holiday \(Good Friday\): the US market did not trade that day.*price\.moves/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
  const weekend = await envelope("price.context", { symbol: "ACME", date: "2024-04-27" }, ACME);
  assert.ok(
    weekend.warnings.some((w) => /2024-04-27 is a weekend/.test(w)),
    weekend.warnings.join("\n"),
  );
  const trading = await envelope("price.context", { symbol: "ACME", date: "2024-04-25" }, ACME);
  assert.ok(!trading.warnings.some((w) => /did not trade/.test(w)), trading.warnings.join("\n"));
});
