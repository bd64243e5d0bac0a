/**
 * A London listing quoted in pence (GBp) with a dividend Yahoo states in pounds: 0.26 beside
 * closes of 2,700 pence, which its own adjusted closes show to be a 26-pence dividend. The
 * dividend was passed on as 0.26 in the series' unit (pence), a hundred times too small (a yield
 * of 0.01% for 0.96%). The chart is shaped as Yahoo's v8 answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { fixDividendUnits } from "../../analysis/market/unit_slips.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const DAYS = ["2024-03-04", "2024-03-05", "2024-03-06", "2024-03-07"];
const CLOSE = [2700, 2710, 2680, 2690];
// a 26-pence dividend, ex 2024-03-06: the bars before it adjusted by 1 - 26/2710
const F = 1 - 26 / 2710;
const ADJ = CLOSE.map((c, i) => (i < 2 ? c * F : c));

function chart(amount: number) {
  const ts = DAYS.map((d) => sec(`${d}T08:00:00Z`));
  return {
    chart: {
      result: [{
        meta: {
          currency: "GBp",
          symbol: "TSTL.L",
          exchangeName: "LSE",
          instrumentType: "EQUITY",
          gmtoffset: 0,
          timezone: "GMT",
          exchangeTimezoneName: "Europe/London",
          regularMarketPrice: 2690,
          regularMarketTime: ts.at(-1),
          dataGranularity: "1d",
        },
        timestamp: ts,
        events: { dividends: { [String(ts[2])]: { amount, date: ts[2] } } },
        indicators: {
          quote: [{
            open: CLOSE,
            high: CLOSE.map((c) => c + 10),
            low: CLOSE.map((c) => c - 10),
            close: CLOSE,
            volume: CLOSE.map(() => 1_000_000),
          }],
          adjclose: [{ adjclose: ADJ }],
        },
      }],
      error: null,
    },
  };
}

function yahoo(amount: number): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v8/finance/chart/TSTL.L") return Promise.resolve(json(chart(amount)));
    return rest(input, init);
  };
}

const bars = (amount: number) =>
  run("market.ohlcv", {
    symbols: "TSTL.L",
    provider: "market_a",
    start_date: DAYS[0],
    end_date: DAYS[3],
  }, { fetch: yahoo(amount), now: "2024-03-08T12:00:00Z" });

Deno.test("market.ohlcv: a dividend in pounds beside prices in pence is put in pence and said", async () => {
  const { envelope } = await bars(0.26);
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, "GBp");
  assert.deepEqual(d.dividends, [{ date: "2024-03-06", amount: 26 }]);
  const w = envelope.warnings.find((x) => /^TSTL\.L: Yahoo states the dividend/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /of 2024-03-06 as 0\.26 in GBP, while the prices are in GBp/);
});

Deno.test("market.ohlcv: a dividend already in pence stays as it is, without a word", async () => {
  const { envelope } = await bars(26);
  const d = dataOf(envelope) as Any;
  assert.deepEqual(d.dividends, [{ date: "2024-03-06", amount: 26 }]);
  assert.ok(!envelope.warnings.some((x) => /states the dividend/.test(x)));
});

Deno.test("fixDividendUnits: a major-unit series, or bars without adjusted closes, are left alone", () => {
  const rows = DAYS.map((date, i) => ({
    date,
    open: CLOSE[i],
    high: CLOSE[i],
    low: CLOSE[i],
    close: CLOSE[i],
    adj_close: ADJ[i],
    volume: 1,
  }));
  const divs = [{ date: "2024-03-06", amount: 0.26 }];
  assert.equal(fixDividendUnits(rows, divs, "USD").slips.length, 0);
  const bare = rows.map((r) => ({ ...r, adj_close: null }));
  assert.equal(fixDividendUnits(bare, divs, "GBp").slips.length, 0);
  assert.equal(fixDividendUnits(rows, divs, "GBp").slips.length, 1);
});
