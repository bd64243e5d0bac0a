/**
 * filings.report: one R page as EDGAR renders it. Each table (the page's own, then each table a
 * note embeds) with its label column indented by the headings it stands under, one column per
 * period header, figures as printed and its scale stated once; a note's text block as prose; then
 * the citation: form, accession, the report's name and the R page's full URL. The sheet
 * (`--output csv|tsv`) is one row per line item with its context, concept, and per column the
 * figure as printed and scaled, each row citing the filing and the page.
 */
import { type Block, type Cell, type Column, isRecord, type Rec, str } from "./model.ts";

interface RCell {
  column: string;
  text: string;
  number: number | null;
  scaled: number | null;
}
interface RRow {
  table: string;
  context: string[];
  label: string;
  concept: string | null;
  abstract: boolean;
  values: RCell[];
}
interface RTable {
  table: string;
  columns: string[];
  scale: string;
  caption: string | null;
}

/** A text-block cell (a whole note) is prose, not a figure in a grid. */
const isTextBlock = (r: RRow) =>
  /TextBlock$/.test(r.concept ?? "") || r.values.some((v) => v.text.length > 120);

/** "3 Months Ended Mar. 29, 2025" → "3 Months Ended\nMar. 29, 2025", as EDGAR stacks it. */
function header(column: string): string {
  const m = /^(.*\b(?:Ended|Ending))\s+(.+)$/i.exec(column);
  return m ? `${m[1]}\n${m[2]}` : column;
}

/** The tables of the result: as it states them, else as the rows name them. */
function tablesOf(data: Rec, rows: RRow[]): RTable[] {
  if (Array.isArray(data.tables) && data.tables.every(isRecord)) {
    return data.tables as unknown as RTable[];
  }
  const names = [...new Set(rows.map((r) => r.table))];
  return names.map((table) => ({
    table,
    columns: rows.find((r) => r.table === table)?.values.map((v) => v.column) ?? [],
    scale: "figures as printed",
    caption: null,
  }));
}

/** A table's rows as a grid: a heading line wherever the row's context opens a new one. */
function grid(t: RTable, rows: RRow[]): Block {
  const columns: Column[] = [
    { name: "", wrap: true },
    ...t.columns.map((c) => ({ name: header(c), number: true })),
  ];
  const cells: Cell[][] = [];
  let open: string[] = [];
  for (const r of rows) {
    let same = 0;
    while (same < open.length && same < r.context.length && open[same] === r.context[same]) same++;
    // a heading the page gives as a row of its own ("Operating expenses:") prints as that row
    r.context.slice(same).forEach((h, i) => cells.push([{ text: h, indent: same + i }]));
    open = r.abstract ? [...r.context, r.label.replace(/:$/, "").trim()] : r.context;
    cells.push([
      { text: r.label, indent: r.context.length },
      ...t.columns.map((_c, i): Cell => ({ text: r.values[i]?.text ?? "", number: true })),
    ]);
  }
  return { kind: "table", columns, rows: cells, fold: 1 };
}

function citation(filing: Rec, report: Rec): string {
  const head = [
    `Source: SEC EDGAR ${str(filing.form) ?? "filing"}`,
    str(filing.accession_no) && `accession ${filing.accession_no}`,
    `report ${String(report.file_name ?? "").replace(/\.html?$/, "")} "${
      str(report.short_name) ?? ""
    }"`,
    str(filing.period_of_report) && `period ${filing.period_of_report}`,
    str(filing.filing_date) && `filed ${filing.filing_date}`,
  ].filter(Boolean).join(", ");
  return [head, str(report.url), str(filing.filing_url) && `Filing: ${filing.filing_url}`]
    .filter(Boolean).join("\n");
}

/** The filings.report view. */
export function reportView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows) || !isRecord(data.report)) return [];
  const filing = isRecord(data.filing) ? data.filing : {};
  const report = data.report;
  const rows = data.rows as RRow[];
  const blocks: Block[] = [{
    kind: "title",
    text: [str(filing.company), str(report.short_name)].filter(Boolean).join(" — "),
  }];
  for (const t of tablesOf(data, rows)) {
    const mine = rows.filter((r) => r.table === t.table);
    if (!mine.length) continue;
    const figures = mine.filter((r) => !isTextBlock(r));
    if (figures.some((r) => !r.abstract)) {
      if (t.caption !== null) blocks.push({ kind: "note", text: `${t.table}: ${t.caption}` });
      blocks.push({ kind: "note", text: `${t.scale}; negatives in parentheses` });
      blocks.push(grid(t, figures));
    }
    for (const r of mine.filter(isTextBlock)) {
      const text = r.values.map((v) => v.text).filter(Boolean).join("\n");
      blocks.push({ kind: "text", caption: r.label, text });
    }
  }
  if (!rows.length) {
    blocks.push({
      kind: "note",
      text: str(data.row_query) ? `No rows match "${data.row_query}".` : "No rows.",
    });
  }
  if (data.rows_truncated === true) {
    blocks.push({
      kind: "note",
      text: `showing ${rows.length} rows; more exist (max_rows=0 shows all)`,
    });
  }
  blocks.push({ kind: "note", text: citation(filing, report) });
  return blocks;
}

/**
 * One row per line item: its table, context (headings joined with " > "), label, concept and
 * the table's scale, then per column the figure as printed and `<column> (scaled)`, the full
 * figure; then the form, accession, R page and its URL.
 */
export function reportSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows) || !isRecord(data.report)) return null;
  const filing = isRecord(data.filing) ? data.filing : {};
  const report = data.report;
  const rows = (data.rows as RRow[]).filter((r) => !r.abstract);
  const tables = tablesOf(data, rows);
  const columns = [...new Set(rows.flatMap((r) => r.values.map((v) => v.column)))];
  return rows.map((r) => {
    const row: Rec = {
      table: r.table,
      context: r.context.join(" > "),
      label: r.label,
      concept: r.concept,
      scale: tables.find((t) => t.table === r.table)?.scale ?? null,
    };
    for (const c of columns) {
      const v = r.values.find((x) => x.column === c);
      row[c] = v?.text ?? null;
      row[`${c} (scaled)`] = v?.scaled ?? null;
    }
    row.form = filing.form ?? null;
    row.accession_no = filing.accession_no ?? null;
    row.report = report.file_name ?? null;
    row.url = report.url ?? null;
    return row;
  });
}
