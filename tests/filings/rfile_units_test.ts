/** An R page's scale ("$ in Billions") applies to money and shares, not to counts of things. */
import assert from "node:assert/strict";
import { parseReport } from "../../analysis/filings/rfile.ts";

const row = (label: string, cell: string) =>
  `<tr class="re"><td class="pl"><a>${label}</a></td><td class="nump">${cell}</td></tr>`;

const page = `<table class="report"><tr><th class="tl" colspan="1"><div>` +
  `Financial Instruments (Details)<br> $ in Billions, shares in Millions</div></th>` +
  `<th class="th"><div>Mar. 29, 2025</div><div>USD ($)</div><div>Vendor</div></th></tr>` +
  row("Carrying amount of hedged term debt | $", "$ 13.4") +
  row("Number of vendors that represented 10% or more of non-trade receivables | Vendor", "2") +
  row("Number of reportable segments", "5") +
  row("Shares repurchased | shares", "120") +
  row("Term debt", "96.7") +
  `</table>`;

Deno.test("R page: a count in a '$ in Billions' table stays a count; money and shares scale", () => {
  const scaled = Object.fromEntries(
    parseReport(page).rows.map((r) => [r.label.split(" | ")[0], r.values[0].scaled]),
  );
  assert.equal(scaled["Carrying amount of hedged term debt"], 13.4e9);
  assert.equal(
    scaled["Number of vendors that represented 10% or more of non-trade receivables"],
    2,
  );
  assert.equal(scaled["Number of reportable segments"], 5);
  assert.equal(scaled["Shares repurchased"], 120e6);
  assert.equal(scaled["Term debt"], 96.7e9);
});
