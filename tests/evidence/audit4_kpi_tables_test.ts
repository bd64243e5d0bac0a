/**
 * KPI table rows under a segment's heading row ("Americas |  | ") are that segment's, never the
 * company's; a measure's heading row ("Earnings per share: |  | ") heads its Basic and Diluted
 * rows. Fixtures written here, shaped like a filing's text (cells joined by " | ").
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));

Deno.test("a segment note's 'Net sales' under a segment's heading row is the segment's", () => {
  const text = [
    "(In millions)",
    " | 2023 | 2022",
    "Americas |  | ",
    "Net sales | $ 162,560 | $ 169,658",
    "Operating income | $ 60,508 | $ 62,683",
    "Europe |  | ",
    "Net sales | $ 94,294 | $ 95,118",
    "Consolidated |  | ",
    "Net sales | $ 383,285 | $ 394,328",
  ].join("\n");
  const got = extractKpis(text, only("revenue")).map((h) => [h.value.number, h.qualifier]);
  // before: all three as the company's revenue
  assert.deepEqual(got, [[162_560e6, "Americas"], [94_294e6, "Europe"], [383_285e6, null]]);
});

Deno.test("a measure's heading row heads its Basic and Diluted rows", () => {
  const text = [
    "(In millions, except per share data)",
    " | 2023 | 2022",
    "Earnings per share: |  | ",
    "Basic | $ 6.16 | $ 6.15",
    "Diluted | $ 6.13 | $ 6.11",
  ].join("\n");
  const got = extractKpis(text, only("eps")).map((h) => [h.value.number, h.qualifier]);
  assert.deepEqual(got, [[6.16, "Basic"], [6.13, null]]);
});

Deno.test("a heading row of the whole company or a kind of figure qualifies nothing", () => {
  for (const heading of ["Consolidated", "Results of operations:", "Key metrics", "GAAP"]) {
    const text = [
      "(In millions)",
      " | 2023 | 2022",
      `${heading} |  | `,
      "Revenue | $ 5,200 | $ 4,640",
    ]
      .join("\n");
    const [h] = extractKpis(text, only("revenue"));
    assert.equal(h?.qualifier, null, heading);
    assert.equal(h.value.number, 5_200e6, heading);
  }
});
