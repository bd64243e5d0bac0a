/**
 * A fast, forgiving HTML-to-text pass for SEC documents (10-K/10-Q primary documents, R pages).
 * One scan, no DOM: block tags end lines, table rows become one line with cells joined by
 * " | ", hidden inline-XBRL headers, scripts and styles are dropped, and element ids are
 * remembered as text offsets so table-of-contents links can be followed.
 */
import { checkpoint } from "../../core/cancel.ts";
import { declaredCharset, decodeHtml, headerCharset } from "../document/html.ts";

/** Text of a document plus where its anchors and internal links fall in that text. */
export interface DocText {
  text: string;
  /** Element id or name → offset in `text`. */
  anchors: Map<string, number>;
  /** Internal links (`href="#id"`), with the offset of the line that holds them. */
  links: { target: string; at: number }[];
}

const BLOCK = new Set([
  "p",
  "div",
  "br",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "hr",
  "section",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "center",
  "blockquote",
  "pre",
  "article",
  "header",
  "footer",
  "body",
]);
const SKIP = new Set(["script", "style", "head", "title", "ix:header", "noscript", "xml"]);
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

// Cells that only carry a currency sign or a closing mark belong to their neighbour.
function joinCells(cells: string[]): string {
  const out: string[] = [];
  let pendingPrefix = "";
  for (const raw of cells) {
    const c = raw.trim();
    if (!c) continue;
    if (c === "$" || c === "€" || c === "£" || c === "(" || c === "$(") {
      pendingPrefix += c;
      continue;
    }
    if ((c === ")" || c === "%" || c === ")%" || c === "%)") && out.length) {
      out[out.length - 1] += c;
      continue;
    }
    out.push(pendingPrefix ? `${pendingPrefix}${pendingPrefix.endsWith("$") ? " " : ""}${c}` : c);
    pendingPrefix = "";
  }
  return out.join(" | ");
}

class TextBuilder {
  parts: string[] = [];
  length = 0;
  lineOpen = false;
  pendingSpace = false;
  row: string[] | null = null;
  cell: string | null = null;
  rowLinks: string[] = [];
  anchors = new Map<string, number>();
  links: { target: string; at: number }[] = [];

  /** Depth of open `<pre>` elements, and the text gathered in them (read at the close). */
  pre = 0;
  preText = "";

  text(t: string) {
    if (this.cell !== null) {
      this.cell += t;
      return;
    }
    if (this.row !== null) return; // text between cells (whitespace) is noise
    if (this.pre > 0) {
      this.preText += t;
      return;
    }
    this.inline(t);
  }

  /**
   * Preformatted text (1990s filings converted to HTML inside one `<pre>`): hard-wrapped lines of
   * a paragraph join into one line, blank lines end paragraphs, and columns laid out in spaces
   * become cells, as in a plain-text submission.
   */
  flushPre() {
    let open = false; // the last line is a paragraph that may continue
    let heading = false;
    for (const raw of this.preText.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || /^[-=_\s]+$/.test(line)) {
        this.newline();
        open = false;
        continue;
      }
      const tabular = /\S {3,}\S/.test(line);
      const text = (tabular ? line.replace(/ {3,}/g, " | ") : line).replace(/\s{2,}/g, " ");
      const starts = /^(?:part\s+[ivx]+\b|items?\s+\d)/i.test(text);
      const head = !tabular &&
        (starts || (text.length < 100 && /[A-Z]/.test(text) && text === text.toUpperCase()));
      const continues: boolean = open && !tabular && !starts && (heading ? head : !head);
      if (continues) this.pendingSpace = true;
      else this.newline();
      this.inline(text);
      open = !tabular;
      heading = continues ? heading : head;
    }
    this.preText = "";
    this.newline();
  }

  inline(t: string) {
    const collapsed = t.replace(/\s+/g, " ");
    if (collapsed === " ") {
      if (this.lineOpen) this.pendingSpace = true;
      return;
    }
    let s = collapsed;
    if (!this.lineOpen) s = s.trimStart();
    if (!s) return;
    if (this.pendingSpace && !s.startsWith(" ")) s = ` ${s}`;
    this.pendingSpace = s.endsWith(" ");
    if (this.pendingSpace) s = s.trimEnd();
    this.push(s);
    this.lineOpen = true;
  }

  push(s: string) {
    this.parts.push(s);
    this.length += s.length;
  }

  newline() {
    if (this.cell !== null) {
      this.cell += " ";
      return;
    }
    if (this.lineOpen) this.push("\n");
    this.lineOpen = false;
    this.pendingSpace = false;
  }

  startRow() {
    this.flushRow();
    this.newline();
    this.row = [];
    this.rowLinks = [];
  }

  startCell() {
    if (this.row === null) this.startRow();
    if (this.cell !== null) this.row!.push(this.cell);
    this.cell = "";
  }

  flushRow() {
    if (this.row === null) return;
    if (this.cell !== null) this.row.push(this.cell);
    const line = joinCells(this.row.map((c) => c.replace(/\s+/g, " ")));
    this.row = null;
    this.cell = null;
    const at = this.length;
    for (const target of this.rowLinks) this.links.push({ target, at });
    this.rowLinks = [];
    if (line) {
      this.push(`${line}\n`);
    }
    this.lineOpen = false;
  }

  /** The last character written where text goes now (the open cell, the pre block or the line). */
  lastChar(): string {
    if (this.cell !== null) return this.cell.slice(-1);
    if (this.pre > 0) return this.preText.slice(-1);
    return this.parts.length ? this.parts[this.parts.length - 1].slice(-1) : "";
  }

  mark(id: string) {
    if (!this.anchors.has(id)) this.anchors.set(id, this.length);
  }

  link(target: string) {
    if (this.row !== null) this.rowLinks.push(target);
    else this.links.push({ target, at: this.length });
  }
}

/** Alternative text of an image that reads like an item or PART heading. */
const ALT_HEADING = /^(?:part\s+[ivx]+\b|items?\s+\d{1,2}[a-j]?\b)[^<>]{0,200}$/i;

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

/** Turns HTML into readable text with anchor offsets. Page furniture is not removed here. */
export function htmlToText(html: string): DocText {
  const b = new TextBuilder();
  let i = 0;
  const n = html.length;
  let steps = 0;
  // lower-cased once: per script or style tag it made "<script>" repeated quadratic (1 MB, 73 s)
  let lower: string | null = null;
  const absentFrom = new Map<string, number>(); // no "</name" at or after this offset
  while (i < n) {
    if ((++steps & 4095) === 0) checkpoint();
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      b.text(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i) b.text(decodeEntities(html.slice(i, lt)));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) break;
    const tag = html.slice(lt, gt + 1);
    i = gt + 1;
    const closing = tag[1] === "/";
    const nameMatch = /^<\/?([a-zA-Z][\w:.-]*)/.exec(tag);
    if (!nameMatch) continue;
    const name = nameMatch[1].toLowerCase();
    if (!closing && SKIP.has(name) && !tag.endsWith("/>") && i < (absentFrom.get(name) ?? n + 1)) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, i);
      if (end < 0) absentFrom.set(name, i);
      else {
        i = html.indexOf(">", end) + 1 || n;
        continue;
      }
    }
    if (!closing && tag.length > 6 && (tag.includes("id=") || tag.includes("name="))) {
      const id = attr(tag, "id") ?? (name === "a" ? attr(tag, "name") : null);
      if (id) b.mark(id);
    }
    if (name === "a" && !closing) {
      const href = attr(tag, "href");
      if (href && href.startsWith("#") && href.length > 1) b.link(href.slice(1));
    }
    if (name === "img" && !closing) {
      // a heading set as a picture ("Item 1A. Risk Factors" in an image): its alternative text
      const alt = attr(tag, "alt");
      if (alt && ALT_HEADING.test(alt.trim())) b.text(` ${decodeEntities(alt.trim())} `);
    }
    if (name === "sup" && !closing && /\d/.test(b.lastChar())) {
      // a footnote mark after a figure: "$1,234<sup>1</sup>" read "$1,2341", a wrong number
      const next = html.indexOf("<", i);
      if (/^\s*\(?\d/.test(html.slice(i, next < 0 ? n : Math.min(next, i + 40)))) b.text(" ");
    }
    if (name === "tr") {
      if (closing) b.flushRow();
      else b.startRow();
    } else if (name === "td" || name === "th") {
      if (!closing) b.startCell();
    } else if (name === "table") {
      b.flushRow();
      b.newline();
    } else if (name === "pre") {
      if (b.pre === 0) b.newline();
      b.pre = Math.max(0, b.pre + (closing ? -1 : 1));
      if (b.pre === 0) b.flushPre();
    } else if (b.pre > 0 && BLOCK.has(name)) {
      b.preText += "\n";
    } else if (BLOCK.has(name)) {
      b.newline();
    }
  }
  b.flushRow();
  if (b.preText) b.flushPre();
  b.newline();
  return { text: b.parts.join(""), anchors: b.anchors, links: b.links };
}
