import assert from "node:assert/strict";
import { extractKpis, METRICS, values } from "../../analysis/evidence/kpi.ts";
import { movesIn } from "../../analysis/evidence/kpi_move.ts";

const only = (key: string) => METRICS.filter((m) => m.key === key);

Deno.test("of X to Y after a change verb: the figure after 'to' is the current revenue", () => {
  const text = "Revenue grew 11% over prior year revenue of $4.5 billion to $5.0 billion.";
  const hits = extractKpis(text, only("revenue"));
  assert.deepEqual(hits.map((h) => h.value.raw), ["$5.0 billion"]);
  assert.equal(hits[0].value.number, 5e9);
  assert.equal(hits[0].value.high, undefined);
  // the hit is the sentence's subject, not "prior year revenue" (no qualifier from it)
  assert.equal(hits[0].qualifier, null);
  assert.equal(text.slice(hits[0].value_start_char, hits[0].value_end_char), "$5.0 billion");
});

Deno.test("from X to Y: current after 'to', the base never read as a range or a level", () => {
  for (
    const text of [
      "Revenue grew 11% from prior year revenue of $4.5 billion to $5.0 billion.",
      "Revenue increased from $4.5 billion to $5.0 billion.",
    ]
  ) {
    const hits = extractKpis(text, only("revenue"));
    assert.deepEqual(hits.map((h) => [h.value.raw, h.value.high]), [["$5.0 billion", undefined]]);
  }
  const margin = extractKpis(
    "Gross margin improved 150 basis points over last year's gross margin of 40.0% to 41.5%.",
    only("gross_margin"),
  );
  assert.deepEqual(margin.map((h) => h.value.raw), ["41.5%"]);
});

Deno.test("ranges stay ranges: no verb of change, or a range named before them", () => {
  for (
    const text of [
      "We expect revenue of $2.1 billion to $2.3 billion.",
      "We expect revenue to range from $2.1 billion to $2.3 billion.",
      "Revenue is expected to grow to a range of $2.1 billion to $2.3 billion.",
    ]
  ) {
    assert.deepEqual(movesIn(text, values(text)), [], text);
    const [h] = extractKpis(text, only("revenue"));
    assert.deepEqual([h.value.number, h.value.high], [2.1e9, 2.3e9], text);
  }
});

Deno.test("a figure of the base's kind after the verb is the verb's: no move across it", () => {
  const text =
    "Net income grew 20% to $1.2 billion and revenue of $4.5 billion to $5.0 billion is expected next year.";
  assert.deepEqual(movesIn(text, values(text)), []);
  const hits = extractKpis(text, only("revenue"));
  // never the net income figure as revenue
  assert.ok(hits.every((h) => h.value.number !== 1.2e9), JSON.stringify(hits));
});
