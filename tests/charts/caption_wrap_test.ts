/** A source URL longer than a caption line is shown whole, a line at a time, not cut at the edge. */
import assert from "node:assert/strict";
import { frameChart } from "../../analysis/charts/statement.ts";

Deno.test("chart caption: a URL longer than a line is split across lines, every character kept", () => {
  const url =
    "https://api.gdeltproject.org/api/v2/doc/doc?query=%22Apple%22%20sourcelang%3Aenglish" +
    "&mode=timelinevolraw&format=json&startdatetime=20260201000000&enddatetime=20260221000000";
  const plot = '<svg width="400" height="200"></svg>';
  const svg = frameChart(plot, { title: "t", caption: `Source: GDELT · ${url}` });
  const lines = [...svg.matchAll(/<text[^>]*font-size="11"[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1].replace(/&amp;/g, "&")
  );
  assert.ok(lines.length >= 3, lines.join("\n"));
  // about 6.4 px a character at this size: no line runs past the chart's width
  for (const line of lines) assert.ok(line.length * 6.4 <= 400, line);
  assert.ok(lines.join("").replace(/\s/g, "").endsWith(url), lines.join("\n"));
});
