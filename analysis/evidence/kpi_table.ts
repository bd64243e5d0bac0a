/**
 * Table rows in a filing's text ("Diluted | $ 1.65 | $ 1.53 | $ 4.05 | $ 3.71"): read one row at a
 * time, never as prose, so a number is tied to its row's label, to the first (current-period)
 * column and to the scale the table states above it ("(In millions, except per-share amounts)").
 * Pure: text in, rows out. Captions' scales are read in kpi_captions.ts, header and figure cells
 * in kpi_cells.ts.
 */
import { scaleNotes } from "./kpi_captions.ts";
import {
  cellPeriod,
  cellValue,
  columnOf,
  MONTH_DAY,
  MONTHS,
  periodWords,
  spanOf,
} from "./kpi_cells.ts";

/** A stretch of text that is not a table: read as sentences. */
export interface ProseChunk {
  text: string;
  offset: number;
}

/** One row of a table with what the lines above it say about it. */
export interface TableRow {
  /** The row's line as it stands in the text. */
  line: string;
  start: number;
  end: number;
  label: string;
  /** The first value cell (the current period's column) and its offset in `line`. */
  cell: { text: string; at: number } | null;
  /** The group heading above the row ("Earnings per share:"), if any. */
  heading: string | null;
  /** What money in the table is counted in (1e6 for "in millions"); null when not stated. */
  scale: number | null;
  /** The currency the scale note names ("in millions of euros"); null for dollars or none. */
  currency: string | null;
  /** The currency the caption names by sign or code ("(€m)", "RMB'000"); null when none. */
  named: string | null;
  /** The scale note exempts per-share amounts ("except ... per-share amounts"). */
  perShareExempt: boolean;
  /** The first column's period from the header ("2025-03-29", "FY 2025"); null when unknown. */
  period: string | null;
  /** The header's columns are not newest first, so the first column is not the current one. */
  periodUnclear: boolean;
  /**
   * What the header says the first column holds when not a result: an outlook ("Guidance",
   * "Outlook Q4 2024", "Low | High") or a change ("% Change", "2024 vs 2023").
   */
  column: "outlook" | "change" | null;
  /** The measure the header names for the first column ("Non-GAAP", "Adjusted"), if any. */
  columnQualifier: string | null;
  /** Whether a header row was read above the row in its table. */
  headed: boolean;
  /** How many cells of the row hold a figure. */
  figures: number;
}

/** A cell that says there is no figure: a dash, "n/m", "N/A", "nil", with a sign or "%". */
const NO_FIGURE =
  /^\s*(?:[$€£¥₹]\s*)?\(?\s*(?:[-‐‑‒–—―−]+|n\/?[ma]\.?|nm|nil|none)\s*\)?\s*%?\s*$/i;

/** A table row is a line of cells separated by " | ". */
const isRow = (line: string) => line.includes(" | ");

/** How far above a table a caption in prose still states the table's scale, in characters. */
const CAPTION_REACH = 1_500;

/** Splits text into prose chunks and table rows, each row with its table's context. */
export function splitTables(text: string): { prose: ProseChunk[]; rows: TableRow[] } {
  const prose: ProseChunk[] = [];
  const rows: TableRow[] = [];
  let proseStart = 0;
  let inTable = false;
  let scale: number | null = null;
  let currency: string | null = null;
  let named: string | null = null;
  let perShareExempt = false;
  let heading: string | null = null;
  let period: string | null = null;
  let periodUnclear = false;
  let column: TableRow["column"] = null;
  let columnQualifier: string | null = null;
  let headed = false;
  // where the last caption read in prose stands
  let noteAt = 0;
  // "Three Months Ended June 30," above a row of years: the years are of that month and day
  let monthDay: string | null = null;
  // "Nine Months Ended" above the columns: the first column's figure is of nine months
  let span: ReturnType<typeof spanOf> = null;
  let at = 0;
  for (const line of text.split("\n")) {
    const start = at;
    at += line.length + 1;
    if (!isRow(line)) {
      const trimmed = line.trim();
      // a short line without a full stop inside a table is a group heading, not the table's end
      const short = trimmed.length < 80 && !/[.!?]$/.test(trimmed);
      const inner = inTable && short;
      if (inner) {
        // a caption between two tables ("(In thousands)" under a table "in millions"): the
        // rows below are in its scale, not the last table's (what the header said of the
        // columns holds until a header says otherwise)
        const note = scaleNotes(trimmed)[0];
        if (note) {
          scale = note.scale;
          currency = note.currency;
          named = note.named ?? null;
          perShareExempt = /\bper[- ]share\b/i.test(trimmed);
          continue;
        }
        span = spanOf(trimmed) ?? span;
        heading = /:$/.test(trimmed) ? trimmed.slice(0, -1) : heading;
        continue;
      }
      if (inTable) {
        // the table ended: what its header said no longer holds
        inTable = false;
        proseStart = start;
        scale = null;
        currency = null;
        named = null;
        perShareExempt = false;
        heading = null;
        period = null;
        periodUnclear = false;
        column = null;
        columnQualifier = null;
        headed = false;
        monthDay = null;
        span = null;
      }
      // a table's header cut into lines ("Three Months Ended" / "September 30," / "2024 | 2023":
      // a header of one cell is not a row): the span and day of the years below; a paragraph
      // between them and a table says nothing of its columns
      if (short && trimmed) {
        span = spanOf(trimmed) ?? span;
        const md = MONTH_DAY.exec(trimmed);
        const month = md ? MONTHS.indexOf(md[1].toLowerCase()) + 1 : 0;
        if (month && !/\d{4}/.test(trimmed)) {
          monthDay = `${String(month).padStart(2, "0")}-${md![2].padStart(2, "0")}`;
        }
      } else if (trimmed) {
        span = null;
        monthDay = null;
      }
      const note = scaleNotes(line)[0];
      if (note) {
        scale = note.scale;
        currency = note.currency;
        named = note.named ?? null;
        perShareExempt = /\bper[- ]share\b/i.test(line);
        noteAt = start;
      }
      continue;
    }
    if (!inTable && scale !== null && start - noteAt > CAPTION_REACH) {
      // a caption pages of prose above (another table's, the section's) is not this table's
      scale = null;
      currency = null;
      named = null;
      perShareExempt = false;
    }
    if (!inTable) {
      if (start > proseStart) {
        prose.push({ text: text.slice(proseStart, start), offset: proseStart });
      }
      inTable = true;
    }
    proseStart = at;
    const cells = line.split(" | ");
    // "Americas |  | " or "Earnings per share: |  | " under the table's header: a label with
    // empty cells heads the rows below it (a segment's, a measure's), it is no header of periods
    if (headed && cells.length > 1 && cells[0].trim() && cells.slice(1).every((c) => !c.trim())) {
      heading = cells[0].trim().replace(/:$/, "");
      continue;
    }
    // a header row: every cell a date, a year or words ("Three Months Ended")
    const periods = cells.map((c) => cellPeriod(c) ?? cellPeriod(periodWords(c)));
    const monthDayCell = (c: string) => /^[A-Za-z ]*\b[A-Z][a-z]+\.? \d{1,2},?$/.test(c.trim());
    const heads = cells.map(columnOf);
    if (
      cells.every((c, i) =>
        periods[i] || !/\d/.test(c) || monthDayCell(c) || heads[i].column || heads[i].measure
      )
    ) {
      headed = true;
      // the first column the header speaks of: its first cell with a period or words of a kind
      const first = cells.findIndex((_, i) =>
        periods[i] || heads[i].column || heads[i].measure || /^\s*GAAP\s*$/i.test(cells[i])
      );
      if (first >= 0) {
        column = heads[first].column;
        columnQualifier = heads[first].measure;
      }
      // "Three Months Ended | Nine Months Ended": the first column's span is the first named
      const spanCell = cells.find((c) => spanOf(c));
      // "(In millions) | 2024 | 2023": the caption in the header's first cell
      const note = scaleNotes(cells[0])[0];
      if (note) {
        scale = note.scale;
        currency = note.currency;
        named = note.named ?? null;
        perShareExempt = /\bper[- ]share\b/i.test(cells[0]);
      }
      if (spanCell && !periods.some((p) => p)) span = spanOf(spanCell);
      const md = /\b([A-Z][a-z]+)\.? (\d{1,2}),?\s*$/.exec(cells.find((c) => /\d/.test(c)) ?? "");
      const month = md ? MONTHS.indexOf(md[1].toLowerCase()) + 1 : 0;
      if (month && !periods.some((p) => p)) {
        monthDay = `${String(month).padStart(2, "0")}-${md![2].padStart(2, "0")}`;
        // "March 31 | June 30 | September 30 | December 31": the quarters of a year, oldest
        // first; which is the current one the header does not say
        const days = new Set(
          cells.map((c) => /\b([A-Z][a-z]+)\.? (\d{1,2}),?\s*$/.exec(c)?.slice(1).join(" "))
            .filter(Boolean),
        );
        if (days.size > 1) periodUnclear = true;
        continue;
      }
      const dated = periods.filter((p) => p !== null);
      // "Prior Year | Current Year": a header in words whose first column is the earlier period
      const wordy = cells.find((c) => /\b(?:prior|previous|last|current|this)\b|\bago\b/i.test(c));
      if (!dated.length && wordy) {
        periodUnclear = !/\b(?:current|this)\b/i.test(wordy);
      }
      // "Compute & Networking | Graphics | All Other | Consolidated": the columns are parts of
      // the company, the first a segment's
      if (
        !dated.length &&
        cells.some((c) =>
          /\b(?:consolidated|all other|eliminations?)\b/i.test(c) ||
          /^\s*(?:total|combined)\s*$/i.test(c)
        )
      ) {
        periodUnclear = true;
      }
      if (dated.length) {
        const first = dated[0]!.label;
        const sp = spanOf(cells[periods.indexOf(dated[0])]) ?? span;
        // "Year Ended December 31," over "2024": the fiscal year, as a year alone says
        period = monthDay && first.startsWith("FY ") && sp !== "FY"
          ? `${first.slice(3)}-${monthDay}`
          : first;
        if (
          (sp === "6M" || sp === "9M" || sp === "12M" || sp === "YTD") && !/^Q[1-4] /.test(period)
        ) {
          // six or nine months to a date are not that date's quarter nor the year
          period = `${sp} ${period.replace(/^FY /, "")}`;
        } else if (sp === "Q" && /^FY /.test(period)) {
          // a quarter whose end the header does not give: not the fiscal year
          period = null;
        }
        periodUnclear = dated.some((p) => p!.sort > dated[0]!.sort);
      }
      continue;
    }
    let cell: TableRow["cell"] = null;
    let offset = cells[0].length + 3;
    const figures = cells.slice(1).filter((c) => cellValue(c)).length;
    for (const c of cells.slice(1)) {
      // "—", "n/m", "N/A" in the first column: the current period has no figure; the next
      // column's figure is the prior period's, never taken for it
      if (NO_FIGURE.test(c)) break;
      if (/\d/.test(c)) {
        cell = { text: c.trim(), at: offset + (c.length - c.trimStart().length) };
        break;
      }
      offset += c.length + 3;
    }
    rows.push({
      line,
      start,
      end: start + line.length,
      label: cells[0].trim(),
      cell,
      heading,
      scale,
      currency,
      named,
      perShareExempt,
      period,
      periodUnclear,
      column,
      columnQualifier,
      headed,
      figures,
    });
  }
  if (!inTable && proseStart < text.length) {
    prose.push({ text: text.slice(proseStart), offset: proseStart });
  }
  return { prose, rows };
}
