/**
 * market.regime's text and csv views: every signal with the figures it read, the breadth
 * signal's benchmarks (SPY, QQQ, IWM) shown rather than "—". Yahoo chart answers are built here,
 * shaped like v8/finance/chart, from a daily drift per symbol.
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { loadCommand } from "../../commands/registry.ts";
import { run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";

const NOW = "2025-11-21T21:00:00Z";

function charts(drifts: Record<string, [number, number]>): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const d = drifts[decodeURIComponent(m[1])];
    const body = d
      ? chartBody(
        decodeURIComponent(m[1]),
        Number(url.searchParams.get("period1")),
        Number(url.searchParams.get("period2")),
        d[0],
        d[1],
      )
      : { chart: { result: null, error: { code: "Not Found", description: "No data found" } } };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: d ? 200 : 404,
        headers: { "content-type": "application/json" },
      }),
    );
  };
}

const FETCH = () =>
  charts({ SPY: [500, 0.001], QQQ: [400, 0.0012], IWM: [200, -0.0008], "^VIX": [14, 0] });

async function shown(mode: "text" | "csv") {
  const out = await run("market.regime", {}, { fetch: FETCH(), now: NOW });
  assert.ok(out.envelope.ok, out.envelope.error ?? "");
  const def = await loadCommand("market.regime");
  return renderOutput(out.envelope, mode, { view: def.view, width: 100 }).out;
}

Deno.test("market.regime text: the breadth signal's benchmarks are shown with their figures", async () => {
  const t = await shown("text");
  assert.match(t, /^Market regime US: \w+, confidence [\d.]+ \(swing: returns over 60 bars\)/);
  assert.match(t, /breadth\s+\w+\s+\w+\s+2 of 3 benchmarks up over 60 bars, 2 of 3 above/);
  // one input row per benchmark, with its close (USD), return and both averages
  for (const s of ["SPY", "QQQ", "IWM"]) {
    assert.match(
      t,
      new RegExp(
        `\\n${s}\\s+market_a\\s+2025-11-21\\s+[\\d,.]+\\s+-?[\\d.]+%\\s+[\\d,.]+ (above|below)\\s+[\\d,.]+ (above|below)`,
      ),
      t,
    );
  }
  assert.match(t, /\nSPY .* index_trend, breadth\n/);
  assert.match(t, /Inputs: daily adjusted closes in USD/);
  assert.match(t, /\^VIX last close 14; contained below 20, stressed from 30/);
  assert.ok(!/inputs\.symbol: +—/.test(t), t);
});

Deno.test("market.regime csv: the trend's SPY input is kept, one row per signal and input", async () => {
  const [head, ...rows] = (await shown("csv")).split("\n");
  const cols = head.split(",");
  const at = (r: string, k: string) => r.split(",")[cols.indexOf(k)];
  const trend = rows.filter((r) => at(r, "name") === "index_trend");
  assert.equal(trend.length, 1);
  assert.equal(at(trend[0], "inputs.symbol"), "SPY");
  assert.equal(at(trend[0], "inputs.currency"), "USD");
  const breadth = rows.filter((r) => at(r, "name") === "breadth").map((r) =>
    at(r, "inputs.symbol")
  );
  assert.deepEqual(breadth, ["SPY", "QQQ", "IWM"]);
});

Deno.test("market.regime text: breadth read over fewer bars than asked says the bars each had", () => {
  // "2 of 2 benchmarks up over 120 bars" was printed for returns over 99 and 104 bars
  const data = {
    market: "US",
    regime: "mixed",
    confidence: 0.35,
    timeframe: "long",
    lookback_bars: 120,
    as_of: "2026-06-18",
    signals: [{
      name: "breadth",
      value: "constructive",
      direction: "bullish",
      total_benchmarks: 2,
      positive_benchmark_count: 2,
      above_50dma_count: 2,
      inputs: [
        { symbol: "SPY", lookback_bars: 99, above_sma_50: true },
        { symbol: "QQQ", lookback_bars: 120, above_sma_50: true },
      ],
    }],
  };
  const env = { ok: true as const, data, error: null, warnings: [] };
  const t = renderOutput(env, "text", { view: "regime", width: 200 }).out;
  assert.match(
    t,
    /2 of 2 benchmarks up over fewer bars than the 120 asked \(SPY 99\), 2 of 2 above/,
  );
});
