/**
 * Offline OCR: PDF pages are rendered by pdf.js onto @napi-rs/canvas and recognised by
 * tesseract.js with the English model shipped in the @tesseract.js-data/eng package. Nothing
 * is downloaded: the language data path is a local folder and the cache is disabled.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import type { ProviderEnv } from "../../core/provider.ts";
import { FinanceError } from "../../core/errors.ts";
import { loadPdfJs, pdfjsAssetDir } from "../pdf_text_a/client.ts";

/** Render scale: 300 dpi over 72 pt gives Tesseract characters of a comfortable height. */
const SCALE = 300 / 72;

export interface OcrPage {
  page: number;
  text: string;
  /** Mean word confidence 0-100. */
  confidence: number | null;
  words: number;
}

/** Folder holding eng.traineddata.gz inside the installed @tesseract.js-data/eng package. */
export function englishDataPath(): string {
  const root = fileURLToPath(new URL("../../node_modules/.deno/", import.meta.url));
  const dirs = existsSync(root)
    ? readdirSync(root).filter((d) => d.startsWith("@tesseract.js-data+eng"))
    : [];
  for (const d of dirs.sort().reverse()) {
    const folder = join(root, d, "node_modules", "@tesseract.js-data", "eng", "4.0.0_best_int");
    if (existsSync(join(folder, "eng.traineddata.gz"))) return folder;
  }
  throw new FinanceError(
    "OCR language data not found: the @tesseract.js-data/eng package is not installed (run `deno install` in the project)",
  );
}

/** Client of provider ocr_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Renders and recognises the given 1-based pages of a PDF. */
  async recognizePdf(bytes: Uint8Array, pages: number[], label: string): Promise<OcrPage[]> {
    const langPath = englishDataPath();
    const [pdfjs, canvasMod, tesseract] = await Promise.all([
      loadPdfJs(),
      import("@napi-rs/canvas"),
      import("tesseract.js"),
    ]);
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      // Scans are mostly CCITT/JBIG2 or JPEG 2000 images: their decoders are wasm files.
      wasmUrl: pdfjsAssetDir("wasm"),
      standardFontDataUrl: pdfjsAssetDir("standard_fonts"),
      disableWorker: true,
      isEvalSupported: false,
      verbosity: 0,
    }).promise.catch((e: Error) => {
      throw new FinanceError(`${label} could not be opened as a PDF for OCR (${e.message})`);
    });
    const worker = await tesseract.createWorker("eng", 1, {
      langPath,
      cacheMethod: "none",
      gzip: true,
    });
    try {
      const out: OcrPage[] = [];
      for (const n of pages) {
        if (n < 1 || n > doc.numPages) continue;
        const png = await renderPage(doc, n, canvasMod);
        const { data } = await worker.recognize(Buffer.from(png), {}, {
          text: true,
          blocks: true,
        });
        out.push(pageResult(n, data));
      }
      return out;
    } finally {
      await worker.terminate();
      await doc.destroy();
    }
  }
}

// deno-lint-ignore no-explicit-any
async function renderPage(doc: any, n: number, canvasMod: any): Promise<Uint8Array> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: SCALE });
  const canvas = canvasMod.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "white";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  page.cleanup();
  return canvas.encode("png");
}

// deno-lint-ignore no-explicit-any
function pageResult(page: number, data: any): OcrPage {
  const text = String(data.text ?? "")
    .split("\n").map((l: string) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n").replace(/\n{3,}/g, "\n\n").trim();
  const words: { confidence: number }[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) words.push(...(line.words ?? []));
    }
  }
  const confidence = words.length
    ? Math.round((words.reduce((s, w) => s + w.confidence, 0) / words.length) * 100) / 100
    : (typeof data.confidence === "number" ? data.confidence : null);
  return { page, text, confidence, words: words.length };
}
