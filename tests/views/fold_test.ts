/**
 * A table of periods wider than the terminal: every period stays, in grids of the labels and as
 * many periods as fit, instead of the newest (rightmost) periods being left out.
 */
import assert from "node:assert/strict";
import { blocksText } from "../../adapters/views/text.ts";
import type { Block, Cell } from "../../adapters/views/model.ts";

const periods = Array.from({ length: 14 }, (_, i) => `FY${2012 + i}`);
const table = (fold?: number): Block => ({
  kind: "table",
  columns: [{ name: "", wrap: true }, ...periods.map((p) => ({ name: p, number: true }))],
  rows: ["Revenue", "Net income"].map((label, r): Cell[] => [
    { text: label },
    ...periods.map((_p, i) => ({ text: `${(r + 1) * 1000 + i},000`, number: true })),
  ]),
  fold,
});

Deno.test("a table of periods too wide for the terminal keeps every period in folded grids", () => {
  const lines = blocksText([table(1)], 80);
  const text = lines.join("\n");
  for (const p of periods) assert.ok(text.includes(p), `${p} missing:\n${text}`);
  assert.ok(text.includes("2013,000") && text.includes("1000,000")); // newest and oldest values
  assert.ok(lines.every((l) => l.length <= 80), text);
  // each grid repeats the labels
  assert.ok(lines.filter((l) => l.startsWith("Revenue")).length >= 2, text);
  // the grids go from the oldest periods to the newest
  assert.ok(text.indexOf("FY2012") < text.indexOf("FY2025"), text);
});
