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

/** A row of an R page as EDGAR writes it, with its element named in the defref link. */
const named = (label: string, concept: string, cell: string) =>
  `<tr class="re"><td class="pl"><a onclick="top.Show.showAR( this, 'defref_${concept}', window );">${label}</a></td><td class="nump">${cell}</td></tr>`;

Deno.test("R page: 'share' in a dollar row's label is no share count (share-based compensation stays in millions)", () => {
  const cashFlow = `<table class="report"><tr><th class="tl" colspan="1"><div>` +
    `CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS - USD ($) $ in Millions, shares in Thousands</div></th>` +
    `<th class="th"><div>6 Months Ended</div><div>Mar. 29, 2025</div></th></tr>` +
    named("Share-based compensation expense", "us-gaap_ShareBasedCompensation", "6,512") +
    named(
      "Payments for taxes related to net share settlement of equity awards",
      "us-gaap_PaymentsRelatedToTaxWithholdingForShareBasedCompensation",
      "(3,205)",
    ) +
    named(
      "Common stock issued, shares (in shares)",
      "us-gaap_StockIssuedDuringPeriodSharesShareBasedCompensation",
      "1,204",
    ) +
    named("Diluted (in dollars per share)", "us-gaap_EarningsPerShareDiluted", "$ 1.65") +
    // no element named: the label decides
    row("Common stock withheld related to net share settlement of equity awards", "(1,882)") +
    row("Weighted-average shares used in computing earnings per share", "15,056") +
    `</table>`;
  const scaled = Object.fromEntries(
    parseReport(cashFlow).rows.map((r) => [r.label, r.values[0].scaled]),
  );
  assert.equal(scaled["Share-based compensation expense"], 6512e6);
  assert.equal(
    scaled["Payments for taxes related to net share settlement of equity awards"],
    -3205e6,
  );
  assert.equal(scaled["Common stock issued, shares (in shares)"], 1204e3);
  assert.equal(scaled["Diluted (in dollars per share)"], 1.65);
  assert.equal(
    scaled["Common stock withheld related to net share settlement of equity awards"],
    -1882e6,
  );
  assert.equal(scaled["Weighted-average shares used in computing earnings per share"], 15056e3);
});
