/**
 * Per-share figures in an R page scaled as money: a "$ in Millions" income statement's
 * "Continuing operations" row under "Basic earnings per share" (element
 * IncomeLossFromContinuingOperationsPerBasicShare) read 2.31 as $2,310,000; a note's "(in
 * millions, except per share amounts)" table read "Basic 2.50" under "Net income per share:"
 * as $2,500,000. The pages are shaped as EDGAR's renderer writes them.
 */
import assert from "node:assert/strict";
import { parseReport } from "../../analysis/filings/rfile.ts";

const named = (label: string, concept: string, cell: string) =>
  `<tr class="re"><td class="pl"><a onclick="top.Show.showAR( this, 'defref_${concept}', window );">${label}</a></td><td class="nump">${cell}</td></tr>`;

const income = `<table class="report"><tr><th class="tl" colspan="1" rowspan="2"><div>` +
  `CONSOLIDATED STATEMENTS OF INCOME - USD ($) $ in Millions</div></th>` +
  `<th class="th" colspan="1">12 Months Ended</th></tr>` +
  `<tr><th class="th"><div>Dec. 31, 2024</div></th></tr>` +
  named("Net income", "us-gaap_NetIncomeLoss", "$ 1,234") +
  named(
    "Continuing operations",
    "us-gaap_IncomeLossFromContinuingOperationsPerBasicShare",
    "$ 2.31",
  ) +
  named(
    "Discontinued operations",
    "us-gaap_IncomeLossFromDiscontinuedOperationsNetOfTaxPerDilutedShare",
    "(0.12)",
  ) +
  named("Dividends declared", "abc_DividendsDeclaredPerCommonShare", "0.50") +
  named(
    "Net income per limited partner unit",
    "abc_NetIncomeLimitedPartners",
    "1.10",
  ) +
  named("Net income per common share - basic", "abc_NetIncomeBasic", "1.12") +
  named("Performance shares granted", "abc_PerformanceSharesGranted", "3") +
  `</table>`;

Deno.test("R page: per-share rows the label or element names otherwise (PerBasicShare, per common share, per unit) are as printed", () => {
  const rows = Object.fromEntries(parseReport(income).rows.map((r) => [r.label, r.values[0]]));
  assert.equal(rows["Net income"].scaled, 1234e6);
  assert.equal(rows["Continuing operations"].scaled, 2.31);
  assert.match(rows["Continuing operations"].unit!, /per share/);
  assert.equal(rows["Discontinued operations"].scaled, -0.12);
  assert.equal(rows["Dividends declared"].scaled, 0.5);
  assert.equal(rows["Net income per limited partner unit"].scaled, 1.1);
  assert.equal(rows["Net income per common share - basic"].scaled, 1.12);
  // "Performance" is no "per": a count of shares, not a per-share figure
  assert.notEqual(rows["Performance shares granted"].unit, "USD per share, as printed");
});

const note = `<table class="report"><tr><th class="tl" colspan="1" rowspan="1"><div>` +
  `EARNINGS PER SHARE (Tables)</div></th><th class="th"><div>12 Months Ended</div></th></tr>` +
  `<tr class="r"><td class="pl"><a onclick="top.Show.showAR( this, 'defref_us-gaap_ScheduleOfEarningsPerShareBasicAndDilutedTableTextBlock', window );">Schedule of earnings per share</a></td>` +
  `<td class="text"><p>The computation of basic and diluted net income per share (in thousands, except per share amounts):</p>` +
  `<table><tr><td></td><td colspan="2">2024</td><td colspan="2">2023</td></tr>` +
  `<tr><td>Net income</td><td>$</td><td>1,000</td><td>$</td><td>900</td></tr>` +
  `<tr><td>Weighted-average shares outstanding:</td><td></td><td></td><td></td><td></td></tr>` +
  `<tr><td style="padding-left:10pt">Basic</td><td></td><td>400</td><td></td><td>410</td></tr>` +
  `<tr><td style="padding-left:10pt">Diluted</td><td></td><td>404</td><td></td><td>415</td></tr>` +
  `<tr><td>Net income per share:</td><td></td><td></td><td></td><td></td></tr>` +
  `<tr><td style="padding-left:10pt">Basic</td><td>$</td><td>2.50</td><td>$</td><td>2.20</td></tr>` +
  `<tr><td style="padding-left:10pt">Diluted</td><td>$</td><td>2.48</td><td>$</td><td>2.17</td></tr>` +
  `</table><span></span></td></tr></table>`;

Deno.test("R page note table: bare 'Basic'/'Diluted' rows read as their heading says (per share as printed, shares scaled)", () => {
  const rows = parseReport(note).rows.filter((r) => r.table.endsWith("table 1"));
  const find = (heading: RegExp, label: string) =>
    rows.find((r) => r.label === label && heading.test(r.context.at(-1) ?? ""))!;
  assert.equal(rows.find((r) => r.label === "Net income")!.values[0].scaled, 1000e3);
  assert.equal(find(/per share/, "Basic").values[0].scaled, 2.5);
  assert.equal(find(/per share/, "Diluted").values[1].scaled, 2.17);
  assert.match(find(/per share/, "Basic").values[0].unit!, /per share/);
  assert.equal(find(/shares outstanding/, "Basic").values[0].scaled, 400e3);
  assert.equal(find(/shares outstanding/, "Diluted").values[0].unit, "shares");
});

/** A 20-F's balance sheet in CNY with a USD convenience column, as EDGAR renders it. */
const convenience = (scale: string) =>
  `<table class="report"><tr><th class="tl" colspan="1" rowspan="1"><div>` +
  `Consolidated Balance Sheets - CNY (¥)<br> ${scale}</div></th>` +
  `<th class="th"><div>Mar. 31, 2023</div><div>CNY (¥)</div></th>` +
  `<th class="th"><div>Mar. 31, 2024</div><div>CNY (¥)</div></th>` +
  `<th class="th"><div>Mar. 31, 2024</div><div>USD ($)</div></th></tr>` +
  named("Cash and cash equivalents", "us-gaap_CashAndCashEquivalentsAtCarryingValue", "¥ 193,086")
    .replace("</tr>", `<td class="nump">¥ 248,125</td><td class="nump">$ 34,365</td></tr>`) +
  `</table>`;

Deno.test("R page: a USD convenience column beside CNY columns is USD, at the scale the title gives $", () => {
  const same = parseReport(convenience("¥ in Millions, $ in Millions"));
  const cash = same.rows[0].values;
  // old: all three "CNY"
  assert.deepEqual(cash.map((v) => v.unit), ["CNY", "CNY", "USD"]);
  assert.equal(cash[2].scaled, 34365e6);
  assert.match(same.tables[0].scale, /CNY or USD \(as each column is headed\) millions/);
  // the title scales the two currencies apart: each column still has its own (old: null)
  const apart = parseReport(convenience("¥ in Millions, $ in Thousands"));
  const v = apart.rows[0].values;
  assert.equal(v[1].scaled, 248125e6);
  assert.equal(v[2].scaled, 34365e3);
  assert.equal(v[2].unit, "USD");
  assert.deepEqual(apart.warnings, []);
});

/** A note whose one table states its scale in the sentence before it. */
const scaledNote = (prose: string) =>
  `<table class="report"><tr><th class="tl"><div>EARNINGS PER SHARE (Tables)</div></th>` +
  `<th class="th"><div>12 Months Ended</div></th></tr>` +
  `<tr class="r"><td class="pl"><a>Schedule of earnings per share</a></td><td class="text"><p>${prose}</p>` +
  `<table><tr><td></td><td>2024</td></tr>` +
  `<tr><td>Net income</td><td>1,000</td></tr>` +
  `<tr><td>Weighted-average shares outstanding</td><td>400</td></tr>` +
  `<tr><td>Net income per share</td><td>2.50</td></tr>` +
  `</table></td></tr></table>`;

Deno.test("R page note: 'except shares in thousands and per share amounts' scales shares by thousands", () => {
  const p = parseReport(
    scaledNote("The computation (In millions, except shares in thousands and per share amounts):"),
  );
  const scaled = Object.fromEntries(p.rows.slice(1).map((r) => [r.label, r.values[0].scaled]));
  assert.equal(scaled["Net income"], 1000e6);
  // old: 400, the exception read as "share counts as printed"
  assert.equal(scaled["Weighted-average shares outstanding"], 400e3);
  assert.equal(scaled["Net income per share"], 2.5);
  assert.match(p.tables[1].scale, /shares thousands/);
  // "except share and per share data" still leaves share counts as printed
  const asPrinted = parseReport(
    scaledNote("The computation (in thousands, except share and per share data):"),
  );
  assert.equal(asPrinted.rows[2].values[0].scaled, 400);
});

Deno.test("R page title: the older 'In Millions, except Share and Per Share data' leaves share counts as printed", () => {
  const page = `<table class="report"><tr><th class="tl" colspan="1"><div>` +
    `CONSOLIDATED STATEMENTS OF INCOME (USD $)<br>In Millions, except Share and Per Share data</div></th>` +
    `<th class="th"><div>12 Months Ended</div><div>Dec. 31, 2010</div></th></tr>` +
    named("Net income", "us-gaap_NetIncomeLoss", "$ 1,234") +
    named(
      "Weighted average shares outstanding",
      "us-gaap_WeightedAverageNumberOfSharesOutstandingBasic",
      "456,789,012",
    ) +
    `</table>`;
  const rows = parseReport(page).rows;
  assert.equal(rows[0].values[0].scaled, 1234e6);
  // old: 456,789,012 millions of shares
  assert.equal(rows[1].values[0].scaled, 456_789_012);
});

Deno.test("R page: a figure with two footnote marks ('$ 1,234 [1],[2]') is that figure, not blank", () => {
  const page = `<table class="report"><tr><th class="tl"><div>` +
    `CONSOLIDATED STATEMENTS OF INCOME - USD ($)<br> $ in Millions</div></th>` +
    `<th class="th"><div>Dec. 31, 2024</div></th></tr>` +
    named("Revenues", "us-gaap_Revenues", "$ 1,234<span><sup>[1],[2]</sup></span>") +
    named("Other expense", "us-gaap_OtherNonoperatingIncomeExpense", "(56)<sup>[1], [3]</sup>") +
    `</table>`;
  const [rev, other] = parseReport(page).rows;
  // old: number null, scaled null
  assert.equal(rev.values[0].number, 1234);
  assert.equal(rev.values[0].scaled, 1234e6);
  assert.equal(other.values[0].number, -56);
});

Deno.test("R page note table: rows under 'Basic earnings per share:' printing cents are per share; amounts stay scaled", () => {
  const page =
    `<table class="report"><tr><th class="tl"><div>EARNINGS PER SHARE (Tables)</div></th>` +
    `<th class="th"><div>12 Months Ended</div></th></tr>` +
    `<tr class="r"><td class="pl"><a>Schedule of earnings per share</a></td><td class="text">` +
    `<p>Earnings per share were as follows (in millions, except per share amounts):</p>` +
    `<table><tr><td></td><td>2024</td></tr>` +
    `<tr><td>Net income</td><td>$ 1,000</td></tr>` +
    `<tr><td>Basic earnings per share:</td><td></td></tr>` +
    `<tr><td style="padding-left:10pt">Continuing operations</td><td>$ 2.10</td></tr>` +
    `<tr><td style="padding-left:10pt">Discontinued operations</td><td>(0.05)</td></tr>` +
    `<tr><td style="padding-left:10pt">Net income</td><td>$ 2.05</td></tr>` +
    `<tr><td>Cash dividends paid</td><td>$ 410</td></tr>` +
    `</table></td></tr></table>`;
  const rows = parseReport(page).rows.filter((r) => r.table.endsWith("table 1"));
  const under = (label: string) =>
    rows.find((r) => r.label === label && r.context.at(-1) === "Basic earnings per share")!;
  // old: 2,100,000 and -50,000 dollars
  assert.equal(under("Continuing operations").values[0].scaled, 2.1);
  assert.equal(under("Discontinued operations").values[0].scaled, -0.05);
  assert.equal(under("Net income").values[0].scaled, 2.05);
  assert.equal(rows.find((r) => r.label === "Net income")!.values[0].scaled, 1000e6);
  assert.equal(rows.find((r) => r.label === "Cash dividends paid")!.values[0].scaled, 410e6);
});
