/**
 * EDGAR renderer R pages (R2.htm ...): the report table as readable text and as structured
 * rows with hierarchical context, concept, and numeric cells. A note page that embeds the
 * filing's own HTML tables in a text-block cell gives each embedded table as a table of its own:
 * its header rows, "$" cells joined to their figures, the scale its note states, its sub-headings
 * ("Americas:") as context.
 *
 * Here the rows of a page; reading its markup is in rfile_markup.ts, its scales in
 * rfile_scales.ts, the tables a note embeds in rfile_embedded.ts, its period columns in
 * rfile_periods.ts.
 */
import { checkpoint } from "../../core/cancel.ts";
import { htmlToText } from "./html.ts";
import { periodsDownThePage } from "./rfile_periods.ts";
import {
  rowScale,
  SCALE_NAMES,
  type Scales,
  scaleText,
  titleCurrency,
  titleScalePart,
  titleScales,
  type TitleStated,
  titleStated,
} from "./rfile_scales.ts";
import {
  cellText,
  elements,
  Headings,
  indentOf,
  levels,
  liftTables,
  parseCellNumber,
  reportStart,
  reportTable,
} from "./rfile_markup.ts";
import { embeddedParts, embeddedTable } from "./rfile_embedded.ts";

export interface ReportCell {
  column: string;
  text: string;
  /** The number as printed: parentheses negative, dashes and blanks null, % kept as printed. */
  number: number | null;
  /** `number` times the table's scale for this row ($ in millions, shares in thousands), or null. */
  scaled: number | null;
  /**
   * What `scaled` counts: the page's currency ("USD", or the sign of a row in one of several
   * currencies), "shares", "count", "percent" (then scaled is null), "USD per share, as printed",
   * the unit EDGAR names after the label ("Vendor"); "money" when no currency is named; null
   * when the cell is no number.
   */
  unit: string | null;
}

export interface ReportRow {
  /** The table the row is in: the page's title, or an embedded table's name. */
  table: string;
  context: string[];
  label: string;
  concept: string | null;
  abstract: boolean;
  values: ReportCell[];
}

/** One table of a page: its name, its period columns and its scale in words. */
export interface ReportTable {
  table: string;
  columns: string[];
  /** "USD millions; shares thousands; per-share as printed", as the page or note states it. */
  scale: string;
  /** For an embedded table, the note's sentence that introduces it; null for the page's own. */
  caption: string | null;
}

/**
 * Whether `html` is an R page of EDGAR's renderer (its `<table class="report">`). The renderer's
 * older XML pages (R2.xml, 2009-2011: an `<InstanceReport>` of Rows and Cells) and other files
 * are not: read as a page they gave no row and a text of run-together figures.
 */
export function isReportPage(html: string): boolean {
  return reportStart(html) >= 0;
}

/** Clean text of an R page: one line per row, cells joined by " | ". */
export function reportText(html: string): string {
  return htmlToText(reportTable(html)).text.trim();
}

/** Structured rows of an R page, its embedded tables' rows after the cell that holds them. */
export function parseReport(
  html: string,
): {
  title: string;
  columns: string[];
  rows: ReportRow[];
  tables: ReportTable[];
  /** What the reader must know about the figures (several currencies scaled apart). */
  warnings: string[];
} {
  const table = reportTable(html);
  const inner = table.replace(/^<table\b[^>]*>/i, "").replace(/<\/table>\s*$/i, "");
  const lifted = liftTables(inner);
  const trs = elements(lifted.html, /<tr\b/gi, /<\/tr>/gi);
  let title = "";
  const headers: string[][] = [];
  const rows: ReportRow[] = [];
  const embedded: ReportTable[] = [];
  const numbered = new Map<string, number>();
  let dimension: string[] = [];
  let scales: Scales = { money: 1, shares: 1 };
  // header columns a cell of an earlier header row spans down over (rowspan), rows left
  const held = new Map<number, number>();
  let stated: TitleStated | null = null;
  const body = trs.map(([trAttrs, tr]) => ({
    trAttrs,
    // as the pattern's match: [whole, h or d, attributes, content]
    cells: elements(tr, /<t([hd])\b/gi, /<\/t[hd]>/gi).map((c) => ["", ...c]),
  })).filter((r) => r.cells.length);
  const lv = levels(
    body.filter((r) => r.cells.some((c) => c[1].toLowerCase() === "d"))
      .map((r) => indentOf(r.cells[0][2])),
  );
  const headings = new Headings(lv.indented);
  // a column whose heading names its currency ("Mar. 31, 2024 USD ($)", a convenience
  // translation beside the CNY columns) has that currency and the title's scale for its sign
  const byColumn = new Map<number, Scales>();
  const columnScales = (i: number): Scales => {
    let own = byColumn.get(i);
    if (!own) {
      const m = /\b([A-Z]{3}) \(([^)\s]{1,4})\)/.exec(headers[i]?.join(" ") ?? "");
      const f = m ? scales.bySign?.get(m[2]) : undefined;
      own = m ? { ...scales, currency: m[1], money: f ?? scales.money } : scales;
      byColumn.set(i, own);
    }
    return own;
  };
  for (const [n, { trAttrs, cells }] of body.entries()) {
    if ((n & 255) === 0) checkpoint();
    if (cells.every((c) => c[1].toLowerCase() === "h")) {
      let pos = 0;
      const below = new Map<number, number>();
      cells.forEach((c, i) => {
        if (!title && i === 0 && /class="tl"/.test(c[2])) {
          title = cellText(c[3]);
          const part = titleScalePart(c[3]);
          stated = titleStated(part);
          scales = { ...titleScales(part), currency: titleCurrency(title) };
          return;
        }
        // as browsers read it: 1 to 1000 (a header claiming a billion columns must not hang)
        const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        const down = Math.min(50, Math.max(1, Number(/rowspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        // a column a header cell above still covers takes no cell of this row: its period
        // heading ("Sep. 28, 2024" spanning two header rows) stays over its own figures
        while ((held.get(pos) ?? 0) > 0) pos++;
        const head = cellText(c[3]);
        for (let k = 0; k < span; k++) {
          if (head) (headers[pos + k] ??= []).push(head);
          if (down > 1) below.set(pos + k, down - 1);
        }
        pos += span;
      });
      for (const [k, n] of held) n > 1 ? held.set(k, n - 1) : held.delete(k);
      for (const [k, n] of below) held.set(k, n);
      continue;
    }
    const label = cellText(cells[0][3]);
    const concept = /defref_([\w.-]+?)(?:=[^'"]*)?['"]/.exec(cells[0][3])?.[1] ?? null;
    // the tables a cell embeds are numbered in page order: "[table 1]" in its text
    for (const c of cells.slice(1)) {
      for (const m of c[3].matchAll(/\uE000(\d+)\uE000/g)) numbered.set(m[1], numbered.size + 1);
    }
    const texts = cells.slice(1).map((c) =>
      cellText(c[3].replace(/\uE000(\d+)\uE000/g, (_m, k) => ` [table ${numbered.get(k)}] `))
    );
    const empty = texts.every((t) => !t);
    if (/class="rh"/.test(trAttrs)) {
      dimension = label.split(" | ").map((s) => s.trim()).filter(Boolean);
      headings.reset();
      continue;
    }
    const abstract = empty &&
      (/Abstract$|LineItems$/.test(concept ?? "") || /\[Abstract\]/.test(label) ||
        /<strong>/i.test(cells[0][3]));
    const heading = abstract && !/\[Line Items\]/.test(label);
    const total = /class="[^"]*\br(?:[eo]u|t|tu)\b/.test(trAttrs) || /^total\b/i.test(label);
    const kind = heading ? "heading" : abstract ? "other" : total ? "total" : "item";
    const under = headings.row(label, lv.of(indentOf(cells[0][2])), kind);
    const context = [...dimension, ...under];
    const values = texts.map((text, i) => {
      const number = parseCellNumber(text);
      const m = number === null
        ? null
        : rowScale(label, text, columnScales(i), concept, under.at(-1));
      return {
        column: headers[i]?.join(" ") || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || m?.scale == null ? null : number * m.scale,
        unit: m?.unit ?? null,
      };
    });
    const qname = concept ? concept.replace("_", ":") : null;
    rows.push({ table: title, context, label, concept: qname, abstract, values });
    // the tables a text block holds, each a table of its own, right after the block
    cells.slice(1).forEach((c) => {
      for (const part of embeddedParts(c[3], lifted.tables)) {
        const name = `${label} — table ${embedded.length + 1}`;
        const t = embeddedTable(part.html, part.before, name, dimension);
        // the note's title printed before its first sentence is not part of the caption
        const caption = part.caption?.startsWith(`${label} `)
          ? part.caption.slice(label.length + 1)
          : part.caption;
        embedded.push({ table: name, columns: t.columns, scale: t.scale, caption });
        rows.push(...t.rows);
      }
    });
  }
  const columns = headers.map((h) => h.join(" "));
  // the currencies the columns name, when they name more than the title's one
  const named = new Set(columns.map((_c, i) => columnScales(i).currency ?? null));
  const currency = titleCurrency(title);
  const currencies = named.size > 1
    ? `${[...named].map((c) => c ?? "money").join(" or ")} (as each column is headed)`
    : named.size === 1
    ? [...named][0]
    : currency;
  const own: ReportTable = {
    table: title,
    columns,
    scale: scaleText((stated as TitleStated | null) ?? titleStated(title), currencies),
    caption: null,
  };
  const warnings: string[] = [];
  // an equity statement's columns are its components: its periods run down the page
  if (periodsDownThePage(title, columns, rows)) {
    warnings.push(
      `the columns of this page are no periods (${columns.slice(0, 3).join(", ")}${
        columns.length > 3 ? ", …" : ""
      }): its periods run down the page, between balances dated in their labels, so each row's period is the first entry of its context ("6 Months Ended …"); the same line stands once for each period`,
    );
  }
  // set inside the header cells' callback, which the compiler does not follow
  const st = stated as TitleStated | null;
  // every column naming a currency the title scales: each figure has its scale
  const unscaled = rows.some((r) =>
    r.values.some((v) => v.number !== null && v.scaled === null && v.unit !== "percent")
  );
  if (st?.mixed && unscaled) {
    warnings.push(
      `the page states a scale for each currency (${
        [...st.bySign].map(([sign, f]) => `${sign} in ${SCALE_NAMES[f]}`).join(", ")
      }): a figure whose row does not name its currency has scaled null; read its number with the currency of its column`,
    );
  }
  return { title, columns, rows, tables: [own, ...embedded], warnings };
}
