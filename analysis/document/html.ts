/**
 * HTML to the canonical plain text: visible text in document order, block elements as line
 * breaks, table rows as lines with " | " between cells, scripts/styles/hidden parts dropped,
 * inline XBRL tags read through (their text stays, the hidden header goes). Also gives the
 * HTML tables as cell grids. linkedom is imported lazily.
 */
import { checkpoint } from "../../core/cancel.ts";
import { FinanceError } from "../../core/errors.ts";

const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "meta",
  "link",
  "svg",
  "iframe",
  "object",
  "datalist",
  "ix:header",
  "ix:hidden",
  "ix:references",
  "ix:resources",
]);
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul",
  "center",
  "title",
  "details",
  "summary",
  "dialog",
  "textarea",
  "legend",
  "menu",
]);

// deno-lint-ignore no-explicit-any
type Node = any;

/** Classes and ids the page's own style sheets hide (display:none, visibility:hidden). */
interface HiddenRules {
  classes: Set<string>;
  ids: Set<string>;
}

const NO_RULES: HiddenRules = { classes: new Set(), ids: new Set() };

function hidden(el: Node, rules: HiddenRules = NO_RULES): boolean {
  if (el.hasAttribute?.("hidden")) return true;
  if (el.getAttribute?.("aria-hidden") === "true") return true;
  const tag = String(el.tagName ?? "").toLowerCase();
  // a dialog is not shown until it is opened (cookie banners, sign-up forms)
  if (tag === "dialog" && !el.hasAttribute?.("open")) return true;
  const style = (el.getAttribute?.("style") ?? "").toLowerCase().replace(/\s+/g, "");
  if (style.includes("display:none") || style.includes("visibility:hidden")) return true;
  // an inline display other than none wins over the style sheet
  if (/(^|;)display:/.test(style)) return false;
  if (rules.ids.size && rules.ids.has(el.getAttribute?.("id") ?? "")) return true;
  if (rules.classes.size) {
    for (const c of String(el.getAttribute?.("class") ?? "").split(/\s+/)) {
      if (c && rules.classes.has(c)) return true;
    }
  }
  return false;
}

/**
 * The classes and ids that the page's <style> sheets hide with a plain rule (".note { display:
 * none }", "div.x, #y { visibility: hidden }"): their text is not on the page. Rules inside
 * @media and other at-blocks are skipped (a class hidden only on small screens shows on the
 * page), and a class that another rule shows (".tab.active { display: block }") is not taken as
 * hidden. One pass over each sheet.
 */
/** CSS text with its comments removed (indexOf: a lazy pattern over "/*" repeated is quadratic). */
function withoutComments(css: string): string {
  if (!css.includes("/*")) return css;
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const open = css.indexOf("/*", at);
    if (open < 0) break;
    parts.push(css.slice(at, open));
    const close = css.indexOf("*/", open + 2);
    if (close < 0) return parts.join(""); // an open comment runs to the end
    at = close + 2;
  }
  parts.push(css.slice(at));
  return parts.join("");
}

function hiddenRules(doc: Node): HiddenRules {
  const sheets = [...(doc.querySelectorAll?.("style") ?? [])];
  if (!sheets.length) return NO_RULES;
  const rules: HiddenRules = { classes: new Set(), ids: new Set() };
  const shown = new Set<string>();
  for (const sheet of sheets) {
    const css = withoutComments(String(sheet.textContent ?? ""));
    let depth = 0, atDepth = -1, start = 0;
    // the next "}" and "{" after i, each found once per stretch ("{{{{" stays linear)
    let close = -1, open = -1;
    for (let i = 0; i < css.length; i++) {
      const c = css[i];
      if (c === ";" && depth === 0) start = i + 1; // "@import url(x);"
      if (c === "}") {
        depth = Math.max(0, depth - 1);
        if (depth === atDepth) atDepth = -1;
        start = i + 1;
      }
      if (c !== "{") continue;
      const prelude = css.slice(start, i).trim();
      start = i + 1;
      if (atDepth >= 0 || prelude.startsWith("@")) {
        if (atDepth < 0) atDepth = depth;
        depth++;
        continue;
      }
      if (close < i) close = css.indexOf("}", i);
      if (close < 0) break; // no rule closes from here on
      if (open <= i) open = css.indexOf("{", i + 1);
      if (open >= 0 && open < close) {
        depth++;
        continue;
      }
      const decls = css.slice(i + 1, close).toLowerCase().replace(/\s+/g, "");
      const hides = /(^|;)(display:none|visibility:hidden)/.test(decls);
      const shows = /(^|;)display:(?!none)/.test(decls) || /(^|;)visibility:visible/.test(decls);
      for (const selector of prelude.split(",")) {
        const sel = selector.trim();
        const simple = /^(?:[a-z][a-z0-9]*)?([.#])([\w-]+)$/i.exec(sel);
        if (hides && simple) (simple[1] === "." ? rules.classes : rules.ids).add(simple[2]);
        if (shows) { for (const m of sel.matchAll(/[.#]([\w-]+)/g)) shown.add(m[1]); }
      }
      i = close;
      start = i + 1;
    }
  }
  for (const name of shown) {
    rules.classes.delete(name);
    rules.ids.delete(name);
  }
  return rules;
}

/**
 * Text as it prints: soft hyphens and zero-width characters dropped (a zero-width space inside
 * "1,\u200b234" printed no space but became one, splitting the figure), ligatures (ﬁ, ﬂ) spelled
 * out so "ﬁnancial" is found as "financial".
 */
function visible(text: string): string {
  return text.replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/[\ufb00-\ufb06]/g, (c) => c.normalize("NFKC"));
}

/** Whether the text walked so far ends with a digit. */
function endsWithDigit(out: string[]): boolean {
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]) return /\d$/.test(out[i]);
  }
  return false;
}

/**
 * A cell's text up to this many characters, without a nested table, is one cell of its row: its
 * paragraphs and line breaks (Workiva and Word put every cell in a <p> or <div>) join with spaces.
 * A longer cell (a layout table holding the page) keeps its lines.
 */
const CELL_LINE = 200;

/** Joins the block breaks a cell's walk pushed from `from` on, when the cell is short. */
function joinCell(out: string[], from: number): void {
  let chars = 0;
  for (let i = from; i < out.length; i++) {
    const part = out[i];
    if (part.includes("\u0001") || (chars += part.length) > CELL_LINE || i - from > 2 * CELL_LINE) {
      return;
    }
  }
  for (let i = from; i < out.length; i++) if (out[i] === "\n") out[i] = " ";
}

function walk(node: Node, out: string[], rules: HiddenRules = NO_RULES): void {
  if (out.length % 1024 === 0) checkpoint();
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      // Source line breaks are layout of the HTML file, not of the page.
      out.push(visible(child.nodeValue ?? "").replace(/\s+/g, " "));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const tag = String(child.tagName ?? child.nodeName).toLowerCase();
    if (DROP.has(tag) || hidden(child, rules)) continue;
    if (tag === "select") {
      // a drop-down shows its chosen option, not the list: "Results for 2024 2023 2022 quarter"
      const options = [...(child.querySelectorAll?.("option") ?? [])];
      const shown = options.find((o: Node) => o.hasAttribute?.("selected")) ?? options[0];
      if (shown) out.push(" ", visible(shown.textContent ?? "").replace(/\s+/g, " "), " ");
      continue;
    }
    if (tag === "td" || tag === "th") {
      out.push("\u0001"); // cell start marker, turned into a separator per row later
      const from = out.length;
      walk(child, out, rules);
      joinCell(out, from);
      continue;
    }
    if (tag === "sup" && /^\s*\d/.test(child.textContent ?? "") && endsWithDigit(out)) {
      // a footnote mark after a figure: "$1,234<sup>1</sup>" read "$1,2341"
      out.push(" ");
    }
    const block = BLOCK.has(tag);
    if (block) out.push("\n");
    walk(child, out, rules);
    if (block) out.push("\n");
  }
}

/** Cleans the raw walk output: one line per block, cells joined by " | ", no empty lines. */
function tidy(raw: string): string {
  const lines: string[] = [];
  for (const line of raw.split("\n")) {
    const cells = line.split("\u0001").map((c) => c.replace(/[\s\u00a0\u200b]+/g, " ").trim());
    const text = cells.length > 1
      ? (cells[0] ? [cells[0]] : []).concat(cells.slice(1).filter(Boolean)).join(" | ")
      : cells[0];
    if (text) lines.push(text);
  }
  return lines.join("\n");
}

/**
 * The deepest nesting a document may have before linkedom sees it. linkedom's parse time grows
 * with the square of the depth and cannot be interrupted (100,000 unclosed tags take about 6 s,
 * 600,000 about 5 minutes), and the walk below recurses once per level; real filings and reports
 * nest a few dozen levels. FINANCE_MAX_HTML_DEPTH raises it.
 */
export const DEFAULT_MAX_HTML_DEPTH = 1000;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** Tags whose opening closes an open element of the listed kinds (as the HTML parser does). */
const CLOSES: Record<string, Set<string>> = {
  p: new Set(["p"]),
  li: new Set(["li"]),
  td: new Set(["td", "th"]),
  th: new Set(["td", "th"]),
  tr: new Set(["tr", "td", "th"]),
  option: new Set(["option"]),
  dt: new Set(["dt", "dd"]),
  dd: new Set(["dt", "dd"]),
};
for (const block of ["div", "table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "section"]) {
  CLOSES[block] = new Set(["p"]);
}

/** Elements inside which a self-closing slash closes the element (SVG and MathML). */
const FOREIGN = new Set(["svg", "math"]);

/** A character that may continue a tag name: the `[\w:.-]` of an HTML tag name, ASCII only. */
function nameChar(c: number): boolean {
  return (c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
    c === 45 || c === 46; // 0-9 and ":", A-Z, a-z, "_", "-", "."
}

const letter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

interface Tag {
  /** Lower-cased. */
  name: string;
  closing: boolean;
  /** Ends with "/>". */
  selfClosed: boolean;
}

/**
 * The tags of an HTML text in order, comments skipped, as `<(/?)([a-zA-Z][\w:.-]*)[^>]*?(/?)>`
 * and `<!--[\s\S]*?-->` read them, found with indexOf: the pattern restarts its search at each
 * `<` that no `>` follows, so "<a " repeated took time growing with the square of the text (a
 * megabyte for minutes, in one exec no deadline interrupts). Once no `>` remains no tag or
 * comment can follow, and a comment left open leaves every later one open.
 */
class Tags {
  /** Where the next search starts; moved past a script's or style's content by the reader. */
  pos = 0;
  #commentsClose = true;
  constructor(private readonly html: string) {}

  next(): Tag | null {
    const html = this.html;
    for (;;) {
      const lt = html.indexOf("<", this.pos);
      if (lt < 0) return null;
      const closing = html.charCodeAt(lt + 1) === 47; // "/"
      let at = closing ? lt + 2 : lt + 1;
      if (letter(html.charCodeAt(at))) {
        const start = at;
        while (nameChar(html.charCodeAt(++at)));
        const gt = html.indexOf(">", at);
        if (gt < 0) return null;
        this.pos = gt + 1;
        const name = html.slice(start, at).toLowerCase();
        return { name, closing, selfClosed: html.charCodeAt(gt - 1) === 47 };
      }
      this.pos = lt + 1;
      if (this.#commentsClose && html.startsWith("<!--", lt)) {
        const end = html.indexOf("-->", lt + 4);
        if (end >= 0) this.pos = end + 3;
        else this.#commentsClose = false;
      }
    }
  }
}

/**
 * How deeply the elements of `html` nest, found with one pass over its tags (comments and the
 * contents of script and style skipped, void tags and self-closed tags inside svg or math not
 * counted, the usual implied closes applied). Stops counting past `cap`. Linear in the length of the text.
 */
export function nestingDepth(html: string, cap = Infinity): number {
  const stack: string[] = [];
  let deepest = 0;
  let foreign = 0; // open svg and math elements
  let steps = 0;
  const tags = new Tags(html);
  for (let tag = tags.next(); tag; tag = tags.next()) {
    if (++steps % 4096 === 0) checkpoint();
    const { name } = tag;
    if (tag.closing) {
      const at = stack.lastIndexOf(name);
      if (at >= 0) {
        for (let k = at; k < stack.length; k++) if (FOREIGN.has(stack[k])) foreign--;
        stack.length = at;
      }
      continue;
    }
    // "<div/>" opens a div, as the HTML parser reads it: only inside svg or math does the slash
    // close the element (counting it as closed let a page of <div/> nest without limit)
    if (VOID.has(name) || (tag.selfClosed && foreign > 0)) continue;
    // own keys only: a page may well contain a <constructor> tag
    const closes = Object.hasOwn(CLOSES, name) ? CLOSES[name] : undefined;
    while (closes && stack.length && closes.has(stack[stack.length - 1])) stack.pop();
    if (name === "script" || name === "style") {
      const close = name === "script" ? /<\/script/gi : /<\/style/gi;
      close.lastIndex = tags.pos;
      tags.pos = close.exec(html)?.index ?? html.length;
      continue;
    }
    stack.push(name);
    if (FOREIGN.has(name)) foreign++;
    if (stack.length > deepest && (deepest = stack.length) > cap) return deepest;
  }
  return deepest;
}

async function parse(html: string, maxDepth = DEFAULT_MAX_HTML_DEPTH): Promise<Node> {
  const depth = nestingDepth(html, maxDepth);
  if (depth > maxDepth) {
    throw new FinanceError(
      `the HTML nests its elements more than ${maxDepth} levels deep (FINANCE_MAX_HTML_DEPTH), which no real page does and which would stall the parser; raise FINANCE_MAX_HTML_DEPTH to read it anyway`,
    );
  }
  checkpoint();
  // SEC exhibits may keep the EDGAR SGML envelope (<DOCUMENT><TYPE>...) before <html>.
  const at = html.search(/<html[\s>]/i);
  if (at > 0) html = html.slice(at);
  const doc = (await parseStoppable(html)).document;
  checkpoint();
  return doc;
}

let stoppable: ((html: string) => { document: Node }) | null = null;

/**
 * linkedom's parseHTML, stoppable: its parse is one synchronous call (about 4 s for 20 MB of
 * tables) that no timer interrupts and no Worker can stop (Deno terminates a busy Worker only
 * once it yields), so every 1024th node the parser creates passes a `checkpoint()`. A stopped
 * parse throws out of linkedom mid-document; a tiny parse afterwards puts linkedom's module-wide
 * "parsing" flag back (its cached build reads it to clear query caches on changes).
 */
export async function parseStoppable(html: string): Promise<{ document: Node }> {
  if (!stoppable) {
    const { parseHTML } = await import("linkedom");
    const proto = Object.getPrototypeOf(
      (parseHTML("<html></html>") as unknown as { document: Node }).document,
    );
    let created = 0;
    for (const method of ["createElement", "createTextNode", "createComment"]) {
      const original = proto[method];
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value: function (this: Node, ...args: unknown[]) {
          if ((++created & 1023) === 0) checkpoint();
          return original.apply(this, args);
        },
      });
    }
    stoppable = (text: string) => {
      try {
        return parseHTML(text) as unknown as { document: Node };
      } catch (err) {
        parseHTML("<html></html>");
        throw err;
      }
    };
  }
  return stoppable(html);
}

/** Visible text of an HTML document in reading order. */
export async function htmlToText(html: string, maxDepth?: number): Promise<string> {
  const doc = await parse(html, maxDepth);
  const out: string[] = [];
  walk(doc.documentElement ?? doc, out, hiddenRules(doc));
  return tidy(out.join(""));
}

/** `<title>` text, or null. */
export async function htmlTitle(html: string): Promise<string | null> {
  const doc = await parse(html);
  return doc.querySelector("title")?.textContent?.trim() || null;
}

/** Each visible HTML table as rows of trimmed cell strings (empty rows dropped). */
export async function htmlTableGrids(html: string, maxDepth?: number): Promise<string[][][]> {
  return (await htmlTableBlocks(html, maxDepth)).map((b) => b.grid);
}

/**
 * The short text blocks just before a table, nearest first (at most three, each a caption's
 * length, not past another table): where a release states "(Amounts in Thousands Except Per
 * Share Amounts)" above its statement.
 */
function textAbove(table: Node): string[] {
  const out: string[] = [];
  let node: Node | null = table;
  for (let depth = 0; node && depth < 3 && out.length < 3; depth++) {
    for (
      let sib = node.previousElementSibling;
      sib && out.length < 3;
      sib = sib.previousElementSibling
    ) {
      if (String(sib.tagName).toLowerCase() === "table" || sib.querySelector("table")) return out;
      const text = (sib.textContent ?? "").replace(/[\s\u00a0]+/g, " ").trim();
      if (!text) continue;
      if (text.length > 300) return out;
      out.push(text);
    }
    node = node.parentElement;
  }
  return out;
}

/** Each visible HTML table as rows of cell strings, with the caption lines above it. */
export async function htmlTableBlocks(
  html: string,
  maxDepth?: number,
): Promise<{ grid: string[][]; above: string[] }[]> {
  const doc = await parse(html, maxDepth);
  const grids: { grid: string[][]; above: string[] }[] = [];
  for (const table of doc.querySelectorAll("table")) {
    checkpoint();
    if (hidden(table)) continue;
    const rows: string[][] = [];
    for (const tr of table.querySelectorAll("tr")) {
      if (tr.closest("table") !== table) continue; // rows of nested tables belong to them
      const cells: string[] = [];
      for (const cell of tr.children) {
        const tag = String(cell.tagName).toLowerCase();
        if (tag !== "td" && tag !== "th") continue;
        const out: string[] = [];
        walk(cell, out);
        // pieces join as they sit in the page ("Nestl&eacute;" is two text nodes, "1<b>,234</b>"
        // two pieces): the walk already marks block and cell breaks
        cells.push(
          out.join("").replaceAll("\u0001", " ").replace(/[\s\u00a0\u200b]+/g, " ").trim(),
        );
        // A cell spanning k columns fills k slots (text in the first) so columns line up.
        const span = Math.min(50, Math.max(1, Number(cell.getAttribute("colspan")) || 1));
        for (let k = 1; k < span; k++) cells.push("\u0002");
      }
      if (cells.some(Boolean)) rows.push(cells);
    }
    if (rows.length) grids.push({ grid: rows, above: textAbove(table) });
  }
  return grids;
}
