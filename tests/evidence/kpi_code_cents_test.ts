/**
 * Cents written after a currency code ("52 CAD cents") are cents of that currency: they were read
 * as 52 Canadian dollars, a hundred times the figure.
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";

const eps = (text: string) =>
  extractKpis(text, METRICS).filter((h) => h.metric === "eps").map((h) => [
    h.value.number,
    h.value.unit,
  ]);

Deno.test("kpi: '52 CAD cents' is 52 CAD cents, not CAD 52", () => {
  assert.deepEqual(eps("Diluted EPS was 52 CAD cents in the quarter."), [[52, "CAD cents"]]);
  assert.deepEqual(eps("Diluted EPS was 12 EUR cents in the quarter."), [[12, "EUR cents"]]);
  // the code alone is still an amount in that currency
  assert.deepEqual(eps("Diluted EPS was 1.52 CAD in the quarter."), [[1.52, "CAD"]]);
});

Deno.test("kpi: a cents figure of no named currency says which unit to check in full", () => {
  const [hit] = extractKpis("Diluted EPS was 12 cents in the quarter.", METRICS);
  assert.match(hit.note ?? "", /check the document's currency/);
});
