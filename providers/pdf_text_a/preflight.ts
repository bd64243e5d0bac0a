/**
 * Caps on the work a PDF may ask for, checked on the raw bytes before pdf.js sees them. pdf.js
 * inflates streams and decodes images whole and cannot be told to stop, so a 1 KB file that
 * inflates to gigabytes, declares a 100,000 × 100,000 image or a million pages would hold the
 * process. Each cap ends the read with ok:false naming the cap and the setting that raises it;
 * the defaults sit far above the largest real filings and reports (a 190-page 10-K inflates to
 * about 30 MB).
 */
import { FinanceError } from "../../core/errors.ts";
import { checkpoint } from "../../core/cancel.ts";

/** The caps, from the environment (see `pdfLimits`). */
export interface PdfLimits {
  /** Pages a PDF may have (FINANCE_MAX_PDF_PAGES). */
  pages: number;
  /** Bytes all its Flate streams may inflate to, together (FINANCE_MAX_PDF_STREAM_BYTES). */
  streamBytes: number;
  /** Pixels one embedded image may declare (FINANCE_MAX_PDF_IMAGE_PIXELS). */
  imagePixels: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  pages: 5000,
  streamBytes: 512 * 1024 * 1024,
  imagePixels: 100_000_000,
};

/** The caps from settings, defaults where a setting is absent or not a positive number. */
export function pdfLimits(env: (name: string) => string | undefined): PdfLimits {
  const read = (name: string, fallback: number) => {
    const n = Number(env(name));
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
  };
  return {
    pages: read("FINANCE_MAX_PDF_PAGES", DEFAULT_PDF_LIMITS.pages),
    streamBytes: read("FINANCE_MAX_PDF_STREAM_BYTES", DEFAULT_PDF_LIMITS.streamBytes),
    imagePixels: read("FINANCE_MAX_PDF_IMAGE_PIXELS", DEFAULT_PDF_LIMITS.imagePixels),
  };
}

/** The page-count cap, checked once pdf.js has read the page tree. */
export function checkPageCount(pages: number, label: string, limits: PdfLimits): void {
  if (pages > limits.pages) {
    throw new FinanceError(
      `${label} has ${pages} pages, over the ${limits.pages}-page cap for one PDF; raise FINANCE_MAX_PDF_PAGES to read it`,
    );
  }
}

/**
 * Checks the declared image sizes and inflates every Flate stream with a running count, stopping
 * at the cap. Streams pdf.js would not inflate either (other filters, encrypted data) count as
 * their stored size.
 */
export async function preflightPdf(
  bytes: Uint8Array,
  label: string,
  limits: PdfLimits,
): Promise<void> {
  const text = new TextDecoder("latin1").decode(bytes);
  let inflated = 0;
  const streams = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(text)) !== null) {
    checkpoint();
    const dictEnd = text.lastIndexOf(">>", m.index);
    if (dictEnd < 0 || text.slice(dictEnd + 2, m.index).trim() !== "") continue;
    const dictStart = text.lastIndexOf(" obj", dictEnd);
    const dict = text.slice(Math.max(dictStart, dictEnd - 4096), dictEnd + 2);
    const start = m.index + m[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    if (end < start || end > text.length) end = text.indexOf("endstream", start);
    if (end < 0) end = text.length;
    streams.lastIndex = end;
    if (/\/Subtype\s*\/Image\b/.test(dict)) checkImage(dict, label, limits);
    const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? "";
    const flate = /^(\[\s*)?\/(FlateDecode|Fl)\b/.test(filter);
    inflated += flate
      ? await inflatedSize(bytes.subarray(start, end), limits.streamBytes - inflated)
      : end - start;
    if (inflated > limits.streamBytes) {
      throw new FinanceError(
        `${label} inflates to more than ${limits.streamBytes} bytes of PDF streams (a compression bomb or an unusually heavy file); raise FINANCE_MAX_PDF_STREAM_BYTES to read it`,
      );
    }
  }
}

function checkImage(dict: string, label: string, limits: PdfLimits): void {
  const w = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const h = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (w * h > limits.imagePixels) {
    throw new FinanceError(
      `${label} holds an image of ${w} × ${h} pixels, over the ${limits.imagePixels}-pixel cap for one image; raise FINANCE_MAX_PDF_IMAGE_PIXELS to read it`,
    );
  }
}

/** How many bytes `data` inflates to, counting no further than just past `room`. */
async function inflatedSize(data: Uint8Array, room: number): Promise<number> {
  if (data.length < 2) return data.length;
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("deflate")).getReader();
  let size = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > room) break;
    }
  } catch {
    // a damaged or truncated stream: pdf.js inflates what it can, so count what came out
  } finally {
    reader.cancel().catch(() => {});
  }
  return size;
}
