/** An R page's header cell claiming an absurd colspan is read as browsers read it, capped. */
import assert from "node:assert/strict";
import { parseReport } from "../../analysis/filings/rfile.ts";

const page = (span: string) =>
  `<table class="report"><tr><th class="tl" colspan="1"><div>Balance Sheets - USD ($) $ in Millions</div></th>` +
  `<th class="th" colspan="${span}"><div>Dec. 31, 2024</div></th></tr>` +
  `<tr class="re"><td class="pl"><a>Cash</a></td><td class="nump">$ 12</td></tr></table>`;

Deno.test("R page: colspan=4000000000 is capped, and the column still reads", () => {
  const report = parseReport(page("4000000000"));
  assert.equal(report.rows.length, 1);
  assert.equal(report.rows[0].values[0].column, "Dec. 31, 2024");
  assert.equal(report.rows[0].values[0].number, 12);
});

Deno.test("R page: colspan=0 counts as one column", () => {
  const report = parseReport(page("0"));
  assert.equal(report.rows[0].values[0].column, "Dec. 31, 2024");
});
