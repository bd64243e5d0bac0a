/**
 * What table extraction reads from a PDF with pdf.js: the page's text runs (pdf_text_a's
 * reader) and the ruling lines its path operators draw (thin filled rectangles and straight
 * strokes). The stream/lattice detectors that find tables in them are analysis
 * (analysis/document/pdf_tables.ts); this provider only reads the page.
 */
import type { ProviderEnv } from "../../core/provider.ts";
import { Client as PdfText, loadPdfJs, type PdfFile } from "../pdf_text_a/client.ts";

/** An axis-aligned ruling line of a page, in page space (y up). */
export interface Ruling {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** Client of provider pdf_tables_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Opens PDF bytes with the pdf_text_a reader. */
  open(bytes: Uint8Array, label: string): Promise<PdfFile> {
    return new PdfText(this.env).open(bytes, label);
  }

  /** Axis-aligned ruling lines of page `n` in page space (y up). */
  async rulings(pdf: PdfFile, n: number): Promise<Ruling[]> {
    const { OPS } = await loadPdfJs();
    const page = await pdf.doc.getPage(n);
    const [vx, vy] = page.view as number[];
    const list = await page.getOperatorList();
    const out: Ruling[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    list.fnArray.forEach((fn: number, i: number) => {
      const args = list.argsArray[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
      else if (fn === OPS.constructPath) {
        const stroked = [
          OPS.stroke,
          OPS.closeStroke,
          OPS.fillStroke,
          OPS.eoFillStroke,
          OPS.closeFillStroke,
          OPS.closeEOFillStroke,
        ]
          .includes(args?.[0]);
        for (const r of pathRulings(args, ctm, stroked)) {
          out.push({ x0: r.x0 - vx, x1: r.x1 - vx, y0: r.y0 - vy, y1: r.y1 - vy });
        }
      }
    });
    return out;
  }
}

/** Segments of a path (pdf.js 5: [paintOp, [Float32Array of DrawOPS], minMax]). */
// deno-lint-ignore no-explicit-any
function pathRulings(args: any, ctm: Matrix, stroked: boolean): Ruling[] {
  const data: ArrayLike<number> | undefined = args?.[1]?.[0];
  if (!data) return [];
  const out: Ruling[] = [];
  let sub: [number, number][] = [];
  const flushSub = () => {
    if (sub.length >= 2) {
      const xs = sub.map((p) => p[0]), ys = sub.map((p) => p[1]);
      const box = {
        x0: Math.min(...xs),
        x1: Math.max(...xs),
        y0: Math.min(...ys),
        y1: Math.max(...ys),
      };
      const w = box.x1 - box.x0, h = box.y1 - box.y0;
      if (w <= 3 || h <= 3) out.push(box); // a line or a thin filled rectangle
      else if (stroked) {
        // A bordered rectangle: its four edges (filled ones are shading, not borders).
        out.push({ ...box, y1: box.y0 }, { ...box, y0: box.y1 }, { ...box, x1: box.x0 }, {
          ...box,
          x0: box.x1,
        });
      }
    }
    sub = [];
  };
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === 0) {
      flushSub();
      sub.push(apply(ctm, data[i], data[i + 1]));
      i += 2;
    } else if (op === 1) {
      sub.push(apply(ctm, data[i], data[i + 1]));
      i += 2;
    } else if (op === 2) {
      sub = [];
      i += 6;
    } else if (op === 3) {
      sub = [];
      i += 4;
    } else flushSub();
  }
  flushSub();
  return out;
}
