/**
 * A Yahoo quote or chart that states no currency: currency is null and a warning says the unit
 * is unknown (a null alone reads as "nothing to convert"). Indexes (points), futures (their own
 * note) and currency pairs (the pair's quote currency) keep their rules.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { quoteRow } from "../../providers/market_a/schemas.ts";
import { readYahooQuote } from "../../analysis/market/quote_row.ts";
import { chartToBars } from "../../providers/market_a/bars.ts";
import { chartResult } from "../../providers/market_a/schemas.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NO_UNIT = /states no currency.*unknown/;

Deno.test("market.quote: a price without a stated currency is said to be of unknown unit", () => {
  const read = (row: Record<string, unknown>) => readYahooQuote(quoteRow.parse(row));
  const plain = read({ symbol: "XYZ.ZZ", quoteType: "EQUITY", regularMarketPrice: 12.5 });
  assert.equal(plain.quote.currency, null);
  assert.ok(plain.notes.some((n) => NO_UNIT.test(n)), plain.notes.join("\n"));
  // nothing to say without a price, or for an index's level, a future or a pair
  for (
    const row of [
      { symbol: "ADH", quoteType: "MUTUALFUND" },
      { symbol: "^XYZ", quoteType: "INDEX", regularMarketPrice: 100 },
      { symbol: "ZZ=F", quoteType: "FUTURE", regularMarketPrice: 100 },
      { symbol: "EURUSD=X", quoteType: "CURRENCY", regularMarketPrice: 1.05 },
      { symbol: "AAPL", quoteType: "EQUITY", currency: "USD", regularMarketPrice: 1 },
    ]
  ) {
    const { notes } = read(row);
    assert.ok(!notes.some((n) => NO_UNIT.test(n)), `${row.symbol}: ${notes.join("\n")}`);
  }
});

function chart(currency: string | undefined, symbol = "XYZ.ZZ") {
  const t = Date.parse("2024-03-04T14:30:00Z") / 1000;
  return {
    chart: {
      result: [{
        meta: {
          ...(currency ? { currency } : {}),
          symbol,
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
        },
        timestamp: [t],
        indicators: {
          quote: [{ open: [10], high: [11], low: [9], close: [10.5], volume: [100] }],
          adjclose: [{ adjclose: [10.5] }],
        },
      }],
      error: null,
    },
  };
}

Deno.test("market.ohlcv: bars without a stated currency say their unit is unknown", async () => {
  const bars = async (currency: string | undefined) => {
    const answer = () => new Response(JSON.stringify(chart(currency)));
    const out = await run("market.ohlcv", {
      symbols: "XYZ.ZZ",
      start_date: "2024-03-04",
      end_date: "2024-03-04",
      provider: "market_a",
    }, {
      fetch: fakeMarket(undefined, { "/v8/finance/chart/": answer }),
      now: "2024-04-01T00:00:00Z",
    });
    assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
    return out.envelope;
  };
  const none = await bars(undefined);
  assert.equal((none.data as Any).currency, null);
  assert.equal((none.data as Any).rows[0].close, 10.5);
  assert.ok(none.warnings.some((w) => NO_UNIT.test(w)), none.warnings.join("\n"));
  const usd = await bars("USD");
  assert.ok(!usd.warnings.some((w) => NO_UNIT.test(w)));
});

Deno.test("chart bars: a 00:00 local bar in Jakarta or Oslo keeps its own date, not UTC's", () => {
  for (
    const [zone, gmtoffset, stamp, day] of [
      ["Asia/Jakarta", 25_200, "2020-01-01T17:00:00Z", "2020-01-02"],
      ["Europe/Oslo", 3_600, "2020-01-01T23:00:00Z", "2020-01-02"],
      ["Europe/Oslo", 7_200, "2020-06-30T22:00:00Z", "2020-07-01"],
    ] as const
  ) {
    const c = chart("NOK").chart.result[0] as Any;
    c.meta.exchangeTimezoneName = zone;
    c.meta.gmtoffset = gmtoffset;
    c.timestamp = [Date.parse(stamp) / 1000];
    c.events = { dividends: { x: { amount: 1.5, date: Date.parse(stamp) / 1000 } } };
    const b = chartToBars(chartResult.parse(c), "1d");
    assert.equal(b.rows[0].date, day, `${zone} ${stamp}`);
    assert.deepEqual(b.dividends, [{ date: day, amount: 1.5 }]);
  }
});
