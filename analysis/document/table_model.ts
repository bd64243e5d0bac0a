/**
 * What table detection gives back: a table's cells, parsed values and stated scale, and where
 * each cell was printed.
 */

export interface Table {
  page: number;
  /** [x0, y0, x1, y1] in points, y from the page top (null for HTML tables). */
  bbox: [number, number, number, number] | null;
  header: string[];
  rows: string[][];
  /** Parsed numbers per cell of `rows` (null where not numeric or a dash). */
  values: (number | null)[][];
  /** The scale the table states for its figures, if it states one (values are as printed). */
  scale: TableScale | null;
  /** The short lines just above the table (its caption block), for hints; not returned. */
  above?: string[];
  /**
   * Cautions about how the table was read, for the caller to pass on: a first row whose whole
   * numbers may be column headings ({@link numberHeadings}), parenthesised counts read as
   * annotations rather than negatives ({@link countAnnotations}).
   */
  warnings?: string[];
  /**
   * Columns (by index) whose parenthesised whole numbers annotate the counts beside them ("387
   * (13)": 13 of them intercompany) rather than being negatives: their values stay null, also when
   * the table's values are read again in another number style ({@link countAnnotations}).
   */
  annotations?: number[];
  /**
   * Where each cell of `rows` was printed (the baseline of its line and the x of its first
   * piece), for finding its text in the page's text ({@link cellOffsets}); null for an empty cell.
   * Not returned.
   */
  at?: (CellAt | null)[][];
  /** The x extents of a stream table's columns, for lining up headings above it. Not returned. */
  slots?: { x0: number; x1: number }[];
}

/** Where a cell's text was printed: its line's baseline and its first piece's x, in points. */
export interface CellAt {
  y: number;
  x: number;
}

/**
 * "In thousands", "(Dollars in millions, except per share data)", "($000)", "(€m)": the scale a
 * table's figures are printed in, found in its header or in a short line just above it. Values
 * stay as printed; `text` is the statement itself, with any exception ("except per share").
 */
export interface TableScale {
  multiplier: number;
  text: string;
  where: "header" | "above";
}

export interface Cell {
  x0: number;
  x1: number;
  text: string;
  /**
   * The pieces of a cell joined across a gap wider than a word space (two dates printed close
   * together: "Dec 31, 2023  Dec 31, 2024"), when it has several.
   */
  pieces?: { x0: number; x1: number; text: string }[];
}
