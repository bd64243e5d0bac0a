import assert from "node:assert/strict";
import { newsTimelineSvg } from "../../analysis/charts/news.ts";

Deno.test("news timeline chart: SVG with title, caption and one path per series", async () => {
  const svg = await newsTimelineSvg([
    {
      series: "Article Count",
      data: [
        { date: "2026-02-22T00:00:00Z", value: 812 },
        { date: "2026-02-23T00:00:00Z", value: 955 },
        { date: "2026-02-24T00:00:00Z", value: 1480 },
      ],
    },
  ], { query: '"Apple"' });
  assert.match(svg, /<svg|<figure/);
  assert.match(svg, /News volume over time/);
  assert.match(svg, /Source: GDELT DOC 2\.0/);
  assert.match(svg, /<path/);
  await assert.rejects(newsTimelineSvg([{ series: "x", data: [] }]), /no dated values/);
});
