/**
 * Tables of a PDF's pages: the text runs and ruling lines provider pdf_tables_a reads from each
 * page, handed to the stream/lattice detectors (tables.ts). A page's text layer is checked as
 * document.read checks it first: a page whose font has no Unicode map gives glyph codes, whose
 * "cells" would pass for the table's words and figures.
 */
import type { Client as PdfTables } from "../../providers/pdf_tables_a/client.ts";
import type { PdfFile } from "../../providers/pdf_text_a/client.ts";
import { latticeTables } from "./table_lattice.ts";
import { streamTables } from "./tables.ts";
import type { Table } from "./table_model.ts";
import { pageText, type TextRun } from "./pdf_layout.ts";
import { checkTextLayer, stripControls, type TextLayerNote } from "./text_layer.ts";

/** Tables of some pages, and the pages whose text layer does not (wholly) decode. */
export interface PageTables {
  tables: Table[];
  /** garbled: the page was not read (no tables from it); controls: undecodable characters
   * were removed from its cells. */
  notes: TextLayerNote[];
  /** Tables of readable pages whose own cells do not decode (a table set in such a font),
   * left out, with a sample of their text. */
  unreadable: { page: number; sample: string }[];
}

/**
 * Tables of the given pages of an open PDF. A page whose text layer does not decode
 * (document.read's check) gives no tables and a note; control characters on a readable page
 * are removed from its runs first, as document.read removes them from its text.
 */
export async function pageTables(
  client: PdfTables,
  pdf: PdfFile,
  pages: number[],
  flavor: "stream" | "lattice",
): Promise<PageTables> {
  const out: Table[] = [];
  const notes: TextLayerNote[] = [];
  const unreadable: PageTables["unreadable"] = [];
  for (const n of pages) {
    const page = await readableRuns(pdf, n);
    if (page.note) notes.push(page.note);
    if (!page.runs.length) continue;
    const { runs, height } = page;
    const found = flavor === "stream"
      ? streamTables(runs, n, height)
      : latticeTables(runs, await client.rulings(pdf, n), n, height);
    for (const t of found) {
      // a page of readable prose can hold a table set in a font without a Unicode map: the
      // page passes the check, the table's own cells do not
      const cells = checkTextLayer([...t.header, ...t.rows.flat()].join(" "), n).note;
      if (cells?.kind === "garbled") unreadable.push({ page: n, sample: cells.sample });
      else out.push(t);
    }
  }
  return { tables: out, notes, unreadable };
}

/**
 * Page `n`'s text runs once its text layer is checked: none for a page that does not decode
 * (with its note), the runs without control characters for a page that holds a few.
 */
export async function readableRuns(
  pdf: PdfFile,
  n: number,
): Promise<{ runs: TextRun[]; height: number; note?: TextLayerNote }> {
  const { runs, width, height } = await pdf.pageRuns(n);
  const { note } = checkTextLayer(pageText(runs, width), n);
  if (!note) return { runs, height };
  if (note.kind === "garbled") return { runs: [], height, note };
  // new objects: the reader keeps the page's runs for the next call
  return { runs: runs.map((r) => ({ ...r, str: stripControls(r.str) })), height, note };
}
