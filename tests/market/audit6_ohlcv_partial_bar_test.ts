/**
 * Alpaca and Alpha Vantage serve a daily bar of the day so far while New York trades (its close
 * the latest price, its volume so far). market.ohlcv said so for Yahoo and Stooq only; from
 * these two the running day's bar read as a finished session. Now New York's hours (Stooq's
 * table of market hours) tell such a bar, with the hedged wording of a provider that states no
 * session. Answers shaped as Alpaca's v2 bars (the project's pages) and Alpha Vantage's
 * TIME_SERIES_DAILY_ADJUSTED.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

const ALPACA = { ALPACA_API_KEY_ID: "id123456", ALPACA_API_SECRET_KEY: "sec123456" };

const alpaca = (now: string) =>
  run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-20",
    end_date: "2023-11-21",
    provider: "broker_a",
  }, { fetch: fakeMarket(), env: ALPACA, now });

const running = (warnings: string[]) =>
  warnings.find((w) => /the last bar \(2023-11-21\)/.test(w) && /still trading/.test(w));

Deno.test("market.ohlcv broker_a: the bar of a day New York still trades is said to be so", async () => {
  // 13:00 in New York on 2023-11-21, the last bar's day
  const { envelope } = await alpaca("2023-11-21T18:00:00Z");
  dataOf(envelope);
  const w = running(envelope.warnings);
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /its close the latest price, not a closing price/);
  // after the close (16:00 New York), or the next day: a finished session, nothing to say
  for (const now of ["2023-11-21T21:30:00Z", "2023-11-22T15:00:00Z"]) {
    assert.equal(running((await alpaca(now)).envelope.warnings), undefined, now);
  }
});

/** Alpha Vantage's daily series of `symbol` with a bar on 2023-11-20 and 2023-11-21. */
const av: typeof fetch = (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  const day = (close: number) => ({
    "1. open": String(close - 1),
    "2. high": String(close + 1),
    "3. low": String(close - 2),
    "4. close": String(close),
    "5. adjusted close": String(close),
    "6. volume": "1000",
    "7. dividend amount": "0.0000",
    "8. split coefficient": "1.0",
  });
  return Promise.resolve(Response.json({
    "Meta Data": { "2. Symbol": url.searchParams.get("symbol") },
    "Time Series (Daily)": { "2023-11-21": day(102), "2023-11-20": day(101) },
  }));
};

Deno.test("market.ohlcv market_b: a US listing's running day is said; a Xetra one's is not guessed", async () => {
  const bars = (symbols: string) =>
    run("market.ohlcv", {
      symbols,
      start_date: "2023-11-20",
      end_date: "2023-11-21",
      provider: "market_b",
    }, {
      fetch: av,
      env: { ALPHA_VANTAGE_API_KEY: "demo-key-123456" },
      now: "2023-11-21T18:00:00Z",
    });
  const us = await bars("MSFT");
  dataOf(us.envelope);
  assert.ok(running(us.envelope.warnings), us.envelope.warnings.join("\n"));
  // Xetra's hours are not New York's: no session is assumed for it
  const de = await bars("SAP.DE");
  dataOf(de.envelope);
  assert.equal(running(de.envelope.warnings), undefined);
});
