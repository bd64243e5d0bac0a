/**
 * EDGAR's HTML filings set a negative's closing parenthesis, and a percent sign, in a cell of
 * their own ("(5,880" | ")", "(96" | ")%", "0.8" | "%"), with "$" in another. Read cell by cell,
 * "(5,880" was no figure (value null), and a first row of such figures passed for a row of
 * headings: the statement's "Net loss | (253,116)" went into the table's header and its
 * figures were lost. Shaped after a classic 10-K statement of comprehensive loss.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const cells = (xs: string[]) => xs.map((x) => `<td>${x}</td>`).join("");
const PAGE = "<html><body><p>($ in thousands)</p><table>" +
  `<tr><td></td><td colspan="3">Years ended December 31,</td><td colspan="3"></td></tr>` +
  `<tr><td></td><td colspan="3">2017</td><td colspan="3">2016</td></tr>` +
  `<tr>${cells(["Net loss", "$", "(253,116", ")", "$", "(80,127", ")"])}</tr>` +
  `<tr>${
    cells(["Foreign currency translation adjustment", "", "979", "", "", "(5,880", ")"])
  }</tr>` +
  `<tr>${cells(["Comprehensive loss", "$", "(218,790", ")", "$", "(76,751", ")"])}</tr>` +
  `<tr>${cells(["Effective income tax rate", "", "0.8", "%", "", "(38.9", ")%"])}</tr>` +
  "</table></body></html>";

Deno.test("document.tables: EDGAR's negatives with their ')' in a cell of their own are negatives, and the first row stays a row", async () => {
  const source = await Deno.makeTempFile({ prefix: "audit12_parens_", suffix: ".html" });
  await Deno.writeTextFile(source, PAGE);
  const env = await envelope("document.tables", { source });
  const d: Any = dataOf(env);
  const t = d.tables[0];
  // before: header "Net loss | (253,116 | )..." and values null
  assert.ok(!t.header.some((h: string) => /253,116/.test(h)), JSON.stringify(t.header));
  const at = (label: string) => t.rows.findIndex((r: string[]) => r[0] === label);
  const figures = (i: number) => t.values[i].filter((v: number | null) => v !== null);
  assert.deepEqual(figures(at("Net loss")), [-253116, -80127]);
  assert.deepEqual(figures(at("Foreign currency translation adjustment")), [979, -5880]);
  assert.deepEqual(figures(at("Comprehensive loss")), [-218790, -76751]);
  const rate = at("Effective income tax rate");
  assert.deepEqual(figures(rate), [0.8, -38.9]);
  // a rate is no figure in thousands
  assert.ok(t.scales[rate].every((x: number | null) => x === null));
  assert.equal(t.scales[at("Net loss")].filter(Boolean).length, 2);
  // the cells still point at their text in document.read's text
  const read: Any = dataOf(await envelope("document.read", { source, max_chars: 0 }));
  const row = at("Comprehensive loss");
  const k = t.rows[row].findIndex((c: string) => /218,790/.test(c));
  const o = t.offsets[row][k];
  assert.match(read.text.slice(o[0], o[1]), /^\$ \| \(218,790 \| \)$/);
});
