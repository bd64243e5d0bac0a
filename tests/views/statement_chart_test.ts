import assert from "node:assert/strict";
import { statementChart } from "../../analysis/charts/statement.ts";

Deno.test("statement chart: bar labels are written as the axis writes them, losses too", async () => {
  const svg = await statementChart([
    { label: "Revenue", points: [{ period: "2023-12-31", value: 1_200e6 }] },
    { label: "Net income", points: [{ period: "2023-12-31", value: -1_500e6 }] },
    { label: "Other", points: [{ period: "2023-12-31", value: 35e6 }] },
  ], {
    title: "ACME",
    source: "test",
    asOf: "2024-02-20",
    unit: "USD",
    scale: { divisor: 1e6, label: "USD millions" },
  });
  assert.match(svg, />1,200</);
  assert.match(svg, />-1,500</);
  // one precision per chart: whole millions are written whole
  assert.match(svg, />35</);
  assert.doesNotMatch(svg, />-1500\.0</);
});
