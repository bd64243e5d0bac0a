/**
 * What a table's stated scale does not cover, said per row, and tables whose caption says their
 * figures are percentages. A header "$ million" over a column that holds an EPS row in cents
 * read as "figures in millions" for the whole column; a "Key Financial Ratios (% of Net Sales)"
 * table came back with no scale and nothing saying its figures are percents.
 */

/** A caption or heading saying the table's figures are percents: "(% of Net Sales)", "in %". */
const PERCENT_CAPTION =
  /\(\s*%\s*(?:of\b[^)]*)?\)|\bin\s+(?:%|per\s?cent(?:age)?s?)(?!\s*\w*\s*change)|\bas\s+an?\s+(?:%|per\s?cent(?:age)?)\s+of\b|\b(?:%|per\s?cent(?:age)?)\s+of\s+(?:net\s+|total\s+)?(?:sales|revenues?|income|assets|turnover)\b|\b(?:figures|amounts|values)\s+(?:are\s+)?(?:in|as)\s+(?:%|per\s?cent)/i;

/** The caption line (above the table or in its header) that says its figures are percents. */
export function percentCaption(above: string[], header: string[]): string | null {
  for (const line of [...above, ...header]) {
    const text = line.replace(/\s+/g, " ").trim();
    if (text.length <= 160 && PERCENT_CAPTION.test(text)) return text;
  }
  return null;
}

/** A row's label: its first cell that is not a figure. */
const labelOf = (r: string[]) =>
  r.find((c) => c.trim() && !/^[\s$€£¥(+\-–—−]*[\d.,]+[)%]*$/.test(c.trim()))?.trim() ?? "";

/**
 * The labels of rows whose figures the stated scale does not cover (per-share, per-unit,
 * percent and count rows): rows with at least one value, none of them scaled.
 */
export function unscaledRows(
  rows: string[][],
  values: (number | null)[][],
  scales: (number | null)[][],
): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    const has = (values[i] ?? []).some((v) => v !== null);
    if (has && (scales[i] ?? []).every((s) => s === null)) out.push(labelOf(r) || `row ${i + 1}`);
  });
  return out;
}

/** True when the scale statement itself names what it leaves out ("except per share data"). */
export function statesExceptions(text: string): boolean {
  return /\bexcept\b|\bunless\b|\bother than\b/i.test(text);
}
