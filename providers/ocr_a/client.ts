/**
 * Offline OCR: PDF pages are rendered at 300 dpi and recognised by the native `tesseract`
 * binary when it is installed (Debian/Ubuntu: `apt-get install tesseract-ocr`), otherwise by
 * tesseract.js with the English model shipped in the @tesseract.js-data/eng package. A scanned
 * page (images only) is painted from pdf.js's decoded pixels into grey rows without a canvas
 * (raster.ts, the same pixels); any other page is drawn by pdf.js onto @napi-rs/canvas. Both
 * engines get the same page image. Nothing is downloaded. `FINANCE_TESSERACT` names
 * another binary, or `off` keeps tesseract.js.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import type { ProviderEnv } from "../../core/provider.ts";
import { FinanceError } from "../../core/errors.ts";
import { loadPdfJs, pdfjsAssetDir, positiveSetting } from "../pdf_text_a/client.ts";
import { pdfLimits, preflightPdf } from "../pdf_text_a/preflight.ts";
import { checkpoint } from "../../core/cancel.ts";
import { type GreyPage, imagePage, pgmHeader } from "./raster.ts";

/**
 * Render resolution: 300 dpi over 72 pt gives Tesseract characters of a comfortable height
 * (the scanned statements in the fixtures lose most table rows at 150 dpi). Pages larger than
 * A4/Letter are rendered at less, so no page exceeds MAX_PIXELS.
 */
const DPI = 300;
const MAX_PIXELS = 10_000_000;
/** Below this a rendered page is too coarse for OCR to read. */
const MIN_DPI = 50;
/** A page image is painted and written about this many bytes at a time. */
const BAND_BYTES = 1 << 20;

export interface OcrPage {
  page: number;
  /** Resolution the page was rendered at. */
  dpi: number;
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

/** Progress of a multi-page OCR: pages done out of the total. */
export type OcrProgress = (done: number, total: number) => void;

/** Which engine recognises pages: the native binary (its path) or tesseract.js. */
export type OcrEngine = { kind: "native"; binary: string } | { kind: "wasm" };

const probes = new Map<string, Promise<boolean>>();

/** True when `binary --version` runs (checked once per binary and process). */
function runs(binary: string): Promise<boolean> {
  let hit = probes.get(binary);
  if (!hit) {
    hit = (async () => {
      try {
        const cmd = new Deno.Command(binary, {
          args: ["--version"],
          stdout: "null",
          stderr: "null",
        });
        return (await cmd.output()).success;
      } catch {
        return false; // not installed, or not allowed to run
      }
    })();
    probes.set(binary, hit);
  }
  return hit;
}

/** Client of provider ocr_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** The engine this process uses: native `tesseract` when installed, else tesseract.js. */
  async engine(): Promise<OcrEngine> {
    const setting = this.env.env("FINANCE_TESSERACT")?.trim();
    if (setting?.toLowerCase() === "off") return { kind: "wasm" };
    const binary = setting || "tesseract";
    if (await runs(binary)) return { kind: "native", binary };
    if (setting) {
      throw new FinanceError(
        `FINANCE_TESSERACT=${setting} does not run (\`${setting} --version\` failed); give the path of a tesseract binary, or off for tesseract.js`,
      );
    }
    return { kind: "wasm" };
  }

  /** Renders and recognises the given 1-based pages of a PDF. */
  async recognizePdf(
    bytes: Uint8Array,
    pages: number[],
    label: string,
    onProgress?: OcrProgress,
  ): Promise<OcrPage[]> {
    const engine = await this.engine();
    const limits = pdfLimits(this.env.env);
    await preflightPdf(bytes, label, limits);
    const maxPixels = positiveSetting(this.env.env("FINANCE_MAX_OCR_PIXELS"), MAX_PIXELS);
    const pdfjs = await loadPdfJs();
    const doc = await pdfjs.getDocument({
      maxImageSize: limits.imagePixels,
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
    const wanted = pages.filter((n) => n >= 1 && n <= doc.numPages);
    const signal = this.env.signal;
    try {
      const recognize = engine.kind === "native"
        ? await nativeRecognizer(engine.binary, signal)
        : await wasmRecognizer(signal);
      const render = (n: number) =>
        renderPage(doc, n, pdfjs.OPS, maxPixels, label, recognize.pgmPath?.(n) ?? null, signal);
      let next: Promise<Rendered> | null = null;
      try {
        const out: OcrPage[] = [];
        // The next page renders while the engine reads the current one.
        next = wanted.length ? render(wanted[0]) : null;
        for (let i = 0; i < wanted.length; i++) {
          checkpoint(signal);
          const rendered = await next!;
          next = i + 1 < wanted.length ? render(wanted[i + 1]) : null;
          const result = await recognize.page(rendered);
          out.push({ page: wanted[i], dpi: rendered.dpi, ...result });
          onProgress?.(i + 1, wanted.length);
        }
        return out;
      } finally {
        // a page still rendering when a recognition failed is not waited for
        next?.catch(() => {});
        await recognize.close();
      }
    } finally {
      await doc.destroy();
    }
  }
}

type PageText = Omit<OcrPage, "page" | "dpi">;

/** A rendered page: a grey PGM file (native engine) or PNG bytes (tesseract.js). */
interface Rendered {
  dpi: number;
  pgm?: string;
  png?: Uint8Array;
}

interface Recognizer {
  /** Where page n's grey PGM goes (the native engine reads files), or absent for PNG bytes. */
  pgmPath?(n: number): string;
  page(rendered: Rendered): Promise<PageText>;
  close(): Promise<void>;
}

/**
 * The native binary, one process per page: the page image, its plain text and word TSV in a
 * temporary folder. One OpenMP thread (more only spin on a busy machine) and tesseract's debug
 * output ("Image too small to scale!!", "Estimating resolution") sent nowhere.
 */
async function nativeRecognizer(binary: string, signal?: AbortSignal): Promise<Recognizer> {
  const dir = await Deno.makeTempDir({ prefix: "finance-ocr-" });
  return {
    pgmPath: (n) => join(dir, `page-${n}.pgm`),
    async page({ pgm }) {
      const base = pgm!.replace(/\.pgm$/, "");
      // A file reads faster than stdin, and the grey image carries no resolution: tesseract
      // estimates it from the text, as it does for any image a user gives it.
      const child = new Deno.Command(binary, {
        args: [pgm!, base, "-l", "eng", "-c", "debug_file=/dev/null", "txt", "tsv"],
        env: { OMP_THREAD_LIMIT: "1" },
        stdout: "null",
        stderr: "piped",
      }).spawn();
      // a stopped call kills the page's process instead of waiting for it
      const kill = () => {
        try {
          child.kill("SIGKILL");
        } catch { /* already gone */ }
      };
      signal?.addEventListener("abort", kill, { once: true });
      const done = await child.output().finally(() => signal?.removeEventListener("abort", kill));
      checkpoint(signal);
      if (!done.success) {
        const why = new TextDecoder().decode(done.stderr).trim().split("\n").at(-1) ?? "";
        throw new FinanceError(
          `tesseract (${binary}) failed on a page${
            why ? `: ${why}` : ""
          }; set FINANCE_TESSERACT=off to use tesseract.js`,
        );
      }
      const text = await Deno.readTextFile(`${base}.txt`);
      const tsv = await Deno.readTextFile(`${base}.tsv`);
      await Deno.remove(pgm!).catch(() => {});
      return nativeResult(text, tsv);
    },
    async close() {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Text and mean word confidence from tesseract's txt and tsv outputs. */
export function nativeResult(text: string, tsv: string): PageText {
  let sum = 0;
  let words = 0;
  for (const line of tsv.split("\n")) {
    const c = line.split("\t");
    // level 5 rows are words: ... conf (column 10) and text (column 11)
    if (c[0] !== "5" || !c[11]?.trim()) continue;
    const conf = Number(c[10]);
    if (!Number.isFinite(conf) || conf < 0) continue;
    sum += conf;
    words++;
  }
  return {
    text: cleanText(text),
    confidence: words ? Math.round((sum / words) * 100) / 100 : null,
    words,
  };
}

/** tesseract.js with the bundled English model, one worker for all pages. */
async function wasmRecognizer(signal?: AbortSignal): Promise<Recognizer> {
  const langPath = englishDataPath();
  const tesseract = await import("tesseract.js");
  const worker = await tesseract.createWorker("eng", 1, {
    langPath,
    cacheMethod: "none",
    gzip: true,
  });
  // tprintf output ("Image too small to scale!!") goes to this file instead of stderr.
  await worker.setParameters({ debug_file: "/dev/null" } as Record<string, string>);
  // a stopped call ends the worker's recognition instead of letting it run on
  signal?.addEventListener("abort", () => worker.terminate().catch(() => {}), { once: true });
  return {
    // PNG bytes: a PGM costs tesseract.js's wasm heap about 180 MB more than the same page
    async page({ png, dpi }) {
      await worker.setParameters({ user_defined_dpi: String(dpi) } as Record<string, string>);
      const { data } = await worker.recognize(Buffer.from(png!), {}, {
        text: true,
        blocks: true,
      });
      return pageResult(data);
    },
    async close() {
      await worker.terminate().catch(() => {});
    },
  };
}

/**
 * Renders page n at the OCR resolution: into a grey PGM file at `pgm` (native engine), else as
 * PNG bytes. A page made only of images is painted from pdf.js's decoded pixels in bands of rows
 * (raster.ts), without a canvas; any other page is drawn by pdf.js onto a canvas.
 */
async function renderPage(
  // deno-lint-ignore no-explicit-any
  doc: any,
  n: number,
  // deno-lint-ignore no-explicit-any
  OPS: any,
  maxPixels: number,
  label: string,
  pgm: string | null,
  signal?: AbortSignal,
): Promise<Rendered> {
  const page = await doc.getPage(n);
  const unit = page.getViewport({ scale: 1 });
  let dpi = DPI;
  const pixels = (unit.width * dpi / 72) * (unit.height * dpi / 72);
  if (pixels > maxPixels) dpi = Math.floor(dpi * Math.sqrt(maxPixels / pixels));
  // a page so large that even a barely legible rendering exceeds the cap is refused before any
  // canvas is allocated
  if (!(dpi >= MIN_DPI)) {
    page.cleanup();
    throw new FinanceError(
      `${label} page ${n} is ${Math.round(unit.width)} × ${
        Math.round(unit.height)
      } points: rendering it for OCR at a legible ${MIN_DPI} dpi needs more than the ${maxPixels}-pixel cap; raise FINANCE_MAX_OCR_PIXELS to read it`,
    );
  }
  const viewport = page.getViewport({ scale: dpi / 72 });
  try {
    if (pgm) {
      const grey = await imagePage(page, viewport, OPS);
      if (grey) {
        await writePgm(pgm, grey, signal);
        return { dpi, pgm };
      }
      page.cleanup(); // the canvas renders from a fresh operator list
    }
    checkpoint(signal);
    const canvasMod = await import("@napi-rs/canvas");
    const canvas = canvasMod.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    context.fillStyle = "white";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    page.cleanup();
    if (!pgm) return { dpi, png: await canvas.encode("png") };
    const { width, height } = canvas;
    const rgba = canvas.data();
    await writePgm(pgm, {
      width,
      height,
      paint: (y0, y1, rows) => rows.set(toGrey(rgba, width * y0, width * y1)),
    }, signal);
    return { dpi, pgm };
  } finally {
    page.cleanup();
  }
}

/** Writes a grey page as binary PGM, a band of rows at a time. */
async function writePgm(path: string, grey: GreyPage, signal?: AbortSignal): Promise<void> {
  using file = await Deno.open(path, { write: true, create: true, truncate: true });
  const write = async (bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
  };
  await write(pgmHeader(grey.width, grey.height));
  const band = Math.max(1, Math.floor(BAND_BYTES / grey.width));
  const rows = new Uint8Array(band * grey.width);
  for (let y = 0; y < grey.height; y += band) {
    checkpoint(signal);
    const y1 = Math.min(grey.height, y + band);
    grey.paint(y, y1, rows);
    await write(rows.subarray(0, (y1 - y) * grey.width));
  }
}

/** Grey (ITU-R BT.601 luma in integers) of RGBA pixels from..to. */
function toGrey(rgba: Uint8Array, from: number, to: number): Uint8Array {
  const out = new Uint8Array(to - from);
  for (let i = 0, k = from * 4; i < out.length; i++, k += 4) {
    out[i] = (rgba[k] * 77 + rgba[k + 1] * 150 + rgba[k + 2] * 29) >> 8;
  }
  return out;
}

/**
 * RGBA pixels as a binary PGM (8-bit grey): what Tesseract works on anyway, read without
 * decoding, and built in a fraction of the time a PNG takes to compress.
 */
export function toPgm(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const header = pgmHeader(width, height);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  out.set(toGrey(rgba, 0, width * height), header.length);
  return out;
}

function cleanText(raw: string): string {
  return raw
    .split("\n").map((l: string) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n").replace(/\n{3,}/g, "\n\n").trim();
}

// deno-lint-ignore no-explicit-any
function pageResult(data: any): PageText {
  const text = cleanText(String(data.text ?? ""));
  const words: { confidence: number }[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) words.push(...(line.words ?? []));
    }
  }
  const confidence = words.length
    ? Math.round((words.reduce((s, w) => s + w.confidence, 0) / words.length) * 100) / 100
    : (typeof data.confidence === "number" ? data.confidence : null);
  return { text, confidence, words: words.length };
}
