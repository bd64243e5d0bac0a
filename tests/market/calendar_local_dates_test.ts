/**
 * calendar.company and calendar.earnings report the exchange's local date of Yahoo's earnings
 * stamps (moments), keep the days Yahoo stamps at 00:00 UTC as they are, and say so whenever the
 * day may be another: no time zone known, a midnight stamp west of Greenwich, an estimated
 * window whose local date is not its UTC date, or only Yahoo's present offset near midnight.
 * Every answer here is written for these tests, in the shape of Yahoo's quoteSummary.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2026-03-20T12:00:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** The quoteType module of a listing on `zone`, or without a zone name when `zone` is null. */
const quoteType = (symbol: string, zone: string | null, offsetHours: number) => ({
  symbol,
  quoteType: "EQUITY",
  ...(zone === null ? {} : { timeZoneFullName: zone }),
  gmtOffSetMilliseconds: offsetHours * 3_600_000,
});

/** calendarEvents with these earnings stamps and dividend days (ISO). */
const events = (
  dates: string[],
  estimate: boolean,
  extra: { calls?: string[]; exDividend?: string; dividend?: string } = {},
) => ({
  maxAge: 1,
  earnings: {
    earningsDate: dates.map(sec),
    earningsCallDate: (extra.calls ?? []).map(sec),
    isEarningsDateEstimate: estimate,
    earningsAverage: 1.5,
  },
  ...(extra.exDividend ? { exDividendDate: sec(extra.exDividend) } : {}),
  ...(extra.dividend ? { dividendDate: sec(extra.dividend) } : {}),
});

/** One reported quarter, ended 2025-12-31 (a day, stamped at 00:00 UTC). */
const history = {
  maxAge: 86400,
  history: [{
    maxAge: 1,
    epsActual: { raw: 1.4, fmt: "1.4" },
    epsEstimate: { raw: 1.3, fmt: "1.3" },
    epsDifference: { raw: 0.1, fmt: "0.1" },
    surprisePercent: { raw: 0.0769, fmt: "7.69%" },
    quarter: { raw: sec("2025-12-31T00:00:00Z"), fmt: "2025-12-31" },
    currency: "JPY",
    period: "-1q",
  }],
};

/** Yahoo answering quoteSummary for one listing's modules; a missing module is Yahoo's 404. */
function yahoo(symbol: string, modules: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (decodeURIComponent(u.pathname).startsWith(`/v10/finance/quoteSummary/${symbol}`)) {
      const name = u.searchParams.get("modules")!;
      const body = modules[name];
      return Promise.resolve(
        body ? reply({ quoteSummary: { result: [{ [name]: body }], error: null } }) : reply({
          quoteSummary: {
            result: null,
            error: { code: "Not Found", description: "No fundamentals data found" },
          },
        }, 404),
      );
    }
    return rest(input, init);
  };
}

/** Both commands' envelopes for one listing. */
async function both(symbol: string, modules: Record<string, unknown>) {
  const fetch = yahoo(symbol, modules);
  const company = (await run("calendar.company", { symbol }, { fetch, now: NOW })).envelope;
  const earnings = (await run("calendar.earnings", { symbol }, { fetch, now: NOW })).envelope;
  return {
    company: dataOf(company) as Any,
    earnings: dataOf(earnings) as Any,
    warnings: [...company.warnings, ...earnings.warnings],
  };
}

Deno.test("calendar: an 08:00 report in Tokyo is dated by Tokyo's day, not the UTC day before", async () => {
  const r = await both("9901.T", {
    quoteType: quoteType("9901.T", "Asia/Tokyo", 9),
    // 2026-05-12 08:00 and the call at 10:00 in Tokyo
    calendarEvents: events(["2026-05-11T23:00:00Z"], false, {
      calls: ["2026-05-12T01:00:00Z"],
      exDividend: "2026-03-30T00:00:00Z",
    }),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(r.company.earnings_dates, ["2026-05-12"]);
  assert.equal(r.earnings.rows[0].earnings_date, "2026-05-12");
  // the call stays the exact moment it is
  assert.deepEqual(r.company.earnings_call_times, ["2026-05-12T01:00:00.000Z"]);
  // days are not moved: the ex-dividend day and the quarter's end keep their dates
  assert.equal(r.company.ex_dividend_date, "2026-03-30");
  assert.equal(r.earnings.rows[1].quarter_end, "2025-12-31");
  assert.ok(
    !r.warnings.some((w) => /time zone|00:00 UTC|stamps estimated/.test(w)),
    r.warnings.join("\n"),
  );
});

Deno.test("calendar: a 20:30 report in New York is New York's day; dividend days stay", async () => {
  const r = await both("LATE", {
    quoteType: quoteType("LATE", "America/New_York", -5),
    // 2026-05-12 20:30 in New York (summer time) is 00:30 UTC on the 13th
    calendarEvents: events(["2026-05-13T00:30:00Z"], false, {
      exDividend: "2026-05-08T00:00:00Z",
      dividend: "2026-05-21T00:00:00Z",
    }),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(r.company.earnings_dates, ["2026-05-12"]);
  assert.equal(r.earnings.rows[0].earnings_date, "2026-05-12");
  // New York's time would put these on the day before: they are days, not moments
  assert.equal(r.company.ex_dividend_date, "2026-05-08");
  assert.equal(r.company.dividend_date, "2026-05-21");
});

Deno.test("calendar: an earnings stamp at 00:00 UTC is a day, kept, and warned west of Greenwich", async () => {
  const ny = await both("MIDNY", {
    quoteType: quoteType("MIDNY", "America/New_York", -5),
    calendarEvents: events(["2026-05-12T00:00:00Z"], false),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(ny.company.earnings_dates, ["2026-05-12"]);
  assert.equal(ny.earnings.rows[0].earnings_date, "2026-05-12");
  const said = ny.warnings.filter((w) => /2026-05-12 \(stamped 00:00 UTC\) at 00:00 UTC/.test(w));
  assert.equal(said.length, 2, ny.warnings.join("\n"));
  assert.match(said[0], /America\/New_York, the local date would be the day before/);
  // east of Greenwich both readings give the same day: nothing to say
  const tokyo = await both("9902.T", {
    quoteType: quoteType("9902.T", "Asia/Tokyo", 9),
    calendarEvents: events(["2026-05-12T00:00:00Z"], false),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(tokyo.company.earnings_dates, ["2026-05-12"]);
  assert.ok(!tokyo.warnings.some((w) => /00:00 UTC/.test(w)), tokyo.warnings.join("\n"));
});

Deno.test("calendar: with no time zone the UTC date is kept and said, never guessed", async () => {
  // Yahoo has no quoteType for this listing: its exchange's zone is unknown
  const r = await both("9903.T", {
    calendarEvents: events(["2026-05-11T23:00:00Z"], false),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(r.company.earnings_dates, ["2026-05-11"]);
  assert.equal(r.earnings.rows[0].earnings_date, "2026-05-11");
  const said = r.warnings.filter((w) =>
    /no time zone for 9903\.T's exchange.*2026-05-11 \(stamped 23:00 UTC\).*day before or after/
      .test(w)
  );
  assert.equal(said.length, 2, r.warnings.join("\n"));
});

Deno.test("calendar: an estimated window in Auckland is dated locally, with Yahoo's UTC day named", async () => {
  const r = await both("WIND.NZ", {
    quoteType: quoteType("WIND.NZ", "Pacific/Auckland", 13),
    // Yahoo's stamps of an estimated window; 12:00 UTC is already the next day in Auckland
    calendarEvents: events(["2026-05-04T10:59:00Z", "2026-05-08T12:00:00Z"], true),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  assert.deepEqual(r.company.earnings_dates, ["2026-05-04", "2026-05-09"]);
  assert.equal(r.earnings.rows[0].earnings_date, "2026-05-04");
  assert.equal(r.earnings.rows[0].earnings_date_end, "2026-05-09");
  const said = r.warnings.filter((w) =>
    /2026-05-09 is the date in Pacific\/Auckland of the stamp 2026-05-08T12:00:00\.000Z, but the day Yahoo means may be 2026-05-08/
      .test(w)
  );
  assert.equal(said.length, 2, r.warnings.join("\n"));
});

Deno.test("calendar: with only Yahoo's present offset, a stamp near local midnight is warned", async () => {
  const r = await both("9904.T", {
    // no zone name: only the offset Yahoo had when it answered
    quoteType: quoteType("9904.T", null, 9),
    calendarEvents: events(["2026-05-11T15:30:00Z"], false),
    earningsHistory: history,
    earningsTrend: { trend: [] },
  });
  // 00:30 on the 12th at UTC+9
  assert.deepEqual(r.company.earnings_dates, ["2026-05-12"]);
  assert.ok(
    r.warnings.some((w) => /present UTC offset.*2026-05-11 \(stamped 15:30 UTC\)/.test(w)),
    r.warnings.join("\n"),
  );
});
