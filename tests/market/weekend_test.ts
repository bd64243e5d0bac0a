/**
 * Markets that trade Sunday to Thursday (Saudi Arabia, Kuwait, Qatar, Egypt; Tel Aviv until
 * 2026): their Friday is a weekend, not a holiday, and a Sunday session after Thursday's close
 * missed no trading day. Answers shaped as Yahoo's v7 quote row and v6 markettime.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function quoteFetch(row: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === row.symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    return rest(input, init);
  };
}

const aramco = {
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  symbol: "2222.SR",
  longName: "Saudi Arabian Oil Company",
  currency: "SAR",
  financialCurrency: "SAR",
  exchange: "SAU",
  fullExchangeName: "Saudi",
  marketState: "REGULAR",
  regularMarketPrice: 27.5,
  regularMarketPreviousClose: 27.4,
  regularMarketChange: 0.1,
  // Thursday 2025-03-13, 15:10 Riyadh (12:10 UTC)
  regularMarketTime: sec("2025-03-13T12:10:00Z"),
};

Deno.test("market.quote: a Saudi quote from Thursday read at Sunday's open missed no session", async () => {
  // Sunday 2025-03-16, 10:05 Riyadh: the first session after Thursday's
  const env = (await run("market.quote", { symbol: "2222.SR" }, {
    fetch: quoteFetch(aramco),
    now: "2025-03-16T07:05:00Z",
  })).envelope;
  assert.equal((dataOf(env) as Any).price, 27.5);
  assert.ok(!env.warnings.some((w) => /REGULAR/.test(w)), env.warnings.join("\n"));
  // Monday without a trade since Thursday: Sunday was missed
  const monday = (await run("market.quote", { symbol: "2222.SR" }, {
    fetch: quoteFetch(aramco),
    now: "2025-03-17T07:05:00Z",
  })).envelope;
  assert.ok(monday.warnings.some((w) => /a whole weekday before this session/.test(w)));
  // a New York listing open on Monday with Thursday's price still missed Friday
  const us = (await run("market.quote", { symbol: "TSTQ" }, {
    fetch: quoteFetch({ ...aramco, symbol: "TSTQ", currency: "USD", exchange: "NYQ" }),
    now: "2025-03-17T14:00:00Z",
  })).envelope;
  assert.ok(us.warnings.some((w) => /a whole weekday before this session/.test(w)));
});

function markettime(
  region: string,
  zone: string,
  status: string,
  open: string,
  close: string,
  time: string,
) {
  return {
    finance: {
      marketTimes: [{
        id: "finance",
        marketTime: [{
          id: region.toLowerCase(),
          name: `${region} markets`,
          status,
          yfit_market_id: `${region.toLowerCase()}_market`,
          open,
          close,
          message: "",
          timezone: [{ $text: zone, dst: "false", gmtoffset: "10800000", short: "AST" }],
          time,
        }],
      }],
      error: null,
    },
  };
}

Deno.test("market.status: Friday in Riyadh is the weekend, not a holiday", async () => {
  // Friday 2025-03-14 12:00 Riyadh: last close Thursday, next open Sunday
  const body = markettime(
    "SA",
    "Asia/Riyadh",
    "closed",
    "2025-03-16T07:00:00Z",
    "2025-03-13T12:00:00Z",
    "2025-03-14T09:00:00Z",
  );
  const env = (await run("market.status", { market: "SA" }, {
    fetch: fakeMarket(undefined, { "region=SA": () => json(body) }),
    now: "2025-03-14T09:00:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.weekday, "Fri");
  assert.equal(d.closed_reason, "weekend");
});
