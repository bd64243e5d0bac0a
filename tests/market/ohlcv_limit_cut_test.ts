/**
 * market.ohlcv AAPL start_date=2020-01-02 end_date=2020-01-10 limit=3 gave the last 3 of the
 * window's 7 bars with start_date still 2020-01-02 and no word of the cut. It is now warned:
 * how many of the window's bars are given, and where the rows start. A limit the window does not
 * exceed cuts nothing and says nothing.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Stooq's CSV of AAPL's first seven sessions of 2020 (adjusted prices). */
const STOOQ_AAPL = [
  "Date,Open,High,Low,Close,Volume",
  "2019-12-31,70.5,71.2,70.4,71.1,100436940",
  "2020-01-02,71.41,72.46,71.15,72.4,140681710",
  "2020-01-03,71.63,72.46,71.47,71.7,151973851",
  "2020-01-06,70.81,72.3,70.56,72.28,121225813",
  "2020-01-07,72.26,72.53,71.7,71.94,111054023",
  "2020-01-08,71.63,73.39,71.63,73.09,137276166",
  "2020-01-09,74.06,74.83,73.81,74.64,176813384",
  "2020-01-10,74.87,75.37,74.31,74.8,146097131",
  "2020-01-13,75.0,76.4,74.9,76.3,120000000",
  "",
].join("\n");

const cuts = (warnings: string[]) =>
  warnings.filter((w) => /bars in the window .* are given/.test(w));

Deno.test("market.ohlcv: limit= that cuts the asked window says so", async () => {
  const fetch = fakeMarket(undefined, {
    "s=aapl.us": () => new Response(STOOQ_AAPL, { headers: { "content-type": "text/csv" } }),
  });
  const opts = { fetch, now: "2020-01-14T22:00:00Z" };
  const args = {
    symbols: "AAPL",
    start_date: "2020-01-02",
    end_date: "2020-01-10",
    provider: "stooq",
  };
  const env = await envelope("market.ohlcv", { ...args, limit: 3 }, opts);
  const d = dataOf<Any>(env);
  assert.equal(d.count, 3);
  assert.equal(d.start_date, "2020-01-02");
  assert.deepEqual(cuts(env.warnings), [
    "AAPL: 3 of the 7 daily bars in the window 2020-01-02..2020-01-10 are given, the last 3 (limit=3): the rows start at 2020-01-08, not at the window's start; leave out limit for all of them",
  ]);
  // a limit the window does not exceed cuts nothing
  for (const limit of [7, 50]) {
    const all = await envelope("market.ohlcv", { ...args, limit }, opts);
    assert.equal(dataOf<Any>(all).count, 7);
    assert.deepEqual(cuts(all.warnings), [], `limit=${limit}`);
  }
  // the cut is not mistaken for a late start
  assert.ok(!env.warnings.some((w) => /the bars start at/.test(w)));
});

Deno.test("market.ohlcv: limit= cutting Yahoo's rows says so too", async () => {
  const opts = { fetch: fakeMarket(), now: "2023-11-24T22:00:00Z" };
  const args = {
    symbols: "MSFT",
    start_date: "2023-11-01",
    end_date: "2023-11-24",
    provider: "market_a",
  };
  const whole = dataOf<Any>(await envelope("market.ohlcv", args, opts));
  const env = await envelope("market.ohlcv", { ...args, limit: 2 }, opts);
  const first = dataOf<Any>(env).rows[0].date.slice(0, 10);
  assert.deepEqual(cuts(env.warnings), [
    `MSFT: 2 of the ${whole.count} daily bars in the window 2023-11-01..2023-11-24 are given, the last 2 (limit=2): the rows start at ${first}, not at the window's start; leave out limit for all of them`,
  ]);
});
