/**
 * A detected grid's heading rows: how many rows head it, headings spread over the columns they
 * span, a first row of whole numbers read as headings or as figures, and the finished Table.
 */
import type { Cell, CellAt, Table } from "./table_model.ts";
import {
  bodyFigure,
  GLUED_MARK,
  groupYear,
  isFigure,
  isNumeric,
  isYear,
  parseNumber,
  SET_APART_MARK,
} from "./table_figures.ts";

/**
 * A header line of fewer cells than the columns of figures ("13 Weeks Ended" and "52 Weeks
 * Ended" each centred over three dates) heads every column under it, not only the one it
 * overlaps: each column of figures takes the nearest such cell within reach (half the way to
 * the next one; a lone one reaches half a column past its own width). Without it
 * two "January 28, 2023" columns, one of 13 weeks and one of 52, read the same.
 */
/** Words of a period's span heading several columns: "13 Weeks Ended", "Nine Months Ended". */
export const SPAN_WORDS =
  /\b(?:weeks?|months?|quarters?|years?|periods?)\s+(?:ended|ending)\b|\b(?:three|six|nine|twelve|thirteen|\d{1,2})[- ](?:months?|weeks?)\b|\byear[- ]to[- ]date\b|\bfiscal\s+(?:year\s+)?(?:19|20)\d{2}\b/i;

export function spreadBands(
  lines: Cell[][],
  grid: string[][],
  slots: { x0: number; x1: number }[],
  nearest: (c: Cell) => number,
) {
  const { count } = headerRows(grid);
  const body = grid.slice(count);
  const figures = slots.map((_, k) => k > 0 && body.some((r) => isNumeric(r[k] ?? "")));
  const centers = slots.map((s) => (s.x0 + s.x1) / 2);
  const cols = centers.filter((_, k) => figures[k]);
  if (cols.length < 2) return;
  const gaps = cols.slice(1).map((c, i) => c - cols[i]).sort((a, b) => a - b);
  const pitch = gaps[gaps.length >> 1];
  for (let r = 0; r < count; r++) {
    // the line's cells over the columns of figures, words only (a line of years is no band);
    // only a period's span is spread: a wrapped heading's first line ("Rigid" over "Packaging",
    // "EPS (Diluted") or a note ("(Unaudited)") heads its own column alone
    const over = lines[r].filter((c) => nearest(c) !== 0);
    const bands = over.filter((c) => SPAN_WORDS.test(c.text));
    if (!bands.length || over.length >= cols.length || over.some((c) => isNumeric(c.text))) {
      continue;
    }
    const mids = bands.map((b) => (b.x0 + b.x1) / 2);
    slots.forEach((_, k) => {
      if (!figures[k]) return;
      let i = 0;
      mids.forEach((m, j) => {
        if (Math.abs(m - centers[k]) < Math.abs(mids[i] - centers[k])) i = j;
      });
      const reach = bands.length > 1
        ? Math.min(...mids.filter((_, j) => j !== i).map((m) => Math.abs(m - mids[i]))) / 2 +
          pitch / 4
        : (bands[i].x1 - bands[i].x0) / 2 + pitch / 2;
      if (Math.abs(mids[i] - centers[k]) <= reach) grid[r][k] = bands[i].text;
    });
  }
}

/**
 * A whole number that may name a column: an airplane model ("737", "767 *" with its mark set
 * apart), a day count ("30", "90"), a year. Null for anything written as an amount (separators,
 * decimals, signs, parentheses, currency, percent), which no heading is.
 */
function headingNumber(cell: string): number | null {
  if (cell.length > 24) return null;
  const bare = cell.trim().replace(SET_APART_MARK, "").replace(GLUED_MARK, "");
  return /^\d{1,4}$/.test(bare) ? Number(bare) : null;
}

/**
 * A figure with its unit ("12.5x", "40 bps", "3 pts"): a figure, not a heading word. A multiple is
 * a lower-case x; "777X" is an airplane's name.
 */
const FIGURE_WITH_UNIT =
  /^[-\u2212(]?[$€£]?\s?[\d.,]+\)?\s?(?:x|\u00d7|[Bb][Pp][Ss]|[Pp][Tt][Ss]?|pp|[kK]|[mM]|mm|MM|bn|BN)$/;

/** A footnote mark standing alone in a cell: "*", "†", "(a)", "(ii)". */
export const LONE_MARK = /^(?:[*\u2020\u2021\u00a7]+|\((?:[a-z]|[ivx]{1,4})\))$/i;

/** Words that stand for a missing figure in a row of figures ("n/a", "NM"), not for a heading. */
const PLACEHOLDER = /^(?:n\/?a|n\.a\.|nm|n\.m\.|n\/m|nmf|none|nil|not meaningful|not applicable)$/i;

/** The most leading rows weighed as headings of whole numbers (a heading block is short). */
const MAX_HEADING_ROWS = 6;

/** How one leading row of a grid reads: a heading row or not, with a caution to pass on. */
interface HeadingRead {
  heading: boolean;
  note?: string;
}

/**
 * Whether leading row `h` of a grid heads the columns. A row without figures other than years
 * does (the years over a statement's columns), except a year alone in the label column: that
 * names the group of rows below it ("2022" over that year's deliveries). A row of whole numbers
 * with no label is weighed by {@link numberHeadings}.
 */
export function headingRow(grid: string[][], h: number): HeadingRead {
  const row = grid[h];
  if (groupYear(row)) return { heading: false };
  if (row.every((c) => !c || !isFigure(c) || isYear(c))) return { heading: true };
  return numberHeadings(grid, h);
}

/**
 * A label that names what the whole numbers of its row are, as a heading does: "Model | 737 |
 * 747", "Program | 737 | 787", "Type | 1 | 2". A row of figures is labelled by what it measures
 * ("Deliveries", "Stores"), never by one of these words alone.
 */
const NAMING_LABEL =
  /^(?:(?:aircraft|airplane|engine|vehicle|product|fleet)\s+)?(?:models?|programs?|programmes?|types?|series|class(?:es)?|versions?|variants?)(?:\s*(?:no\.?|number))?\s*:?$/i;

/**
 * A leading row whose cells are whole numbers (and perhaps words) over columns of figures: "737 *
 * | 747 | 767 * | 777 | 787 | Total" over Boeing's deliveries, with an empty label cell or a label
 * ("Model | 737 | 747 | 767"). Such a row names the columns when it also holds a word, which a row
 * of figures has none of ("Total", "777X", "Thereafter"; a lone footnote mark counts for neither);
 * under a label, each such cell must stand over figures. Without a word the row is told from a
 * row of figures by its form. With no label: three or more numbers of one width in order (model
 * numbers, day counts) over labelled rows are read as headings, with a caution; anything less
 * stays a row of figures, with a caution that it has no label. With a label that names what the
 * numbers are ({@link NAMING_LABEL}: "Model", "Program") over labelled rows: headings, with a
 * caution. With any other label the row is figures ("Deliveries | 120 | 135 | 150" is data), with
 * a caution when it is a table's first row and has the form of headings. A row holding an amount,
 * a dash or a placeholder ("n/a") is figures.
 */
function numberHeadings(grid: string[][], h: number): HeadingRead {
  const row = grid[h];
  // headings stand in a table's first few rows; each weighing reads the whole body below
  if (h >= MAX_HEADING_ROWS) return { heading: false };
  const label = row[0]?.trim() ?? "";
  // a label is a word ("Model"), not a figure or a mark
  if (label && (isFigure(label) || LONE_MARK.test(label) || !/\p{L}/u.test(label))) {
    return { heading: false };
  }
  const cells = row.map((c, k) => ({ c: c.trim(), k })).filter((x) => x.c && x.k > 0);
  const numbers = cells.filter((x) => headingNumber(x.c) !== null);
  const others = cells.filter((x) => headingNumber(x.c) === null);
  // a lone footnote mark ("†" over a column of its own) neither names a column nor is a figure
  const marks = others.filter((x) => LONE_MARK.test(x.c));
  const words = others.filter((x) =>
    !LONE_MARK.test(x.c) && !isFigure(x.c) && !PLACEHOLDER.test(x.c) &&
    !FIGURE_WITH_UNIT.test(x.c) && /\p{L}/u.test(x.c)
  );
  if (numbers.length < 2 || numbers.length + marks.length + words.length < cells.length) {
    return { heading: false };
  }
  // the numbers must stand over columns that hold figures below them (and, under a label, the
  // words too: a column of text is no column of figures)
  const body = grid.slice(h + 1).filter((r) => r.some((c, k) => k > 0 && isFigure(c)));
  const over = (x: { k: number }) => body.some((r) => isFigure(r[x.k] ?? ""));
  if (!numbers.every(over) || (label && !words.every(over))) return { heading: false };
  if (words.length) return { heading: true };
  const values = numbers.map((x) => headingNumber(x.c)!);
  const digits = new Set(values.map((v) => String(v).length));
  const ordered = values.every((v, i) => i === 0 || v > values[i - 1]) ||
    values.every((v, i) => i === 0 || v < values[i - 1]);
  // a total row at the foot may go without a label; every other row of figures has one
  const labelled = body.slice(0, -1).every((r) => r[0]?.trim());
  const form = values.length >= 3 && ordered && digits.size === 1 && !digits.has(1);
  if (label) {
    const listed = `${label}: ${numbers.map((x) => x.c).join(", ")}`;
    if (NAMING_LABEL.test(label) && new Set(values).size === values.length && labelled) {
      return {
        heading: true,
        note:
          `the first row (${listed}) is labelled with what its whole numbers are, so it was read as the column headings (as model numbers are), not as figures; check the table on the page`,
      };
    }
    return h === 0 && form && labelled
      ? {
        heading: false,
        note:
          `the first row (${listed}) holds only whole numbers of one width in order: it was kept as a row of figures, but they may be column headings (model numbers, day counts); check the table on the page`,
      }
      : { heading: false };
  }
  const listed = numbers.map((x) => x.c).join(", ");
  if (form && labelled) {
    return {
      heading: true,
      note:
        `the first row (${listed}) has no label and only whole numbers of one width in order, so it was read as the column headings (as model numbers or day counts are), not as figures; check the table on the page`,
    };
  }
  return {
    heading: false,
    note:
      `the first row (${listed}) has no label: it was kept as a row of figures, but its whole numbers may be column headings (model numbers, day counts); check the table on the page`,
  };
}

/**
 * The leading rows of a grid that head its columns (see {@link headingRow}), and the cautions
 * about a first row of whole numbers. The last row is never a header.
 */
function headerRows(grid: string[][]): { count: number; notes: string[] } {
  const notes: string[] = [];
  let h = 0;
  while (h < grid.length - 1) {
    const read = headingRow(grid, h);
    if (read.note) notes.push(read.note);
    if (!read.heading) break;
    h++;
  }
  // a table of words alone (a cover page's securities, a list of officers): every row is free of
  // figures, so each read as a heading and the whole table became one header over its last row;
  // its first row heads the columns and the others are its rows
  const figures = grid.some((r) => r.some((c, k) => k > 0 && isFigure(c) && !isYear(c)));
  if (!figures && h > 1) h = 1;
  // a group's name over its rows ("Americas:" above its net sales, the next group's "Europe:"
  // a row of the body) is the first of those rows, not the label column's heading; a note of
  // units or scale in the label cell ("(in millions)") stays a heading
  while (h > 0 && labelOnly(grid[h - 1]) && !UNIT_NOTE.test(grid[h - 1][0])) h--;
  return { count: h, notes };
}

/** A row with words in its label cell and nothing in any other. */
const labelOnly = (row: string[]) =>
  /\p{L}/u.test(row[0] ?? "") && row.slice(1).every((c) => !c.trim());

/** A label cell that states units, scale or currency rather than naming a group of rows. */
const UNIT_NOTE =
  /\(|%|\$|€|£|¥|\b(?:thousands?|millions?|billions?|except|per share|percent(?:age)?|dollars?|euros?|currency|amounts?|units?|usd|eur|gbp|jpy|unaudited|audited)\b/i;

/** Header rows are the leading rows that head the columns ({@link headerRows}). */
export function finish(
  grid: string[][],
  page: number,
  bbox: Table["bbox"],
  at?: (CellAt | null)[][],
): Table {
  const { count: h, notes } = headerRows(grid);
  const headerGrid = grid.slice(0, h);
  const header = grid[0].map((_, k) => headerGrid.map((r) => r[k]).filter(Boolean).join(" "));
  const rows = grid.slice(h);
  return {
    page,
    bbox,
    header,
    rows,
    values: rows.map((r) => r.map((c) => groupYear(r) ? null : parseNumber(bodyFigure(c)))),
    scale: null,
    ...(notes.length ? { warnings: notes } : {}),
    ...(at ? { at: at.slice(h) } : {}),
  };
}
