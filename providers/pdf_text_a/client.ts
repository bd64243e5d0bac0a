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
import type { TextRun } from "../../analysis/document/pdf_layout.ts";
import { checkPageCount, pdfLimits, preflightPdf } from "./preflight.ts";

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
  constructor(readonly doc: PdfDocumentProxy, private readonly pdfjs: PdfJs) {}

  get pageCount(): number {
    return this.doc.numPages;
  }

  /** The last pages' runs: a page is read by several passes in a row (tables' two flavors). */
  private readonly recent = new Map<number, Promise<PageRuns>>();

  /** Positioned text runs of page `n` (1-based) in unrotated page space. */
  pageRuns(n: number): Promise<PageRuns> {
    let p = this.recent.get(n);
    if (!p) {
      p = this.readRuns(n);
      this.recent.set(n, p);
      if (this.recent.size > 4) this.recent.delete(this.recent.keys().next().value!);
      // a failed read is not kept
      p.catch(() => this.recent.delete(n));
    }
    return p;
  }

  private async readRuns(n: number): Promise<PageRuns> {
    const page = await this.doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as number[];
    const content = await page.getTextContent({ disableNormalization: false });
    const runs: TextRun[] = [];
    for (const item of content.items as { str?: string; transform: number[]; width: number }[]) {
      if (typeof item.str !== "string" || item.str === "") continue;
      const [a, b, , d, e, f] = item.transform;
      runs.push({
        str: item.str,
        x: e - x0,
        y: f - y0,
        width: item.width,
        size: Math.hypot(a, b) || Math.abs(d) || 1,
      });
    }
    page.cleanup();
    return { runs, width: x1 - x0, height: y1 - y0 };
  }

  /** True when page `n` paints an image (checked only for pages without text). */
  async pageHasImages(n: number): Promise<boolean> {
    const page = await this.doc.getPage(n);
    const ops = await page.getOperatorList();
    const OPS = this.pdfjs.OPS;
    const image = new Set([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
    ]);
    return (ops.fnArray as number[]).some((fn) => image.has(fn));
  }

  async close(): Promise<void> {
    await this.doc.destroy();
  }
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
    return new PdfFile(doc, pdfjs);
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
