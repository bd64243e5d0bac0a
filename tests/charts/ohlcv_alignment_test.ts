/** Each day's volume bar is centred on its date, where its close is drawn (it was half a bar off). */
import assert from "node:assert/strict";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

Deno.test("ohlcvChartSvg: a day's volume bar is centred under its close", async () => {
  const dates = ["2024-03-04", "2024-03-05", "2024-03-06"];
  const svg = await ohlcvChartSvg({
    symbol: "X",
    currency: "USD",
    rows: dates.map((date, i) => ({
      date,
      open: 10,
      high: 11,
      low: 9,
      close: 10 + i,
      adj_close: 10 + i,
      volume: 1e6 * (i + 1),
    })),
  });
  const bars = [
    ...svg.matchAll(/<rect fill="[^"]*" height="[^"]*" width="([\d.]+)" y="[^"]*" x="([\d.]+)"/g),
  ]
    .map((m) => Number(m[2]) + Number(m[1]) / 2);
  const line = /<path[^>]*d="M([\d.]+),[\d.]+L([\d.]+),[\d.]+L([\d.]+),[\d.]+"/.exec(svg);
  assert.ok(line, "the close line");
  assert.equal(bars.length, 3);
  bars.forEach((centre, i) =>
    assert.ok(Math.abs(centre - Number(line[i + 1])) < 1, `${centre} ${line[i + 1]}`)
  );
});
