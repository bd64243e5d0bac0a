/**
 * The document engine's front door: resolves a local path or http(s) URL under the call's
 * access policy, sniffs the format from the bytes, and builds the canonical text model
 * (PDF pages in reading order, OCR for pages without a text layer, or HTML text).
 */
import type { Context } from "../../core/context.ts";
import { urlGuardFor } from "../../core/access.ts";
import { checkLocalPath, readLocalBytes } from "../../core/local_files.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import { assemble, type DocText, PAGE_SEPARATOR, type PageInput } from "./model.ts";
import { pageText } from "./pdf_layout.ts";
import { htmlToText } from "./html.ts";
import { decodeHtml, headerCharset } from "../../providers/decode.ts";
import { checkpoint } from "../../core/cancel.ts";
import { FIGURE_CONFIDENCE } from "../../providers/ocr_a/wasm_child.ts";
import { PdfPageError } from "../../providers/pdf_text_a/client.ts";
import {
  checkTextLayer,
  SCAN_COVERAGE,
  SPARSE_CHARS,
  type TextLayerNote,
  textLayerWarnings,
} from "./text_layer.ts";

export { checkTextLayer, type TextLayerNote } from "./text_layer.ts";

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
  /** The charset the server's Content-Type names (HTML read over http), else null. */
  charset?: string | null;
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
  let charset: string | null = null;
  if (isUrl(src)) {
    const res = await ctx.http.request({
      provider: "pdf_text_a",
      url: src,
      cache: { ttl: "forever" },
      guard: urlGuardFor(ctx.access),
      signal: ctx.signal,
      timeoutMs: 60_000,
      maxBytes,
      maxBytesSetting: "FINANCE_MAX_DOCUMENT_BYTES",
      hint: "check the URL in a browser; the document must be publicly reachable",
    });
    bytes = res.body;
    url = res.url;
    charset = headerCharset(res.headers["content-type"]);
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
    // opened once and the open file checked: a path swapped for a FIFO after the check never
    // holds the call, and one grown past the limit is not read whole
    bytes = readLocalBytes(path, src, maxBytes, {
      what: "a document",
      fix: "raise FINANCE_MAX_DOCUMENT_BYTES to read it",
    });
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
  // a PDF's bytes read as markup are binary noise answered as text
  if (format === "html" && sniffed === "pdf") {
    throw new FinanceError(
      `${label} was read as format=html but it is a PDF (it starts with %PDF); pass format=pdf or drop format=`,
    );
  }
  // an EDGAR submission from before HTML (.txt, SGML around plain text) is read as filings.read
  // reads it, so the offsets it cites reopen here
  const chosen = format ?? sniffed ?? (isEdgarSubmission(url) ? "html" : null);
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
  return { source: src, url, path, bytes, format: chosen, label, charset };
}

/** "pdf" for %PDF within the first KiB, "html" for markup, else null. */
export function sniffFormat(bytes: Uint8Array): Format | null {
  // a UTF-16 page (byte order mark first) read as latin-1 had a NUL between its letters
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe
    ? "utf-16le"
    : bytes[0] === 0xfe && bytes[1] === 0xff
    ? "utf-16be"
    : "latin1";
  const head = new TextDecoder(utf16).decode(bytes.subarray(0, utf16 === "latin1" ? 1024 : 2048));
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

/**
 * Text models built in this process, by content digest and read options. The model is a pure
 * function of the bytes and the options, so a scan followed by window/read calls on the same file
 * (the usual agent sequence over HTTP or MCP, or cells of a notebook) parses and OCRs it once.
 */
const models = new Map<string, DocText>();
const MAX_MODELS = 8;
const MAX_MODEL_CHARS = 40_000_000;
let builds = 0;

const NO_TEXT = "no text found on the pages read; the PDF may be scanned: try document.ocr";

/** Forgets the remembered text models (tests). */
export function clearModels(): void {
  models.clear();
}

/** How many text models this process has built (not served from memory); for tests. */
export function modelBuilds(): number {
  return builds;
}

/** Loads a document into the canonical text model. */
export async function loadDocument(
  ctx: Context,
  source: string,
  opts: LoadOptions = {},
): Promise<DocText> {
  const raw = await fetchDocument(ctx, source, opts.format);
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", raw.bytes as Uint8Array<ArrayBuffer>),
  );
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  const keyFor = (maxPages: number, untilChar: number | undefined) =>
    // the server's charset and an EDGAR address decide how the same HTML bytes read
    [
      hex,
      raw.format,
      maxPages,
      untilChar ?? "",
      opts.ocr ?? "auto",
      raw.charset ?? "",
      raw.format === "html" && (isEdgarDocument(raw.url) || isEdgarSubmission(raw.url)),
    ].join("|");
  const maxPages = opts.maxPages && opts.maxPages > 0 ? opts.maxPages : 0;
  const key = keyFor(maxPages, opts.untilChar);
  // a request that only needs text up to some offset is served by the whole document's model
  const whole = opts.untilChar !== undefined && maxPages === 0
    ? models.get(keyFor(0, undefined))
    : undefined;
  let model = models.get(key);
  if (!model && whole) return served(raw, prefixModel(whole, opts.untilChar!));
  if (model) {
    models.delete(key); // most recently used goes last
  } else {
    builds++;
    model = raw.format === "html"
      ? await htmlModel(raw, (await ctx.provider("pdf_text_a")).maxHtmlDepth())
      : await pdfModel(ctx, raw, opts);
  }
  models.set(key, model);
  let chars = 0;
  for (const m of models.values()) chars += m.text.length;
  for (const [k, m] of models) {
    if (models.size <= MAX_MODELS && chars <= MAX_MODEL_CHARS) break;
    if (k === key) continue;
    models.delete(k);
    chars -= m.text.length;
  }
  return served(raw, model);
}

/**
 * The model pdfModel builds with `untilChar`, cut from the whole document's model: the same pages
 * (reading stops after the page that passes untilChar, unless a page needed OCR), text, flags and
 * warnings, so a call answers the same whether or not the document was read before.
 */
function prefixModel(whole: DocText, untilChar: number): DocText {
  if (whole.format !== "pdf") return whole;
  let length = 0;
  let count = 0;
  let ocr = false;
  for (const p of whole.pages) {
    count++;
    ocr ||= p.ocr;
    length += p.end_char - p.start_char + PAGE_SEPARATOR.length;
    if (length > untilChar && !ocr) break;
  }
  if (count === whole.pages.length) return whole;
  const pages = whole.pages.slice(0, count);
  const text = whole.text.slice(0, pages[count - 1].end_char);
  const notes = (whole.text_layer_notes ?? []).filter((n) => n.page <= count);
  return {
    ...whole,
    engine: "pdfjs",
    text,
    pages,
    complete: false,
    warnings: [
      ...textLayerWarnings(notes),
      ...(!text.trim()
        ? notes.some((n) => n.kind === "garbled") ? [] : [NO_TEXT]
        : pages.some((p) => p.end_char === p.start_char)
        ? whole.warnings.filter((w) => /and OCR is off/.test(w))
        : []),
    ],
    ...(notes.length ? { text_layer_notes: notes } : {}),
  };
}

/** A copy of a remembered model; the same bytes may arrive under another name, so the source
 * fields are this call's. */
function served(raw: RawDocument, model: DocText): DocText {
  return {
    ...model,
    ...base(raw, model.engine),
    pages: model.pages.map((p) => ({ ...p })),
    warnings: [...model.warnings],
  };
}

/**
 * A document of an SEC EDGAR filing package, by its URL: read with the filings commands' text
 * model, so offsets filings.read (and kpi.history from filings) cite reopen the same passage in
 * document.window and document.scan.
 */
export function isEdgarDocument(url: string | null): boolean {
  return url !== null &&
    /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/\d+\/\d{18}\/[^/?#]+\.html?(?:[?#]|$)/i
      .test(url) &&
    !/\/R\d+\.html?(?:[?#]|$)/i.test(url);
}

/**
 * An EDGAR submission file (`.txt` in a filing's folder): the whole filing as SGML, the only
 * document of filings from before HTML (filings.read's document_url for them).
 */
export function isEdgarSubmission(url: string | null): boolean {
  return url !== null &&
    /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/\d+\/\d{18}\/[^/?#]+\.txt(?:[?#]|$)/i.test(
      url,
    );
}

/**
 * The main document of an EDGAR submission as filings.read reads it (commands/filings/_shared.ts
 * primaryText): decoded alike, its first <DOCUMENT>'s <TEXT> as reader lines, cleaned; null when
 * the file holds no such document.
 */
async function submissionText(
  raw: RawDocument,
): Promise<{ text: string; warnings: string[] } | null> {
  const { decodeFiling } = await import("../../providers/decode.ts");
  const decoded = decodeFiling(
    raw.bytes,
    raw.charset ? `text/plain; charset=${raw.charset}` : null,
  );
  const { plainToText, submissionDocument } = await import("../filings/text.ts");
  const main = submissionDocument(decoded.text);
  if (!main) return null;
  const { cleanDocument } = await import("../filings/section_clean.ts");
  return { text: cleanDocument(plainToText(main.body)).text, warnings: decoded.warnings };
}

async function htmlModel(raw: RawDocument, maxDepth: number): Promise<DocText> {
  let text: string;
  let engine = "html";
  let warnings: string[];
  const submission = isEdgarSubmission(raw.url) ? await submissionText(raw) : null;
  if (submission) {
    ({ text, warnings } = submission);
    engine = "edgar-submission";
  } else if (isEdgarDocument(raw.url)) {
    // decoded as filings.read decodes it (providers/filings_a archiveText), so the offsets it
    // cites reopen here on the same characters
    const { htmlToText: filingText } = await import("../filings/html.ts");
    const { decodeFiling } = await import("../../providers/decode.ts");
    const decoded = decodeFiling(
      raw.bytes,
      raw.charset ? `text/html; charset=${raw.charset}` : null,
    );
    const html = decoded.text;
    warnings = decoded.warnings;
    const { cleanDocument } = await import("../filings/section_clean.ts");
    text = cleanDocument(filingText(html)).text;
    engine = "edgar-html";
  } else {
    const decoded = decodeHtml(raw.bytes, raw.charset);
    warnings = decoded.warnings;
    text = await htmlToText(decoded.html, maxDepth);
  }
  const built = assemble([{ text }]);
  if (text.length < 500) {
    warnings.push(
      `only ${text.length} characters of visible text: the page may be a wrapper, an error page or rendered by script`,
    );
  }
  return { ...base(raw, engine), ...built, page_count: 1, complete: true, warnings };
}

function base(raw: RawDocument, engine: string) {
  return { source: raw.source, url: raw.url, path: raw.path, format: raw.format, engine };
}

async function pdfModel(ctx: Context, raw: RawDocument, opts: LoadOptions): Promise<DocText> {
  const pdf = await (await ctx.provider("pdf_text_a")).open(raw.bytes, raw.label);
  const total = pdf.pageCount;
  const mode = opts.ocr ?? "auto";
  const pages: PageInput[] = [];
  const needOcr: number[] = [];
  const unread: number[] = []; // scanned pages left unread with ocr=off
  const sparse = new Set<number>(); // a stamp's worth of text over a page-size image
  const damaged: PdfPageError[] = []; // pages pdf.js could not read
  const notes: TextLayerNote[] = []; // pages whose text layer does not decode
  try {
    const limit = opts.maxPages && opts.maxPages > 0 ? Math.min(opts.maxPages, total) : total;
    let length = 0;
    for (let n = 1; n <= limit; n++) {
      checkpoint();
      let text: string, scan: boolean;
      try {
        const { runs, width } = await pdf.pageRuns(n);
        text = pageText(runs, width);
        // OCR replaces every page's text when forced: its text layer is not looked at
        if (mode !== "force") {
          const checked = checkTextLayer(text, n);
          text = checked.text;
          if (checked.note) notes.push(checked.note);
        }
        scan = mode !== "force" && !text.trim()
          ? await pdf.pageHasImages(n)
          : mode !== "force" && isSparse(text) && await pdf.imageCoverage(n) >= SCAN_COVERAGE;
      } catch (e) {
        if (!(e instanceof PdfPageError)) throw e;
        // the other pages are still read; this one is said to be missing
        damaged.push(e);
        pages.push({ text: "" });
        length += 2;
        continue;
      }
      pages.push({ text });
      if (scan && text.trim()) sparse.add(n);
      if (mode === "force" || (mode === "auto" && scan)) needOcr.push(n);
      else if (mode === "off" && scan) unread.push(n);
      length += text.length + 2;
      if (opts.untilChar !== undefined && length > opts.untilChar && needOcr.length === 0) break;
    }
  } finally {
    // Closed before OCR: pdf.js decodes a page's images once per process, and a second document
    // rendering the same PDF while this one is open (OCR renders its own copy) drew a scan
    // decoded for the text pass, which read as noise. One OCR path for read, scan and ocr.
    await pdf.close();
  }
  if (damaged.length === pages.length) throw damaged[0];
  const warnings: string[] = [];
  if (damaged.length) {
    warnings.push(
      `page(s) ${
        damaged.map((e) => e.page).join(", ")
      } could not be read (a damaged page object): their text is missing, the other pages were read`,
    );
  }
  if (needOcr.length) {
    try {
      await applyOcr(ctx, raw, needOcr, pages, warnings, mode, sparse);
    } catch (e) {
      // pages that have a text layer are read without OCR when it cannot run (before sparse
      // pages were OCRed, such a document read fine); a page without text still needs it
      if (!(e instanceof FinanceError) || needOcr.some((n) => !sparse.has(n))) throw e;
      warnings.push(
        `page(s) ${
          needOcr.join(", ")
        } hold only a few characters of text over a page-size image and may be scans, but OCR could not run (${e.message}): only their text layer is read`,
      );
    }
  }
  const built = assemble(pages);
  warnings.push(...textLayerWarnings(notes));
  if (!built.text.trim()) {
    if (!notes.some((n) => n.kind === "garbled")) warnings.push(NO_TEXT);
  } else if (unread.length) {
    // the text of the other pages must not pass for the whole document
    warnings.push(
      `page(s) ${unread.join(", ")} have ${
        unread.some((n) => sparse.has(n))
          ? "no text layer or only a stamp's worth of text over a page-size image"
          : "no text layer"
      } (scanned images) and OCR is off: their text is missing; pass ocr=auto to read them`,
    );
  }
  const unsure = built.uncertain_figures ?? [];
  if (unsure.length) {
    const shown = unsure.slice(0, 3).map((u) =>
      `"${u.text}" (page ${u.page}, chars ${u.start_char}–${u.end_char}, confidence ${
        Math.round(u.confidence)
      })`
    ).join(", ");
    warnings.push(
      `OCR read ${unsure.length} figure(s) with confidence under ${FIGURE_CONFIDENCE}, e.g. ${shown}: a digit may be misread (3 as 8, a comma as a point); check them against the page`,
    );
  }
  if (pages.length < total && opts.untilChar === undefined) {
    warnings.push(
      `read ${pages.length} of ${total} pages (max_pages=${opts.maxPages}); pass max_pages=0 to read all pages`,
    );
  }
  // a sparse page whose text layer was kept is no OCR text
  const engine = pages.some((p) => p.ocr) ? "pdfjs+tesseract" : "pdfjs";
  return {
    ...base(raw, engine),
    ...built,
    page_count: total,
    complete: pages.length === total,
    warnings,
    ...(notes.length ? { text_layer_notes: notes } : {}),
  };
}

/** OCR takes seconds a page: on a terminal, more than a few pages show progress on stderr. */
function ocrProgress(ctx: Context, total: number) {
  if (total <= 3 || ctx.surface !== "cli" || !Deno.stderr.isTerminal()) return undefined;
  const enc = new TextEncoder();
  return (done: number, all: number) => {
    Deno.stderr.writeSync(enc.encode(`\rOCR: page ${done} of ${all}${done === all ? "\n" : ""}`));
  };
}

/** Mean OCR confidence a sparse page's recognised text needs to replace its text layer. */
const SCAN_CONFIDENCE = 70;

/** Words of three letters or more and figures: what OCR noise rarely makes. */
function words(text: string): number {
  let n = 0;
  for (const t of text.split(/\s+/)) if (/^(\p{L}{3,}[.,;:]?|[$€£(]?\d[\d,.]*%?\)?)$/u.test(t)) n++;
  return n;
}

function isSparse(text: string): boolean {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (!/\s/.test(text[i]) && ++n >= SPARSE_CHARS) return false;
  }
  return n > 0;
}

async function applyOcr(
  ctx: Context,
  raw: RawDocument,
  pageNumbers: number[],
  pages: PageInput[],
  warnings: string[],
  mode: OcrMode,
  sparse: Set<number> = new Set(),
): Promise<void> {
  const ocr = await ctx.provider("ocr_a");
  const results = await ocr.recognizePdf(
    raw.bytes,
    pageNumbers,
    raw.label,
    ocrProgress(ctx, pageNumbers.length),
  );
  const stamped: number[] = [];
  const kept: number[] = [];
  for (const r of results) {
    if (sparse.has(r.page)) {
      // a chart or photo under a slide's title reads as a few words and noise ("gw [3N Vode"):
      // the text layer stays unless OCR reads clearly more words than it has
      if (
        words(r.text) < words(pages[r.page - 1].text) + 5 ||
        (r.confidence ?? 0) < SCAN_CONFIDENCE
      ) {
        kept.push(r.page);
        continue;
      }
      stamped.push(r.page);
    }
    pages[r.page - 1] = {
      text: r.text,
      ocr: true,
      ocr_confidence: r.confidence,
      uncertain: r.uncertain,
    };
  }
  if (stamped.length) {
    warnings.push(
      `page(s) ${
        stamped.join(", ")
      } hold only a few characters of text (a stamp or page number) over a page-size image: read as scans, their text comes from OCR (offline Tesseract), check figures against the page`,
    );
  }
  const plain = pageNumbers.filter((n) => !sparse.has(n));
  if (kept.length) {
    warnings.push(
      `page(s) ${
        kept.join(", ")
      } hold a page-size image and little text; OCR read no clear words in the image beyond the page's own text, which is kept: words inside the image (a chart, a photo) are not in the text`,
    );
  }
  if (!plain.length) return;
  if (mode === "auto" && pageNumbers.length === pages.length && !sparse.size) {
    warnings.push(
      `no page read has a text layer: all of this text comes from OCR (offline Tesseract), so matches depend on recognition; check figures against the page`,
    );
  } else if (mode === "auto") {
    warnings.push(
      `page(s) ${
        plain.join(", ")
      } have no text layer; their text comes from OCR (offline Tesseract), check figures against the page`,
    );
  }
}
