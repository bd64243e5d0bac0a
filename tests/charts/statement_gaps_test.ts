/**
 * A statement chart's periods are evenly spaced categories, so missing periods were hidden:
 * FY2014 next to FY2022 read as one year's step, Q1 2022 next to Q1 2023 as one quarter's. A
 * missing run is now a shaded break of its own on the axis and named in the subtitle. A 10-Q's
 * quarter beside its year to date is a comparison, not a sequence, and gets no break.
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
const year = (end: string, value: number) => ({
  period: end,
  value,
  months: 12,
  fiscal: `FY${end.slice(0, 4)}`,
});

Deno.test("statement chart: FY2014 beside FY2022 gets a break naming FY2015–FY2021", async () => {
  const svg = await statementChart([{
    label: "Revenue",
    unit: "USD",
    points: [year("2013-12-31", 3.1e9), year("2014-12-31", 3.3e9), year("2022-12-31", 9.2e9)],
  }], opts);
  assert.match(textOf(svg), /FY2015–FY2021 not reported/);
  assert.match(svg, /7 years/);
  assert.match(svg, /fill="#eeeeee"/, "the break is drawn as a shaded category");
  // the break sits between the two periods on the axis
  const at = (s: string) => svg.indexOf(s);
  assert.ok(at(">2014-12-31<") < at(">⋯<") && at(">⋯<") < at(">2022-12-31<"));
});

Deno.test("statement chart: consecutive periods and a 10-Q's mixed lengths get no break", async () => {
  const consecutive = await statementChart([{
    label: "Revenue",
    unit: "USD",
    points: [year("2021-12-31", 1), year("2022-12-31", 2), year("2023-12-31", 3)],
  }], opts);
  assert.doesNotMatch(consecutive, /not reported/);
  const tenQ = await statementChart([{
    label: "Net sales",
    unit: "USD",
    points: [
      { period: "2024-03-30 (3 months)", value: 90.8e9, months: 3 },
      { period: "2024-03-30 (6 months)", value: 210e9, months: 6 },
      { period: "2025-03-29 (3 months)", value: 95.4e9, months: 3 },
      { period: "2025-03-29 (6 months)", value: 219.7e9, months: 6 },
    ],
  }], opts);
  assert.doesNotMatch(tenQ, /not reported/);
});

Deno.test("statement chart: filings.history quarters with three missing say so", async () => {
  const { envelope } = await run("filings.history", {
    symbol: "FCTS",
    period: "quarterly",
    years: 2,
  }, { replay: [join(FIXTURES, "facts")], now: "2025-11-21T12:00:00Z" });
  const svg = await statementChart(
    historySeries(dataOf(envelope) as HistoryLike, ["revenue"]),
    opts,
  );
  assert.match(
    textOf(svg),
    /3 quarters not reported between Q1 FY2022 \(2022-03-31\) and Q1 FY2023 \(2023-03-31\)/,
  );
  assert.match(svg, /Q4 FY2023/, "ticks name the fiscal period over its end date");
});
