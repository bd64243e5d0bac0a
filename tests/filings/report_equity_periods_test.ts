/**
 * filings.report on a statement of shareholders' equity as EDGAR renders it: the columns are the
 * equity components ("Total", "Retained earnings"), the periods run down the page between
 * balances dated in their labels. A 10-Q's page holds four runs (six and three months, this year
 * and last), so "Net income" stood four times with `column` "Total" and nothing saying which
 * period each was: the first match was last year's six months. Each row of a run now has the
 * run's period first in its context, and a warning says how to read the page.
 * - the project's R page (written here, shaped as EDGAR's, figures invented): two runs of a
 *   10-Q, opening and closing balances named "Beginning balances"/"Ending balances", a
 *   dividends-per-share line after each closing balance; and a 10-K's runs that follow one
 *   another ("Balance at …" closing one year and opening the next);
 * - Apple's 10-Q R6 from the shared fixtures when present (skipped with a reason when not).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { parseReport } from "../../analysis/filings/rfile.ts";

const concept = (name: string, label: string, strong = false) =>
  `<a class="a" href="javascript:void(0);" onclick="Show.showAR( this, 'defref_us-gaap_${name}', window );">${
    strong ? `<strong>${label}</strong>` : label
  }</a>`;
const cell = (text: string) =>
  text
    ? `<td class="nump">${text}<span></span>\n</td>`
    : `<td class="text">&#160;<span></span>\n</td>`;
const row = (cls: string, name: string, label: string, cells: string[], strong = false) =>
  `<tr class="${cls}">\n<td class="pl" style="border-bottom: 0px;" valign="top">${
    concept(name, label, strong)
  }</td>\n${cells.map(cell).join("\n")}\n</tr>`;
const page = (title: string, columns: string[], rows: string[]) =>
  `<html><body><table class="report" border="0" cellspacing="2" id="id2">
<tr>
<th class="tl" colspan="1" rowspan="1"><div style="width: 200px;"><strong>${title}<br> $ in Millions</strong></div></th>
${columns.map((c) => `<th class="th"><div>${c}</div></th>`).join("\n")}
</tr>
${rows.join("\n")}
</table></body></html>`;

const ROLL = [
  "IncreaseDecreaseInStockholdersEquityRollForward",
  "Increase (Decrease) in Stockholders' Equity [Roll Forward]",
];
const roll = (cls: string) => row(cls, ROLL[0], ROLL[1], ["", "", ""], true);
const run = (open: string, close: string, income: string, perShare: string) => [
  row("rc", "StockholdersEquity", `Beginning balances at ${open}`, ["$ 500", "$ 300", "$ 200"]),
  roll("ro"),
  row("re", "NetIncomeLoss", "Net income", [income, "", income]),
  row("ro", "Dividends", "Dividends declared", ["", "", "(40)"]),
  row("re", "StockholdersEquity", `Ending balances at ${close}`, ["$ 600", "$ 300", "$ 300"]),
  roll("ro"),
  row(
    "re",
    "CommonStockDividendsPerShareDeclared",
    "Dividends declared per share (in dollars per share)",
    [perShare, "", ""],
  ),
];
const COLUMNS = ["Total", "Common stock", "Retained earnings"];
const TITLE = "CONDENSED CONSOLIDATED STATEMENTS OF SHAREHOLDERS' EQUITY (Unaudited) - USD ($)";

/** Each row's first context entry, label and first cell, for the rows of figures. */
const lines = (rows: ReturnType<typeof parseReport>["rows"]) =>
  rows.filter((r) => r.values.some((v) => v.number !== null)).map((r) => [
    r.context[0] ?? null,
    r.label,
    r.values[0].text,
  ]);

Deno.test("report periods: an equity statement's rows carry the period of their run, per-share lines too", () => {
  const parsed = parseReport(page(TITLE, COLUMNS, [
    ...run("Sep. 30, 2023", "Mar. 30, 2024", "57,552", "$ 0.48"),
    ...run("Dec. 30, 2023", "Mar. 30, 2024", "23,636", "$ 0.24"),
  ]));
  assert.deepEqual(lines(parsed.rows), [
    [null, "Beginning balances at Sep. 30, 2023", "$ 500"],
    ["6 Months Ended Mar. 30, 2024", "Net income", "57,552"],
    ["6 Months Ended Mar. 30, 2024", "Dividends declared", ""],
    [
      "Increase (Decrease) in Stockholders' Equity [Roll Forward]",
      "Ending balances at Mar. 30, 2024",
      "$ 600",
    ],
    // after the closing balance, before the next run opens: the run it follows, never the next
    [
      "6 Months Ended Mar. 30, 2024",
      "Dividends declared per share (in dollars per share)",
      "$ 0.48",
    ],
    [
      "Increase (Decrease) in Stockholders' Equity [Roll Forward]",
      "Beginning balances at Dec. 30, 2023",
      "$ 500",
    ],
    ["3 Months Ended Mar. 30, 2024", "Net income", "23,636"],
    ["3 Months Ended Mar. 30, 2024", "Dividends declared", ""],
    [
      "Increase (Decrease) in Stockholders' Equity [Roll Forward]",
      "Ending balances at Mar. 30, 2024",
      "$ 600",
    ],
    [
      "3 Months Ended Mar. 30, 2024",
      "Dividends declared per share (in dollars per share)",
      "$ 0.24",
    ],
  ]);
  // the cells keep their component column
  assert.equal(
    parsed.rows.find((r) => r.label === "Net income")!.values[2].column,
    "Retained earnings",
  );
  assert.ok(parsed.warnings.some((w) => /columns of this page are no periods/.test(w)));
});

Deno.test("report periods: a 10-K's years follow one another, each 'Balance at' closing one and opening the next", () => {
  const parsed = parseReport(page(TITLE.replace(" (Unaudited)", ""), COLUMNS, [
    row("re", "StockholdersEquity", "Balance at Dec. 31, 2021", ["$ 400", "$ 300", "$ 100"]),
    row("ro", "NetIncomeLoss", "Net income", ["90", "", "90"]),
    row("re", "StockholdersEquity", "Balance at Dec. 31, 2022", ["$ 490", "$ 300", "$ 190"]),
    row("ro", "NetIncomeLoss", "Net income", ["110", "", "110"]),
    row("re", "StockholdersEquity", "Balance at Dec. 31, 2023", ["$ 600", "$ 300", "$ 300"]),
  ]));
  assert.deepEqual(
    parsed.rows.filter((r) => r.label === "Net income").map((
      r,
    ) => [r.context[0], r.values[0].text]),
    [["12 Months Ended Dec. 31, 2022", "90"], ["12 Months Ended Dec. 31, 2023", "110"]],
  );
});

Deno.test("report periods: a page whose columns are periods is left as it was", () => {
  const parsed = parseReport(
    page("CONSOLIDATED BALANCE SHEETS - USD ($)", ["Dec. 31, 2023", "Dec. 31, 2022"], [
      row("re", "StockholdersEquity", "Balance at Dec. 31, 2021", ["$ 400", "$ 300"]),
      row("ro", "NetIncomeLoss", "Net income", ["90", ""]),
      row("re", "StockholdersEquity", "Balance at Dec. 31, 2022", ["$ 490", "$ 300"]),
    ]),
  );
  assert.deepEqual(parsed.rows.find((r) => r.label === "Net income")!.context, []);
  assert.ok(!parsed.warnings.some((w) => /no periods/.test(w)));
});

const R6 = new URL(
  "../../../shared/fixtures/sec/AAPL/10-Q/0000320193-25-000057/R6.htm",
  import.meta.url,
).pathname;
if (!existsSync(R6)) console.log(`skipped Apple's equity statement conformance: ${R6} is not here`);

Deno.test({
  name:
    "conformance: Apple's 10-Q equity statement (R6) gives each net income its period, as its income statement (R2) has them",
  ignore: !existsSync(R6),
  fn() {
    const parsed = parseReport(Deno.readTextFileSync(R6));
    const income = parsed.rows.filter((r) => r.concept === "us-gaap:NetIncomeLoss")
      .map((r) => [r.context[0], r.values[0].scaled]);
    // R2's net income: 3 months 24,780 / 23,636, 6 months 61,110 / 57,552 ($ millions)
    assert.deepEqual(income, [
      ["6 Months Ended Mar. 30, 2024", 57_552e6],
      ["3 Months Ended Mar. 30, 2024", 23_636e6],
      ["6 Months Ended Mar. 29, 2025", 61_110e6],
      ["3 Months Ended Mar. 29, 2025", 24_780e6],
    ]);
    const perShare = parsed.rows.filter((r) =>
      r.concept === "us-gaap:CommonStockDividendsPerShareDeclared"
    )
      .map((r) => [r.context[0], r.values[0].number]);
    assert.deepEqual(perShare, [
      ["6 Months Ended Mar. 30, 2024", 0.48],
      ["3 Months Ended Mar. 30, 2024", 0.24],
      ["6 Months Ended Mar. 29, 2025", 0.5],
      ["3 Months Ended Mar. 29, 2025", 0.25],
    ]);
  },
});
