/**
 * A document's bytes read as text, the same for every provider that fetches documents (SEC
 * filings, company IR pages, user URLs): the charset a page declares in its bytes or its
 * Content-Type, UTF-8 with stray windows-1252 bytes read as the characters every browser shows,
 * UTF-16 without a byte-order mark, and HTML character references (named, decimal, hex, with
 * windows-1252's quotes for &#146; and the like). Reading raw answers into text is the
 * providers' job, so this lives on their floor; the analysis of the text imports it from here.
 */
import { checkpoint } from "../core/cancel.ts";

const NAMED: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  rsquo: "\u2019",
  lsquo: "\u2018",
  rdquo: "\u201d",
  ldquo: "\u201c",
  mdash: "\u2014",
  ndash: "\u2013",
  bull: "\u2022",
  middot: "\u00b7",
  reg: "\u00ae",
  copy: "\u00a9",
  trade: "\u2122",
  hellip: "\u2026",
  sect: "\u00a7",
  para: "\u00b6",
  shy: "",
  zerowidthspace: "",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
};

/**
 * HTML's other named characters (case matters: &Eacute; is not &eacute;): the latin-1 ones in
 * code point order from U+00A0, then the typographic ones older filings spell by name
 * ("Nestl&eacute;", "&pound;5 million", "&frac12;%"), which read as the literal name before.
 */
const ENTITY = new Map<string, string>(
  ("nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn " +
    "sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave " +
    "Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml " +
    "ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN " +
    "szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave " +
    "iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute " +
    "ucirc uuml yacute thorn yuml").split(" ").map((n, i) => [n, String.fromCharCode(0xa0 + i)]),
);
for (
  const [name, c] of Object.entries({
    euro: "\u20ac",
    sbquo: "\u201a",
    bdquo: "\u201e",
    dagger: "\u2020",
    Dagger: "\u2021",
    permil: "\u2030",
    lsaquo: "\u2039",
    rsaquo: "\u203a",
    OElig: "\u0152",
    oelig: "\u0153",
    Scaron: "\u0160",
    scaron: "\u0161",
    Yuml: "\u0178",
    fnof: "\u0192",
    circ: "\u02c6",
    tilde: "\u02dc",
    minus: "\u2212",
    prime: "\u2032",
    Prime: "\u2033",
    le: "\u2264",
    ge: "\u2265",
    ne: "\u2260",
    asymp: "\u2248",
  })
) ENTITY.set(name, c);

const INVISIBLE = new Set([0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/** windows-1252, which HTML reads numeric references 128–159 in (&#146; is "\u2019"). */
const CP1252 = new TextDecoder("windows-1252");

/** Decodes character references (named, decimal, hex). */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (m, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X"
        ? parseInt(body.slice(2), 16)
        : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return m;
      if (code === 160) return " ";
      // &#146; &#147; &#148; &#150; &#151; of 1990s-2000s filings are windows-1252's quotes
      // and dashes to every browser (HTML's rule), not the C1 control codes U+0080–U+009F
      if (code >= 0x80 && code <= 0x9f) return CP1252.decode(Uint8Array.of(code));
      if (code >= 0xd800 && code <= 0xdfff) return "\ufffd"; // half a surrogate pair prints as that
      // zero-width spaces and joiners, soft hyphens: nothing on the page ("Item&#8203; 1A.")
      return INVISIBLE.has(code) ? "" : String.fromCodePoint(code);
    }
    const name = body.toLowerCase();
    return Object.hasOwn(NAMED, name) ? NAMED[name] : ENTITY.get(body) ?? m;
  });
}

/** A filing document's bytes as text, how they were read, and what is uncertain about it. */
export interface DecodedFiling {
  text: string;
  encoding: string;
  warnings: string[];
}

/**
 * The text of a filing document's bytes (HTML, an SGML .txt submission, XML), read by the rule
 * document.read reads pages by: a byte order mark (UTF-8, UTF-16), else the server's
 * Content-Type charset, else the document's meta or XML declaration, else UTF-8 with any byte
 * that is not UTF-8 read as windows-1252 (1990s-2000s EDGAR documents are windows-1252 or
 * latin-1: their curly quotes, dashes, §, ®, £ and € became U+FFFD), said in a warning. UTF-16
 * without a byte order mark (a NUL beside every ASCII letter) is read as UTF-16 and said.
 */
export function decodeFiling(
  bytes: Uint8Array,
  contentType?: string | null,
): DecodedFiling {
  const bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const utf16 = bom ? null : bomlessUtf16(bytes);
  if (utf16) {
    return {
      text: new TextDecoder(utf16).decode(bytes),
      encoding: utf16,
      warnings: [
        `the document has no byte order mark but its bytes are ${utf16.toUpperCase()} (a NUL byte beside each ASCII character): read as ${utf16.toUpperCase()}`,
      ],
    };
  }
  const fromHeader = headerCharset(contentType);
  if (!bom && asciiOnly(bytes) && readsAscii(fromHeader ?? declaredCharset(bytes))) {
    // the usual modern filing (Workiva's declare encoding="ASCII"): every byte below 0x80 and a
    // charset that reads them as ASCII, so the text is the bytes (the full reader's byte-by-byte
    // checks took 100 ms for a 2 MB 10-K)
    return { text: new TextDecoder().decode(bytes), encoding: "utf-8", warnings: [] };
  }
  if (!bom && readsUtf8(fromHeader ?? declaredCharset(bytes))) {
    // valid UTF-8 where UTF-8 is meant: what the full reader would give, without its checks
    try {
      return { text: UTF8_STRICT.decode(bytes), encoding: "utf-8", warnings: [] };
    } catch {
      // bytes that are not UTF-8: the full reader reads them as windows-1252 and says so
    }
  }
  const { html, encoding, warnings } = decodeHtml(bytes, fromHeader);
  return { text: html, encoding, warnings };
}

const UTF8_STRICT = new TextDecoder("utf-8", { fatal: true });

/** Whether a charset label (or none) means UTF-8 to the full reader. */
function readsUtf8(label: string | null): boolean {
  if (!label) return true;
  try {
    return /^utf-(8|16)/.test(new TextDecoder(label.toLowerCase()).encoding);
  } catch {
    return false;
  }
}

/** Whether no byte is 0x80 or above, read 4 bytes at a time where the buffer allows. */
function asciiOnly(bytes: Uint8Array): boolean {
  const whole = bytes.byteOffset % 4 === 0 ? bytes.length >> 2 : 0;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, whole);
  for (let i = 0; i < words.length; i++) if (words[i] & 0x80808080) return false;
  for (let i = whole << 2; i < bytes.length; i++) if (bytes[i] & 0x80) return false;
  return true;
}

/** Whether a charset label (or none) reads the bytes 0x00–0x7F as ASCII. */
function readsAscii(label: string | null): boolean {
  if (!label) return true;
  try {
    return /^(utf-8|windows-125\d|iso-8859-\d+)$/.test(
      new TextDecoder(label.toLowerCase()).encoding,
    );
  } catch {
    return false; // a label no decoder knows: the full reader says so
  }
}

/** "utf-16le"/"utf-16be" when the first bytes are ASCII text in UTF-16 without a byte order mark. */
function bomlessUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return null;
  let even = 0, odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const half = n / 2;
  if (odd > half * 0.6 && even < half * 0.05) return "utf-16le";
  if (even > half * 0.6 && odd < half * 0.05) return "utf-16be";
  return null;
}

/** windows-1252's characters for bytes 0x80–0x9F (the other bytes are their own code points). */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the bytes there are not one. */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) =>
    i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80, hi = c === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80, hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** UTF-8 with each byte that starts no valid sequence read as windows-1252; and how many did. */
function utf8OrCp1252(bytes: Uint8Array): { text: string; stray: number } {
  const utf8 = new TextDecoder("utf-8");
  const parts: string[] = [];
  let stray = 0;
  let run = 0; // start of the current valid run
  for (let i = 0; i < bytes.length;) {
    if ((i & 0xfffff) === 0) checkpoint();
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    const n = utf8Length(bytes, i);
    if (n) {
      i += n;
      continue;
    }
    if (run < i) parts.push(utf8.decode(bytes.subarray(run, i)));
    const c = bytes[i];
    parts.push(c >= 0x80 && c <= 0x9f ? CP1252_HIGH[c - 0x80] : String.fromCharCode(c));
    stray++;
    run = ++i;
  }
  if (run < bytes.length) parts.push(utf8.decode(bytes.subarray(run)));
  return { text: parts.join(""), stray };
}

/** True when a byte is outside ASCII (a loop: `some` with a callback costs ~40 ms a MB). */
function hasHighByte(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return true;
  return false;
}

/** The charset an HTML or XML head declares in its first 1024 bytes (meta or XML declaration). */
export function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const xml = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1];
  for (const meta of head.matchAll(/<meta\b[^>]*>/gi)) {
    const m = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta[0]);
    if (m) return m[1];
  }
  return null;
}

/** The charset a Content-Type header names, or null. */
export function headerCharset(contentType: string | null | undefined): string | null {
  return /;\s*charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1] ?? null;
}

/**
 * HTML bytes as text, in the encoding the page is in: a byte order mark (UTF-8, UTF-16), else
 * the server's Content-Type charset, else the page's own meta or XML declaration, else UTF-8.
 * Reading a windows-1252 or latin-1 page as UTF-8 turned its curly quotes, dashes, € and £ into
 * U+FFFD. Bytes that are not UTF-8 in a page read as UTF-8 are read as windows-1252 (what
 * browsers assume of undeclared pages) and said in a warning.
 */
export function decodeHtml(
  bytes: Uint8Array,
  fromHeader?: string | null,
): { html: string; encoding: string; warnings: string[] } {
  const warnings: string[] = [];
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { ...utf8(bytes.subarray(3), "a UTF-8 byte order mark", warnings), warnings };
  }
  for (const [b0, b1, label] of [[0xff, 0xfe, "utf-16le"], [0xfe, 0xff, "utf-16be"]] as const) {
    if (bytes[0] === b0 && bytes[1] === b1) {
      return { html: new TextDecoder(label).decode(bytes.subarray(2)), encoding: label, warnings };
    }
  }
  const declared = fromHeader ?? declaredCharset(bytes);
  const how = fromHeader
    ? `the server's Content-Type (charset=${fromHeader})`
    : declared
    ? `the page's own declaration (charset=${declared})`
    : "no declared charset";
  if (declared) {
    let decoder: TextDecoder | null = null;
    try {
      decoder = new TextDecoder(declared.toLowerCase());
    } catch {
      warnings.push(
        `the page declares charset=${declared}, which this reader does not know: read as UTF-8; letters outside ASCII may be wrong`,
      );
    }
    // a meta tag that says UTF-16 in bytes that carry no byte order mark means UTF-8 (HTML spec)
    if (decoder && !/^utf-(8|16)/.test(decoder.encoding)) {
      // a server or template that says latin-1 over UTF-8 bytes: read as declared, every "’"
      // became "â€™"; valid UTF-8 with letters beyond ASCII is no accident of another encoding
      const asUtf8 = utf8OrCp1252(bytes);
      if (!asUtf8.stray && hasHighByte(bytes)) {
        warnings.push(
          `the page is declared ${declared} by ${
            fromHeader ? "the server" : "itself"
          } but its bytes are UTF-8: read as UTF-8`,
        );
        return { html: asUtf8.text, encoding: "utf-8", warnings };
      }
      return { html: decoder.decode(bytes), encoding: decoder.encoding, warnings };
    }
  }
  return { ...utf8(bytes, how, warnings), warnings };
}

function utf8(bytes: Uint8Array, how: string, warnings: string[]) {
  const { text, stray } = utf8OrCp1252(bytes);
  if (stray) {
    warnings.push(
      `${stray} byte(s) of the page are not UTF-8 (read as UTF-8 from ${how}): they were read as windows-1252 characters (quotes, dashes, € £); check such characters`,
    );
  }
  return { html: text, encoding: stray ? "utf-8+windows-1252" : "utf-8" };
}
