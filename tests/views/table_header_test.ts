/** A header wider than its narrowed column is cut, so the grid stays aligned. */
import assert from "node:assert/strict";
import { blocksText } from "../../adapters/views/text.ts";

Deno.test("text tables: a long header is cut to its column, never pushing the others right", () => {
  const lines = blocksText([{
    kind: "table",
    columns: [{ name: "a_rather_long_prose_header_for_a_short_column" }, {
      name: "n",
      number: true,
    }],
    rows: [[{ text: "short words only, many of them" }, { text: "1,234", number: true }]],
  }], 40);
  const [head, rule] = lines;
  assert.ok(head.length <= rule.length, `${head}\n${rule}`);
  assert.equal(
    head.indexOf("  n") + 3,
    rule.length,
    "the number column's header ends where its rule does",
  );
  assert.match(head, /…/);
});

Deno.test("text tables: a short statement too wide for the terminal lists each line item under its label", () => {
  const periods = ["Q1 FY2023", "Q2 FY2023", "Q3 FY2023", "Q4 FY2023", "Q1 FY2024", "Q2 FY2024"];
  const lines = blocksText([{
    kind: "table",
    columns: [{ name: "" }, ...periods.map((p) => ({ name: `${p}\nto 2023-03-31`, number: true }))],
    rows: [[
      { text: "Revenue" },
      ...periods.map((_p, i) => ({ text: `${240 + i}`, number: true })),
    ]],
  }], 60);
  assert.equal(lines[0], "Revenue", lines.join("\n"));
  assert.ok(!lines.some((l) => l.startsWith("#:")), lines.join("\n"));
  assert.equal(lines[1], "  Q1 FY2023 to 2023-03-31: 240");
  assert.equal(lines.length, 1 + periods.length);
});

Deno.test("text tables: a grid that would cut two prose columns to under half lists its records", () => {
  const objective = "Read the latest annual report's business, risks, MD&A and statements.";
  const commands = "finance filings.recent CRWD forms=10-K,10-Q,8-K limit=8";
  const rows = ["profile", "filings", "fundamentals", "transcripts"].map((id) => [
    { text: id },
    { text: objective },
    { text: commands },
  ]);
  const lines = blocksText([{
    kind: "table",
    columns: [{ name: "id" }, { name: "objective" }, { name: "commands" }],
    rows,
  }], 50);
  assert.ok(!lines.some((l) => l.includes("…")), lines.join("\n"));
  assert.ok(lines.some((l) => l.includes("forms=10-K,10-Q,8-K limit=8")), lines.join("\n"));
  assert.equal(lines.filter((l) => l.startsWith("id:")).length, 4);
});
