/**
 * Where a stream table's block of lines starts, ends or splits, and how EDGAR's HTML cells are
 * joined back, for the table reader in tables.ts: a second table's headings run on below the
 * first, a long label wrapped onto its figures' line, a centred section label, a scale whose
 * columns cannot be checked, a negative's ")" in a cell of its own.
 */
import type { Line, TextRun } from "./pdf_layout.ts";
import type { BlockLine } from "./tables.ts";
import type { Cell, Table } from "./table_model.ts";
import { isNumeric, isYear } from "./table_figures.ts";
import { SPAN_WORDS } from "./table_headings.ts";

/**
 * A table whose columns of figures have no headings, below lines of words over those columns
 * that were not read as its headings (a repurchase table's "Total Number of Shares Repurchased |
 * Average Price Paid per Share | ... Value of Shares ... (In millions)"), took the scale it found
 * above it for every column; it may be one column's heading. Said, so a share count or a price
 * is not taken in millions unchecked.
 */
export function unheadedScale(t: Table, all: Line[], pageHeight: number): void {
  if (!t.slots || !t.bbox) return;
  const cols = t.header.flatMap((_, k) =>
    k > 0 && t.values.some((r) => r[k] !== null && r[k] !== undefined) ? [k] : []
  );
  if (cols.length < 2 || cols.some((k) => t.header[k].trim())) return;
  const attached = attachStack(t, cols, all, pageHeight);
  if (attached === "clear" || t.scale?.where !== "above") return;
  const top = t.bbox[1];
  const over = (r: TextRun) =>
    cols.filter((k) =>
      Math.min(t.slots![k].x1 + 20, r.x + r.width) > Math.max(t.slots![k].x0 - 20, r.x)
    )
      .length;
  const headings = all.filter((l) => {
    const fromTop = pageHeight - l.y;
    if (!(fromTop < top - 1 && top - fromTop <= 100)) return false;
    const words = l.runs.filter((r) => /\p{L}{2}/u.test(r.str) && !isNumeric(r.str) && over(r));
    return words.length >= 2;
  });
  if (!headings.length) return;
  if (attached === "scale among") {
    (t.warnings ??= []).push(
      `its column headings were read from the lines stacked above it, and its scale "${t.scale.text}" is printed among them over one or two columns, not over the whole table: check which column it covers on the page before scaling counts or prices`,
    );
    return;
  }
  (t.warnings ??= []).push(
    `its columns of figures have no headings (words printed over them above the table were not read as headings), so the scale "${t.scale.text}" found above it may be one column's, not the table's: check which columns it covers on the page before scaling counts or prices`,
  );
}

/**
 * Multi-line headings stacked over a table's figure columns and not read with it ("Total Number
 * of | Shares | Repurchased" over a column of share counts): attached, line by line from the
 * top, when every word of the stack sits over exactly one figure column and every figure column
 * gets one. Lines over the label column alone (a row caption: "Repurchases during each fiscal
 * quarter of 2022:") between the stack and the rows are passed over, and so is the scale's own
 * line ("(In millions)"), which may straddle two columns. Any other line ends the stack; a word
 * between two columns leaves the headings unattached (false), and the caller says so; so it
 * does when the scale's line sits among the headings ("scale among"): it is then a column's.
 */
function attachStack(
  t: Table,
  cols: number[],
  all: Line[],
  pageHeight: number,
): "clear" | "scale among" | false {
  const slots = t.slots!, top = t.bbox![1];
  const first = Math.min(...cols.map((k) => slots[k].x0));
  // half the gap to the neighbouring slot, at most 20 pt: a word's centre within it is over k
  const reach = (k: number) =>
    Math.min(
      20,
      ...[slots[k - 1], slots[k + 1]].filter(Boolean).map((s) =>
        Math.max(0, (s.x0 > slots[k].x1 ? s.x0 - slots[k].x1 : slots[k].x0 - s.x1) / 2)
      ),
    );
  const columnOf = (r: TextRun): number | null => {
    const mid = r.x + r.width / 2;
    const hit = cols.filter((k) => mid >= slots[k].x0 - reach(k) && mid <= slots[k].x1 + reach(k));
    return hit.length === 1 ? hit[0] : null;
  };
  const lines = all
    .filter((l) => pageHeight - l.y < top - 1 && top - (pageHeight - l.y) <= 100)
    .sort((a, b) => a.y - b.y); // nearest the rows first
  const stack: Map<number, string>[] = [];
  let lastY: number | null = null;
  let scaleAmong = false;
  for (const l of lines) {
    const runs = l.runs.filter((r) => r.str.trim());
    if (!runs.length) continue;
    const labelOnly = runs.every((r) => r.x + r.width <= first - 2);
    if (labelOnly) {
      if (stack.length) break;
      continue;
    }
    const text = runs.map((r) => r.str).join(" ").replace(/\s+/g, " ").trim();
    if (t.scale && text === t.scale.text.trim()) {
      // over the figure columns only: a column's heading, not the table's statement
      if (runs.every((r) => r.x > first - 2)) scaleAmong = true;
      continue;
    }
    // stacked tightly: a blank band of two lines or more ends the stack
    if (lastY !== null && l.y - lastY > 2.5 * (l.size || 10)) break;
    // figures: another table's row, not headings
    if (runs.some((r) => isNumeric(r.str.trim()) && !isYear(r.str.trim()))) break;
    const row = new Map<number, string>();
    for (const r of runs) {
      if (r.x + r.width <= first - 2) continue; // a label column heading: not a figure column's
      const k = columnOf(r);
      if (k === null) return false;
      row.set(k, row.has(k) ? `${row.get(k)} ${r.str.trim()}` : r.str.trim());
    }
    stack.push(row);
    lastY = l.y;
  }
  if (!stack.length || cols.some((k) => !stack.some((row) => row.has(k)))) return false;
  for (const k of cols) {
    t.header[k] = stack.toReversed().flatMap((row) => row.has(k) ? [row.get(k)!] : []).join(" ");
  }
  return scaleAmong ? "scale among" : "clear";
}

/** A line of column headings: two cells or more, words or years, no other figure. */
const headingLine = (b: BlockLine) =>
  b.cells.length >= 2 && b.cells.slice(1).some((c) => /\p{L}/u.test(c.text)) &&
  b.cells.every((c) => !isNumeric(c.text) || isYear(c.text));

/** A row with figures right of its label. */
const figureLine = (b: BlockLine) =>
  b.cells.length >= 2 && b.cells.slice(1).some((c) => isNumeric(c.text) && !isYear(c.text));

/**
 * A block of lines cut where a second table's headings begin below rows of figures ("GAAP
 * results | 2022 | 2023" rows, then "Twelve Months Ended June 30, | Comparable" over "Adjusted
 * non-GAAP results | 2022 $ million | 2023 $ million | Reported ∆% | currency ∆%"), set as
 * close as rows are. Read as one table, the second one's figures stood under the first one's
 * headings ("Reported ∆%" under "2022 $ million"), and its own headings were rows.
 */
export function splitAtHeadings(block: BlockLine[]): BlockLine[][] {
  const out: BlockLine[][] = [];
  let from = 0, rows = 0;
  for (let j = 0; j < block.length; j++) {
    if (figureLine(block[j])) {
      rows++;
      continue;
    }
    if (rows < 2 || !headingLine(block[j])) continue;
    // headings (and their wrapped lines) down to the next rows of figures
    let k = j + 1;
    while (k < block.length && !figureLine(block[k]) && k - j < 4) k++;
    if (k >= block.length || !figureLine(block[k]) || !figureLine(block[k + 1] ?? block[k])) {
      continue;
    }
    out.push(block.slice(from, j));
    from = j;
    rows = 0;
    j = k - 1;
  }
  out.push(block.slice(from));
  return out;
}

/**
 * A long label of one line that wraps onto the next, set closer than rows are ("Changes in
 * operating assets and liabilities, excluding effect of acquisitions, divestitures, and" over
 * "currency | (207) | (265)"): a row of the table, not prose ending it. Read as prose it cut a
 * cash flow statement in two, the second part without headings or scale.
 */
export function wrapsOnto(line: Line, next: { line: Line; cells: Cell[] } | undefined): boolean {
  if (!next?.cells.length) return false;
  const size = Math.max(line.size, next.line.size, 1);
  return line.y - next.line.y <= 1.25 * size && /^\p{Ll}/u.test(next.cells[0].text) &&
    next.cells.slice(1).some((c) => isNumeric(c.text)) && next.line.x0 > line.x0 - size &&
    next.line.x0 < line.x0 + 3 * size;
}

/**
 * A long label ending in a colon, set as close above a row of figures as rows are ("Weighted-
 * average shares used to compute net loss per share attributable to common stockholders:" over
 * "Basic | 1,248,353"): a section label of the table, not prose ending it. Read as prose it cut
 * the statement, and its last rows lost their headings and scale.
 */
export function leadsRows(
  entry: { line: Line; cells: Cell[] },
  next: { line: Line; cells: Cell[] } | undefined,
): boolean {
  if (entry.cells.length !== 1 || !/:\s*$/.test(entry.cells[0].text) || !next) return false;
  const size = Math.max(entry.line.size, next.line.size, 1);
  return entry.line.y - next.line.y <= 1.6 * size && next.cells.length >= 2 &&
    next.cells.slice(1).some((c) => isNumeric(c.text)) && entry.cells[0].text.length <= 160;
}

/**
 * A section label centred on the page between the headings and the rows ("ASSETS" under
 * "December 31, | 2022"): alone on its line, no figure, no period, over no column. The nearest
 * column to it is a column of figures, whose heading read "December 31, 2022 ASSETS"; it is a
 * label of rows.
 */
export function sectionLabel(c: Cell, cells: Cell[], slots: { x0: number; x1: number }[]): boolean {
  if (cells.length !== 1 || /\d/.test(c.text) || SPAN_WORDS.test(c.text)) return false;
  if (!/^\p{Lu}[\p{Lu}\s&'’,-]*:?$/u.test(c.text.trim())) return false;
  return slots.every((s) => Math.min(s.x1, c.x1) <= Math.max(s.x0, c.x0));
}

/** An opening negative whose ")" stands in the next cell: "(5,880", "(0.3", "$(12". */
const OPEN_NEGATIVE = /^(?:[$€£¥]\s*)?\(\s*(?:[$€£¥]\s*)?\d[\d,]*(?:\.\d+)?$/;

/**
 * A row with each negative's closing parenthesis in a cell of its own, as EDGAR's HTML filings
 * set them ("(5,880" | ")", "(96" | ")%"): the parenthesis is put back on its figure, and so is
 * a percent sign set apart ("0.8" | "%": read apart, a rate passed for a plain figure). Read apart,
 * "(5,880" was no figure at all, and a row of such figures passed for a row of headings, taking
 * the statement's first line ("Net loss | (253,116") into the table's header.
 */
export function closeParens(row: string[]): string[] {
  const out = [...row];
  for (let k = 0; k < out.length - 1; k++) {
    const cell = out[k]?.trim() ?? "";
    const open = OPEN_NEGATIVE.test(cell);
    // a percent sign in a cell of its own after its figure ("0.8" | "%") is the figure's
    const figure = !open && /^(?:[$€£¥]\s*)?\(?\s*-?\d[\d,]*(?:\.\d+)?\)?$/.test(cell);
    if (!open && !figure) continue;
    let j = k + 1;
    while (j < out.length && out[j] === "\u0002") j++;
    const close = out[j]?.trim() ?? "";
    if (open ? !/^\)\s*%?$/.test(close) : close !== "%") continue;
    out[k] = `${cell}${close.replace(/\s+/g, "")}`;
    out[j] = "";
  }
  return out;
}
