/**
 * The price.moves and market.ohlcv charts say what their numbers are: closes not adjusted are
 * not labelled adjusted, a currency not given is not assumed to be USD, a down move at the
 * series' low keeps its label inside the plot (it printed over the date axis), and the ohlcv
 * caption carries the bars' dates, price basis and retrieval date.
 */
import assert from "node:assert/strict";
import { movesChart } from "../../analysis/charts/moves.ts";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

function days(n: number, f: (i: number) => number) {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2025, 0, 2 + i)).toISOString().slice(0, 10),
    close: f(i),
  }));
}

/** The dy of the group holding the label `text` (Plot writes it as translate(0,dy)). */
function labelDy(svg: string, text: string): number {
  const at = svg.indexOf(`>${text}</text>`);
  assert.ok(at > 0, `no label ${text}`);
  const open = svg.lastIndexOf("<g", at);
  const m = /transform="translate\(0,(-?[\d.]+)\)"/.exec(svg.slice(open, svg.indexOf(">", open)));
  assert.ok(m, svg.slice(open, at));
  return Number(m![1]);
}

Deno.test("movesChart: closes without an adjusted close are not labelled adjusted; no currency is not USD", async () => {
  const svg = await movesChart(days(30, (i) => 100 + i), [], {
    symbol: "X",
    source: "s",
    asOf: "d",
  });
  assert.ok(!/Close \(USD/.test(svg), "no currency was given");
  assert.match(svg, /Close \(currency not stated, as the provider gives them, not adjusted\)/);
  assert.match(svg, /Close \(not adjusted\)/);
  assert.ok(!/\(UTC\)/.test(svg), "bars are dated by the listing's day, not UTC");
  const adj = await movesChart(
    days(30, (i) => 100 + i).map((b) => ({ ...b, adj_close: b.close * 0.9 })),
    [],
    { symbol: "X", source: "s", asOf: "d", currency: "GBP" },
  );
  assert.match(adj, /Close \(GBP, adjusted\)/);
});

Deno.test("movesChart: a down move at the series' low is labelled above its dot, inside the plot", async () => {
  // a slow decline, then a 9% drop to the low on the last bar but five
  const bars = days(60, (i) => (i < 54 ? 200 - i : i === 54 ? 130 : 140));
  const drop = {
    start_date: bars[53].date,
    end_date: bars[54].date,
    return_pct: -10.96,
    direction: "down" as const,
  };
  const svg = await movesChart(bars, [drop], { symbol: "X", source: "s", asOf: "d" });
  assert.ok(labelDy(svg, "-11.0%") < 0, "below the low the label ran over the date axis");
  // a down move mid-range keeps its label below its dot
  const mid = days(60, (i) => (i < 30 ? 100 : i < 40 ? 90 : 80));
  const svg2 = await movesChart(mid, [{
    start_date: mid[29].date,
    end_date: mid[30].date,
    return_pct: -10,
    direction: "down",
  }], { symbol: "X", source: "s", asOf: "d" });
  assert.ok(labelDy(svg2, "-10.0%") > 0);
});

Deno.test("ohlcvChartSvg: the caption dates the bars and states their basis; no volume is said", async () => {
  const rows = days(20, (i) => 1.1 + i / 1000).map((b) => ({
    ...b,
    open: b.close,
    high: b.close,
    low: b.close,
    adj_close: b.close,
    volume: null,
  }));
  const svg = await ohlcvChartSvg({
    symbol: "EURUSD=X",
    currency: "USD",
    provider: "market_a",
    source: "Yahoo Finance chart API",
    price_basis: "OHLC adjusted for splits only",
    retrieved_at: "2025-02-01T10:00:00Z",
    rows,
    dividends: [{ date: "2025-01-10", amount: 0.25 }],
  });
  assert.match(svg, /bars 2025-01-02 to 2025-01-21/);
  assert.match(svg, /OHLC adjusted for splits only/);
  assert.match(svg, /retrieved 2025-02-01/);
  assert.match(svg, /dividend 0\.25 USD/);
  assert.match(svg, /No volume reported for these bars/);
});
