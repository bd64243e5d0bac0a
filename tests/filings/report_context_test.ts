/**
 * A row's context names the headings it stands under, and a heading ends where the page ends
 * it: at a total (underlined rows: reu, rou) or the next heading on a flat page, at a row no
 * deeper than itself on an indented one.
 */
import assert from "node:assert/strict";
import { parseReport } from "../../analysis/filings/rfile.ts";

/** A row as EDGAR's renderer writes it: row class, label cell (class, element), one cell. */
const tr = (cls: string, label: string, concept: string, cell: string, labelClass = "pl") => {
  const strong = cell === "" ? `<strong>${label}</strong>` : label;
  const td = cell === ""
    ? `<td class="text">&#160;<span></span>\n</td>`
    : `<td class="nump">${cell}<span></span>\n</td>`;
  return `<tr class="${cls}">\n<td class="${labelClass}" style="border-bottom: 0px;" valign="top"><a class="a" href="javascript:void(0);" onclick="Show.showAR( this, 'defref_${concept}', window );">${strong}</a></td>\n${td}\n</tr>\n`;
};
const page = (title: string, rows: string) =>
  `<table class="report" border="0" cellspacing="2" id="id2">\n<tr>\n` +
  `<th class="tl" colspan="1" rowspan="2"><div style="width: 200px;"><strong>${title}<br></strong></div></th>\n` +
  `<th class="th" colspan="1">3 Months Ended</th>\n</tr>\n<tr><th class="th"><div>Mar. 29, 2025</div></th></tr>\n` +
  rows + `</table>`;

const contexts = (html: string) =>
  Object.fromEntries(parseReport(html).rows.map((r) => [r.label, r.context]));

Deno.test("R page: a heading covers its section and stops at the total (statement of operations)", () => {
  const ops = page(
    "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited) - USD ($) shares in Thousands, $ in Millions",
    tr("re", "Net sales", "us-gaap_Revenues", "$ 95,359") +
      tr("reu", "Gross margin", "us-gaap_GrossProfit", "44,867") +
      tr("ro", "Operating expenses:", "us-gaap_OperatingExpensesAbstract", "") +
      tr("re", "Research and development", "us-gaap_ResearchAndDevelopmentExpense", "8,550") +
      tr(
        "ro",
        "Selling, general and administrative",
        "us-gaap_SellingGeneralAndAdministrativeExpense",
        "6,728",
      ) +
      tr("reu", "Total operating expenses", "us-gaap_OperatingExpenses", "15,278") +
      tr("rou", "Operating income", "us-gaap_OperatingIncomeLoss", "29,589") +
      tr("re", "Provision for income taxes", "us-gaap_IncomeTaxExpenseBenefit", "4,530") +
      tr("rou", "Net income", "us-gaap_NetIncomeLoss", "$ 24,780") +
      tr("re", "Earnings per share:", "us-gaap_EarningsPerShareAbstract", "") +
      tr("ro", "Basic (in dollars per share)", "us-gaap_EarningsPerShareBasic", "$ 1.65"),
  );
  const c = contexts(ops);
  assert.deepEqual(c["Research and development"], ["Operating expenses"]);
  assert.deepEqual(c["Selling, general and administrative"], ["Operating expenses"]);
  assert.deepEqual(c["Operating income"], []);
  assert.deepEqual(c["Provision for income taxes"], []);
  assert.deepEqual(c["Net income"], []);
  assert.deepEqual(c["Basic (in dollars per share)"], ["Earnings per share"]);
});

Deno.test("R page: the denominator's heading ends at its total (earnings per share details)", () => {
  const eps = page(
    "Earnings Per Share - Computation of Basic and Diluted Earnings Per Share (Details) - USD ($) $ / shares in Units, shares in Thousands, $ in Millions",
    tr("re", "Numerator:", "us-gaap_EarningsPerShareReconciliationAbstract", "") +
      tr("ro", "Net income", "us-gaap_NetIncomeLoss", "$ 24,780") +
      tr("re", "Denominator:", "us-gaap_WeightedAverageNumberOfSharesOutstandingAbstract", "") +
      tr(
        "ro",
        "Weighted-average basic shares outstanding (in shares)",
        "us-gaap_WeightedAverageNumberOfSharesOutstandingBasic",
        "14,994,082",
      ) +
      tr(
        "rou",
        "Weighted-average diluted shares (in shares)",
        "us-gaap_WeightedAverageNumberOfDilutedSharesOutstanding",
        "15,056,133",
      ) +
      tr(
        "re",
        "Basic earnings per share (in dollars per share)",
        "us-gaap_EarningsPerShareBasic",
        "$ 1.65",
      ) +
      tr(
        "ro",
        "Diluted earnings per share (in dollars per share)",
        "us-gaap_EarningsPerShareDiluted",
        "$ 1.65",
      ),
  );
  const c = contexts(eps);
  assert.deepEqual(c["Net income"], ["Numerator"]);
  assert.deepEqual(c["Weighted-average basic shares outstanding (in shares)"], ["Denominator"]);
  assert.deepEqual(c["Basic earnings per share (in dollars per share)"], []);
  assert.deepEqual(c["Diluted earnings per share (in dollars per share)"], []);
});

Deno.test("R page: on an indented page a heading covers the rows indented under it", () => {
  const cash = page(
    "CONSOLIDATED STATEMENTS OF CASH FLOWS - USD ($) $ in Millions",
    tr(
      "re",
      "Operating activities:",
      "us-gaap_NetCashProvidedByUsedInOperatingActivitiesAbstract",
      "",
      "pl",
    ) +
      tr("ro", "Net income", "us-gaap_NetIncomeLoss", "61,110", "pl1") +
      tr(
        "re",
        "Adjustments:",
        "us-gaap_AdjustmentsToReconcileNetIncomeLossToCashProvidedByUsedInOperatingActivitiesAbstract",
        "",
        "pl1",
      ) +
      tr(
        "ro",
        "Depreciation and amortization",
        "us-gaap_DepreciationDepletionAndAmortization",
        "5,741",
        "pl2",
      ) +
      tr("re", "Other", "us-gaap_OtherNoncashIncomeExpense", "(2,217)", "pl1") +
      tr(
        "rou",
        "Cash generated by operating activities",
        "us-gaap_NetCashProvidedByUsedInOperatingActivities",
        "53,887",
        "pl",
      ) +
      tr("re", "Cash paid for income taxes, net", "us-gaap_IncomeTaxesPaidNet", "$ 31,683", "pl"),
  );
  const c = contexts(cash);
  assert.deepEqual(c["Net income"], ["Operating activities"]);
  assert.deepEqual(c["Depreciation and amortization"], ["Operating activities", "Adjustments"]);
  assert.deepEqual(c["Other"], ["Operating activities"]);
  assert.deepEqual(c["Cash generated by operating activities"], []);
  assert.deepEqual(c["Cash paid for income taxes, net"], []);
});
