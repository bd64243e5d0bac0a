/**
 * Table detection on positioned text, `stream` flavour: columns inferred from text alignment (the
 * gaps between runs), blocks of rows split where a caption or a table beside another interrupts
 * them; and tables read from HTML grids. The pieces they share are beside this module: the Table
 * model (table_model.ts), figures in cells (table_figures.ts), stated scales (table_scale.ts),
 * heading rows (table_headings.ts); `lattice` tables, built from ruling lines, are in
 * table_lattice.ts.
 */
import { groupLines, type Line, type TextRun } from "./pdf_layout.ts";
import {
  headingsFromAbove,
  periodsAbove,
  spanOverHeadings,
  wrappedHeadingsAbove,
} from "./tables_periods.ts";
import {
  closeParens,
  leadsRows,
  sectionLabel,
  splitAtHeadings,
  unheadedScale,
  wrapsOnto,
} from "./tables_blocks.ts";
import type { Cell, CellAt, Table } from "./table_model.ts";
import { isFigure, isNumeric, isYear } from "./table_figures.ts";
import { linesAbove, withScale } from "./table_scale.ts";
import { finish, headingRow, spreadBands } from "./table_headings.ts";

/**
 * A run that carries the next column's currency sign ("762.7 $": pdf.js joins a figure and the
 * "$" printed before the next one into one run) split before the sign, the x of each part
 * estimated from its share of the characters.
 */
function splitCurrency(r: TextRun): TextRun[] {
  const parts = r.str.split(/\s+(?=[$€£]\s*(?:[\d(]|$))/);
  if (parts.length < 2 || !parts.every((p) => p.trim())) return [r];
  const per = r.width / Math.max(1, r.str.length);
  const out: TextRun[] = [];
  let at = 0;
  for (const p of parts) {
    const i = r.str.indexOf(p, at);
    out.push({ ...r, str: p, x: r.x + i * per, width: p.length * per });
    at = i + p.length;
  }
  return out;
}

/** Splits a line into cells at gaps wider than one font size; lone "$" joins the next cell. */
function lineCells(line: Line): Cell[] {
  const cells: Cell[] = [];
  for (const r of line.runs.flatMap(splitCurrency)) {
    const last = cells.at(-1);
    const gap = last ? r.x - last.x1 : Infinity;
    // a "$" always opens the next cell, and so does "$ 14,177" right after a figure ("903,607"):
    // two figures, not one cell "903,607 $ 14,177"
    const currency = /^[$€£]$/.test(r.str.trim()) ||
      (/^[$€£]\s*[\d(]/.test(r.str.trim()) && !!last && /[\d)]$/.test(last.text.trim()));
    if (last && ((gap < 0.9 * (r.size || 1) && !currency) || /^[$€£]$/.test(last.text.trim()))) {
      if (gap > 0.5 * (r.size || 1) && r.str.trim()) {
        const pieces = last.pieces ??= [{ x0: last.x0, x1: last.x1, text: last.text }];
        pieces.push({ x0: r.x, x1: r.x + r.width, text: r.str });
      } else if (last.pieces) {
        const piece = last.pieces.at(-1)!;
        piece.text += (gap > 0.15 * (r.size || 1) ? " " : "") + r.str;
        piece.x1 = Math.max(piece.x1, r.x + r.width);
      }
      last.text += (gap > 0.15 * (r.size || 1) ? " " : "") + r.str;
      last.x1 = Math.max(last.x1, r.x + r.width);
    } else if (last && /^\s*[%)]\s*$/.test(r.str)) {
      last.text += r.str.trim();
      last.x1 = r.x + r.width;
    } else cells.push({ x0: r.x, x1: r.x + r.width, text: r.str });
  }
  return cells.map((c) => ({
    ...c,
    text: c.text.replace(/\s+/g, " ").trim(),
    pieces: c.pieces?.map((p) => ({ ...p, text: p.text.replace(/\s+/g, " ").trim() })),
  })).filter((c) => c.text);
}

/** Stream tables: runs of aligned lines with a label and at least one numeric column. */
export function streamTables(runs: TextRun[], page: number, pageHeight: number): Table[] {
  const all = groupLines(runs);
  const lines = all.map((line) => ({ line, cells: lineCells(line) }));
  const tables: Table[] = [];
  // tables read apart from a table beside them on the same lines
  const beside = new Set<Table>();
  // a table that continues the one above it after a blank band (it took that one's headings)
  const continues = new Map<Table, Table>();
  let block: typeof lines = [];
  let gapLines = 0;
  // where the block starts in `lines`, and the last line of the table before it
  let start = 0, floor = -1;
  const flush = () => {
    const beside2 = splitBeside(block);
    // a second table run on below the first with its own headings is a table of its own
    const parts = beside2.length === 1 ? splitAtHeadings(block) : beside2;
    for (const part of parts) {
      while (part.length && part.at(-1)!.cells.length < 2) part.pop();
      const tabular = part.filter((b) =>
        b.cells.length >= 2 && b.cells.slice(1).some((c) => isNumeric(c.text))
      );
      if (tabular.length < 2) continue;
      const t = buildStream(part, page, pageHeight);
      // a row of years far above its rows (a units line or section labels between) heads it
      if (beside2.length === 1) {
        const from = lines.indexOf(part[0]);
        periodsAbove(t, lines, from, floor);
        spanOverHeadings(t, lines, from, floor);
        wrappedHeadingsAbove(t, lines, from, floor);
        if (headingsFromAbove(t, tables.at(-1), lines, from, floor)) {
          continues.set(t, tables.at(-1)!);
        }
        if (parts.length > 1) floor = lines.indexOf(part.at(-1)!);
      }
      if (beside2.length > 1) {
        beside.add(t);
        (t.warnings ??= []).push(
          "it stands beside another table on the same lines of the page and was read apart from it (its own labels and columns); check the columns on the page",
        );
      }
      tables.push(t);
      floor = start + block.length - 1;
    }
    block = [];
    gapLines = 0;
  };
  for (const [i, entry] of lines.entries()) {
    const prev = block.at(-1)?.line;
    const far = prev && prev.y - entry.line.y > 3 * Math.max(prev.size, entry.line.size);
    if (far) flush();
    if (entry.cells.length >= 2) {
      if (!block.length) {
        start = i;
        // the first line of its label, wrapped onto this one, left out as a long line of text
        const before = lines[i - 1];
        if (i - 1 > floor && before?.cells.length === 1 && wrapsOnto(before.line, entry)) {
          start = i - 1;
          block.push(before);
        }
      }
      block.push(entry);
      gapLines = 0;
    } else if (
      block.length && gapLines < 2 &&
      (entry.line.x1 - entry.line.x0 < 300 || wrapsOnto(entry.line, lines[i + 1]) ||
        leadsRows(entry, lines[i + 1]))
    ) {
      block.push(entry); // a section label inside the table ("Operating expenses:")
      gapLines++;
    } else {
      flush();
      if (entry.cells.length >= 1) block = [];
    }
  }
  flush();
  return tables.map((t) => {
    if (beside.has(t)) {
      return withScale(
        t,
        linesAbove(all, t.bbox![1], pageHeight, [t.bbox![0], t.bbox![2]]),
        linesAbove(all, t.bbox![1], pageHeight),
      );
    }
    withScale(t, linesAbove(all, t.bbox![1], pageHeight));
    unheadedScale(t, all, pageHeight);
    // the rest of a statement after a blank band ("Total stockholders' equity" under "Total
    // liabilities") is in the statement's scale: its own lines above are the statement's rows,
    // so read alone its figures had none and passed for units
    const from = continues.get(t);
    if (!t.scale && from?.scale) {
      t.scale = { ...from.scale, where: "above" };
      (t.warnings ??= []).push(
        `it continues the table just above it on the page, whose scale ("${from.scale.text}") was taken for it: it states none of its own`,
      );
    }
    return t;
  });
}

export type BlockLine = { line: Line; cells: Cell[] };

/** A cell of words (a row's label), not a figure or a dash. */
const labelCell = (c: Cell) => /\p{L}{2}/u.test(c.text) && !isNumeric(c.text);

/**
 * Two tables printed side by side on the same lines ("Income statement | 2024 | 2023" beside
 * "Balance sheet | 2024 | 2023") are one block of lines to the stream reader: read as one table
 * the right one took the left one's scale and columns. The block is cut at an x that no cell
 * crosses where a column of labels starts (left-aligned, at least two different ones, each with
 * a figure to its right), with at least two labelled rows of figures on the left too; each side
 * is a block of its own (and the right side may be cut again).
 */
function splitBeside(block: BlockLine[]): BlockLine[][] {
  if (block.length < 4) return [block];
  const size = Math.max(1, ...block.map((b) => b.line.size || 1));
  // where two or more labels start within two points of each other (a column of labels)
  const xs = block.flatMap((b) => b.cells.filter(labelCell).map((c) => c.x0)).sort((a, b) => a - b);
  const candidates = [
    ...new Set(
      xs.filter((x, i) => x - (xs[i - 1] ?? -Infinity) <= 2 || (xs[i + 1] ?? Infinity) - x <= 2)
        .map(Math.round),
    ),
  ];
  for (const x of candidates) {
    if (block.some((b) => b.cells.some((c) => c.x0 < x - 1 && c.x1 > x + 1))) continue;
    const left = new Set<string>(), right = new Set<string>();
    for (const { cells } of block) {
      const l = cells.filter((c) => c.x1 <= x + 1), r = cells.filter((c) => c.x0 >= x - 1);
      if (l.length >= 2 && labelCell(l[0]) && l.slice(1).some((c) => isFigure(c.text))) {
        left.add(l[0].text);
      }
      if (
        r.length >= 2 && labelCell(r[0]) && Math.abs(r[0].x0 - x) <= size &&
        r.slice(1).some((c) => isFigure(c.text))
      ) right.add(r[0].text);
    }
    if (left.size < 2 || right.size < 2) continue;
    const side = (keep: (c: Cell) => boolean) =>
      block.flatMap(({ line, cells }) => {
        const kept = cells.filter(keep);
        if (!kept.length) return [];
        const runs = line.runs.filter((r) => keep({ x0: r.x, x1: r.x + r.width, text: r.str }));
        const x0 = Math.min(...kept.map((c) => c.x0)), x1 = Math.max(...kept.map((c) => c.x1));
        return [{ line: { ...line, runs, x0, x1 }, cells: kept }];
      });
    return [side((c) => c.x0 < x - 1), ...splitBeside(side((c) => c.x0 >= x - 1))];
  }
  return [block];
}

function buildStream(
  block: { line: Line; cells: Cell[] }[],
  page: number,
  pageHeight: number,
): Table {
  // Column slots come from the rows with the most cells; other rows snap to the nearest slot.
  const widest = Math.max(...block.map((b) => b.cells.length));
  const model = block.filter((b) => b.cells.length === widest);
  const slots = Array.from({ length: widest }, (_, k) => {
    const xs = model.map((b) => b.cells[k]);
    return { x0: Math.min(...xs.map((c) => c.x0)), x1: Math.max(...xs.map((c) => c.x1)) };
  });
  // A column the widest rows lack (a header of four lettered columns over rows whose label
  // stands at the left, outside them all): a cell far from every slot that would share its slot
  // with another cell of its row opens a slot of its own, instead of taking that column's figure
  // into its text.
  const nearest = (c: Cell) => {
    let best = 0, bestScore = -Infinity;
    slots.forEach((s, k) => {
      const overlap = Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0);
      const score = overlap > 0 ? overlap : -Math.abs((s.x0 + s.x1) / 2 - (c.x0 + c.x1) / 2);
      if (score > bestScore) [best, bestScore] = [k, score];
    });
    return best;
  };
  const added: { x0: number; x1: number }[] = [];
  for (const { line, cells } of block) {
    const at = cells.map(nearest);
    cells.forEach((c, i) => {
      const gap = Math.min(...slots.map((s) => Math.max(s.x0 - c.x1, c.x0 - s.x1)));
      // a figure under the long labels of the widest rows, right of its own row's label, is a
      // column of figures those rows lack (a second table run on below the first): read into
      // the label it made "Adjusted EBITDA 609", a row whose first figure was lost
      const underLabel = at[i] === 0 && i > 0 && at[0] === 0 && isFigure(c.text) &&
        !isYear(c.text) && !isFigure(cells[0].text) && c.x0 > cells[0].x1 &&
        Math.min(slots[0].x1, c.x1) > Math.max(slots[0].x0, c.x0) &&
        // the first column is the labels' column, starting where this row's label starts
        Math.abs(slots[0].x0 - cells[0].x0) < 2 * (line.size || 1);
      if (underLabel) {
        // not if it is part of the label's own words' place (inside the row's label cell)
      } else if (gap < 2 * (line.size || 1) || at.filter((k) => k === at[i]).length < 2) return;
      const near = added.find((s) => Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0) > 0);
      if (near) [near.x0, near.x1] = [Math.min(near.x0, c.x0), Math.max(near.x1, c.x1)];
      else added.push({ x0: c.x0, x1: c.x1 });
    });
  }
  if (added.length) {
    slots.push(...added);
    slots.sort((a, b) => a.x0 - b.x0);
  }
  // a heading cell that joined the headings of two columns printed close together ("Dec 31,
  // 2023  Dec 31, 2024" over two columns of figures) is split back into them: whole it headed
  // the first column twice and the second not at all
  const figured = slots.map((_, k) =>
    k > 0 && block.some((b) => b.cells.some((c) => nearest(c) === k && isFigure(c.text)))
  );
  for (const b of block) {
    if (b.cells.some((c) => isFigure(c.text) && !isYear(c.text))) continue;
    b.cells = b.cells.flatMap((c) => {
      if (!c.pieces || c.pieces.length < 2) return [c];
      const at = c.pieces.map((p) => nearest({ ...p }));
      const over = c.pieces.every((p, i) =>
        figured[at[i]] && Math.min(slots[at[i]].x1, p.x1) > Math.max(slots[at[i]].x0, p.x0)
      );
      if (!over || at.some((k, i) => i > 0 && k <= at[i - 1])) return [c];
      return c.pieces.map((p) => ({ ...p }));
    });
  }
  const width = slots.length;
  const at = block.map(() => new Array<CellAt | null>(width).fill(null));
  // two figures printed apart on one line that fall into one column: the columns were not
  // lined up (a column the widest rows lack), so other figures may stand under a neighbour's
  // heading too
  const crowded: string[] = [];
  const grid = block.map(({ line, cells }, i) => {
    const row = new Array<string>(width).fill("");
    for (const c of cells) {
      const best = sectionLabel(c, cells, slots) ? 0 : nearest(c);
      if (row[best] && isFigure(c.text) && isFigure(row[best].split(" ").at(-1)!)) {
        crowded.push(`"${row[best]} ${c.text}"${row[0] ? ` in row "${row[0].slice(0, 60)}"` : ""}`);
      }
      row[best] = row[best] ? `${row[best]} ${c.text}` : c.text;
      at[i][best] ??= { y: line.y, x: c.x0 };
    }
    return row;
  });
  spreadBands(block.map((b) => b.cells), grid, slots, nearest);
  const ys = block.map((b) => b.line.y);
  const bbox: [number, number, number, number] = [
    round(Math.min(...block.map((b) => b.line.x0))),
    round(pageHeight - Math.max(...ys) - block[0].line.size),
    round(Math.max(...block.map((b) => b.line.x1))),
    round(pageHeight - Math.min(...ys)),
  ];
  // the widest rows must agree on where each column is: a "1" at x 349 in one and a "14" at
  // x 419 in another, both their third cell, are two columns, one of which the other row lacks
  // (its place taken by a footnote mark set apart), and figures stand under a neighbour's heading
  const apart = slots.findIndex((_, k) => {
    if (k === 0 || k >= widest) return false;
    // figures only (a heading centred over its column stands apart from its figures), two
    // font sizes or more apart (a "$" set before a figure widens its cell)
    const xs = model.filter((b) => isFigure(b.cells[k].text) && !isYear(b.cells[k].text))
      .map((b) => b.cells[k]);
    const size = Math.max(1, ...model.map((b) => b.line.size || 1));
    return xs.length >= 2 &&
      Math.max(...xs.map((c) => c.x0)) - Math.min(...xs.map((c) => c.x1)) > 2 * size;
  });
  const t: Table = { ...finish(grid, page, bbox, at), slots };
  let why = "";
  if (crowded.length) {
    why = `in ${crowded.length} row(s) figures printed apart fell into one column (${crowded[0]})`;
  } else if (apart > 0) {
    const [a, b] = model.filter((m) =>
      isFigure(m.cells[apart].text) && !isYear(m.cells[apart].text)
    )
      .sort((p, q) => p.cells[apart].x0 - q.cells[apart].x0)
      .filter((_, i, all) => i === 0 || i === all.length - 1);
    why = `its rows with the most cells print their figures at different places ("${
      a.cells[apart].text
    }" in row "${a.cells[0].text.slice(0, 60)}" and "${b.cells[apart].text}" in row "${
      b.cells[0].text.slice(0, 60)
    }" are in different columns on the page but were read into one)`;
  }
  if (why) {
    (t.warnings ??= []).push(
      `its columns could not be lined up: ${why}, so figures may stand under a neighbouring column's heading; do not take a figure's column from this table: read it on the page or try flavor=lattice`,
    );
  }
  return t;
}

export const round = (x: number) => Math.round(x * 100) / 100;

/**
 * HTML tables: slots "\u0002" continue a spanning cell. Columns under one header span are
 * merged (SEC tables put "$", the number and ")" in separate cells under one year), then
 * empty columns are dropped.
 */
export function htmlTable(grid: string[][], captions: string[] = []): Table {
  const width = Math.max(...grid.map((r) => r.length));
  const padded = grid.map((r) => closeParens([...r, ...new Array(width - r.length).fill("")]));
  // columns are grouped by the finest header row above the figures: the one naming the most
  // columns (Buckle's "November 2, 2024 | October 28, 2023 | …", not the "Thirteen Weeks Ended |
  // Thirty-Nine Weeks Ended" over it, which would put two periods in one column)
  const filled = (r: string[]) => r.filter((c) => c && c !== "\u0002").length;
  // the same header rows as finish() will find: years, and whole numbers that head columns
  const plain = padded.map((r) => r.map((c) => (c === "\u0002" ? "" : c)));
  const firstFigures = plain.findIndex((_, i) => !headingRow(plain, i).heading);
  const above = padded.slice(0, firstFigures < 0 ? padded.length : firstFigures)
    .filter((r) => filled(r) >= 2);
  const header = above.reduce<string[] | null>(
    (best, r) => (!best || filled(r) > filled(best) ? r : best),
    null,
  ) ?? padded.find((r) => filled(r) >= 2) ?? padded[0];
  const groups: number[][] = [];
  header.forEach((c, k) => {
    if (c === "\u0002" && groups.length) groups.at(-1)!.push(k);
    else groups.push([k]);
  });
  // a header cell spanning several columns ("Thirteen Weeks Ended" over two dates) heads each
  // of them, not only the first: two "October 28, 2023" columns, one of 13 weeks and one of 39,
  // are told apart by it
  const heads = firstFigures < 0 ? padded.length : firstFigures;
  const spread = padded.map((row, i) => {
    if (i >= heads) return row;
    let owner = "";
    return row.map((c) => (c === "\u0002" ? owner : (owner = c)));
  });
  const merged = spread.map((row) =>
    groups.map((g) =>
      [...new Set(g.map((k) => row[k]))].filter((c) => c && c !== "\u0002").join(" ")
        .replace(/([$€£]) (?=\S)/g, "$1 ").replace(/ ([%)])/g, "$1").trim()
    )
  );
  // a column is kept for what its own cells hold, not for a span's words spread over it
  const used = groups.map((g) =>
    padded.some((r) => g.some((k) => r[k] !== "\u0002" && r[k]?.trim()))
  );
  // spacer rows (cells holding only no-break spaces) are no rows
  const compact = merged.map((r) => r.filter((_, k) => used[k])).filter((r) => r.some(Boolean));
  return withScale(finish(compact, 1, null), captions);
}
