/**
 * A fast, forgiving HTML-to-text pass for SEC documents (10-K/10-Q primary documents, R pages).
 * One scan, no DOM: block tags end lines, table rows become one line with cells joined by
 * " | ", hidden inline-XBRL headers, scripts and styles are dropped, and element ids are
 * remembered as text offsets so table-of-contents links can be followed.
 */
import { checkpoint } from "../../core/cancel.ts";
import { decodeEntities } from "../../providers/decode.ts";

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
