import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import { liftWarnings } from "../../analysis/document/view.ts";
import { documentReadFrom, documentReadFromShape } from "./read.ts";
import { checkpoint, StoppedError } from "../../core/cancel.ts";
import { textLayerWarnings } from "../../analysis/document/text_layer.ts";

const table = z.object({
  table: z.int().describe("1-based position in the result."),
  page: z.int(),
  bbox: z.array(z.number()).nullable().describe(
    "[x0, y0, x1, y1] in points from the page's top left.",
  ),
  flavor: z.enum(["stream", "lattice", "html"]),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  values: z.array(z.array(z.number().nullable())).describe(
    "Parsed number of each cell of rows: (1,234) is -1234, dashes and text are null.",
  ),
  scale: z.object({
    multiplier: z.number(),
    text: z.string(),
    where: z.enum(["header", "above"]),
  }).nullable().describe(
    'The scale the table states for its figures ("In thousands, except per share data" in its ' +
      "header or just above it: multiplier 1000), or null when it states none. values are as " +
      "printed, never multiplied; text says what the scale does not cover (per-share figures). A " +
      'table that says it continues one from the previous page ("(continued)") and states no ' +
      "scale of its own takes that table's scale, with a warning.",
  ),
  scales: z.array(z.array(z.number().nullable())).describe(
    "The multiplier of each value in values: the stated scale where it covers that figure, null for text and for figures it does not cover (per-share and other per-unit rows or columns, percents, counts of stores, employees or days, share counts under a statement of dollars) and in tables that state none. A figure in units is values[r][c] × scales[r][c].",
  ),
  row_scales: z.array(z.number().nullable()).describe(
    "Per row, the multiplier of its scaled figures, or null when none of them is scaled; a row can also hold uncovered figures (a per-share column, a percent change): scales says which.",
  ),
  offsets: z.array(z.array(z.array(z.int()).nullable())).nullable().describe(
    'Per cell of rows, [start_char, end_char] of its text in the text document.read returns for this document (the offsets document.window and document.scan take; the text there may space the cell\'s characters otherwise), or null where the cell is empty or its text is not found on its line. An HTML table\'s cell merged from several ("$" and "1,234") spans the " | " between them there. Null for the whole table when its offsets are not known: a PDF table on or after a page document.read reads by OCR.',
  ),
  shape: z.array(z.int()).describe("[rows, columns] of the whole table."),
  returned_rows: z.int(),
  truncated: z.boolean(),
});

export default defineCommand({
  name: "document.tables",
  summary: "Extract tables from a PDF or HTML document with parsed numbers",
  description:
    "Finds tables in a text-based PDF (or the tables of an HTML page) and returns their cells with " +
    "numbers parsed, e.g. an income statement in an earnings release. flavor=stream infers columns " +
    "from text alignment; flavor=lattice uses the ruling lines drawn in the PDF; without flavor, " +
    "ruled grids are used where a page has them and alignment elsewhere. Scanned pages have no " +
    "text positions: OCR them with document.ocr. For XBRL statements of SEC filers prefer " +
    "filings.statement.",
  usage:
    "finance document.tables SOURCE|source=PATH_OR_URL [pages=1-end max_pages=0 flavor=stream|lattice max_tables=20 max_rows=25]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: [
    "source",
    "url",
    "path",
    "page",
    "start_char",
    "end_char",
    "match_id",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["source"],
  view: "tables",
  aliases: { "path": "source", "url": "source" },
  args: z.strictObject({
    source: z.string().describe("Local file path or http(s) URL of the PDF or HTML document."),
    pages: z.string().default("1-end").describe("PDF pages to search: 1-end, 2, 1,3-5 or all."),
    max_pages: z.int().min(0).default(0).describe(
      "Only search the first N PDF pages (0 = every page), as in the other document commands; applies within pages=.",
    ),
    flavor: z.enum(["stream", "lattice"]).optional().describe(
      "stream: columns from text alignment; lattice: cells from ruling lines (default: both, per page).",
    ),
    max_tables: z.int().min(1).default(20).describe("Most tables to return."),
    max_rows: z.int().min(0).default(25).describe("Most rows per table (0 = all rows)."),
  }),
  data: z.object({
    source: z.string(),
    url: z.string().nullable(),
    path: z.string().nullable(),
    format: z.enum(["pdf", "html"]),
    engine: z.string(),
    pages: z.array(z.int()).describe("Pages searched."),
    flavor: z.enum(["stream", "lattice", "auto"]),
    tables: z.array(table),
    count: z.int(),
    total_detected: z.int(),
    warnings: z.array(z.string()),
    ...documentReadFromShape,
  }),
  examples: [
    "finance document.tables ./earnings-release.pdf pages=1-3",
    "finance document.tables ./deck.pdf pages=12 flavor=lattice max_rows=0",
  ],
  run(args, ctx) {
    // pdf.js and linkedom fail in their own words once a stopped call tears the work down
    return asStopped(async () => {
      if (!args.source?.trim()) {
        throw new InputError("source is required (a local path or an http(s) URL)");
      }
      const { applyNumberStyle, multiNumber, numberStyles } = await import(
        "../../analysis/document/table_figures.ts"
      );
      const { cellScales } = await import("../../analysis/document/table_scale.ts");
      const { continuedScales, htmlTables, pageRanges, pdfTables } = await import(
        "../../analysis/document/table_read.ts"
      );
      pageRanges(args.pages); // a page list that names no page is refused before the fetch
      const { fetchDocument, isEdgarSubmission, sniffFormat } = await import(
        "../../analysis/document/load.ts"
      );
      const raw = await fetchDocument(ctx, args.source);
      if (isEdgarSubmission(raw.url) && !sniffFormat(raw.bytes)) {
        // no markup: an empty list would pass for "this filing has no tables"
        throw new FinanceError(
          `${raw.url} is an EDGAR submission in plain text (a filing from before HTML): its ` +
            `tables are columns laid out in spaces, which document.tables does not read; read ` +
            `them as text with document.read, document.window or filings.read`,
        );
      }
      const warnings: string[] = [];
      const { found, pages, offsets, textless, stamped, notes, unreadable } = raw.format === "html"
        ? await htmlTables(ctx, args, raw, warnings)
        : await pdfTables(ctx, args, raw, warnings);
      const garbled = [...notes.values()].filter((n) => n.kind === "garbled").map((n) => n.page);
      if (
        garbled.length && found.length === 0 &&
        textless + stamped.length + garbled.length >= pages.length
      ) {
        // nothing was read: an empty list of tables would pass for "this document has none"
        throw new FinanceError(
          `no page searched has a readable text layer: page(s) ${
            garbled.join(", ")
          } are set in a font without a Unicode map (pdf.js gives glyph codes such as "${
            notes.get(garbled[0])!.sample
          }", not the printed characters)${
            textless + stamped.length
              ? `, and ${textless + stamped.length} page(s) are scanned images`
              : ""
          }, so their tables cannot be read from the text; run document.ocr on ${raw.label} (it reads the rendered pages) and read the figures from its text`,
        );
      }
      warnings.push(...textLayerWarnings([...notes.values()].sort((a, b) => a.page - b.page)));
      for (const u of unreadable.values()) {
        warnings.push(
          `page ${u.page}: a table whose cells do not decode to readable text (a font without a Unicode map; pdf.js gave e.g. "${u.sample}") was left out rather than returned as garbage; read the page with document.ocr`,
        );
      }
      if (textless) {
        warnings.push(
          `${textless} of the ${pages.length} page(s) searched have no text layer (scanned images): tables are not read from them; read their text with document.ocr`,
        );
      }
      if (stamped.length) {
        warnings.push(
          `page(s) ${
            stamped.join(", ")
          } hold only a few characters of text (a stamp or page number) over a page-size image: scans or pictures, whose tables (if any) are in the image and are not read; read them with document.ocr`,
        );
      }
      if (
        found.length === 0 && !unreadable.size &&
        textless + stamped.length + garbled.length < pages.length
      ) {
        warnings.push(
          "no tables detected on the pages searched; try the other flavor or document.scan",
        );
      }
      if (found.length > args.max_tables) {
        warnings.push(`returned the first ${args.max_tables} of ${found.length} tables`);
      }
      continuedScales(found, pages);
      // how each table writes its decimals, from its own figures, the document's other tables and
      // the hints around it; figures that could be read either way are null and said
      const styles = numberStyles(found.map((t) => ({
        cells: [...t.header, ...t.rows.flat()],
        context: [t.scale?.text ?? "", ...(t.above ?? []), ...t.header].join(" "),
      })));
      found.forEach((t, i) => {
        const open = applyNumberStyle(t, styles[i]);
        if (i >= args.max_tables) return;
        const where = `table ${i + 1}${t.page ? ` (page ${t.page})` : ""}`;
        if (open) {
          const example = t.rows.flat().find((c) => /^\D*[1-9]\d{0,2}[.,]\d{3}\D*$/.test(c)) ??
            "";
          warnings.push(
            `${where}: ${open} figure(s) such as "${
              example.slice(0, 20)
            }" could be read with either decimal mark (a thousand and some, or one and a fraction) and nothing in the table or document settles it, so their values are null; read them on the page`,
          );
        } else if (styles[i].style === "comma") {
          warnings.push(
            `${where}: figures are written with a decimal comma (1.234,5); values read them so`,
          );
        }
      });
      const units = await import("../../analysis/document/tables_units.ts");
      for (const [i, t] of found.slice(0, args.max_tables).entries()) {
        // what the reader could not settle about this table's rows (a row of numbers with no label)
        for (const w of t.warnings ?? []) {
          warnings.push(`table ${i + 1}${t.page ? ` (page ${t.page})` : ""}: ${w}`);
        }
        warnings.push(
          ...unitWarnings(
            t,
            `table ${i + 1}${t.page ? ` (page ${t.page})` : ""}`,
            units,
            cellScales,
          ),
        );
        const merged = t.rows.flat().filter(multiNumber);
        if (merged.length) {
          warnings.push(
            `table ${i + 1}${
              t.page ? ` (page ${t.page})` : ""
            }: ${merged.length} cell(s) hold several numbers run together (e.g. "${
              merged[0].slice(0, 40)
            }"), so their values are null; the columns were not told apart${
              t.flavor === "html"
                ? ""
                : `: try flavor=${t.flavor === "lattice" ? "stream" : "lattice"}`
            } or read the page`,
          );
        }
      }
      const tables = found.slice(0, args.max_tables).map((t, i) => {
        const keep = args.max_rows > 0 ? args.max_rows : t.rows.length;
        const scales = cellScales(t);
        return {
          table: i + 1,
          page: t.page,
          bbox: t.bbox,
          flavor: t.flavor,
          header: t.header,
          rows: t.rows.slice(0, keep),
          values: t.values.slice(0, keep),
          scale: t.scale,
          scales: scales.slice(0, keep),
          offsets: offsets[i]?.slice(0, keep) ?? null,
          row_scales: scales.slice(0, keep).map((r) => r.find((x) => x !== null) ?? null),
          shape: [t.rows.length, t.header.length],
          returned_rows: Math.min(keep, t.rows.length),
          truncated: t.rows.length > keep,
        };
      });
      return {
        source: raw.source,
        url: raw.url,
        path: raw.path,
        format: raw.format,
        engine: raw.format === "html" ? "linkedom" : "pdfjs-tables",
        pages,
        flavor: raw.format === "html" ? "auto" as const : args.flavor ?? "auto" as const,
        tables,
        count: tables.length,
        total_detected: found.length,
        warnings: liftWarnings(warnings, ctx.warn),
        ...documentReadFrom(ctx, raw.url),
      };
    });
  },
});

/**
 * Runs the command's work so that a call stopped at its time limit or cancelled always answers
 * so: once the call's signal is aborted or its deadline passed, pdf.js rejects its pending
 * page reads ("Worker was destroyed", an AbortError, a TypeError on a torn-down page), which
 * surfaced as "internal error" instead of the time-limit error. Failures of a call still
 * running pass unchanged.
 */
export async function asStopped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof FinanceError && !(e instanceof StoppedError)) throw e;
    checkpoint(); // throws the time-limit (or cancelled) error when the call was stopped
    throw e;
  }
}

type Units = typeof import("../../analysis/document/tables_units.ts");
type TableOf = import("../../analysis/document/table_model.ts").Table;

/**
 * What a table's scale does not cover, said per row: a header "$ million" over a column with an
 * EPS row in cents read as millions for the whole column. A table without a scale whose caption
 * says its figures are percentages ("Key Financial Ratios (% of Net Sales)") says so.
 */
function unitWarnings(
  t: TableOf,
  where: string,
  units: Units,
  cellScales: (t: TableOf) => (number | null)[][],
): string[] {
  if (t.scale) {
    // a statement that names its exceptions ("except per share data") already says it
    if (units.statesExceptions(t.scale.text)) return [];
    const left = units.unscaledRows(t.rows, t.values, cellScales(t));
    if (!left.length) return [];
    const named = left.slice(0, 6).map((l) => `"${l}"`).join(", ");
    return [
      `${where}: its scale ("${t.scale.text}") does not apply to row(s) ${named}${
        left.length > 6 ? ` and ${left.length - 6} more` : ""
      }: per-share, per-unit, percent or count figures, as printed (their row_scales are null)`,
    ];
  }
  const caption = units.percentCaption(t.above ?? [], t.header);
  const example = t.rows.flat().find((c, k) => t.values.flat()[k] !== null && c.trim());
  if (!caption || example === undefined) return [];
  return [
    `${where}: its caption "${caption}" says its figures are percentages: values are percents as printed (${example} is ${
      example.replace(/%$/, "")
    }%), not amounts, and no money scale applies`,
  ];
}
