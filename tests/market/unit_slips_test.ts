/**
 * Yahoo's daily history of a listing quoted in pence (GBp) or cents (ZAc) with a bar written in
 * pounds or rand: read as it is, it is a 99% crash and a hundredfold recovery the next day (and
 * price.moves reports both as the largest moves). Charts here are shaped as Yahoo's v8 answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { fixUnitSlips } from "../../analysis/market/unit_slips.ts";
import type { Bar } from "../../providers/market_a/bars.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-03-21T18:00:00Z";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** London weekdays 2025-03-03..2025-03-21, stamped at 08:00 UTC as Yahoo stamps LSE bars. */
const STAMPS: number[] = [];
for (
  let d = Date.parse("2025-03-03T08:00:00Z");
  d <= Date.parse("2025-03-21T08:00:00Z");
  d += 864e5
) {
  const wd = new Date(d).getUTCDay();
  if (wd !== 0 && wd !== 6) STAMPS.push(d / 1000);
}

function chart(symbol: string, currency: string, closes: (number | null)[]) {
  return {
    chart: {
      result: [{
        meta: {
          currency,
          symbol,
          exchangeName: "LSE",
          fullExchangeName: "LSE",
          instrumentType: "EQUITY",
          gmtoffset: 0,
          timezone: "GMT",
          exchangeTimezoneName: "Europe/London",
          regularMarketPrice: closes.at(-1),
          regularMarketTime: STAMPS.at(-1),
          dataGranularity: "1d",
        },
        timestamp: STAMPS,
        indicators: {
          quote: [{
            open: closes,
            high: closes.map((c) => (c === null ? null : c * 1.01)),
            low: closes.map((c) => (c === null ? null : c * 0.99)),
            close: closes,
            volume: closes.map(() => 25_000_000),
          }],
          adjclose: [{ adjclose: closes }],
        },
      }],
      error: null,
    },
  };
}

function yahoo(symbol: string, body: unknown): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (decodeURIComponent(u.pathname) === `/v8/finance/chart/${symbol}`) {
      return Promise.resolve(json(body));
    }
    return rest(input, init);
  };
}

const PENCE = [
  70.1,
  70.5,
  71.2,
  70.8,
  0.7102,
  71.5,
  72.0,
  71.6,
  71.9,
  72.3,
  72.1,
  72.6,
  72.4,
  0.7255,
  0.7262,
];

Deno.test("market.ohlcv: an LSE bar Yahoo wrote in pounds amid pence is put in pence, said", async () => {
  const env = (await run("market.ohlcv", {
    symbols: "VOD.L",
    start_date: "2025-03-03",
    end_date: "2025-03-21",
    provider: "market_a",
  }, { fetch: yahoo("VOD.L", chart("VOD.L", "GBp", PENCE)), now: NOW })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.currency, "GBp");
  const byDate = Object.fromEntries(d.rows.map((r: Any) => [r.date, r]));
  assert.equal(byDate["2025-03-07"].close, 71.02);
  assert.equal(byDate["2025-03-07"].adj_close, 71.02);
  assert.ok(Math.abs(byDate["2025-03-07"].high - 71.7302) < 1e-6, byDate["2025-03-07"].high);
  // the last two bars (Yahoo's latest, in pounds) too
  assert.equal(byDate["2025-03-20"].close, 72.55);
  assert.equal(byDate["2025-03-21"].close, 72.62);
  assert.equal(byDate["2025-03-06"].close, 70.8);
  const w = env.warnings.find((x) => /^VOD\.L: Yahoo's prices of /.test(x));
  assert.ok(w, env.warnings.join("\n"));
  assert.match(w!, /2025-03-07, 2025-03-20, 2025-03-21 are in GBP, 1\/100 of the GBp/);
});

Deno.test("price.moves: a bar in pounds amid pence is no 99% crash", async () => {
  const env = (await run("price.moves", {
    symbol: "VOD.L",
    start_date: "2025-03-03",
    end_date: "2025-03-21",
    threshold: "5%",
    provider: "market_a",
  }, { fetch: yahoo("VOD.L", chart("VOD.L", "GBp", PENCE)), now: NOW })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.count, 0, JSON.stringify(d.moves));
});

Deno.test("market.ohlcv: a real fall in a cents listing, or a pounds listing, is left alone", async () => {
  // ZAc: a 60% fall is a move, not a unit (the factor is 100)
  const falls = [5000, 5050, 4980, 2000, 2010, 1990, 2020, 2005];
  const z = dataOf(
    (await run("market.ohlcv", {
      symbols: "TST.JO",
      start_date: "2025-03-03",
      end_date: "2025-03-12",
      provider: "market_a",
    }, {
      fetch: yahoo("TST.JO", chart("TST.JO", "ZAc", falls)),
      now: "2025-03-12T18:00:00Z",
    })).envelope,
  ) as Any;
  assert.deepEqual(z.rows.map((r: Any) => r.close), falls);
  // a listing in a major unit is never rescaled
  const rows = (closes: number[]): Bar[] =>
    closes.map((c, i) => ({
      date: `2025-03-${String(i + 3).padStart(2, "0")}`,
      open: c,
      high: c,
      low: c,
      close: c,
      adj_close: c,
      volume: 1,
    }));
  const usd = rows([70, 71, 0.71, 72]);
  assert.equal(fixUnitSlips(usd, "USD").rows, usd);
  // Kuwaiti fils: a thousandth of a dinar
  const kw = fixUnitSlips(rows([480, 482, 0.483, 485, 486]), "KWF");
  assert.deepEqual(kw.rows.map((r) => r.close), [480, 482, 483, 485, 486]);
  assert.deepEqual(kw.slips, [{ date: "2025-03-05", times: 1000 }]);
  // a whole week of bars in pounds is still fewer than those in pence
  const run5 = fixUnitSlips(
    rows([70, 70.5, 0.71, 0.715, 0.72, 0.718, 0.72, 72.5, 72, 73, 73.2, 73.5]),
    "GBp",
  );
  assert.deepEqual(run5.rows.map((r) => r.close), [
    70,
    70.5,
    71,
    71.5,
    72,
    71.8,
    72,
    72.5,
    72,
    73,
    73.2,
    73.5,
  ]);
});

Deno.test("currency units: Yahoo's USX (US cents, CBOT grain futures) is 1/100 USD", async () => {
  const { unitOf } = await import("../../analysis/market/units.ts");
  assert.deepEqual(unitOf("USX"), { code: "USX", major: "USD", factor: 0.01 });
});

Deno.test("fixUnitSlips: a 100-for-1 split Yahoo states beside the jump leaves the bars alone", () => {
  const rows: Bar[] = [70, 71, 7100, 7150, 7200].map((c, i) => ({
    date: `2025-03-0${i + 3}`,
    open: c,
    high: c,
    low: c,
    close: c,
    adj_close: c,
    volume: 1,
  }));
  assert.deepEqual(fixUnitSlips(rows, "GBp", [{ ratio: 0.01 }]), { rows, slips: [] });
  assert.equal(fixUnitSlips(rows, "GBp").slips.length, 2);
});
