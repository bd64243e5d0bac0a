/**
 * Column headings printed apart from a table's rows: a balance sheet's "December 31, / 2022 |
 * 2021" above a units line ("(In thousands, except share data)") and section labels ("ASSETS",
 * "Current assets:"). The stream reader's block of lines starts at the first row of figures, so
 * such a table came back with empty headers and its columns lost their periods. The row of
 * years is taken as the columns' headings only when each of its cells stands over one column of
 * figures, its own; otherwise the table says its periods were not read.
 */
import type { Line } from "./pdf_layout.ts";
import { isFigure, isYear } from "./table_figures.ts";
import { SPAN_WORDS } from "./table_headings.ts";
import type { Table } from "./table_model.ts";

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
    const spans = spanAbove(lines, words.size ? i - 2 : i - 1, floor, heads, at, slots);
    at.forEach((k, j) => {
      t.header[k] = [spans.get(k), words.get(k), heads[j].text, t.header[k]].filter(Boolean)
        .join(" ");
    });
    return;
  }
}

/**
 * The span of the periods over a row of dates: "13 Weeks Ended" or "Year Ended December 31,"
 * centred over "January 28, | January 29," and "2023 | 2022", one line for several columns. Each
 * column takes the nearest such cell over the columns (`heads` at slots `at`). Without it two
 * tables of a release, one of 13 weeks and one of 52, had the same headings "January 28, 2023".
 * Only the line `i`, set close above the headings (a title further up is not a heading), whose
 * every cell names a span.
 */
function spanAbove(
  lines: { line: Line; cells: PlacedCell[] }[],
  i: number,
  floor: number,
  heads: PlacedCell[],
  at: number[],
  slots: { x0: number; x1: number }[],
): Map<number, string> {
  const out = new Map<number, string>();
  if (i <= floor || i < 0 || i + 1 >= lines.length) return out;
  const { line, cells } = lines[i];
  const below = lines[i + 1].line;
  if (line.y - below.y > 2.5 * Math.max(line.size, below.size) || !cells.length) return out;
  if (!cells.every((c) => SPAN_WORDS.test(c.text) && c.text.length <= 60)) return out;
  const x0 = Math.min(...heads.map((h) => h.x0)), x1 = Math.max(...heads.map((h) => h.x1));
  if (!cells.every((c) => Math.min(c.x1, x1) > Math.max(c.x0, x0))) return out;
  const mid = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
  for (const k of at) {
    const near = cells.reduce((a, b) =>
      Math.abs(mid(b) - mid(slots[k])) < Math.abs(mid(a) - mid(slots[k])) ? b : a
    );
    out.set(k, near.text.trim());
  }
  return out;
}

/**
 * The span of the periods ({@link spanAbove}) on the line just above a stream table whose own
 * first lines are its column headings ("January 28, | January 29," over "2023 | 2022"), when no
 * heading of a column of figures names its span yet.
 */
export function spanOverHeadings(
  t: Table,
  lines: { line: Line; cells: PlacedCell[] }[],
  start: number,
  floor: number,
): void {
  const slots = t.slots;
  if (!slots || slots.length !== t.header.length || start <= 0) return;
  const cols = t.header.flatMap((h, k) =>
    k > 0 && h.trim() && t.values.some((r) => r[k] !== null && r[k] !== undefined) ? [k] : []
  );
  if (cols.length < 2 || cols.some((k) => SPAN_WORDS.test(t.header[k]))) return;
  const heads = cols.map((k) => ({ ...slots[k], text: t.header[k] }));
  const spans = spanAbove(lines, start - 1, floor, heads, cols, slots);
  for (const [k, span] of spans) t.header[k] = `${span} ${t.header[k]}`;
}

/**
 * The first lines of a column's wrapped heading set above the table's first line ("Gross square
 * feet for" over "stores opened or | expanded during the | quarter"): that line has fewer cells
 * than the columns, so the table's block of lines starts below it, and the heading lost its first
 * words. A line set as close as the heading's own lines, whose every cell is centred on one
 * headed column of figures (its own), is joined to those headings; up to three such lines.
 */
export function wrappedHeadingsAbove(
  t: Table,
  lines: { line: Line; cells: PlacedCell[] }[],
  start: number,
  floor: number,
): void {
  const slots = t.slots;
  if (!slots || slots.length !== t.header.length || start <= 0) return;
  const headed = t.header.map((h, k) =>
    k > 0 && /\p{L}/u.test(h) && t.values.some((r) => r[k] !== null && r[k] !== undefined)
  );
  if (!headed.some(Boolean)) return;
  // the table's first line must be headings, not figures (its rows start right below a title)
  if (lines[start].cells.some((c) => isFigure(c.text) && !isYear(c.text))) return;
  for (let i = start - 1; i > floor && i >= start - 3; i--) {
    const { line, cells } = lines[i];
    const below = lines[i + 1].line;
    const size = Math.max(line.size, below.size, 1);
    if (line.y - below.y > 1.6 * size || !cells.length) return;
    const at = cells.map((c) => {
      if (!/\p{L}/u.test(c.text) || isFigure(c.text) || SPAN_WORDS.test(c.text)) return -1;
      const hit = slots.flatMap((sl, k) =>
        Math.min(sl.x1, c.x1) > Math.max(sl.x0, c.x0) ? [k] : []
      );
      const k = hit.length === 1 ? hit[0] : -1;
      if (k <= 0 || !headed[k]) return -1;
      // centred on its column (a heading is wider than its figures, but set over them), and no
      // wider than the space between the neighbouring columns' centres
      const mid = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
      const left = mid(slots[k - 1]), right = k + 1 < slots.length ? mid(slots[k + 1]) : Infinity;
      const m = mid(c);
      return Math.abs(m - mid(slots[k])) < Math.min(m - left, right - m) &&
          c.x1 - c.x0 < right - left
        ? k
        : -1;
    });
    if (at.some((k) => k < 0) || new Set(at).size !== at.length) return;
    cells.forEach((c, j) => (t.header[at[j]] = `${c.text.trim()} ${t.header[at[j]]}`));
  }
}

/**
 * A stream table with no headings over its columns of figures, below a table of the same page
 * whose columns it lines up with, one for one, with only short labels between (a balance sheet
 * continued after a blank band: "Property and equipment, net" under "Total current assets"),
 * takes that table's headings for its columns, with a caution. Read alone its figures had no
 * period at all. True when it did: the table continues that one (and so is in its scale).
 */
export function headingsFromAbove(
  t: Table,
  prev: Table | undefined,
  lines: { line: Line; cells: PlacedCell[] }[],
  start: number,
  floor: number,
): boolean {
  if (!prev?.slots || !t.slots || floor < 0 || prev.page !== t.page) return false;
  const figures = (x: Table) =>
    x.header.map((_, k) => k > 0 && x.values.some((r) => r[k] !== null && r[k] !== undefined));
  const mine = figures(t), theirs = figures(prev);
  const cols = mine.flatMap((f, k) => (f ? [k] : []));
  const above = theirs.flatMap((f, k) => (f ? [k] : []));
  if (!cols.length || cols.length !== above.length) return false;
  if (cols.some((k) => t.header[k].trim())) return false;
  if (!above.every((k) => /(?:19|20)\d{2}/.test(prev.header[k]))) return false;
  // only section labels between the two ("Current liabilities:"), no prose, no other heading
  for (let i = floor + 1; i < start; i++) {
    const { line, cells } = lines[i];
    if (cells.length > 1 || line.x1 - line.x0 > 300) return false;
  }
  const overlap = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) =>
    Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
  const matched = cols.map((k) => above.filter((j) => overlap(t.slots![k], prev.slots![j])));
  if (!matched.every((m, i) => m.length === 1 && m[0] === above[i])) return false;
  cols.forEach((k, i) => (t.header[k] = prev.header[above[i]]));
  (t.warnings ??= []).push(
    `it has no headings over its columns and lines up with the columns of the table just above it on the page (a statement continued after a blank band), so that table's headings ("${
      above.map((j) => prev.header[j]).join(" | ")
    }") were taken for its columns; check them on the page`,
  );
  return true;
}
