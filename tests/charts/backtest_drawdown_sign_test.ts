/**
 * CurveRow.drawdown_pct was documented as "0 or below" while the backtest engine gives a
 * positive percent below the peak, and the axis is reversed: a curve signed as documented was
 * drawn upward, as a gain. Now the chart draws the magnitude downward from 0, so either sign
 * gives the same chart, and the engine's own curve is drawn below the zero line.
 */
import assert from "node:assert/strict";
import { backtestChartSvg, type CurveRow } from "../../analysis/charts/backtest.ts";
import { drawdown } from "../../analysis/backtest/metrics.ts";

const equity = [100, 95, 90, 97, 101];
const dates = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08"];

/** The drawdown panel (the second plot's svg). */
const panel = (svg: string) => svg.slice(svg.lastIndexOf("<svg"));

Deno.test("backtest chart: the engine's drawdown is positive and drawn below 0", async () => {
  const { dd } = drawdown(new Float64Array(equity));
  assert.ok(Math.max(...dd) > 0 && Math.min(...dd) >= 0, "the engine's drawdown is positive");
  const rows: CurveRow[] = dates.map((date, i) => ({
    date,
    equity: equity[i],
    benchmark: 100,
    drawdown_pct: dd[i],
  }));
  const positive = await backtestChartSvg(rows, { title: "t", currency: "USD" });
  const negative = await backtestChartSvg(
    rows.map((r) => ({ ...r, drawdown_pct: -r.drawdown_pct })),
    { title: "t", currency: "USD" },
  );
  assert.equal(panel(negative), panel(positive), "either sign draws the same drawdown");
  assert.match(positive, /Drawdown \(% below peak\)/);
  // the reversed axis: the 8% tick is below the 0 tick
  const tickY = (v: string) =>
    Number(new RegExp(`translate\\(70,([\\d.]+)\\)" y="0.32em">${v}<`).exec(panel(positive))?.[1]);
  assert.ok(tickY("8") > tickY("0"), "deeper drawdowns are drawn lower");
});
