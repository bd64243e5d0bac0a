/**
 * A series of one point gave a blank chart: a one-bar moves chart drew nothing under hour ticks,
 * a one-bar price chart had no line and a clipped "…59.500000" tick, a one-bar backtest drew
 * nothing under a "000.000000" tick, a one-point news chart was invisible, and
 * backtestChartSvg([]) returned an empty frame. Now a single point is a dot with its value, the
 * axis runs a day either side of it in whole days, and an empty backtest is refused.
 */
import assert from "node:assert/strict";
import { movesChart } from "../../analysis/charts/moves.ts";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";
import { backtestChartSvg } from "../../analysis/charts/backtest.ts";
import { newsTimelineSvg } from "../../analysis/charts/news.ts";

/** No hour ticks and no tick written to six decimals. */
function sensibleTicks(svg: string) {
  assert.doesNotMatch(svg, />\d{1,2} [AP]M</, "hour ticks on a daily chart");
  assert.doesNotMatch(svg, /\.\d{6}</, "a tick written to six decimals");
}

Deno.test("single point: a one-bar moves chart draws a dot with its close", async () => {
  const svg = await movesChart([{ date: "2024-03-01", close: 100, adj_close: 100 }], [], {
    symbol: "ONE",
    source: "test",
    asOf: "2024-03-01",
    currency: "USD",
  });
  assert.match(svg, /<circle[^>]*r="4"/);
  assert.match(svg, />100<|>100\.00</);
  assert.match(svg, />Mar 1</);
  sensibleTicks(svg);
});

Deno.test("single point: a one-bar price chart draws a dot with its close", async () => {
  const svg = await ohlcvChartSvg({
    symbol: "SPY",
    currency: "USD",
    source: "Stooq",
    rows: [{
      date: "2024-03-01",
      open: 508,
      high: 513,
      low: 507,
      close: 512.85,
      adj_close: 512.85,
      volume: 76e6,
    }],
  });
  assert.match(svg, /<circle[^>]*r="4"/);
  assert.match(svg, />512\.85</);
  sensibleTicks(svg);
});

Deno.test("single point: a one-bar backtest draws both values; no rows is refused", async () => {
  const svg = await backtestChartSvg([
    { date: "2024-01-02", equity: 100000, benchmark: 99000, drawdown_pct: 0 },
  ], { title: "single bar", currency: "USD" });
  assert.match(svg, />100,000</);
  assert.match(svg, />99,000</);
  assert.equal((svg.match(/<circle/g) ?? []).length, 3, "strategy, benchmark and drawdown");
  sensibleTicks(svg);
  await assert.rejects(
    () => backtestChartSvg([], { title: "empty", currency: "USD" }),
    /no equity curve rows to draw/,
  );
});

Deno.test("single point: a one-point news series is a dot with its count", async () => {
  const svg = await newsTimelineSvg([{
    series: "Article Count",
    unit: "articles",
    data: [{ date: "2026-02-22T00:00:00Z", value: 812 }],
  }], { query: "x" });
  assert.match(svg, /<circle[^>]*r="4"/);
  assert.match(svg, />812</);
  sensibleTicks(svg);
});
