/**
 * Column headings printed apart from a table's rows: a balance sheet's "December 31, / 2022 |
 * 2021" above a units line ("(In thousands, except share data)") and section labels ("ASSETS",
 * "Current assets:"). The stream reader's block of lines starts at the first row of figures, so
 * such a table came back with empty headers and its columns lost their periods. The row of
 * years is taken as the columns' headings only when each of its cells stands over one column of
 * figures, its own; otherwise the table says its periods were not read.
 */
import type { Line } from "./pdf_layout.ts";
import { isFigure, isYear, type Table } from "./tables.ts";

interface PlacedCell {
  x0: number;
  x1: number;
  text: string;
}

/** How far above the table's first row the headings are looked for, in points. */
const REACH = 100;
/** The most lines looked at above the table. */
const MAX_LINES = 8;

/** A cell naming a period: "2022", "2022(1)", "Fiscal 2023", "FY2023", "Q4 2023", "Dec 31, 2022". */
const PERIOD_CELL =
  /^(?:(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+)|FY\s?|Fiscal\s+(?:Year\s+)?|Q[1-4]\s+)?(?:19|20)\d{2}$/i;

/** A short heading word over a column: "Change", "% Change", "(Unaudited)", "Actual". */
const HEADING_WORDS = /^[(%\p{L}][\p{L}\s%()'’.-]{0,30}$/u;

/** Words heading a period column above its year: "December 31,", "Year Ended", "As of". */
const PERIOD_WORDS =
  /^(?:(?:three|six|nine|twelve|thirteen|\d{1,2})\s+(?:months|weeks)\s+ended\s*)?(?:(?:year|quarter|period)s?\s+ended\s*|as\s+of\s*)?(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?)?$/i;

const yearOf = (c: string) => PERIOD_CELL.test(c.trim()) || isYear(c);

/**
 * Heads the columns of figures of stream table `t` (built from the lines from `start` on) with
 * the row of years found above it, after the table before it (`floor`), when no column of figures
 * has a year in its heading. See the module comment.
 */
export function periodsAbove(
  t: Table,
  lines: { line: Line; cells: PlacedCell[] }[],
  start: number,
  floor: number,
): void {
  const slots = t.slots;
  if (!slots || slots.length !== t.header.length || start <= 0) return;
  const figures = t.header.map((_, k) =>
    k > 0 && t.values.some((r) => r[k] !== null && r[k] !== undefined)
  );
  const columns = figures.filter(Boolean).length;
  if (!columns) return;
  if (t.header.some((h, k) => figures[k] && /(?:19|20)\d{2}/.test(h))) return;
  const top = lines[start].line;
  // the column of figures a heading cell stands over: the one its extent overlaps, alone
  const over = (c: PlacedCell): number => {
    const hit = slots.map((_, k) => k).filter((k) =>
      figures[k] && Math.min(slots[k].x1, c.x1) > Math.max(slots[k].x0, c.x0)
    );
    return hit.length === 1 ? hit[0] : -1;
  };
  for (let i = start - 1, seen = 0; i > floor && seen < MAX_LINES; i--, seen++) {
    const { line, cells } = lines[i];
    if (line.y - top.y > REACH) return;
    const texts = cells.map((c) => c.text);
    // another table's row of figures: the headings are not above it
    if (texts.filter((c) => isFigure(c) && !isYear(c)).length >= 2) return;
    const years = cells.filter((c) => yearOf(c.text));
    if (years.length < 2 && !(years.length === 1 && columns === 1)) continue;
    if (!cells.every((c) => yearOf(c.text) || HEADING_WORDS.test(c.text))) continue;
    // a row of years (and heading words) over the columns: each cell over a column of its own
    const heads = cells.filter((c) => c.x1 > slots[0].x1 || over(c) >= 0);
    const at = heads.map(over);
    const listed = heads.map((c) => c.text).join(" | ");
    if (at.some((k) => k < 0) || new Set(at).size !== at.length) {
      (t.warnings ??= []).push(
        `a row of column headings above it ("${listed}") does not line up with its ${columns} column(s) of figures, so it was not taken as their headings: the figures' periods are not given; read them on the page`,
      );
      return;
    }
    // the line just above it may hold the words of each period ("December 31," over "2022")
    const prev = i - 1 > floor ? lines[i - 1] : null;
    const words = new Map<number, string>();
    if (prev && prev.line.y - line.y <= 2.5 * Math.max(line.size, prev.line.size)) {
      const pk = prev.cells.map(over);
      if (
        prev.cells.length && pk.every((k) => at.includes(k)) && new Set(pk).size === pk.length &&
        prev.cells.every((c) => PERIOD_WORDS.test(c.text.trim()) && /\p{L}/u.test(c.text))
      ) prev.cells.forEach((c, j) => words.set(pk[j], c.text));
    }
    at.forEach((k, j) => {
      t.header[k] = [words.get(k), heads[j].text, t.header[k]].filter(Boolean).join(" ");
    });
    return;
  }
}

/**
 * A stream table with no headings over its columns of figures, below a table of the same page
 * whose columns it lines up with, one for one, with only short labels between (a balance sheet
 * continued after a blank band: "Property and equipment, net" under "Total current assets"),
 * takes that table's headings for its columns, with a caution. Read alone its figures had no
 * period at all.
 */
export function headingsFromAbove(
  t: Table,
  prev: Table | undefined,
  lines: { line: Line; cells: PlacedCell[] }[],
  start: number,
  floor: number,
): void {
  if (!prev?.slots || !t.slots || floor < 0 || prev.page !== t.page) return;
  const figures = (x: Table) =>
    x.header.map((_, k) => k > 0 && x.values.some((r) => r[k] !== null && r[k] !== undefined));
  const mine = figures(t), theirs = figures(prev);
  const cols = mine.flatMap((f, k) => (f ? [k] : []));
  const above = theirs.flatMap((f, k) => (f ? [k] : []));
  if (!cols.length || cols.length !== above.length) return;
  if (cols.some((k) => t.header[k].trim())) return;
  if (!above.every((k) => /(?:19|20)\d{2}/.test(prev.header[k]))) return;
  // only section labels between the two ("Current liabilities:"), no prose, no other heading
  for (let i = floor + 1; i < start; i++) {
    const { line, cells } = lines[i];
    if (cells.length > 1 || line.x1 - line.x0 > 300) return;
  }
  const overlap = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) =>
    Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
  const matched = cols.map((k) => above.filter((j) => overlap(t.slots![k], prev.slots![j])));
  if (!matched.every((m, i) => m.length === 1 && m[0] === above[i])) return;
  cols.forEach((k, i) => (t.header[k] = prev.header[above[i]]));
  (t.warnings ??= []).push(
    `it has no headings over its columns and lines up with the columns of the table just above it on the page (a statement continued after a blank band), so that table's headings ("${
      above.map((j) => prev.header[j]).join(" | ")
    }") were taken for its columns; check them on the page`,
  );
}
