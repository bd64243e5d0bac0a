/**
 * Reading an R page's markup without patterns that backtrack: a cell's text and number, tags
 * dropped, elements by their open and close tags, where an element ends, the report table and the
 * tables nested in it, and the headings a row stands under by its label's indent.
 */
import { decodeEntities } from "../../providers/decode.ts";

export function cellText(html: string): string {
  // a marker left where a nested table was taken out is no text; a footnote mark printed as a
  // superscript stays on the figure it marks ("1,234<sup>(1)</sup>" is "1,234(1)", one figure)
  return decodeEntities(
    dropTags(
      html.replace(/<br\s*\/?>/gi, " ").replace(
        /([\d)%])\s*<sup\b[^<>]*>([^<]{1,8})<\/sup\s*>/gi,
        "$1$2",
      ),
    ).replace(/\uE000\d+\uE000/g, " "),
  )
    .replace(/\s+/g, " ").trim();
}

/**
 * `html` with each tag replaced by a space, as `/<[^>]+>/g` would, with indexOf: the pattern
 * restarts at every `<` that no `>` follows (time growing with the square of the text). Once no
 * `>` remains, no tag follows.
 */
function dropTags(html: string): string {
  let out = "";
  let kept = 0; // html[kept...] is not yet in out
  let pos = 0;
  for (let lt = html.indexOf("<"); lt >= 0; lt = html.indexOf("<", pos)) {
    pos = lt + 1;
    if (html[lt + 1] === ">") continue; // "<>" is no tag
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) break;
    out += `${html.slice(kept, lt)} `;
    kept = pos = gt + 1;
  }
  return kept ? out + html.slice(kept) : html;
}

/**
 * The elements `open` (global) starts and `close` ends, each as `open[^>]*>([\s\S]*?)close`
 * matches it: the open tag's groups, its attributes, its content. Such a pattern searches to the
 * end of the text from every opening tag once no `>` or closing tag is left (time growing with
 * the square of the text); here the search ends there.
 */
export function elements(html: string, open: RegExp, close: RegExp): string[][] {
  const out: string[][] = [];
  open.lastIndex = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const gt = html.indexOf(">", open.lastIndex);
    if (gt < 0) break;
    close.lastIndex = gt + 1;
    const end = close.exec(html);
    if (!end) break;
    out.push([...m.slice(1), html.slice(open.lastIndex, gt), html.slice(gt + 1, end.index)]);
    open.lastIndex = close.lastIndex;
  }
  return out;
}

/** Cell text → number as printed; null when the cell is not a plain number. */
export function parseCellNumber(text: string): number | null {
  // a figure with its signs and marks is short; a text block is no number (and the patterns
  // below stay cheap on it)
  if (text.length > 80) return null;
  // EDGAR's footnote marks, one or several ("[1]", "[1],[2]")
  const t = text.replace(/\[\d+\](?:\s*,\s*\[\d+\])*/g, "").trim()
    // a footnote mark glued to the figure: "1,234(1)", "(56)(a)", "7.5*"; a mark set apart by
    // a space is another figure ("(2) (3)" is no number)
    .replace(/(?<=[\d)%])(?:\((?:\d{1,2}|[a-z])\)|[*\u2020\u2021])+$/i, "")
    // currency signs, "R$", "HK$" and the like included, and a currency written in letters
    // before the figure ("SFr 1,500", "CHF (5)")
    .replace(/^(\(?)(?:[A-Z]{3}|SFr|kr|Rs|Rp|RM)\.?\s*(?=[\d(.-])/, "$1")
    .replace(/(?:\b[A-Z]{1,3}\$|[$€£¥₩₹₽₺₪₱]|\s)/g, "")
    // the minus sign (U+2212) is a minus; "(5%)" is "(5)%"
    .replace(/\u2212/g, "-").replace(/%\)$/, ")%");
  if (!t || /^[—–-]+$/.test(t)) return null;
  // one way to read each figure: "[\d,]*\.?\d+" took time growing with the square of a run of
  // digits that fails to match ("1" repeated and "x": 100 KB for 20 s)
  const m = /^(\()?(-)?([\d,]*\.\d+|[\d,]*\d)(\))?(%)?$/.exec(t);
  if (!m || (m[1] && !m[4]) || (!m[1] && m[4])) return null;
  const n = Number(m[3].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return m[1] || m[2] ? -n : n;
}

/** Where the element opened at `start` ends (after its closing tag), nested ones counted. */
function closeOf(html: string, start: number): number {
  // as /<(\/?)table\b[^>]*>/gi, which searched to the end from every tag no `>` followed
  const re = /<(\/?)table\b/gi;
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const gt = html.indexOf(">", re.lastIndex);
    if (gt < 0) break;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return gt + 1;
    re.lastIndex = gt + 1;
  }
  return html.length;
}

/** The main report table of an R page, embedded tables and all (popups are left out). */
export function reportTable(html: string): string {
  const start = reportStart(html);
  if (start < 0) return html;
  return html.slice(start, closeOf(html, start));
}

/**
 * Where `/<table\b[^>]*class="report"/i` matches, each tag's text read once: the pattern read
 * a tag again from every `<table` in it.
 */
export function reportStart(html: string): number {
  const re = /<table\b/gi;
  let tagEnd = -1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (re.lastIndex <= tagEnd) continue; // a `<table` inside a tag already read
    const gt = html.indexOf(">", re.lastIndex);
    tagEnd = gt < 0 ? html.length : gt;
    if (/class="report"/i.test(html.slice(re.lastIndex, tagEnd))) return m.index;
    if (gt < 0) break;
  }
  return -1;
}

/** The tables nested in `html` taken out, each replaced by a marker `\uE000n\uE000`. */
export function liftTables(html: string): { html: string; tables: string[] } {
  const tables: string[] = [];
  let out = "";
  let pos = 0;
  const re = /<table\b/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const end = closeOf(html, m.index);
    out += `${html.slice(pos, m.index)}\uE000${tables.length}\uE000`;
    tables.push(html.slice(m.index, end));
    pos = re.lastIndex = end;
  }
  return { html: out + html.slice(pos), tables };
}

/**
 * Which headings a row stands under. Where the page indents its labels (label classes pl1,
 * pl2…, a left padding) a heading covers the rows indented deeper than itself; on a flat page
 * (Apple's R pages indent nothing) a heading covers the rows up to the next heading or the first
 * total (an underlined row: reu, rou; a label "Total …"), never past it, and the total itself
 * names no heading.
 */
export class Headings {
  private open: { text: string; level: number }[] = [];
  constructor(private readonly indented: boolean) {}
  reset() {
    this.open = [];
  }
  row(label: string, level: number, kind: "heading" | "total" | "item" | "other"): string[] {
    if (this.indented) {
      while (this.open.length && this.open.at(-1)!.level >= level) this.open.pop();
    } else if (kind === "heading") this.open = [];
    // on a flat page a total may close a section nested in another that the page does not
    // mark ("Cash generated by operating activities" after "Changes in operating assets"):
    // it names no heading rather than a wrong one
    const bare = kind === "other" || (kind === "total" && !this.indented);
    const context = bare ? [] : this.open.map((h) => h.text);
    if (kind === "heading") this.open.push({ text: label.replace(/:$/, "").trim(), level });
    else if (kind === "total" && !this.indented) this.open = [];
    return context;
  }
}

/** Rank of each raw indent among the distinct ones (0 = least indented). */
export function levels(raw: number[]): { of: (n: number) => number; indented: boolean } {
  const distinct = [...new Set(raw)].sort((a, b) => a - b);
  return { of: (n) => distinct.indexOf(n), indented: distinct.length > 1 };
}

/** A label cell's indent: its class pl1, pl2… or its left padding (pt; px read as pt). */
export function indentOf(attrs: string): number {
  const cls = /class="pl(\d*)\b/.exec(attrs)?.[1];
  const style = /style="([^"]*)"/.exec(attrs)?.[1] ?? "";
  let pad = /padding-left:\s*([\d.]+)/.exec(style)?.[1];
  const short = /(?:^|;)\s*padding:\s*([^;]+)/.exec(style)?.[1]?.trim().split(/\s+/);
  if (!pad && short) pad = short[short.length === 4 ? 3 : short.length === 1 ? 0 : 1];
  return Number(cls || 0) * 1000 + (parseFloat(pad ?? "0") || 0);
}
