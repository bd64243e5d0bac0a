/**
 * A mutual fund's bars from Yahoo (0P000071W8.TO's shape: NAV in open, high, low and close,
 * volume 0): Yahoo's adjusted close takes in capital-gain distributions, which are listed apart
 * from the dividends (capital_gains), so price_basis says both; volume 0 is no volume (null, said).
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("market.ohlcv: a mutual fund's price_basis names capital-gain distributions", async () => {
  const nav = 73.72000122070312;
  const body = {
    chart: {
      result: [{
        meta: {
          currency: "CAD",
          symbol: "0P000071W8.TO",
          instrumentType: "MUTUALFUND",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/Toronto",
        },
        timestamp: [1577975400],
        indicators: {
          quote: [{ open: [nav], high: [nav], low: [nav], close: [nav], volume: [0] }],
          adjclose: [{ adjclose: [nav] }],
        },
      }],
      error: null,
    },
  };
  const out = await run("market.ohlcv", {
    symbols: "0P000071W8.TO",
    start_date: "2020-01-02",
    end_date: "2020-01-02",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": () => Response.json(body) }),
    now: "2020-02-01T00:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const d = out.envelope.data as Any;
  assert.deepEqual(d.rows, [{
    date: "2020-01-02",
    open: nav,
    high: nav,
    low: nav,
    close: nav,
    adj_close: nav,
    volume: null,
  }]);
  assert.equal(d.currency, "CAD");
  assert.match(d.price_basis, /adj_close adjusted for splits, dividends and capital-gain/);
  assert.match(
    d.price_basis,
    /dividends lists income dividends, capital_gains the capital-gain distributions$/,
  );
  assert.deepEqual(d.capital_gains, []);
  assert.ok(out.envelope.warnings.some((w) => /volume 0 for a mutual fund/.test(w)));
});
