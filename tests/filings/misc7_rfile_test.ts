/**
 * R pages: the title's scale in every form the EDGAR renderer has written it (today's
 * "$ in Millions", any currency sign, several currencies at once, and the older renderer's
 * "In Millions, except Per Share data"), and footnote marks glued to figures.
 */
import assert from "node:assert/strict";
import { parseCellNumber } from "../../analysis/filings/rfile_markup.ts";
import { parseReport } from "../../analysis/filings/rfile.ts";

const row = (label: string, cell: string) =>
  `<tr class="re"><td class="pl"><a>${label}</a></td><td class="nump">${cell}</td></tr>`;

const page = (title: string, ...rows: string[]) =>
  `<table class="report"><tr><th class="tl" colspan="1" rowspan="2"><div style="width: 200px;">` +
  `<strong>${title}</strong></div></th><th class="th" colspan="1">12 Months Ended</th></tr>` +
  `<tr><th class="th"><div>Dec. 31, 2012</div></th></tr>${rows.join("")}</table>`;

const scaled = (html: string) =>
  Object.fromEntries(parseReport(html).rows.map((r) => [r.label, r.values[0].scaled]));

Deno.test("R page: the older renderer's 'In Millions, except Per Share data' scales amounts and shares", () => {
  // the 2009-2014 renderer wrote its scale without a sign; it was read as no scale at all,
  // so revenue of $1,234 million came out as $1,234
  const html = page(
    "CONSOLIDATED STATEMENTS OF INCOME (USD $)<br>In Millions, except Per Share data, unless otherwise specified",
    row("Revenues", "$ 1,234"),
    row("Earnings per share, diluted", "$ 2.50"),
    row("Weighted average shares outstanding, diluted", "500"),
  );
  const s = scaled(html);
  assert.equal(s["Revenues"], 1234e6);
  assert.equal(s["Earnings per share, diluted"], 2.5);
  assert.equal(s["Weighted average shares outstanding, diluted"], 500e6);
  assert.match(parseReport(html).tables[0].scale, /USD millions; shares millions/);
});

Deno.test("R page: 'In Thousands, except Share data' leaves share counts as printed", () => {
  const s = scaled(page(
    "BALANCE SHEETS (USD $)<br>In Thousands, except Share data",
    row("Total assets", "9,876"),
    row("Common stock, shares outstanding", "12,345,678"),
  ));
  assert.equal(s["Total assets"], 9876e3);
  assert.equal(s["Common stock, shares outstanding"], 12345678);
});

Deno.test("R page: a yen or franc title scale applies (it was read as no scale)", () => {
  const yen = scaled(page(
    "Consolidated Statements of Income - JPY (¥)<br>¥ in Millions",
    row("Net revenues", "¥ 45,095,325"),
  ));
  assert.equal(yen["Net revenues"], 45095325e6);
  const chf = scaled(page(
    "Consolidated Balance Sheets - CHF (SFr)<br>SFr in Millions",
    row("Total assets", "SFr 1,500"),
  ));
  assert.equal(chf["Total assets"], 1500e6);
});

Deno.test("R page: several currencies scaled apart: each row by its own sign, an unsigned one null and warned", () => {
  const html = page(
    "Debt (Details)<br>$ in Millions, ¥ in Billions",
    row("Term loan | $", "$ 250"),
    row("Yen bonds | ¥", "¥ 30"),
    row("Other borrowings", "40"),
  );
  const s = scaled(html);
  assert.equal(s["Term loan | $"], 250e6);
  // read as "$ in Millions" before: 30 million yen for 30 billion
  assert.equal(s["Yen bonds | ¥"], 30e9);
  assert.equal(s["Other borrowings"], null);
  const p = parseReport(html);
  assert.equal(p.warnings.length, 1);
  assert.match(p.warnings[0], /\$ in millions, ¥ in billions/);
  assert.match(p.tables[0].scale, /^\$ millions; ¥ billions/);
});

Deno.test("R page: per-share units and share scales in today's titles are unchanged", () => {
  const s = scaled(page(
    "EPS (Details) - USD ($)<br>$ / shares in Units, shares in Thousands, $ in Millions",
    row("Net income", "$ 24,780"),
    row("Weighted-average basic shares outstanding (in shares)", "14,994,082"),
    row("Basic earnings per share (in dollars per share)", "$ 1.65"),
  ));
  assert.equal(s["Net income"], 24780e6);
  assert.equal(s["Weighted-average basic shares outstanding (in shares)"], 14994082e3);
  assert.equal(s["Basic earnings per share (in dollars per share)"], 1.65);
});

Deno.test("R page: a footnote mark glued to a figure is no part of it; a mark apart is", () => {
  assert.equal(parseCellNumber("1,234(1)"), 1234);
  assert.equal(parseCellNumber("$ (56)(a)"), -56);
  assert.equal(parseCellNumber("7.5*"), 7.5);
  assert.equal(parseCellNumber("12 [1]"), 12);
  assert.equal(parseCellNumber("(5)"), -5);
  // two figures in one cell are no number
  assert.equal(parseCellNumber("(2) (3)"), null);
  assert.equal(parseCellNumber("R$ 1,234"), 1234);
  assert.equal(parseCellNumber("\u22125.5"), -5.5);
  assert.equal(parseCellNumber("(5%)"), -5);
  // a text block is no figure, however it ends
  assert.equal(parseCellNumber(`${"(1)".repeat(100_000)}`), null);
  const html = page(
    "Segments (Details) - USD ($)<br>$ in Millions",
    row("Revenue", "$ 1,234<sup>(1)</sup>"),
  );
  const r = parseReport(html).rows[0].values[0];
  assert.equal(r.text, "$ 1,234(1)");
  assert.equal(r.scaled, 1234e6);
});

Deno.test("R page: each figure says what its scaled value counts; the column gives its period", () => {
  const html = page(
    "EPS (Details) - USD ($)<br>$ / shares in Units, shares in Thousands, $ in Millions",
    row("Net income", "$ 24,780"),
    row("Weighted-average basic shares outstanding (in shares)", "14,994,082"),
    row("Basic earnings per share (in dollars per share)", "$ 1.65"),
    row("Effective tax rate", "16.0%"),
    row("Number of vendors | Vendor", "2"),
    row("Document type", "10-Q"),
  );
  const cells = parseReport(html).rows.map((r) => [r.label, r.values[0].unit, r.values[0].column]);
  assert.deepEqual(cells, [
    ["Net income", "USD", "12 Months Ended Dec. 31, 2012"],
    [
      "Weighted-average basic shares outstanding (in shares)",
      "shares",
      "12 Months Ended Dec. 31, 2012",
    ],
    [
      "Basic earnings per share (in dollars per share)",
      "USD per share, as printed",
      "12 Months Ended Dec. 31, 2012",
    ],
    ["Effective tax rate", "percent", "12 Months Ended Dec. 31, 2012"],
    ["Number of vendors | Vendor", "Vendor", "12 Months Ended Dec. 31, 2012"],
    ["Document type", null, "12 Months Ended Dec. 31, 2012"],
  ]);
});

Deno.test("R page: a period heading spanning two header rows keeps the next row's dates over their own columns", () => {
  const html = `<table class="report"><tr><th class="tl" colspan="1" rowspan="2"><div>` +
    `<strong>Statement - USD ($)<br>$ in Millions</strong></div></th>` +
    `<th class="th" rowspan="2"><div>Sep. 28, 2024</div></th>` +
    `<th class="th" colspan="2">3 Months Ended</th></tr>` +
    `<tr><th class="th"><div>Mar. 29, 2025</div></th><th class="th"><div>Mar. 30, 2024</div></th></tr>` +
    `<tr class="re"><td class="pl"><a>Cash</a></td><td class="nump">$ 1</td>` +
    `<td class="nump">$ 2</td><td class="nump">$ 3</td></tr></table>`;
  const p = parseReport(html);
  // the second row's dates went under the first two columns: the instant column was
  // "Sep. 28, 2024 Mar. 29, 2025" and a quarter's figure stood under no date
  assert.deepEqual(p.columns, [
    "Sep. 28, 2024",
    "3 Months Ended Mar. 29, 2025",
    "3 Months Ended Mar. 30, 2024",
  ]);
  assert.deepEqual(p.rows[0].values.map((v) => [v.column, v.scaled]), [
    ["Sep. 28, 2024", 1e6],
    ["3 Months Ended Mar. 29, 2025", 2e6],
    ["3 Months Ended Mar. 30, 2024", 3e6],
  ]);
});

Deno.test("R page: a cover page's fiscal year, CIK and zip code are no amounts on a '$ in Billions' page", () => {
  const named = (label: string, concept: string, cell: string) =>
    `<tr class="re"><td class="pl"><a onclick="top.Show.showAR( this, 'defref_${concept}', window );">${label}</a></td><td class="text">${cell}</td></tr>`;
  const html = `<table class="report"><tr><th class="tl" colspan="1" rowspan="1"><div>` +
    `<strong>Cover Page - USD ($)<br>shares in Thousands, $ in Billions</strong></div></th>` +
    `<th class="th"><div>Sep. 28, 2024</div></th></tr>` +
    named("Document Fiscal Year Focus", "dei_DocumentFiscalYearFocus", "2024") +
    named("Entity Central Index Key", "dei_EntityCentralIndexKey", "0000320193") +
    named("Entity Address, Postal Zip Code", "dei_EntityAddressPostalZipCode", "95014") +
    named("Entity Public Float", "dei_EntityPublicFloat", "$ 2,628") +
    named(
      "Entity Common Stock, Shares Outstanding",
      "dei_EntityCommonStockSharesOutstanding",
      "15,115,823",
    ) +
    named("Entity Number of Employees", "dei_EntityNumberOfEmployees", "164,000") +
    `</table>`;
  const got = parseReport(html).rows.map((r) => [r.label, r.values[0].scaled, r.values[0].unit]);
  assert.deepEqual(got, [
    // scaled by the public float's billions before: 2.024e12
    ["Document Fiscal Year Focus", null, "as printed (not an amount)"],
    ["Entity Central Index Key", null, "as printed (not an amount)"],
    ["Entity Address, Postal Zip Code", null, "as printed (not an amount)"],
    ["Entity Public Float", 2628e9, "USD"],
    ["Entity Common Stock, Shares Outstanding", 15115823e3, "shares"],
    ["Entity Number of Employees", 164000, "count"],
  ]);
});
