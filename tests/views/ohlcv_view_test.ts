/**
 * market.ohlcv's view: each symbol under its own heading (bars, dates, provider, currency and
 * price basis, events, source URLs), several symbols one after another with those not served
 * named, an index's levels in points, and a bar's prices at one precision.
 */
import assert from "node:assert/strict";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";
import { blocksHtml } from "../../adapters/views/html.ts";

function series(symbol: string, extra: Record<string, unknown> = {}) {
  return {
    symbol,
    provider_symbol: `${symbol.toLowerCase()}.us`,
    timeframe: "1d",
    provider: "stooq",
    source: "Stooq daily CSV (stooq.com/q/d/l)",
    currency: "USD",
    price_basis: "all prices adjusted for splits and dividends by Stooq",
    retrieved_at: "2025-01-02T10:00:00.000Z",
    start_date: "2024-12-01",
    end_date: "2024-12-05",
    rows: [
      {
        date: "2024-12-02",
        open: 1518.1,
        high: 1528.7,
        low: 1518,
        close: 1524.5,
        adj_close: 1524.5,
        volume: 214,
      },
      {
        date: "2024-12-03",
        open: 1520,
        high: 1530.25,
        low: 1510.5,
        close: 1529,
        adj_close: 1529,
        volume: 300,
      },
    ],
    count: 2,
    splits: [],
    dividends: [],
    capital_gains: [],
    source_urls: [`https://stooq.com/q/d/l/?s=${symbol.toLowerCase()}.us&i=d`],
    ...extra,
  };
}

const text = (data: unknown) => blocksText(viewBlocks(data, "ohlcv"), 100).join("\n");

Deno.test("ohlcv view: one symbol's heading, facts, bars at one precision and source", () => {
  const out = text(series("AAPL"));
  assert.match(out, /^AAPL: 2 daily bars, 2024-12-02 to 2024-12-03\n/);
  assert.match(out, /provider: +stooq: Stooq daily CSV \(stooq\.com\/q\/d\/l\), as aapl\.us/);
  assert.match(out, /prices: +in USD; all prices adjusted for splits and dividends by Stooq/);
  assert.match(out, /asked: +2024-12-01 to 2024-12-05/);
  assert.match(out, /events: +no splits or dividends in the window/);
  assert.match(out, /retrieved: +2025-01-02 10:00:00 UTC/);
  assert.match(out, /AAPL bars \(2; open, high, low, close, adj_close in USD\)/);
  // the low of 1,518 prints as a price beside 1,528.70, not as a whole amount
  assert.match(out, /2024-12-02 +1,518\.10 +1,528\.70 +1,518\.00 +1,524\.50 +1,524\.50 +214/);
  assert.match(out, /2024-12-03 +1,520\.00 +1,530\.25 +1,510\.50 +1,529\.00/);
  assert.match(out, /Source of AAPL:\nhttps:\/\/stooq\.com\/q\/d\/l\/\?s=aapl\.us&i=d/);
});

Deno.test("ohlcv view: several symbols each under a heading, the ones not served named", () => {
  const out = text({
    timeframe: "1d",
    symbols: { AAPL: series("AAPL"), TSM: series("TSM") },
    count: 4,
    missing: [{ symbol: "ZZZZ", error: "stooq: no bars for ZZZZ" }],
  });
  assert.match(out, /^Daily bars of 2 symbols \(AAPL, TSM\); 1 not served\n/);
  assert.match(out, /Not served: ZZZZ \(stooq: no bars for ZZZZ\)/);
  const aapl = out.indexOf("AAPL: 2 daily bars");
  const tsm = out.indexOf("TSM: 2 daily bars");
  assert.ok(aapl > 0 && tsm > aapl, out);
  assert.ok(out.indexOf("Source of AAPL:") < tsm && out.indexOf("Source of TSM:") > tsm, out);
  // no field dump of the nested series
  assert.doesNotMatch(out, /symbols\.AAPL\./);
});

Deno.test("ohlcv view: an index's levels are points, never money", () => {
  const out = text(series("^GSPC", {
    provider: "market_a",
    provider_symbol: "^GSPC",
    currency: null,
    market_currency: "USD",
    price_basis: "index levels in points; adj_close is the close",
  }));
  assert.match(
    out,
    /prices: +no currency \(index points or a future's points\); the market's currency is USD/,
  );
  assert.doesNotMatch(out, /in USD\)/);
  assert.doesNotMatch(out, /as \^GSPC/);
});

Deno.test("ohlcv view: events are counted and listed, an empty window says so", () => {
  const out = text(series("MSFT", {
    splits: [{ date: "2024-12-03", ratio: 2, numerator: 2, denominator: 1 }],
    dividends: [{ date: "2024-12-02", amount: 0.75 }, { date: "2024-12-03", amount: 0.75 }],
  }));
  assert.match(out, /events: +1 split, 2 dividends in the window \(below\)/);
  assert.match(out, /splits \(1\)/);
  assert.match(out, /dividends \(2; amount in USD\)/);
  const none = text(series("MSFT", { rows: [], count: 0 }));
  assert.match(none, /^MSFT: no daily bars from 2024-12-01 to 2024-12-05\n/);
});

Deno.test("ohlcv view: the notebook's HTML shows the same heading and source link", () => {
  const html = blocksHtml(viewBlocks(series("AAPL"), "ohlcv"));
  assert.match(html, /AAPL: 2 daily bars, 2024-12-02 to 2024-12-03/);
  assert.match(html, /href="https:\/\/stooq\.com\/q\/d\/l\/\?s=aapl\.us&amp;i=d"/);
});
