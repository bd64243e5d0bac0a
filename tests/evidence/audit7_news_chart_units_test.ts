/**
 * News charts label their axis by what the values measure: timelinevol's percentages of all
 * monitored articles were drawn under an "Articles" axis, as if they were counts, and a count
 * series beside a percentage one shared it. Hourly points show their UTC time.
 */
import assert from "node:assert/strict";
import { newsTimelineSvg } from "../../analysis/charts/news.ts";

const PERCENT =
  "percent of all articles GDELT monitored in the interval (volume intensity), not a count";
const COUNT =
  "articles matching the query in the interval (norm: all articles GDELT monitored in that interval)";

Deno.test("news chart: a percentage series is not labelled as article counts", async () => {
  const svg = await newsTimelineSvg([{
    series: "Volume Intensity",
    unit: PERCENT,
    data: [
      { date: "2026-11-25T00:00:00Z", value: 0.0123 },
      { date: "2026-11-26T00:00:00Z", value: 0.0456 },
    ],
  }]);
  assert.match(svg, /Percent of all monitored articles/);
  assert.doesNotMatch(svg, />\s*↑?\s*Articles\s*</);
  // GDELT's series name tells the same without a unit
  const named = await newsTimelineSvg([{
    series: "Volume Intensity",
    data: [{ date: "2026-11-25T00:00:00Z", value: 0.0123 }],
  }]);
  assert.match(named, /Percent of all monitored articles/);
  const counts = await newsTimelineSvg([{
    series: "Article Count",
    unit: COUNT,
    data: [{ date: "2026-11-25T00:00:00Z", value: 812 }],
  }]);
  assert.match(counts, /Articles/);
});

Deno.test("news chart: counts and percentages are refused on one axis", async () => {
  await assert.rejects(
    newsTimelineSvg([
      { series: "Article Count", unit: COUNT, data: [{ date: "2026-11-25T00:00:00Z", value: 9 }] },
      {
        series: "Volume Intensity",
        unit: PERCENT,
        data: [{ date: "2026-11-25T00:00:00Z", value: 0.01 }],
      },
    ]),
    /cannot share one axis/,
  );
});
