/**
 * Character offsets of table cells in the text document.read returns: each cell of a PDF table
 * is looked for on its own line of the page's text ({@link pageLayout} lines, the same text
 * document.read joins), so its offsets cite the very characters, as the contract's trust rules
 * ask of text. A cell that cannot be placed there has no offsets (null), never a guess.
 */
import { pageLayout, type PlacedLine, type TextRun } from "./pdf_layout.ts";
import type { CellAt, Table } from "./table_model.ts";
import { PAGE_SEPARATOR } from "./model.ts";
import { checkpoint } from "../../core/cancel.ts";
import { PdfPageError } from "../../providers/pdf_text_a/client.ts";
import { checkTextLayer, SCAN_COVERAGE, SPARSE_CHARS, stripControls } from "./text_layer.ts";

/** Longest cell text looked for (a cell longer than this is prose, not a figure). */
const MAX_CELL_CHARS = 400;

/**
 * A pattern for a cell's text in the page text: its characters in order, any whitespace between
 * them (a cell joins its pieces with one space where the page text may have two, a line break,
 * or none: "$ 1,234" is "$1,234" there), and not inside a longer word or number ("12" in
 * "1,212").
 */
function cellPattern(cell: string): RegExp | null {
  const chars = [...cell.replace(/\s+/g, "")];
  if (!chars.length || chars.length > MAX_CELL_CHARS) return null;
  const body = chars.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("\\s*");
  const first = chars[0], last = chars.at(-1)!;
  const before = /[\p{L}\p{N}]/u.test(first) ? "(?<![\\p{L}\\p{N}])(?<!\\p{N}[.,])" : "";
  const after = /[\p{L}\p{N}]/u.test(last) ? "(?![\\p{L}\\p{N}])(?![.,]\\p{N})" : "";
  return new RegExp(before + body + after, "gu");
}

/**
 * [start_char, end_char) of each cell of `rows` in a document text whose page text `text`
 * (with its `lines`) starts at `base`; null for an empty cell, a cell without a position, or one
 * whose text is not on its line. Each line is read left to right once: a cell is looked for after
 * the previous cell found on its line, within that line (a cell wrapped over two lines may run
 * past it), so the work grows with the page's text, not with the square of it.
 */
export function cellOffsets(
  rows: string[][],
  at: (CellAt | null)[][] | undefined,
  text: string,
  lines: PlacedLine[],
  base: number,
): ([number, number] | null)[][] {
  const byY = new Map<number, PlacedLine[]>();
  for (const l of lines) {
    const k = Math.round(l.y);
    byY.get(k)?.push(l) ?? byY.set(k, [l]);
  }
  const cursor = new Map<PlacedLine, number>();
  const lineOf = (p: CellAt): PlacedLine | null => {
    let best: PlacedLine | null = null;
    for (let d = -2; d <= 2; d++) {
      for (const l of byY.get(Math.round(p.y) + d) ?? []) {
        const dy = Math.abs(l.y - p.y);
        if (dy > Math.max(1, 0.5 * l.size) || p.x < l.x0 - 2 || p.x > l.x1 + 2) continue;
        if (!best || dy < Math.abs(best.y - p.y)) best = l;
      }
    }
    return best;
  };
  return rows.map((row, i) =>
    row.map((cell, k) => {
      const p = at?.[i]?.[k];
      if (!p || !cell.trim()) return null;
      const line = lineOf(p);
      const re = line && cellPattern(cell);
      if (!line || !re) return null;
      const from = cursor.get(line) ?? line.start;
      // the cell starts on its line; its text may run on (a wrapped cell of a ruled grid)
      const window = text.slice(from, Math.min(text.length, line.end + 2 * cell.length + 8));
      const m = re.exec(window);
      if (!m || from + m.index > line.end) return null;
      const start = from + m.index, end = start + m[0].length;
      cursor.set(line, end);
      return [base + start, base + end];
    })
  );
}

/** A page's text as document.read has it, with its lines' places ({@link pageLayout}). */
export type PageLayout = ReturnType<typeof pageLayout>;

/** What the table reader needs of an open PDF to rebuild document.read's page texts. */
export interface PageSource {
  pageRuns(n: number): Promise<{ runs: TextRun[]; width: number }>;
  pageHasImages(n: number): Promise<boolean>;
  imageCoverage(n: number): Promise<number>;
}

/**
 * Offsets of the cells of PDF tables in document.read's text (its page texts joined by
 * {@link PAGE_SEPARATOR}), by table, in the order given; null for a table on or after a page
 * document.read may take from OCR, whose text is not known without it (`ocrPage` says which).
 */
export async function tableOffsets(
  pdf: PageSource,
  tables: Pick<Table, "page" | "rows" | "at">[],
  known: Map<number, PageLayout> = new Map(),
): Promise<{ offsets: (([number, number] | null)[][] | null)[]; ocrPage: number | null }> {
  const offsets: (([number, number] | null)[][] | null)[] = tables.map(() => null);
  const last = Math.max(0, ...tables.map((t) => t.page));
  let base = 0;
  for (let n = 1; n <= last; n++) {
    checkpoint();
    let text = "", lines: PlacedLine[] = [];
    const layout = known.get(n);
    if (layout) ({ text, lines } = layout);
    else {
      try {
        const { runs, width } = await pdf.pageRuns(n);
        ({ text, lines } = pageLayout(runs, width));
      } catch (e) {
        // a damaged page reads as no text in document.read too
        if (!(e instanceof PdfPageError)) throw e;
      }
    }
    // the page's text layer checked as document.read checks it (a page that does not decode
    // reads as no text there, control characters are removed), or every later offset is off
    ({ text, lines } = checkedLayout(text, lines, n));
    let chars = 0;
    for (let i = 0; i < text.length && chars < SPARSE_CHARS; i++) if (!/\s/.test(text[i])) chars++;
    const scan = chars === 0
      ? await pdf.pageHasImages(n).catch(() => false)
      : chars < SPARSE_CHARS && await pdf.imageCoverage(n).catch(() => 0) >= SCAN_COVERAGE;
    if (scan) return { offsets, ocrPage: n };
    tables.forEach((t, i) => {
      if (t.page === n) offsets[i] = cellOffsets(t.rows, t.at, text, lines, base);
    });
    base += text.length + PAGE_SEPARATOR.length;
  }
  return { offsets, ocrPage: null };
}

/**
 * A page's text and lines as document.read has them after {@link checkTextLayer}: none for a
 * page that does not decode; without control characters, the lines' places moved to match.
 */
export function checkedLayout(
  text: string,
  lines: PlacedLine[],
  page: number,
): { text: string; lines: PlacedLine[] } {
  const { text: clean, note } = checkTextLayer(text, page);
  if (!note) return { text, lines };
  if (note.kind === "garbled") return { text: "", lines: [] };
  // where each character of the page text stands once the removed ones are gone
  const at = new Int32Array(text.length + 1);
  for (let i = 0, k = 0; i <= text.length; i++) {
    at[i] = k;
    if (i < text.length && stripControls(text[i])) k++;
  }
  return { text: clean, lines: lines.map((l) => ({ ...l, start: at[l.start], end: at[l.end] })) };
}

/**
 * A cell of an HTML table in document.read's text, where a row is a line with " | " between its
 * cells: a cell the table merged from several ("$" and "1,234", "(1,234" and ")") spans their
 * separators there.
 */
function htmlPattern(cell: string): RegExp | null {
  const chars = [...cell.replace(/\s+/g, "")];
  if (!chars.length || chars.length > MAX_CELL_CHARS) return null;
  const body = chars.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("(?:\\s|\\|)*");
  const first = chars[0], last = chars.at(-1)!;
  const before = /[\p{L}\p{N}]/u.test(first) ? "(?<![\\p{L}\\p{N}])(?<!\\p{N}[.,])" : "";
  const after = /[\p{L}\p{N}]/u.test(last) ? "(?![\\p{L}\\p{N}])(?![.,]\\p{N})" : "";
  return new RegExp(before + body + after, "gu");
}

/**
 * Where `pattern` matches a whole cell of a row line from `from` on: starting at the line's start
 * or after a " | ", ending at its end or before one (the prose "Net sales were $1,234.5 million"
 * holds a row's words, not its cells).
 */
function cellIn(line: string, pattern: RegExp, from: number): [number, number] | null {
  const edge = (c: string | undefined) => c === undefined || c === "|" || c === "\n";
  pattern.lastIndex = from;
  for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
    const start = m.index, end = start + m[0].length;
    let b = start - 1, e = end;
    while (b >= 0 && (line[b] === " " || line[b] === "\t")) b--;
    while (e < line.length && (line[e] === " " || line[e] === "\t")) e++;
    if (edge(line[b]) && edge(line[e])) return [start, end];
    pattern.lastIndex = start + 1;
  }
  return null;
}

/** Lines looked at for a table's first row after the previous table's, and for each next row. */
const FIRST_ROW_REACH = 400;
const NEXT_ROW_REACH = 12;

/**
 * Offsets of the cells of HTML tables (in document order) in document.read's text of the page.
 * A row is placed on the first line (or two lines) after the previous row's where all its
 * filled cells are found in order (a table's first row within {@link FIRST_ROW_REACH} lines of the previous
 * table's last, each next row within {@link NEXT_ROW_REACH}); a row found nowhere has null
 * offsets, and the next row is looked for from the same place.
 */
export function htmlCellOffsets(
  text: string,
  tables: Pick<Table, "rows">[],
): ([number, number] | null)[][][] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const lineEnd = (i: number) => (i + 1 < starts.length ? starts[i + 1] - 1 : text.length);
  let next = 0;
  return tables.map((t) => {
    let first = true;
    return t.rows.map((row) => {
      checkpoint();
      const none = row.map(() => null);
      const filled = row.map((c, k) => ({ c, k })).filter((x) => x.c.trim());
      const patterns = filled.map((x) => htmlPattern(x.c));
      if (!filled.length || patterns.some((p) => !p)) return none;
      const reach = first ? FIRST_ROW_REACH : NEXT_ROW_REACH;
      // a row on its line, or on two (a cell with a line break: "COST OF SALES (…)" over its
      // figures)
      for (let i = next; i < Math.min(starts.length, next + reach); i++) {
        for (let span = 1; span <= 2 && i + span <= starts.length; span++) {
          const line = text.slice(starts[i], lineEnd(i + span - 1));
          const out: ([number, number] | null)[] = row.map(() => null);
          let at = 0;
          const all = filled.every((x, j) => {
            const m = cellIn(line, patterns[j]!, at);
            if (!m) return false;
            out[x.k] = [starts[i] + m[0], starts[i] + m[1]];
            at = m[1];
            return true;
          });
          if (!all) continue;
          next = i + span;
          first = false;
          return out;
        }
      }
      return none;
    });
  });
}
