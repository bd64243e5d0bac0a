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
