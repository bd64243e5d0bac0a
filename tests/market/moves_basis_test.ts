/**
 * price.moves on bars where Yahoo left out some adjusted closes: a return from a bar's close to
 * the next bar's adjusted close is off by every dividend since (here 10%), a false move.
 * The chart is shaped as Yahoo's v8 answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { oneBasis } from "../../analysis/market/bar_basis.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** New York weekdays from 2025-01-02 for `n` sessions, stamped 14:30 UTC. */
function stamps(n: number): number[] {
  const out: number[] = [];
  for (let d = Date.parse("2025-01-02T14:30:00Z"); out.length < n; d += 864e5) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d / 1000);
  }
  return out;
}

function chart(closes: number[], adj: (number | null)[]) {
  const ts = stamps(closes.length);
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "TSTD",
          exchangeName: "NYQ",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          timezone: "EST",
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: closes.at(-1),
          regularMarketTime: ts.at(-1),
          dataGranularity: "1d",
        },
        timestamp: ts,
        indicators: {
          quote: [{
            open: closes,
            high: closes,
            low: closes,
            close: closes,
            volume: closes.map(() => 1_000_000),
          }],
          adjclose: [{ adjclose: adj }],
        },
      }],
      error: null,
    },
  };
}

Deno.test("price.moves: bars without Yahoo's adjusted close are left out, not mixed in", async () => {
  // a calm series; adjusted closes 10% below the closes (dividends), one missing
  const closes = Array.from({ length: 40 }, (_, i) => 100 + (i % 2) * 0.5);
  const adj: (number | null)[] = closes.map((c) => Math.round(c * 0.9 * 100) / 100);
  adj[30] = null;
  const rest = fakeMarket();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v8/finance/chart/TSTD") return Promise.resolve(json(chart(closes, adj)));
    return rest(input, init);
  };
  const env = (await run("price.moves", {
    symbol: "TSTD",
    start_date: "2025-01-02",
    end_date: "2025-02-28",
    threshold: "5%",
    provider: "market_a",
  }, { fetch, now: "2025-03-03T12:00:00Z" })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.count, 0, JSON.stringify(d.moves));
  assert.ok(
    env.warnings.some((w) =>
      /^1 bar\(s\) have a close but no adjusted close \(2025-02-13\)/.test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("oneBasis: all adjusted, or none, is kept as it is", () => {
  const all = [{ date: "2025-01-02", close: 10, adj_close: 9 }, {
    date: "2025-01-03",
    close: 11,
    adj_close: 10,
  }];
  assert.equal(oneBasis(all).rows, all);
  assert.equal(oneBasis(all).adjusted, true);
  const none = all.map((r) => ({ ...r, adj_close: null }));
  assert.equal(oneBasis(none).rows, none);
  assert.equal(oneBasis(none).adjusted, false);
  assert.equal(oneBasis(none).note, null);
});

Deno.test("market.regime: a SPY bar without an adjusted close is left out, not read as a 10% jump", async () => {
  const { chartBody } = await import("./_fake.ts");
  const base = fakeMarket();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const start = { SPY: 500, QQQ: 400, IWM: 200, "^VIX": 14 }[sym] ?? 100;
    const body = chartBody(
      sym,
      Number(url.searchParams.get("period1")),
      Number(url.searchParams.get("period2")),
      start,
      sym === "^VIX" ? 0 : 0.0005,
    );
    const r = body.chart.result[0];
    if (sym === "SPY") {
      // dividends: adjusted closes 10% below the closes, the latest bar's left out by Yahoo
      const adj: (number | null)[] = r.indicators.quote[0].close.map((c: number) => c * 0.9);
      adj[adj.length - 1] = null;
      r.indicators.adjclose = [{ adjclose: adj as number[] }];
    }
    return Promise.resolve(json(body));
  };
  const env = (await run("market.regime", {}, { fetch, now: "2025-11-21T21:00:00Z" })).envelope;
  const d = dataOf(env) as Any;
  const spy = JSON.stringify(d);
  assert.ok(
    env.warnings.some((w) => /^SPY: 1 bar\(s\) have a close but no adjusted close/.test(w)),
    env.warnings.join("\n"),
  );
  // no 10% one-day jump in SPY's return: a drift of 0.05% a day over the lookback
  const ret = [...spy.matchAll(/"symbol":"SPY"[^}]*?"return_pct":(-?[\d.]+)/g)].map((x) => +x[1]);
  assert.ok(ret.length > 0, spy.slice(0, 400));
  for (const x of ret) assert.ok(x < 5, `SPY return ${x}`);
});
