/**
 * filings.history derives a quarter not reported on its own (Q4 = FY - Q1 - Q2 - Q3, the cell's
 * `derived`), yet the chart said "Bars: reported values" and "Reported value" over it. Now a
 * derived bar is pale with a dashed edge, the legend and subtitle say which bars are derived and
 * how; "reported" stays only when every bar is. Run on the project's company-facts fixture.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, FIXTURES, run } from "../_helpers.ts";
import { textOf } from "./_svg.ts";
import {
  type HistoryLike,
  historySeries,
  statementChart,
} from "../../analysis/charts/statement.ts";

const opts = { title: "t", source: "s", asOf: "2024-03-31" };

async function quarters(): Promise<HistoryLike> {
  const { envelope } = await run("filings.history", {
    symbol: "FCTS",
    period: "quarterly",
    years: 2,
  }, { replay: [join(FIXTURES, "facts")], now: "2025-11-21T12:00:00Z" });
  return dataOf(envelope) as HistoryLike;
}

Deno.test("statement chart: a derived Q4 is drawn pale and dashed and said to be derived", async () => {
  const series = historySeries(await quarters(), ["revenue", "net_income"]);
  const q4 = series[0].points.find((p) => p.fiscal === "Q4 FY2023");
  assert.equal(q4?.derived, "FY - Q1 - Q2 - Q3");
  const svg = await statementChart(series, opts);
  const text = textOf(svg);
  assert.doesNotMatch(text, /Bars: reported values/);
  assert.doesNotMatch(text, /Reported value/);
  assert.match(text, /↑ Value \(USD\)/);
  assert.match(text, /pale dashed bars are derived, not reported: Q4 FY2023 as FY - Q1 - Q2 - Q3/);
  assert.match(text, /derived, not reported/, "a legend entry");
  // one pale bar per series in Q4, none elsewhere
  const pale = svg.match(/<g[^>]*fill-opacity="0\.35"[^>]*>(?:<rect[^>]*\/>)+/g) ?? [];
  assert.equal(pale.join("").match(/<rect/g)?.length, 2);
  assert.match(pale.join(""), /stroke-dasharray="4,2"/);
});

Deno.test("statement chart: reported values only keep 'reported'", async () => {
  const svg = await statementChart([{
    label: "Revenue",
    unit: "USD",
    points: [{ period: "2022-12-31", value: 1 }, { period: "2023-12-31", value: 2 }],
  }], opts);
  assert.match(textOf(svg), /Bars: reported values per fiscal period, in USD\./);
  assert.match(textOf(svg), /Reported value \(USD\)/);
  assert.doesNotMatch(svg, /fill-opacity="0\.35"/);
});
