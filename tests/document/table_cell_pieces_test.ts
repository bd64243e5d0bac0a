/**
 * A table cell's text joins its pieces as the page shows them: a character reference or an
 * inline tag splits a word or a figure into several text nodes, which are one word or one figure.
 */
import assert from "node:assert/strict";
import { htmlTableBlocks } from "../../analysis/document/html.ts";

Deno.test("document tables: references and inline tags inside a cell do not split its words", async () => {
  const [block] = await htmlTableBlocks(
    "<table><tr><td>Nestl&eacute; R&amp;D</td><td>1<b>,234</b></td><td>$<span>5.2</span>bn</td>" +
      "<td>Revenue<br>2024</td><td><p>a</p><p>b</p></td></tr></table>",
  );
  assert.deepEqual(block.grid, [["Nestlé R&D", "1,234", "$5.2bn", "Revenue 2024", "a b"]]);
});
