/**
 * A currency pair's bars (Yahoo's EURUSD=X) carry volume 0 on every day: the volume panel drew
 * a full-height bar for each 0 under a "0.000000" tick, and its "No volume reported" note sat
 * unreadable beneath them. Now no volume bar and no volume axis are drawn; the note stands alone.
 */
import assert from "node:assert/strict";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

function fxBars(volume: number) {
  return Array.from({ length: 40 }, (_, i) => {
    const c = 1.08 + 0.01 * Math.sin(i / 5);
    const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    return { date, open: c, high: c, low: c, close: c, adj_close: c, volume };
  });
}

/** The nested volume panel (the second nested svg). */
function volumePanel(svg: string): string {
  const inner = svg.split("<svg y=");
  assert.equal(inner.length, 3, "a price and a volume panel");
  return inner[2];
}

Deno.test("ohlcv chart: all-zero volume draws no bars, no 0.000000 axis, the note alone", async () => {
  const svg = await ohlcvChartSvg({
    symbol: "EURUSD=X",
    currency: "USD",
    source: "Yahoo",
    rows: fxBars(0),
  });
  const panel = volumePanel(svg);
  assert.match(panel, />No volume reported for these bars</);
  assert.doesNotMatch(panel, /<rect fill="#(?:2e8b57|c0392b)"/, "no volume bars");
  assert.doesNotMatch(panel, /fill="#(?:2e8b57|c0392b)"/);
  assert.doesNotMatch(svg, /0\.000000/);
  assert.doesNotMatch(panel, /Volume \(/, "no volume axis label over an empty panel");
});

Deno.test("ohlcv chart: real volume still draws its bars and axis", async () => {
  const svg = await ohlcvChartSvg({ symbol: "AAPL", currency: "USD", rows: fxBars(5e7) });
  const panel = volumePanel(svg);
  assert.match(panel, /fill="#2e8b57"/);
  assert.match(panel, /Volume \(millions of shares\)/);
  assert.doesNotMatch(panel, /No volume reported/);
});
