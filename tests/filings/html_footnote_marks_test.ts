/**
 * A footnote mark set as a superscript after a figure in a filing's HTML stays apart from it:
 * "$1,234<sup>1</sup>" read "$1,2341", a wrong number in filings.read and in what kpi reads.
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";

Deno.test("filings HTML: a superscript footnote mark after a figure is not joined to its digits", () => {
  const prose = htmlToText("<p>Revenue was $1,234<sup>1</sup> million in fiscal 2024.</p>").text;
  assert.match(prose, /\$1,234 1 million/);
  assert.doesNotMatch(prose, /1,2341/);
  const cell = htmlToText("<table><tr><td>Total</td><td>5,678<sup>(2)</sup></td></tr></table>")
    .text;
  assert.doesNotMatch(cell, /5,678\(2\)|5,6782/);
  const row = htmlToText("<table><tr><td>Net sales</td><td>9,876<sup>3</sup></td></tr></table>")
    .text;
  assert.match(row, /9,876 3/);
  // a superscript that is no mark after a figure is read as before
  assert.match(htmlToText("<p>x<sup>2</sup> and m<sup>3</sup></p>").text, /x2 and m3/);
  assert.match(htmlToText("<p>Note<sup>1</sup></p>").text, /Note1/);
});
