/**
 * What document.tables reads from one document, before it is shaped into its answer: every table
 * of an HTML page, or the tables of the chosen pages of a PDF (by ruling lines, by text alignment,
 * or the better of both per page), with the character offsets of their cells in document.read's
 * text, and the pages that could not be read (scans, stamps over images, text layers that do not
 * decode); then the scale of a table that continues one from the page before.
 */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { checkpoint } from "../../core/cancel.ts";
import type { RawDocument } from "./load.ts";
import type { PageLayout } from "./tables_offsets.ts";
import { SCAN_COVERAGE, SPARSE_CHARS, type TextLayerNote } from "./text_layer.ts";
import type { Table } from "./table_model.ts";
import { htmlTable } from "./tables.ts";
import { multiNumber } from "./table_figures.ts";

/** document.tables' arguments that choose what is read. */
export interface TableReadArgs {
  source: string;
  pages: string;
  max_pages: number;
  flavor?: "stream" | "lattice";
  max_tables: number;
}

/** A table found, with how it was found. */
export type FoundTable = Table & { flavor: "stream" | "lattice" | "html" };

/** What was read, and what could not be. */
export interface TablesFound {
  found: FoundTable[];
  /** Pages searched. */
  pages: number[];
  /** Character offsets of the first max_tables tables' cells in document.read's text. */
  offsets: (([number, number] | null)[][] | null)[];
  /** Pages without a text layer. */
  textless: number;
  /** Pages with a stamp's worth of text over a page-size image. */
  stamped: number[];
  /** Pages whose text layer does not decode (garbled: not read) or holds control characters. */
  notes: Map<number, TextLayerNote>;
  /** Tables on readable pages whose own cells do not decode, left out. */
  unreadable: Map<string, { page: number; sample: string }>;
}

/** Every table of an HTML page (a page has no pages to choose: said when pages= asks for some). */
export async function htmlTables(
  ctx: Context,
  args: TableReadArgs,
  raw: RawDocument,
  warnings: string[],
): Promise<TablesFound> {
  let offsets: TablesFound["offsets"] = [];
  const { htmlTableBlocks } = await import("./html.ts");
  const { decodeHtml } = await import("../../providers/decode.ts");
  // in the page's own encoding, as document.read reads it: a windows-1252 page's "—" and
  // "£" read as UTF-8 were U+FFFD, a UTF-16 page's cells NUL-spaced nonsense
  const decoded = decodeHtml(raw.bytes, raw.charset);
  warnings.push(...decoded.warnings);
  const grids = await htmlTableBlocks(
    decoded.html,
    (await ctx.provider("pdf_text_a")).maxHtmlDepth(),
  );
  const found: FoundTable[] = grids.filter((g) => g.grid.length >= 2).map((g) => ({
    ...htmlTable(g.grid, g.above),
    flavor: "html" as const,
  }));
  const pages = [1];
  if (args.pages.trim().toLowerCase() !== "1-end" || args.max_pages > 0) {
    warnings.push(
      `pages=${args.pages}${
        args.max_pages > 0 ? ` and max_pages=${args.max_pages}` : ""
      } select pages of a PDF; ${raw.label} is an HTML page, read whole: every table of it is listed`,
    );
  }
  if (found.length) {
    // the page's text as document.read reads it, for the offsets of the cells
    const { loadDocument } = await import("./load.ts");
    const { htmlCellOffsets } = await import("./tables_offsets.ts");
    const doc = await loadDocument(ctx, args.source, { format: "html" });
    offsets = htmlCellOffsets(doc.text, found.slice(0, args.max_tables));
  }
  return {
    found,
    pages,
    offsets,
    textless: 0,
    stamped: [],
    notes: new Map(),
    unreadable: new Map(),
  };
}

/** The tables of the chosen pages of a PDF. */
export async function pdfTables(
  ctx: Context,
  args: TableReadArgs,
  raw: RawDocument,
  warnings: string[],
): Promise<TablesFound> {
  let found: FoundTable[];
  let pages: number[];
  let offsets: TablesFound["offsets"] = [];
  let textless = 0;
  const stamped: number[] = [];
  const notes = new Map<number, TextLayerNote>();
  const unreadable = new Map<string, { page: number; sample: string }>();
  const client = await ctx.provider("pdf_tables_a");
  const pdf = await client.open(raw.bytes, raw.label);
  try {
    pages = parsePages(args.pages, pdf.pageCount);
    if (args.max_pages > 0) pages = pages.filter((p) => p <= args.max_pages);
    if (pages.length === 0) {
      throw new InputError(
        `pages="${args.pages}"${
          args.max_pages > 0 ? ` with max_pages=${args.max_pages}` : ""
        } selects no page of this ${pdf.pageCount}-page PDF`,
      );
    }
    found = [];
    const { pageLayout } = await import("./pdf_layout.ts");
    const { pageTables } = await import("./pdf_tables.ts");
    const known = new Map<number, PageLayout>();
    // a page's tables by the ruling lines, or by the text's alignment; in auto mode both are
    // read where the lines find tables, and the one that reads more figures as single
    // numbers wins (ruled boxes around whole blocks run columns together: "109 3 103 35")
    const quality = (ts: { rows: string[][]; values: (number | null)[][] }[]) => {
      let score = 0;
      for (const t of ts) {
        for (const r of t.values) for (const v of r) if (v !== null) score++;
        for (const r of t.rows) for (const c of r) if (multiNumber(c)) score -= 3;
      }
      return score;
    };
    for (const p of pages) {
      checkpoint();
      // a scanned page has no text to find tables in: said, not "no tables detected"
      const { runs, width } = await pdf.pageRuns(p);
      if (!runs.some((r) => r.str.trim())) {
        textless++;
        continue;
      }
      // nor has a scan with a stamp's worth of text on it (a page number, "Confidential")
      // over a page-size image: its tables are in the image, as document.read finds
      let chars = 0;
      for (const r of runs) {
        chars += r.str.replace(/\s/g, "").length;
        if (chars >= SPARSE_CHARS) break;
      }
      if (chars < SPARSE_CHARS && await pdf.imageCoverage(p) >= SCAN_COVERAGE) {
        stamped.push(p);
        continue;
      }
      // the page's text layer is checked as document.read checks it: one that does not
      // decode gives no tables (its glyph codes would read as cells), and is said
      const read = async (flavor: "stream" | "lattice") => {
        const r = await pageTables(client, pdf, [p], flavor);
        for (const n of r.notes) notes.set(n.page, n);
        for (const u of r.unreadable) unreadable.set(`${u.page}|${u.sample}`, u);
        return r.tables;
      };
      if (args.flavor) {
        const t = await read(args.flavor);
        found.push(...t.map((x) => ({ ...x, flavor: args.flavor! })));
      } else {
        const lattice = await read("lattice");
        if (notes.get(p)?.kind === "garbled") continue;
        const stream = lattice.length ? await read("stream") : [];
        const useStream = !lattice.length || quality(stream) > quality(lattice);
        const t = !useStream ? lattice : lattice.length ? stream : await read("stream");
        found.push(
          ...t.map((x) => ({
            ...x,
            flavor: useStream ? "stream" as const : "lattice" as const,
          })),
        );
      }
      // the page's text as document.read reads it, for the offsets of its tables' cells
      // (the lines' places only where it has tables)
      if (found.length <= args.max_tables) {
        const layout = pageLayout(runs, width);
        known.set(p, found.at(-1)?.page === p ? layout : { ...layout, lines: [] });
      }
      if (found.length >= args.max_tables * 4) break; // enough to fill the answer
    }
    if (found.length) {
      const { tableOffsets } = await import("./tables_offsets.ts");
      const placed = await tableOffsets(pdf, found.slice(0, args.max_tables), known);
      offsets = placed.offsets;
      if (placed.ocrPage !== null && offsets.some((o) => o === null)) {
        warnings.push(
          `page ${placed.ocrPage} has no text layer or only a stamp's worth of text over an image: document.read may read it by OCR, so the character offsets of tables from that page on are not known here (offsets null); find their figures with document.scan`,
        );
      }
    }
  } finally {
    // a close that fails must not replace the error that ended the work
    await pdf.close().catch(() => {});
  }
  return { found, pages, offsets, textless, stamped, notes, unreadable };
}

/**
 * A table that says it continues one from an earlier page ("Segment information (continued)") is
 * in that table's scale when its own page states none: read alone its figures had no scale at all.
 */
export function continuedScales(found: FoundTable[], pages: number[]): void {
  // a table that says it continues one from an earlier page ("Segment information
  // (continued)") is in that table's scale when its own page states none: read alone its
  // figures had no scale at all
  found.forEach((t, i) => {
    if (t.scale || t.flavor === "html") return;
    // "(continued)", "Segment information — continued", "… (cont'd)"; not "continued growth"
    const said = [...(t.above ?? []), ...t.header];
    if (
      !said.some((l) =>
        /\(\s*continued\s*\)|[-\u2013\u2014,:]\s*continued\b|\bcontinued\s*$|\bcont['\u2019]d\b|\(cont\.?\)/i
          .test(l)
      )
    ) return;
    const before = found.slice(0, i).filter((o) => o.page === t.page - 1);
    const from = before.findLast((o) => o.header.length === t.header.length) ?? before.at(-1);
    if (from?.scale) {
      t.scale = { ...from.scale, where: "above" };
      (t.warnings ??= []).push(
        `it continues a table from page ${from.page}, whose scale ("${from.scale.text}") was taken for it: its own page states none`,
      );
    } else if (!from && t.page > 1 && !pages.includes(t.page - 1)) {
      (t.warnings ??= []).push(
        `it says it continues a table from an earlier page, which was not searched: its scale may be stated there (pages=${
          Math.max(1, t.page - 1)
        }-${t.page} reads both)`,
      );
    }
  });
}

/** Parses "1-end", "1,3-5", "all" into sorted 1-based page numbers within [1, total]. */
export function parsePages(spec: string, total: number): number[] {
  const pages = new Set<number>();
  for (const { from, to } of pageRanges(spec)) {
    for (let p = from; p <= Math.min(to ?? total, total); p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

/**
 * The ranges a page list names (`to` null for "end"), or an InputError naming the part that is
 * no page or range: the list is checked before a document is fetched, whatever its length.
 */
export function pageRanges(spec: string): { from: number; to: number | null }[] {
  const s = spec.trim().toLowerCase();
  if (s === "all" || s === "") return [{ from: 1, to: null }];
  return s.split(",").map((p) => p.trim()).filter(Boolean).map((part) => {
    const m = /^(\d+)(?:-(\d+|end))?$/.exec(part);
    if (!m) {
      throw new InputError(
        `pages="${spec}" is not a page list: use forms like 1, 1-3, 2-end or 1,3-5`,
      );
    }
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : m[2] === "end" ? null : Number(m[2]);
    if (from < 1 || (to !== null && to < from)) {
      throw new InputError(`pages="${spec}": range ${part} is empty or starts before page 1`);
    }
    return { from, to };
  });
}
