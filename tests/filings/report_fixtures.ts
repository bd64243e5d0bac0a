/**
 * R pages shaped as EDGAR's renderer writes them, for the filings.report tests: Apple's segment
 * note (R17 of its 10-Q), whose one text-block cell holds the note's prose and two HTML tables.
 * The figures are the project's own.
 */
const span = (text: string) =>
  `<span style="color:#000000;font-family:'Helvetica',sans-serif;font-size:9pt;font-weight:400;line-height:100%">${text}</span>`;
const bg = "background-color:#efefef;";
/** An empty spacer cell of `n` grid columns. */
const gap = (n: number) => `<td colspan="${n}" style="padding:0 1pt"></td>`;
/** A label cell: indented 19pt under a sub-heading, 1pt otherwise. */
const labelCell = (text: string, indent: boolean) =>
  `<td colspan="3" style="${bg}padding:2px 1pt 2px ${
    indent ? "19pt" : "1pt"
  };text-align:left;vertical-align:bottom">${span(text)}</td>`;
/** One figure as Workiva prints it: "$" in its own cell, the number, an empty closing cell. */
const dollar = (n: string) =>
  `<td style="${bg}padding:2px 0 2px 1pt;text-align:left;vertical-align:bottom">${span("$")}</td>` +
  `<td style="${bg}padding:2px 0;text-align:right;vertical-align:bottom">${
    span(`${n}&#160;`)
  }</td>` +
  `<td style="${bg}padding:2px 1pt 2px 0;text-align:right;vertical-align:bottom"></td>`;
/** A negative figure without "$": the number across two cells, then the ")" cell. */
const paren = (n: string) =>
  `<td colspan="2" style="${bg}padding:2px 0 2px 1pt;text-align:right;vertical-align:bottom">${
    span(`(${n}`)
  }</td>` +
  `<td style="${bg}padding:2px 1pt 2px 0;text-align:right;vertical-align:bottom">${span(")")}</td>`;
const figures = (cells: string[]) => cells.map((c, i) => (i ? gap(3) : "") + c).join("");

const widths = `<tr><td style="width:1.0%"></td>${'<td style="width:10%"></td>'.repeat(14)}</tr>`;
const header =
  `<tr>${gap(3)}<td colspan="9" style="padding:2px 1pt;text-align:center">${
    span("Three Months Ended")
  }</td>${gap(3)}<td colspan="9" style="padding:2px 1pt;text-align:center">${
    span("Six Months Ended")
  }</td></tr>` +
  `<tr>${gap(3)}${
    ["March 29,<br/>2025", "March 30,<br/>2024", "March 29,<br/>2025", "March 30,<br/>2024"]
      .map((d) =>
        `<td colspan="3" style="border-top:1pt solid #000000;padding:2px 1pt;text-align:center">${
          span(d)
        }</td>`
      ).join(gap(3))
  }</tr>`;
const sub = (name: string) =>
  `<tr><td colspan="3" style="padding:2px 1pt;text-align:left">${span(name)}</td>${
    gap(3).repeat(7)
  }</tr>`;
const row = (label: string, cells: string[], indent = true) =>
  `<tr>${labelCell(label, indent)}${figures(cells)}</tr>`;
const table = (rows: string) =>
  `<table style="border-collapse:collapse;display:inline-table;width:100.000%">${widths}${header}${rows}</table>`;

const segments = table(
  sub("Americas:") +
    row("Net sales", ["40,315", "37,273", "92,963", "87,703"].map(dollar)) +
    row("Operating income", ["16,774", "15,074", "38,283", "35,431"].map(dollar)) +
    sub("Europe:") +
    row("Net sales", ["24,454", "24,123", "58,315", "54,520"].map(dollar)) +
    row("Operating income", ["10,316", "9,991", "24,923", "22,702"].map(dollar)),
);
const reconciliation = table(
  row("Segment operating income", ["26,090", "24,065", "61,206", "58,133"].map(dollar), false) +
    row(
      "Research and development expense",
      ["8,550", "7,903", "16,818", "15,599"].map(paren),
      false,
    ) +
    row("Total operating income", ["17,540", "16,162", "44,388", "42,534"].map(dollar)),
);

/** The page as EDGAR's renderer writes it: one text-block cell holding prose and both tables. */
export const R_NOTE = `<html><body><span style="display: none;">v3.25.1</span>` +
  `<table class="report" border="0" cellspacing="2" id="id2">\n<tr>\n` +
  `<th class="tl" colspan="1" rowspan="2"><div style="width: 200px;"><strong>Segment Information and Geographic Data<br></strong></div></th>\n` +
  `<th class="th" colspan="1">6 Months Ended</th>\n</tr>\n<tr><th class="th"><div>Mar. 29, 2025</div></th></tr>\n` +
  `<tr class="re">\n<td class="pl" style="border-bottom: 0px;" valign="top"><a class="a" href="javascript:void(0);" onclick="Show.showAR( this, 'defref_us-gaap_SegmentReportingAbstract', window );"><strong>Segment Reporting [Abstract]</strong></a></td>\n<td class="text">&#160;<span></span>\n</td>\n</tr>\n` +
  `<tr class="ro">\n<td class="pl" style="border-bottom: 0px;" valign="top"><a class="a" href="javascript:void(0);" onclick="Show.showAR( this, 'defref_us-gaap_SegmentReportingDisclosureTextBlock', window );">Segment Information and Geographic Data</a></td>\n` +
  `<td class="text">Segment Information and Geographic Data<div style="margin-top:6pt">${
    span(
      "The following table shows information by reportable segment for the three- and six-month periods ended March 29, 2025 and March 30, 2024 (in millions):",
    )
  }</div><div style="margin-top:3pt">${segments}</div>` +
  `<div style="margin-top:6pt">${
    span(
      "A reconciliation of the Company’s segment operating income to the Condensed Consolidated Statements of Operations is as follows (in millions):",
    )
  }</div><div style="margin-top:3pt">${reconciliation}</div><span></span>\n</td>\n</tr>\n</table>\n` +
  `<div style="display: none;"><table border="0" cellpadding="0" cellspacing="0" class="authRefData" style="display: none;" id="defref_us-gaap_SegmentReportingAbstract"><tr><td>No definition available.</td></tr></table></div>` +
  `</body></html>`;
