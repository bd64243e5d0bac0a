/**
 * market.regime and market.sector_heat end to end: Yahoo chart answers (shaped like
 * v8/finance/chart, built here from a daily drift per symbol) through market.ohlcv's chain.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2025-11-21T21:00:00Z";

/**
 * A network whose chart endpoint drifts each symbol as told (start, daily drift, and optionally
 * the ISO date its bars stop at or the first date they start at); others answer Yahoo's 404.
 */
function charts(
  drifts: Record<string, [number, number] | [number, number, { until?: string; from?: string }]>,
): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (m) {
      const sym = decodeURIComponent(m[1]);
      const d = drifts[sym];
      const span = d?.[2] ?? {};
      const p1 = Math.max(
        Number(url.searchParams.get("period1")),
        span.from ? Date.parse(span.from) / 1000 : 0,
      );
      const p2 = Math.min(
        Number(url.searchParams.get("period2")),
        span.until ? Date.parse(span.until) / 1000 + 86_400 : Infinity,
      );
      const body = d ? chartBody(sym, p1, p2, d[0], d[1]) : {
        chart: {
          result: null,
          error: { code: "Not Found", description: "No data found, symbol may be delisted" },
        },
      };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: d ? 200 : 404,
          headers: { "content-type": "application/json" },
        }),
      );
    }
    return base(input, init);
  };
}

Deno.test("market.regime: rising benchmarks and a calm VIX are risk_on, with inputs", async () => {
  const fetch = charts({
    SPY: [500, 0.001],
    QQQ: [400, 0.0012],
    IWM: [200, 0.0008],
    "^VIX": [14, 0],
  });
  const d = dataOf((await run("market.regime", {}, { fetch, now: NOW })).envelope) as Any;
  assert.equal(d.regime, "risk_on");
  const trend = d.signals.find((s: Any) => s.name === "index_trend");
  assert.equal(trend.value, "above_200dma");
  assert.equal(trend.inputs.provider, "market_a");
  assert.equal(d.signals.find((s: Any) => s.name === "breadth").value, "constructive");
  assert.equal(d.signals.find((s: Any) => s.name === "volatility").last_close, 14);
  assert.equal(d.as_of, "2025-11-21");
});

Deno.test("market.regime: falling benchmarks are bear_trend; VIX 35 alone is risk_off", async () => {
  const bear = charts({
    SPY: [500, -0.001],
    QQQ: [400, -0.0012],
    IWM: [200, -0.0015],
    "^VIX": [25, 0],
  });
  const b = dataOf(
    (await run("market.regime", { timeframe: "short" }, { fetch: bear, now: NOW }))
      .envelope,
  ) as Any;
  assert.equal(b.regime, "bear_trend");
  assert.equal(b.lookback_bars, 20);
  const stress = charts({
    SPY: [500, 0.001],
    QQQ: [400, -0.001],
    IWM: [200, 0.0001],
    "^VIX": [35, 0],
  });
  const s = dataOf((await run("market.regime", {}, { fetch: stress, now: NOW })).envelope) as Any;
  assert.equal(s.regime, "risk_off");
});

Deno.test("market.regime: without SPY bars from any provider it fails naming SPY", async () => {
  const fetch = charts({ QQQ: [400, 0.001], IWM: [200, 0.001], "^VIX": [15, 0] });
  const out = await run("market.regime", {}, { fetch, now: NOW });
  assert.equal(out.envelope.ok, false);
  assert.match(out.envelope.error!, /SPY/);
  assert.ok(out.envelope.warnings.some((w) => /^SPY: /.test(w)));
  const other = await run("market.regime", { market: "GB" }, { fetch, now: NOW });
  assert.match(other.envelope.error!, /only market=US/);
});

Deno.test("market.sector_heat: ranks the sector ETFs by return; a missing one is warned", async () => {
  const drifts: Record<string, [number, number]> = {
    XLK: [200, 0.004],
    XLC: [90, 0.003],
    XLY: [190, 0.002],
    XLP: [80, 0.0005],
    XLE: [85, -0.002],
    XLF: [50, 0.001],
    XLV: [140, -0.0005],
    XLI: [130, 0.0015],
    XLB: [90, -0.001],
    XLU: [75, 0.0025],
  };
  const d = dataOf(
    (await run("market.sector_heat", { lookback_days: 20 }, {
      fetch: charts(drifts),
      now: NOW,
    })).envelope,
  ) as Any;
  assert.equal(d.count, 10);
  assert.deepEqual(d.leaders.map((r: Any) => r.symbol), ["XLK", "XLC", "XLU", "XLY", "XLI"]);
  assert.deepEqual(d.laggards.map((r: Any) => r.symbol), ["XLE", "XLB", "XLV", "XLP", "XLF"]);
  const xlk = d.all[0];
  assert.equal(xlk.lookback_bars, 20);
  assert.ok(Math.abs(xlk.return_pct - ((1.004 ** 20 - 1) * 100)) < 0.05);
  const out = await run("market.sector_heat", {}, { fetch: charts(drifts), now: NOW });
  assert.ok(out.envelope.warnings.some((w) => /^XLRE: /.test(w)));
  // as a person reads it: the ranking with each return in percent, the close in its currency
  assert.equal(xlk.currency, "USD");
  const { render } = await import("../../adapters/render.ts");
  const text = render(out.envelope, "text", { view: "sector_heat", width: 110 });
  assert.match(text, /US sectors by return over the last 20 trading days \(10 sector ETFs\)/);
  assert.match(
    text,
    /^\s*1\s+\S.*XLK\s+\+\d+\.\d+%\s+20\s+USD [\d,.]+\s+\d{4}-\d{2}-\d{2}\s+leader$/m,
  );
  assert.match(text, /XLE .*laggard$/m);
  assert.match(text, /Source: market\.ohlcv daily adjusted closes/);
});

Deno.test("market.regime: bars that ended months ago and a missing VIX are said, confidence lowered", async () => {
  const fetch = charts({
    SPY: [500, 0.001, { until: "2025-06-18" }],
    QQQ: [400, 0.0012, { until: "2025-06-18" }],
    IWM: [200, 0.0008, { until: "2025-06-18" }],
  });
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.as_of, "2025-06-18");
  assert.ok(
    e.warnings.some((w) => /^SPY: .*bars end at 2025-06-18/.test(w)),
    e.warnings.join("\n"),
  );
  assert.ok(e.warnings.some((w) => /^QQQ: .*bars end at 2025-06-18/.test(w)));
  // 157 bars: no 200-day trend; no VIX: constructive breadth alone, 0.45 + 0.2 - 2 × 0.1
  assert.ok(e.warnings.some((w) => /2 of 3 signals unknown \(index trend, volatility\)/.test(w)));
  assert.equal(d.confidence, 0.45);
});

Deno.test("market.sector_heat: a short history and bars ending on other dates are said", async () => {
  const drifts: Record<string, [number, number, { until?: string; from?: string }]> = {
    XLK: [200, 0.004, { from: "2025-11-10" }],
    XLC: [90, 0.003, {}],
    XLY: [190, 0.002, { until: "2025-11-14" }],
  };
  const e = (await run("market.sector_heat", { lookback_days: 20 }, {
    fetch: charts(drifts),
    now: NOW,
  })).envelope;
  const d = dataOf(e) as Any;
  const xlk = d.all.find((r: Any) => r.symbol === "XLK");
  assert.ok(xlk.lookback_bars < 20);
  assert.ok(
    e.warnings.some((w) =>
      /^XLK has \d+ bars: its return covers \d+ bars, not the 20 asked/.test(w)
    ),
  );
  assert.ok(
    e.warnings.some((w) => /bars end on different dates \(2025-11-14 to 2025-11-21\)/.test(w)),
  );
});
