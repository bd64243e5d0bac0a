/**
 * pdf.js (pdfjs-dist legacy build) in-process: opens PDF bytes and hands out positioned text
 * runs per page. No worker thread, no network, no eval. Also owns the document size limit
 * (FINANCE_MAX_DOCUMENT_BYTES), since providers are the ones that read the environment.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ProviderEnv } from "../../core/provider.ts";
import { FinanceError } from "../../core/errors.ts";
import { checkPageCount, pdfLimits, preflightPdf } from "./preflight.ts";

/** A text run in page space (points, y grows upwards as in PDF). */
export interface TextRun {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Font size (height of the run). */
  size: number;
  /**
   * Degrees counterclockwise from the page's main text direction, for text set another way (a
   * margin label, a diagonal watermark); absent for the main direction.
   */
  dir?: number;
}

/** 64 MiB: far above any filing or deck, small enough to refuse a runaway download. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

// deno-lint-ignore no-explicit-any
type PdfJs = any;
// deno-lint-ignore no-explicit-any
export type PdfDocumentProxy = any;

let pdfjsModule: Promise<PdfJs> | null = null;

/**
 * Folder (with trailing slash) of a pdfjs-dist asset directory such as `wasm` (JBIG2/CCITT
 * and JPEG 2000 decoders) or `standard_fonts`, read from the installed package; or undefined.
 */
export function pdfjsAssetDir(name: "wasm" | "standard_fonts"): string | undefined {
  const root = fileURLToPath(new URL("../../node_modules/.deno/", import.meta.url));
  if (!existsSync(root)) return undefined;
  for (const d of readdirSync(root).filter((d) => d.startsWith("pdfjs-dist@")).sort().reverse()) {
    const dir = join(root, d, "node_modules", "pdfjs-dist", name);
    if (existsSync(dir)) return dir + "/";
  }
  return undefined;
}

/** The pdf.js module, loaded once. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((m) => {
    return m;
  });
  return pdfjsModule;
}

export interface PageRuns {
  runs: TextRun[];
  width: number;
  height: number;
  /** True when the page paints at least one image (a scan candidate for OCR). */
  hasImages?: boolean;
}

/** An open PDF. */
export class PdfFile {
  constructor(
    readonly doc: PdfDocumentProxy,
    private readonly pdfjs: PdfJs,
    readonly label = "the PDF",
  ) {}

  /**
   * Page `n` from pdf.js, its failure (a damaged page tree or page object) said in our words: it
   * reached the envelope as "internal error: UnknownErrorException: Pages tree contains circular
   * reference".
   */
  private async page(n: number) {
    try {
      return await this.doc.getPage(n);
    } catch (e) {
      throw new PdfPageError(n, this.label, e);
    }
  }

  get pageCount(): number {
    return this.doc.numPages;
  }

  /** The last pages' runs: a page is read by several passes in a row (tables' two flavors). */
  private readonly recent = new Map<number, Promise<PageRuns>>();

  /** Positioned text runs of page `n` (1-based) in unrotated page space. */
  pageRuns(n: number): Promise<PageRuns> {
    let p = this.recent.get(n);
    if (!p) {
      p = this.readRuns(n).catch((e) => {
        throw e instanceof FinanceError ? e : new PdfPageError(n, this.label, e);
      });
      this.recent.set(n, p);
      if (this.recent.size > 4) this.recent.delete(this.recent.keys().next().value!);
      // a failed read is not kept
      p.catch(() => this.recent.delete(n));
    }
    return p;
  }

  private async readRuns(n: number): Promise<PageRuns> {
    const page = await this.page(n);
    const [x0, y0, x1, y1] = page.view as number[];
    const content = await page.getTextContent({ disableNormalization: false });
    const items: {
      str: string;
      a: number;
      b: number;
      d: number;
      x: number;
      y: number;
      w: number;
    }[] = [];
    for (const item of content.items as { str?: string; transform: number[]; width: number }[]) {
      if (typeof item.str !== "string" || item.str === "") continue;
      const [a, b, , d, e, f] = item.transform;
      items.push({ str: item.str, a, b, d, x: e - x0, y: f - y0, w: item.width });
    }
    page.cleanup();
    return readingFrame(items, x1 - x0, y1 - y0);
  }

  /** True when page `n` paints an image (checked only for pages without text). */
  async pageHasImages(n: number): Promise<boolean> {
    const page = await this.page(n);
    const ops = await page.getOperatorList();
    const image = this.imageOps();
    return (ops.fnArray as number[]).some((fn) => image.has(fn));
  }

  /** pdf.js's operators that paint an image. */
  private imageOps(): Set<number> {
    const OPS = this.pdfjs.OPS;
    return new Set([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
    ]);
  }

  /**
   * The share (0–1) of page `n` the largest image painted on it covers: a scanned page carrying
   * a stamped page number or Bates line has a little text and an image over the whole page.
   */
  async imageCoverage(n: number): Promise<number> {
    const page = await this.page(n);
    const [x0, y0, x1, y1] = page.view as number[];
    const area = (x1 - x0) * (y1 - y0);
    const ops = await page.getOperatorList();
    const OPS = this.pdfjs.OPS;
    const images = this.imageOps();
    type M = number[];
    // pdf.js's own matrix product (the one its renderer uses for the current transform)
    const times = (m: M, n: M): M => this.pdfjs.Util.transform(m, n);
    let ctm: M = [1, 0, 0, 1, 0, 0];
    const stack: M[] = [];
    let best = 0;
    const fns = ops.fnArray as number[], args = ops.argsArray as unknown[][];
    for (let i = 0; i < fns.length; i++) {
      const fn = fns[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = times(ctm, args[i] as M);
      else if (fn === OPS.paintFormXObjectBegin) {
        stack.push(ctm);
        const m = args[i]?.[0];
        if (Array.isArray(m) && m.length === 6) ctm = times(ctm, m as M);
      } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
      else if (images.has(fn) && area > 0) {
        const pts = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) => [
          ctm[0] * u + ctm[2] * v + ctm[4],
          ctm[1] * u + ctm[3] * v + ctm[5],
        ]);
        const w = Math.min(x1, Math.max(...pts.map((p) => p[0]))) -
          Math.max(x0, Math.min(...pts.map((p) => p[0])));
        const h = Math.min(y1, Math.max(...pts.map((p) => p[1]))) -
          Math.max(y0, Math.min(...pts.map((p) => p[1])));
        if (w > 0 && h > 0) best = Math.max(best, (w * h) / area);
      }
    }
    return Math.min(1, best);
  }

  async close(): Promise<void> {
    await this.doc.destroy();
  }
}

/** A page pdf.js could not read; the document's other pages may still be read. */
export class PdfPageError extends FinanceError {
  constructor(readonly page: number, label: string, cause: unknown) {
    super(
      `page ${page} of ${label} could not be read (${
        pdfProblem(cause)
      }: its page object or page tree is damaged); check that it is a complete, uncorrupted PDF file`,
    );
  }
}

/** A text item's direction in whole degrees counterclockwise (0 reads left to right). */
function angleOf(a: number, b: number): number {
  const deg = Math.round(Math.atan2(b, a) * 180 / Math.PI);
  return deg === -180 ? 180 : deg;
}

/**
 * Runs in the frame of the page's main text direction: a landscape page whose text is drawn
 * turned a quarter (a table set sideways, /Rotate 90) had every line on one baseline and read
 * "fiscal 2024Revenue grew", and a page turned upside down read bottom line first. Runs of
 * another direction (a margin label, a diagonal watermark) carry `dir`, their angle to the main
 * one, so the reader keeps them out of the main text's lines.
 */
export function readingFrame(
  items: { str: string; a: number; b: number; d: number; x: number; y: number; w: number }[],
  width: number,
  height: number,
): PageRuns {
  const weight = new Map<number, number>();
  for (const it of items) {
    const deg = angleOf(it.a, it.b);
    weight.set(deg, (weight.get(deg) ?? 0) + it.str.length);
  }
  let main = 0;
  let most = weight.get(0) ?? 0;
  for (const [deg, w] of weight) if (w > most) [main, most] = [deg, w];
  const rad = main * Math.PI / 180;
  const cos = main === 0 ? 1 : Math.cos(rad), sin = main === 0 ? 0 : Math.sin(rad);
  const turn = (x: number, y: number) => [x * cos + y * sin, -x * sin + y * cos];
  const corners = [turn(0, 0), turn(width, 0), turn(0, height), turn(width, height)];
  const minX = Math.min(...corners.map((c) => c[0])), minY = Math.min(...corners.map((c) => c[1]));
  const runs: TextRun[] = items.map((it) => {
    const [x, y] = main === 0 ? [it.x, it.y] : turn(it.x, it.y);
    const run: TextRun = {
      str: it.str,
      x: main === 0 ? x : x - minX,
      y: main === 0 ? y : y - minY,
      width: it.w,
      size: Math.hypot(it.a, it.b) || Math.abs(it.d) || 1,
    };
    let dir = angleOf(it.a, it.b) - main;
    if (dir > 180) dir -= 360;
    if (dir <= -180) dir += 360;
    if (dir !== 0) run.dir = dir;
    return run;
  });
  return main === 0 || main === 180
    ? { runs, width, height }
    : { runs, width: height, height: width };
}

/** Client of provider pdf_text_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Largest document accepted, in bytes (FINANCE_MAX_DOCUMENT_BYTES overrides). */
  maxDocumentBytes(): number {
    const raw = this.env.env("FINANCE_MAX_DOCUMENT_BYTES");
    const n = raw ? Number(raw) : NaN;
    return Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_DOCUMENT_BYTES;
  }

  /** Deepest element nesting an HTML document may have (FINANCE_MAX_HTML_DEPTH, default 1000). */
  maxHtmlDepth(): number {
    return positiveSetting(this.env.env("FINANCE_MAX_HTML_DEPTH"), 1000);
  }

  /** Opens PDF bytes; unreadable or password-locked files fail with a clear message. */
  async open(bytes: Uint8Array, label: string): Promise<PdfFile> {
    const limits = pdfLimits(this.env.env);
    await preflightPdf(bytes, label, limits);
    const pdfjs = await loadPdfJs();
    const task = pdfjs.getDocument({
      maxImageSize: limits.imagePixels,
      data: new Uint8Array(bytes), // a plain copy: pdf.js detaches the buffer and refuses Buffer
      disableWorker: true,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    let doc: PdfDocumentProxy;
    try {
      doc = await task.promise;
    } catch (e) {
      const name = (e as Error)?.name ?? "";
      if (name === "PasswordException") {
        throw new FinanceError(
          `${label} is password-protected; pdf.js cannot open it without the password`,
        );
      }
      throw new FinanceError(
        `${label} could not be opened as a PDF (${
          pdfProblem(e)
        }); check that it is a complete, uncorrupted PDF file`,
      );
    }
    try {
      checkPageCount(doc.numPages, label, limits);
    } catch (err) {
      await doc.destroy();
      throw err;
    }
    return new PdfFile(doc, pdfjs, label);
  }
}

/** A positive whole-number setting, or the default when unset or not a positive number. */
export function positiveSetting(raw: string | undefined, fallback: number): number {
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/**
 * What kept pdf.js from opening a file, in our words (its own message is library text): the
 * kind of its error, never the message itself.
 */
export function pdfProblem(e: unknown): string {
  const name = (e as Error)?.name ?? "";
  if (name === "InvalidPDFException") return "its structure is not a PDF's";
  if (name === "MissingPDFException") return "the file is missing or empty";
  if (name === "UnexpectedResponseException") return "the data could not be read";
  if (name === "FormatError") return "its contents are malformed";
  return "pdf.js could not parse it";
}
