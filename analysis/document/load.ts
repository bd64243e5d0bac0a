/**
 * The document engine's front door: resolves a local path or http(s) URL under the call's
 * access policy, sniffs the format from the bytes, and builds the canonical text model
 * (PDF pages in reading order, OCR for pages without a text layer, or HTML text).
 */
import { readFileSync } from "node:fs";
import type { Context } from "../../core/context.ts";
import { checkLocalPath, urlGuardFor } from "../../core/access.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import { assemble, type DocText, type PageInput } from "./model.ts";
import { pageText } from "./pdf_layout.ts";
import { htmlToText } from "./html.ts";

export type Format = "pdf" | "html";
export type OcrMode = "off" | "auto" | "force";

export interface RawDocument {
  source: string;
  url: string | null;
  path: string | null;
  bytes: Uint8Array;
  format: Format;
  /** Human name for messages. */
  label: string;
}

const isUrl = (s: string) => /^https?:\/\//i.test(s.trim());

/** Reads the bytes of a source and decides its format (format= wins over sniffing). */
export async function fetchDocument(
  ctx: Context,
  source: string,
  format?: Format,
): Promise<RawDocument> {
  const src = source.trim();
  if (!src) {
    throw new InputError(
      "source is required: give a local path or an http(s) URL (source=, path= or url=)",
    );
  }
  const maxBytes = (await ctx.provider("pdf_text_a")).maxDocumentBytes();
  let bytes: Uint8Array, url: string | null = null, path: string | null = null;
  if (isUrl(src)) {
    const res = await ctx.http.request({
      provider: "pdf_text_a",
      url: src,
      cache: { ttl: "forever" },
      guard: urlGuardFor(ctx.access),
      signal: ctx.signal,
      timeoutMs: 60_000,
      hint: "check the URL in a browser; the document must be publicly reachable",
    });
    bytes = res.body;
    url = res.url;
    if (bytes.length > maxBytes) {
      throw new FinanceError(
        `${src} is ${bytes.length} bytes, over the ${maxBytes}-byte limit; raise FINANCE_MAX_DOCUMENT_BYTES to read it`,
      );
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(src) && !src.startsWith("file://")) {
    throw new InputError(
      `source "${src}" uses an unsupported scheme: only local paths and http(s) URLs are read`,
    );
  } else {
    path = checkLocalPath(ctx.access, src, maxBytes);
    bytes = readFileSync(path);
  }
  const label = url ?? src;
  if (bytes.length === 0) throw new FinanceError(`${label} is empty: there is no document to read`);
  const sniffed = sniffFormat(bytes);
  if (format === "pdf" && sniffed !== "pdf") {
    const what = sniffed === "html" ? "an HTML page (often an error or login page)" : "not a PDF";
    throw new FinanceError(
      `${label} was read as format=pdf but it is ${what}; check the address or drop format=`,
    );
  }
  const chosen = format ?? sniffed;
  if (!chosen) {
    throw new FinanceError(
      `${label} is neither a PDF nor an HTML document (its first bytes are not %PDF or markup)`,
    );
  }
  if (url && chosen === "html" && /\.pdf($|[?#])/i.test(src)) {
    throw new FinanceError(
      `${src} returned an HTML page instead of the PDF (an error, login or redirect page); check the URL`,
    );
  }
  return { source: src, url, path, bytes, format: chosen, label };
}

/** "pdf" for %PDF within the first KiB, "html" for markup, else null. */
export function sniffFormat(bytes: Uint8Array): Format | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  const start = head.replace(/^\ufeff|^\u00ef\u00bb\u00bf/, "").trimStart().slice(0, 512)
    .toLowerCase();
  if (/^<(!doctype html|html|\?xml|head|body|div|p|table|meta|title|span|!--)/.test(start)) {
    return "html";
  }
  if (/<html[\s>]|<body[\s>]/.test(head.toLowerCase())) return "html";
  return null;
}

export interface LoadOptions {
  format?: Format;
  /** PDF pages to read (0 = all). */
  maxPages?: number;
  /** Stop reading PDF pages once the text reaches this many characters. */
  untilChar?: number;
  ocr?: OcrMode;
}

/** Loads a document into the canonical text model. */
export async function loadDocument(
  ctx: Context,
  source: string,
  opts: LoadOptions = {},
): Promise<DocText> {
  const raw = await fetchDocument(ctx, source, opts.format);
  return raw.format === "html" ? await htmlModel(raw) : await pdfModel(ctx, raw, opts);
}

async function htmlModel(raw: RawDocument): Promise<DocText> {
  const html = new TextDecoder("utf-8").decode(raw.bytes);
  const text = await htmlToText(html);
  const built = assemble([{ text }]);
  const warnings: string[] = [];
  if (text.length < 500) {
    warnings.push(
      `only ${text.length} characters of visible text: the page may be a wrapper, an error page or rendered by script`,
    );
  }
  return { ...base(raw, "html"), ...built, page_count: 1, complete: true, warnings };
}

function base(raw: RawDocument, engine: string) {
  return { source: raw.source, url: raw.url, path: raw.path, format: raw.format, engine };
}

async function pdfModel(ctx: Context, raw: RawDocument, opts: LoadOptions): Promise<DocText> {
  const pdf = await (await ctx.provider("pdf_text_a")).open(raw.bytes, raw.label);
  try {
    const total = pdf.pageCount;
    const limit = opts.maxPages && opts.maxPages > 0 ? Math.min(opts.maxPages, total) : total;
    const mode = opts.ocr ?? "auto";
    const pages: PageInput[] = [];
    const needOcr: number[] = [];
    let length = 0;
    for (let n = 1; n <= limit; n++) {
      const { runs, width } = await pdf.pageRuns(n);
      const text = pageText(runs, width);
      pages.push({ text });
      if (mode === "force" || (mode === "auto" && !text.trim() && await pdf.pageHasImages(n))) {
        needOcr.push(n);
      }
      length += text.length + 2;
      if (opts.untilChar !== undefined && length > opts.untilChar && needOcr.length === 0) break;
    }
    const warnings: string[] = [];
    if (needOcr.length) await applyOcr(ctx, raw, needOcr, pages, warnings, mode);
    const built = assemble(pages);
    if (!built.text.trim()) {
      warnings.push("no text found on the pages read; the PDF may be scanned: try document.ocr");
    }
    if (pages.length < total && opts.untilChar === undefined) {
      warnings.push(
        `read ${pages.length} of ${total} pages (max_pages=${opts.maxPages}); pass max_pages=0 to read all pages`,
      );
    }
    const engine = needOcr.length ? "pdfjs+tesseract" : "pdfjs";
    return {
      ...base(raw, engine),
      ...built,
      page_count: total,
      complete: pages.length === total,
      warnings,
    };
  } finally {
    await pdf.close();
  }
}

async function applyOcr(
  ctx: Context,
  raw: RawDocument,
  pageNumbers: number[],
  pages: PageInput[],
  warnings: string[],
  mode: OcrMode,
): Promise<void> {
  const ocr = await ctx.provider("ocr_a");
  const results = await ocr.recognizePdf(raw.bytes, pageNumbers, raw.label);
  for (const r of results) {
    pages[r.page - 1] = { text: r.text, ocr: true, ocr_confidence: r.confidence };
  }
  if (mode === "auto") {
    warnings.push(
      `page(s) ${
        pageNumbers.join(", ")
      } have no text layer; their text comes from OCR (offline Tesseract), check figures against the page`,
    );
  }
}
