/**
 * Stooq's CSV carries no splits or dividends (its prices are adjusted for them), yet
 * market.ohlcv gave `splits: []`, `dividends: []` and the text "no splits or dividends in the
 * window" for AAPL across its 4-for-1 split of 2020-08-31. They are now null (not reported),
 * and the text says the provider does not report them; a currency pair, which can have none,
 * keeps its empty lists.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Stooq's daily CSV of AAPL around the split: adjusted prices, no hint of the split. */
const STOOQ_AAPL = [
  "Date,Open,High,Low,Close,Volume",
  "2020-08-27,123.45,123.76,120.23,121.36,160220016",
  "2020-08-28,122.34,122.76,120.95,121.17,193260092",
  "2020-08-31,123.86,127.17,122.33,125.28,232475310",
  "2020-09-01,128.89,130.87,126.74,130.27,157045285",
  "",
].join("\n");

const csv = (body: string) => () =>
  new Response(body, { status: 200, headers: { "content-type": "text/csv" } });

Deno.test("market.ohlcv stooq: splits and dividends are not reported (null), not none", async () => {
  const fetch = fakeMarket(undefined, { "s=aapl.us": csv(STOOQ_AAPL) });
  const env = await envelope("market.ohlcv", {
    symbols: "AAPL",
    start_date: "2020-08-27",
    end_date: "2020-09-01",
    provider: "stooq",
  }, { fetch, now: "2020-09-02T22:00:00Z" });
  const d = dataOf<Any>(env);
  assert.equal(d.count, 4);
  assert.equal(d.splits, null, "an empty list read as 'no split', across AAPL's 4-for-1");
  assert.equal(d.dividends, null);
  assert.equal(d.capital_gains, null);
  const text = blocksText(viewBlocks(d, "ohlcv"), 100).join("\n");
  assert.doesNotMatch(text, /no splits or dividends in the window/);
  assert.match(
    text,
    /events: +not reported by Stooq \(its bars are adjusted for splits and dividends/,
  );
});

Deno.test("market.ohlcv stooq: a currency pair, which never splits or pays, keeps empty lists", async () => {
  const pair = [
    "Date,Open,High,Low,Close",
    "2024-01-02,1.1,1.11,1.09,1.1",
    "2024-01-03,1.1,1.11,1.09,1.095",
    "",
  ].join("\n");
  const fetch = fakeMarket(undefined, { "s=eurusd": csv(pair) });
  const d = dataOf<Any>(
    await envelope("market.ohlcv", {
      symbols: "EURUSD=X",
      start_date: "2024-01-02",
      end_date: "2024-01-03",
      provider: "stooq",
    }, { fetch, now: "2024-01-04T22:00:00Z" }),
  );
  assert.deepEqual([d.splits, d.dividends], [[], []]);
  assert.match(
    blocksText(viewBlocks(d, "ohlcv"), 100).join("\n"),
    /events: +no splits or dividends in the window/,
  );
});
