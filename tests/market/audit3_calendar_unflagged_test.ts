/**
 * Yahoo's older calendarEvents answers (MSFT's recorded 2021 answer) give the next earnings
 * dates without isEarningsDateEstimate: a window of two dates, 2021-10-25 to 2021-10-29. With
 * no flag the report was status "upcoming", which the commands define as ahead and confirmed:
 * an estimated window shown as a confirmed date. It is now unconfirmed, with a warning. The
 * answers are shaped as Yahoo's quoteSummary (the stamps are MSFT's recorded ones).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2021-10-11T12:00:00Z";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const EARNINGS = {
  earningsDate: [
    { raw: 1635159540, fmt: "2021-10-25" },
    { raw: 1635508800, fmt: "2021-10-29" },
  ],
  earningsAverage: { raw: 2.07, fmt: "2.07" },
  earningsLow: { raw: 2.03, fmt: "2.03" },
  earningsHigh: { raw: 2.17, fmt: "2.17" },
};

function modules(earnings: Record<string, unknown>): Record<string, unknown> {
  return {
    calendarEvents: { maxAge: 1, earnings },
    quoteType: {
      symbol: "MSFT",
      quoteType: "EQUITY",
      timeZoneFullName: "America/New_York",
      gmtOffSetMilliseconds: -14_400_000,
    },
    earningsHistory: {
      history: [{
        epsActual: { raw: 2.17 },
        epsEstimate: { raw: 1.92 },
        quarter: { raw: 1624924800, fmt: "2021-06-30" },
        currency: "USD",
      }],
    },
    earningsTrend: {
      trend: [{
        period: "0q",
        earningsEstimate: { avg: { raw: 2.07 }, earningsCurrency: "USD" },
        revenueEstimate: {},
      }],
    },
  };
}

function yahoo(body: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname.startsWith("/v10/finance/quoteSummary/MSFT")) {
      const name = u.searchParams.get("modules")!;
      return Promise.resolve(
        json({ quoteSummary: { result: [{ [name]: body[name] ?? {} }], error: null } }),
      );
    }
    return rest(input, init);
  };
}

Deno.test("calendar.earnings: a window of dates without Yahoo's flag is unconfirmed, and said", async () => {
  const { envelope } = await run("calendar.earnings", { symbol: "MSFT" }, {
    fetch: yahoo(modules(EARNINGS)),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  const next = d.rows[0];
  assert.equal(next.earnings_date, "2021-10-25");
  assert.equal(next.earnings_date_end, "2021-10-29");
  assert.equal(next.status, "unconfirmed");
  assert.equal(next.date_is_estimate, null);
  const w = envelope.warnings.find((x) => /^Yahoo does not say whether MSFT's/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /2021-10-25 to 2021-10-29/);
  assert.match(w!, /a window of dates is how Yahoo gives an estimate/);
});

Deno.test("calendar.company: the same answer's status is unconfirmed; a confirmed date stays upcoming", async () => {
  const { envelope } = await run("calendar.company", { symbol: "MSFT" }, {
    fetch: yahoo(modules(EARNINGS)),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.earnings_status, "unconfirmed");
  assert.ok(envelope.warnings.some((x) => /no isEarningsDateEstimate/.test(x)));
  const confirmed = {
    ...EARNINGS,
    earningsDate: [EARNINGS.earningsDate[0]],
    isEarningsDateEstimate: false,
  };
  const env2 = (await run("calendar.company", { symbol: "MSFT" }, {
    fetch: yahoo(modules(confirmed)),
    now: NOW,
  })).envelope;
  assert.equal((dataOf(env2) as Any).earnings_status, "upcoming");
  assert.ok(!env2.warnings.some((x) => /no isEarningsDateEstimate/.test(x)));
});
