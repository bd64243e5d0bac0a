/** A line item that states no unit is not drawn on a USD axis beside one that does. */
import assert from "node:assert/strict";
import { statementChart } from "../../analysis/charts/statement.ts";

Deno.test("statementChart: a series with no unit beside a USD series is refused, not drawn as USD", async () => {
  const points = [{ period: "2024-12-31", value: 1e9 }, { period: "2025-12-31", value: 1.2e9 }];
  await assert.rejects(
    statementChart([
      { label: "Revenue", unit: "USD", points },
      { label: "Backlog", points },
    ], { title: "t", source: "test", asOf: "2026-01-01" }),
    /Backlog states no unit beside USD; draw it in a chart of its own, or give its unit/,
  );
  // both stated, or neither: drawn (the latter says its unit is not stated)
  assert.match(
    await statementChart([{ label: "Backlog", points }], {
      title: "t",
      source: "test",
      asOf: "2026-01-01",
    }),
    /unit not stated/,
  );
});
