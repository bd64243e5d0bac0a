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
import { pdfEncryption } from "./decrypt.ts";

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

/** The abbreviations inline images and some writers use, as pdf.js reads them. */
const FILTER_NAMES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  RL: "RunLengthDecode",
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  DCT: "DCTDecode",
  CCF: "CCITTFaxDecode",
};
/** Filters whose output can be far larger than their input. */
const EXPANDING = new Set(["FlateDecode", "LZWDecode", "RunLengthDecode"]);
/** Filters whose output is at most their input (text encodings of bytes). */
const SHRINKING = new Set(["ASCIIHexDecode", "ASCII85Decode"]);

/**
 * Checks the declared image sizes and decodes every compressed stream with a running count,
 * stopping at the cap: Flate, LZW and run-length, after any ASCII encoding before them, with the
 * filter read through an indirect reference (`/Filter 5 0 R`). A stream that asks for two
 * expanding filters in a row (Flate over Flate: each layer multiplies the other) or names its
 * filter in a way this check cannot read is refused: pdf.js would decode it whole, beyond any
 * cap. Streams pdf.js would not expand (images, encrypted data) count as their stored size.
 */
export async function preflightPdf(
  bytes: Uint8Array,
  label: string,
  limits: PdfLimits,
): Promise<void> {
  const text = new TextDecoder("latin1").decode(bytes);
  let inflated = 0;
  // encrypted streams are counted decrypted: encrypted, no Flate stream inflated and each counted
  // as the most it could give (an encrypted 2,500-page report read as a compression bomb)
  const crypt = pdfEncryption(text);
  if (crypt.kind === "password") {
    throw new FinanceError(
      `${label} is password-protected; pdf.js cannot open it without the password`,
    );
  }
  // the keyword, then an end of line as PDF writes it (CR LF or LF) or as pdf.js also takes it
  // (a lone CR, spaces or a comment first)
  const streams = /stream[ \t]*(?:%[^\r\n]*)?(?:\r\n|\n|\r)/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(text)) !== null) {
    checkpoint();
    const dictEnd = text.lastIndexOf(">>", m.index);
    if (dictEnd < 0 || text.slice(dictEnd + 2, m.index).trim() !== "") continue;
    const dictStart = text.lastIndexOf("obj", dictEnd);
    const dict = text.slice(Math.max(dictStart, dictEnd - 1_000_000, 0), dictEnd + 2);
    const start = m.index + m[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    if (end < start || end > text.length) end = text.indexOf("endstream", start);
    if (end < 0) end = text.length;
    streams.lastIndex = end;
    if (/\/Subtype\s*\/Image\b/.test(dict)) checkImage(dict, label, limits);
    const filters = streamFilters(dict, text, label);
    let data: Uint8Array = bytes.subarray(start, end);
    if (crypt.kind === "open" && !/\/Type\s*\/XRef\b/.test(dict)) {
      const id = /(\d+)\s+(\d+)\s+obj\b[^]*$/.exec(
        text.slice(Math.max(0, dictStart - 40), dictStart + 3),
      );
      const clear = !crypt.decryptor.encryptMetadata && /\/Type\s*\/Metadata\b/.test(dict);
      if (id && !clear) data = crypt.decryptor.decrypt(Number(id[1]), Number(id[2]), data) ?? data;
    }
    inflated += await decodedSize(
      data,
      filters,
      limits.streamBytes - inflated,
      label,
    );
    if (inflated > limits.streamBytes) {
      throw new FinanceError(
        `${label} inflates to more than ${limits.streamBytes} bytes of PDF streams (a compression bomb or an unusually heavy file); raise FINANCE_MAX_PDF_STREAM_BYTES to read it`,
      );
    }
  }
}

/**
 * The filters of a stream dictionary in order, full names, read through an indirect reference
 * to a name or an array; [] without /Filter.
 */
export function streamFilters(dict: string, text: string, label: string): string[] {
  const at = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>\[\]()]+|(\d+)\s+(\d+)\s+R\b)/.exec(dict);
  if (!at) {
    if (/\/Filter\b/.test(dict)) unreadableFilter(label);
    return [];
  }
  let value = at[1];
  if (at[2] !== undefined) {
    // `5 0 obj /FlateDecode endobj` (or an array): where the object stands in the file
    const obj = new RegExp(
      String.raw`(?:^|[^\d])${at[2]}\s+${at[3]}\s+obj\s*(\[[^\]]*\]|\/[^\s/<>\[\]()]+)`,
    ).exec(text);
    // inside a compressed object stream it cannot be read here: refused, not guessed
    if (!obj) unreadableFilter(label);
    value = obj![1];
  }
  const names = [...value.matchAll(/\/([^\s/<>\[\]()]+)/g)].map((n) => FILTER_NAMES[n[1]] ?? n[1]);
  // an array holding references (`[5 0 R]`) names filters this check cannot see
  if (value.startsWith("[") && /\d+\s+\d+\s+R/.test(value)) unreadableFilter(label);
  return names;
}

function unreadableFilter(label: string): never {
  throw new FinanceError(
    `${label} names a stream filter through a reference this check cannot read (a way to hide a compression bomb); the PDF is not read`,
  );
}

/**
 * The size a stream decodes to through its expanding filter, counting no further than just past
 * `room`; ASCII encodings before it are decoded first (they only shrink). Its stored size where
 * nothing expands.
 */
async function decodedSize(
  data: Uint8Array,
  filters: string[],
  room: number,
  label: string,
): Promise<number> {
  const expanding = filters.filter((f) => EXPANDING.has(f));
  if (!expanding.length) return data.length;
  if (expanding.length > 1) {
    throw new FinanceError(
      `${label} has a stream compressed ${expanding.length} times over (${
        expanding.join(", ")
      }): its size cannot be bounded before decoding, so the PDF is not read`,
    );
  }
  let input = data;
  for (const f of filters) {
    if (EXPANDING.has(f)) break;
    if (!SHRINKING.has(f)) return data.length; // an image or unknown coding before it: stored size
    input = f === "ASCIIHexDecode" ? asciiHex(input) : ascii85(input);
  }
  const f = expanding[0];
  return f === "FlateDecode"
    ? await inflatedSize(input, room)
    : f === "LZWDecode"
    ? lzwSize(input, room)
    : runLengthSize(input, room);
}

/** ASCIIHexDecode: pairs of hex digits up to '>', whitespace ignored. */
function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = c >= 48 && c <= 57
      ? c - 48
      : c >= 65 && c <= 70
      ? c - 55
      : c >= 97 && c <= 102
      ? c - 87
      : -1;
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = high * 16 + v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high * 16;
  return out.subarray(0, n);
}

/** ASCII85Decode: groups of five characters '!'..'u' to four bytes, 'z' four zeros, up to '~>'. */
function ascii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length); // 'z' gives 4 bytes for 1, groups 4 for 5: bounded below
  let n = 0;
  let group = 0;
  let count = 0;
  for (const c of data) {
    if (c === 0x7e) break;
    if (c === 0x7a && count === 0) {
      if (n + 4 > out.length) break;
      out.fill(0, n, n + 4);
      n += 4;
      continue;
    }
    if (c < 33 || c > 117) continue;
    group = group * 85 + (c - 33);
    if (++count === 5) {
      if (n + 4 > out.length) break;
      out[n++] = (group >>> 24) & 255;
      out[n++] = (group >>> 16) & 255;
      out[n++] = (group >>> 8) & 255;
      out[n++] = group & 255;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let k = count; k < 5; k++) group = group * 85 + 84;
    for (let k = 0; k < count - 1; k++) out[n++] = (group >>> (24 - 8 * k)) & 255;
  }
  return out.subarray(0, n);
}

/** RunLengthDecode's output size: a length byte 0–127 copies that plus one, 129–255 repeats. */
function runLengthSize(data: Uint8Array, room: number): number {
  let size = 0;
  for (let i = 0; i < data.length && size <= room;) {
    const b = data[i];
    if (b === 128) break;
    if (b < 128) {
      size += b + 1;
      i += b + 2;
    } else {
      size += 257 - b;
      i += 2;
    }
  }
  return size;
}

/**
 * LZWDecode's output size (codes of 9 to 12 bits, early change as the default): each code's
 * string length kept per table entry, no bytes produced.
 */
function lzwSize(data: Uint8Array, room: number): number {
  const len = new Int32Array(4096);
  for (let i = 0; i < 256; i++) len[i] = 1;
  let next = 258;
  let width = 9;
  let prev = -1;
  let size = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < data.length && size <= room; i++) {
    buffer = (buffer << 8) | data[i];
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      buffer &= (1 << bits) - 1;
      if (code === 256) {
        next = 258;
        width = 9;
        prev = -1;
        continue;
      }
      if (code === 257) return size;
      let n: number;
      if (code < next && len[code] > 0) n = len[code];
      else if (code === next && prev >= 0) n = len[prev] + 1;
      else return size; // a broken stream: pdf.js stops there too
      if (prev >= 0 && next < 4096) len[next++] = len[prev] + 1;
      size += n;
      prev = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return size;
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

/**
 * How many bytes `data` inflates to, counting no further than just past `room`. pdf.js inflates
 * a stream with junk after its end (a /Length that runs past it) or cut short; the stream
 * decompressor errors there and drops what the last piece of input gave. So the input goes in
 * pieces, each one's output counted before the next; after an error the stream is counted again
 * in small pieces, and the most the lost piece could have given is added.
 */
async function inflatedSize(data: Uint8Array, room: number): Promise<number> {
  if (data.length < 2) return data.length;
  const first = await inflateCount(data, room, 16 * 1024);
  if (!first.failed || first.size > room) return first.size;
  const fine = 256;
  const second = await inflateCount(data, room, fine);
  // deflate gives at most 1032 bytes for one byte of input
  return second.failed ? second.size + fine * 1032 : second.size;
}

async function inflateCount(
  data: Uint8Array,
  room: number,
  piece: number,
): Promise<{ size: number; failed: boolean }> {
  const stream = new DecompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let size = 0;
  let failed = false;
  const reading = (async () => {
    try {
      while (size <= room) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
      }
    } catch {
      failed = true;
    }
  })();
  try {
    for (let at = 0; at < data.length && size <= room && !failed; at += piece) {
      await writer.write(data.subarray(at, at + piece) as Uint8Array<ArrayBuffer>);
    }
    if (size <= room && !failed) await writer.close();
  } catch {
    failed = true;
  }
  if (size > room) reader.cancel().catch(() => {});
  await reading;
  writer.abort().catch(() => {});
  return { size, failed };
}
