/**
 * Statement bar labels lost precision: EPS -0.07 read "-0.1" and 0.17 "0.2", NVIDIA's 3.85 and
 * 3.91 both "3.9", Apple's 219.7 billion "220". Now a per-share chart (or one whose values are
 * all under 10) is labelled to the cent; a scaled chart keeps three significant figures and a
 * decimal for a fraction; one precision for every label of a chart.
 */
import assert from "node:assert/strict";
import { statementChart } from "../../analysis/charts/statement.ts";

const opts = { title: "t", source: "s", asOf: "2024-03-31" };
const labels = (svg: string) =>
  [...svg.matchAll(/font-size="9"[^>]*>((?:<text[^>]*>[^<]*<\/text>)+)/g)]
    .flatMap((m) => [...m[1].matchAll(/>([^<]+)</g)].map((t) => t[1]));

Deno.test("statement chart: per-share labels keep the cent", async () => {
  const svg = await statementChart([
    { label: "Diluted", unit: "USD/shares", points: [{ period: "2022-01-30", value: 3.85 }] },
    { label: "Basic", unit: "USD/shares", points: [{ period: "2022-01-30", value: 3.91 }] },
  ], opts);
  assert.match(svg, />3\.85</);
  assert.match(svg, />3\.91</);
  const small = await statementChart([{
    label: "EPS",
    unit: "USD/shares",
    points: [{ period: "2022-12-31", value: -0.07 }, { period: "2023-12-31", value: 0.17 }],
  }], opts);
  assert.match(small, />-0\.07</);
  assert.match(small, />0\.17</);
  // a per-share figure of 11.93 beside them is not rounded to 11.9
  const big = await statementChart([{
    label: "EPS",
    unit: "USD/shares",
    points: [{ period: "2022-12-31", value: 11.93 }, { period: "2023-12-31", value: 1.74 }],
  }], opts);
  assert.deepEqual(labels(big), ["11.93", "1.74"]);
});

Deno.test("statement chart: billions keep three figures and a decimal, one precision", async () => {
  const svg = await statementChart([{
    label: "Net sales",
    unit: "USD",
    points: [
      { period: "2024-03-30", value: 90_753e6 },
      { period: "2025-03-29", value: 219_659e6 },
    ],
  }, {
    label: "Net income",
    unit: "USD",
    points: [{ period: "2024-03-30", value: 23_636e6 }, { period: "2025-03-29", value: 24_780e6 }],
  }], opts);
  assert.deepEqual(labels(svg).sort(), ["219.7", "23.6", "24.8", "90.8"]);
});
