/**
 * document.tables' view: each table with its page, caption and scale, its figures as parsed
 * (with the scale the caption or a column states), and the rows no figure was read from.
 */
import { type Block, isRecord, join, num, str } from "./model.ts";
import { oneLine } from "./text.ts";
import { countLine, list } from "./lists.ts";

/** document.tables: each table's cells as a grid, numbers right-aligned. */
export function tablesView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const tables = list(data, "tables");
  const blocks: Block[] = [{
    kind: "title",
    text: `${countLine(tables.length, data.total_detected, "tables")} in ${
      str(data.url) ?? str(data.path) ?? str(data.source) ?? "the document"
    }`,
  }];
  for (const t of tables) {
    const header = Array.isArray(t.header)
      ? (t.header as unknown[]).map((h) => oneLine(String(h ?? "")))
      : [];
    const body = Array.isArray(t.rows) ? (t.rows as unknown[][]) : [];
    const values = Array.isArray(t.values) ? (t.values as (number | null)[][]) : [];
    const width = Math.max(header.length, ...body.map((r) => r.length));
    const numeric = Array.from(
      { length: width },
      (_, c) => values.some((r) => typeof r?.[c] === "number"),
    );
    blocks.push({
      kind: "table",
      fold: 1,
      caption: join([
        `Table ${t.table}`,
        num(t.page) !== undefined && `page ${t.page}`,
        str(t.flavor),
        Array.isArray(t.shape) && `${t.shape[0]} rows × ${t.shape[1]} columns`,
        scaleNote(t.scale, header, t.scales, values, body, t.row_scales),
      ]),
      columns: Array.from(
        { length: width },
        (_, c) => ({ name: header[c] ?? "", number: numeric[c] }),
      ),
      rows: body.map((r) =>
        Array.from(
          { length: width },
          (_, c) => ({ text: oneLine(String(r[c] ?? "")), number: numeric[c] }),
        )
      ),
      note: t.truncated === true ? `${t.returned_rows} rows shown (max_rows)` : undefined,
    });
  }
  return blocks;
}

/**
 * A table's stated scale: "figures in thousands (“(In thousands, …)” above the table)", and the
 * columns and rows whose figures it covers none of ("not in millions: Average Price Paid per
 * Share; Diluted earnings per share"); a table with figures and no scale found says so.
 */
function scaleNote(
  scale: unknown,
  header: string[],
  scales: unknown,
  values: (number | null)[][],
  body: unknown[][],
  rowScales: unknown,
): string | false {
  if (!isRecord(scale) || typeof scale.multiplier !== "number") {
    // said, so a bare 4,200 is not read as dollars or millions the table never named
    return values.some((r) => r?.some((x) => typeof x === "number")) &&
      "figures as printed: no scale (thousands, millions) found with the table";
  }
  const unit = ({ 1e3: "thousands", 1e6: "millions", 1e9: "billions" } as Record<number, string>)[
    scale.multiplier
  ] ?? `units of ${scale.multiplier}`;
  const where = scale.where === "header" ? "in its header" : "above the table";
  const cells = Array.isArray(scales) ? scales as (number | null)[][] : [];
  // named columns with figures, none of them covered (their rows are not named again)
  const columns = header.map((h, c) =>
    !!h && !!cells.length && values.some((r) => typeof r?.[c] === "number") &&
    cells.every((r) => r[c] === null || r[c] === undefined)
  );
  const uncovered = header.filter((_, c) => columns[c]);
  const covered = cells.some((r) => r.some((x) => typeof x === "number"));
  const rows = covered ? uncoveredRows(body, values, cells, rowScales, columns) : [];
  const not = covered && (uncovered.length || rows.length)
    ? `; not in ${unit}: ${[...uncovered, ...rows].join("; ")}`
    : "";
  return `${
    covered || !cells.length ? `figures in ${unit}` : `no figure in ${unit}`
  } as printed (“${oneLine(String(scale.text ?? ""))}” ${where})${not}`;
}

/** Row labels listed in a caption at most; the rest are counted (the warning names them too). */
const MAX_ROWS_NAMED = 8;

/**
 * The labels of rows whose figures the scale covers none of (an EPS row in cents, a percent or
 * count row under "$ in millions"): document.tables gives them row_scales null. A row whose
 * figures all sit in a column already named as uncovered is not named again.
 */
function uncoveredRows(
  body: unknown[][],
  values: (number | null)[][],
  cells: (number | null)[][],
  rowScales: unknown,
  columns: boolean[],
): string[] {
  const perRow = Array.isArray(rowScales) ? rowScales as (number | null)[] : null;
  const labels: string[] = [];
  values.forEach((r, i) => {
    const figures = (r ?? []).flatMap((v, c) => (typeof v === "number" && !columns[c] ? [c] : []));
    if (!figures.length) return;
    const none = perRow && i < perRow.length
      ? perRow[i] === null || perRow[i] === undefined
      : figures.every((c) => cells[i]?.[c] === null || cells[i]?.[c] === undefined);
    if (none) labels.push(rowLabel(body[i] ?? []) || `row ${i + 1}`);
  });
  return labels.length > MAX_ROWS_NAMED
    ? [...labels.slice(0, MAX_ROWS_NAMED), `${labels.length - MAX_ROWS_NAMED} more rows`]
    : labels;
}

/** A row's label: its first cell that is not a figure. */
function rowLabel(row: unknown[]): string {
  for (const cell of row) {
    const text = oneLine(String(cell ?? "")).trim();
    if (text && !/^[\s$€£¥(+\-–—−]*[\d.,]+[)%]*$/.test(text)) return text;
  }
  return "";
}
