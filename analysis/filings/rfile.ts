/**
 * EDGAR renderer R pages (R2.htm ...): the report table as readable text and as structured
 * rows with hierarchical context, concept, and numeric cells. A note page that embeds the
 * filing's own HTML tables in a text-block cell gives each embedded table as a table of its own:
 * its header rows, "$" cells joined to their figures, the scale its note states, its sub-headings
 * ("Americas:") as context.
 */
import { checkpoint } from "../../core/cancel.ts";
import { decodeEntities, htmlToText } from "./html.ts";

export interface ReportCell {
  column: string;
  text: string;
  /** The number as printed: parentheses negative, dashes and blanks null, % kept as printed. */
  number: number | null;
  /** `number` times the table's scale for this row ($ in millions, shares in thousands), or null. */
  scaled: number | null;
}

export interface ReportRow {
  /** The table the row is in: the page's title, or an embedded table's name. */
  table: string;
  context: string[];
  label: string;
  concept: string | null;
  abstract: boolean;
  values: ReportCell[];
}

const SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

function cellText(html: string): string {
  // a marker left where a nested table was taken out is no text
  return decodeEntities(
    dropTags(html.replace(/<br\s*\/?>/gi, " ")).replace(/\uE000\d+\uE000/g, " "),
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
function elements(html: string, open: RegExp, close: RegExp): string[][] {
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
  const t = text.replace(/\[\d+\]/g, "").replace(/[$€£\s]/g, "").trim();
  if (!t || /^[—–-]+$/.test(t)) return null;
  // one way to read each figure: "[\d,]*\.?\d+" took time growing with the square of a run of
  // digits that fails to match ("1" repeated and "x": 100 KB for 20 s)
  const m = /^(\()?(-)?([\d,]*\.\d+|[\d,]*\d)(\))?(%)?$/.exec(t);
  if (!m || (m[1] && !m[4]) || (!m[1] && m[4])) return null;
  const n = Number(m[3].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return m[1] || m[2] ? -n : n;
}

/** One table of a page: its name, its period columns and its scale in words. */
export interface ReportTable {
  table: string;
  columns: string[];
  /** "USD millions; shares thousands; per-share as printed", as the page or note states it. */
  scale: string;
  /** For an embedded table, the note's sentence that introduces it; null for the page's own. */
  caption: string | null;
}

type Stated = { money: number | null; shares: number | null };

/** Scales the title declares: `$ in Millions`, `shares in Thousands`. */
export function titleScales(title: string): { money: number; shares: number } {
  const s = titleStated(title);
  return { money: s.money ?? 1, shares: s.shares ?? 1 };
}

function titleStated(title: string): Stated {
  const out: Stated = { money: null, shares: null };
  for (
    const m of title.matchAll(/(\$|usd|€|eur|£|shares)\s+in\s+(thousands|millions|billions)/gi)
  ) {
    const f = SCALES[m[2].toLowerCase()];
    if (/shares/i.test(m[1])) out.shares = f;
    else out.money = f;
  }
  return out;
}

/**
 * Scales a note states for its table, in its own words: "(in millions)", "(in millions, except
 * per-share amounts)", "(net income in millions and shares in thousands)". A bare "in millions"
 * covers money and share counts alike; "shares in thousands" overrides it for shares.
 */
function proseStated(text: string): Stated | null {
  const found = [...text.matchAll(/\(([^()]*\bin (?:thousands|millions|billions)\b[^()]*)\)/gi)];
  const last = found.at(-1)?.[1] ??
    /\b(?:dollars|amounts|\$)\s+in\s+(?:thousands|millions|billions)\b/i.exec(text)?.[0];
  if (!last) return null;
  const out: Stated = { money: null, shares: null };
  for (const m of last.matchAll(/(?:(\w+)\s+)?in (thousands|millions|billions)\b/gi)) {
    const f = SCALES[m[2].toLowerCase()];
    if (/^shares?$/i.test(m[1] ?? "")) out.shares = f;
    else {
      out.money ??= f;
      if (!/shares/i.test(last.slice(0, m.index))) out.shares ??= f;
    }
  }
  // "(in thousands, except share and per-share data)": share counts are as printed
  const except = /\bexcept\b(.*)$/i.exec(last)?.[1]?.replace(/per[- ]share/gi, "");
  if (except && /\bshares?\b/i.test(except)) out.shares = null;
  return out;
}

const SCALE_NAMES: Record<number, string> = { 1e3: "thousands", 1e6: "millions", 1e9: "billions" };

/** The scale in words, stated once for a table: "USD millions; shares thousands; per-share as printed". */
function scaleText(s: Stated, currency: string | null): string {
  if (s.money === null && s.shares === null) return "figures as printed (no scale stated)";
  const money = currency ?? "money";
  return [
    s.money === null ? `${money} as printed` : `${money} ${SCALE_NAMES[s.money]}`,
    s.shares === null ? "shares as printed" : `shares ${SCALE_NAMES[s.shares]}`,
    "per-share as printed",
  ].join("; ");
}

/** The currency a page title names: "... - USD ($)" → "USD". */
function titleCurrency(title: string): string | null {
  return /\b([A-Z]{3}) \([^)]{1,4}\)/.exec(title)?.[1] ?? null;
}

/**
 * The scale of a row's number: the title's money or share scale, 1 for per-share figures, null
 * for percents. EDGAR ends a row's label with its unit (" | Vendor", " | segment", " | $",
 * " | shares") when the table mixes units; a count of vendors, segments or employees in a
 * "$ in Billions" table is not billions.
 */
function rowScale(
  label: string,
  text: string,
  scales: { money: number; shares: number },
  concept: string | null = null,
) {
  if (/%$/.test(text.trim())) return null;
  // the element's name when the page gives it: "us-gaap_EarningsPerShareDiluted"
  const local = concept?.replace(/^[^:_]*[:_]/, "") ?? "";
  // "Weighted-average shares used in computing earnings per share" is a count of shares
  const countOfShares = /\bshares\b/i.test(label) &&
    /\bweighted|\bused in\b|\boutstanding\b|\bdenominator\b/i.test(label);
  if (
    (!countOfShares && /per share|per unit|\/ ?share/i.test(label)) || /PerShare/.test(local)
  ) return 1;
  const unit = /\s\|\s([^|]+)$/.exec(label)?.[1]?.trim();
  if (unit) {
    if (/^(?:\$|[€£¥]|[A-Z]{3}\b)/.test(unit)) return scales.money;
    if (/^shares?$/i.test(unit)) return scales.shares;
    return 1;
  }
  if (local) {
    // share counts are elements named for Shares ("CommonStockSharesAuthorized",
    // "StockIssuedDuringPeriodSharesShareBasedCompensation"); "ShareBasedCompensation" and
    // "...ValueShareBasedCompensation" are money
    if (/(?:^|[a-z])Shares(?:[A-Z]|$)/.test(local) && !/Value|Amount/.test(local)) {
      return /\$/.test(text) ? scales.money : scales.shares;
    }
    if (/^NumberOf/.test(local) && !/\$/.test(text)) return 1;
    return scales.money;
  }
  // without an element name, by the label: a count of shares, not "Share-based compensation"
  // or "Common stock withheld related to net share settlement", nor a par value line
  if (
    /\bshares\b/i.test(label) && !/\$/.test(text) &&
    !/\$|\bpar value\b|\bcompensation\b|\bpayments?\b|\bproceeds\b|\bvalue\b|\bamount\b|\bcost\b/i
      .test(label)
  ) return scales.shares;
  // "Number of employees" and the like count things, in any table
  if (/^number of\b/i.test(label) && !/\$/.test(text)) return 1;
  return scales.money;
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
function reportTable(html: string): string {
  const start = reportStart(html);
  if (start < 0) return html;
  return html.slice(start, closeOf(html, start));
}

/**
 * Where `/<table\b[^>]*class="report"/i` matches, each tag's text read once: the pattern read
 * a tag again from every `<table` in it.
 */
function reportStart(html: string): number {
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
function liftTables(html: string): { html: string; tables: string[] } {
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

/** Clean text of an R page: one line per row, cells joined by " | ". */
export function reportText(html: string): string {
  return htmlToText(reportTable(html)).text.trim();
}

/**
 * Which headings a row stands under. Where the page indents its labels (label classes pl1,
 * pl2…, a left padding) a heading covers the rows indented deeper than itself; on a flat page
 * (Apple's R pages indent nothing) a heading covers the rows up to the next heading or the first
 * total (an underlined row: reu, rou; a label "Total …"), never past it, and the total itself
 * names no heading.
 */
class Headings {
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
function levels(raw: number[]): { of: (n: number) => number; indented: boolean } {
  const distinct = [...new Set(raw)].sort((a, b) => a - b);
  return { of: (n) => distinct.indexOf(n), indented: distinct.length > 1 };
}

/** A label cell's indent: its class pl1, pl2… or its left padding (pt; px read as pt). */
function indentOf(attrs: string): number {
  const cls = /class="pl(\d*)\b/.exec(attrs)?.[1];
  const style = /style="([^"]*)"/.exec(attrs)?.[1] ?? "";
  let pad = /padding-left:\s*([\d.]+)/.exec(style)?.[1];
  const short = /(?:^|;)\s*padding:\s*([^;]+)/.exec(style)?.[1]?.trim().split(/\s+/);
  if (!pad && short) pad = short[short.length === 4 ? 3 : short.length === 1 ? 0 : 1];
  return Number(cls || 0) * 1000 + (parseFloat(pad ?? "0") || 0);
}

/** Structured rows of an R page, its embedded tables' rows after the cell that holds them. */
export function parseReport(
  html: string,
): { title: string; columns: string[]; rows: ReportRow[]; tables: ReportTable[] } {
  const table = reportTable(html);
  const inner = table.replace(/^<table\b[^>]*>/i, "").replace(/<\/table>\s*$/i, "");
  const lifted = liftTables(inner);
  const trs = elements(lifted.html, /<tr\b/gi, /<\/tr>/gi);
  let title = "";
  const headers: string[][] = [];
  const rows: ReportRow[] = [];
  const embedded: ReportTable[] = [];
  const numbered = new Map<string, number>();
  let dimension: string[] = [];
  let scales = { money: 1, shares: 1 };
  const body = trs.map(([trAttrs, tr]) => ({
    trAttrs,
    // as the pattern's match: [whole, h or d, attributes, content]
    cells: elements(tr, /<t([hd])\b/gi, /<\/t[hd]>/gi).map((c) => ["", ...c]),
  })).filter((r) => r.cells.length);
  const lv = levels(
    body.filter((r) => r.cells.some((c) => c[1].toLowerCase() === "d"))
      .map((r) => indentOf(r.cells[0][2])),
  );
  const headings = new Headings(lv.indented);
  for (const [n, { trAttrs, cells }] of body.entries()) {
    if ((n & 255) === 0) checkpoint();
    if (cells.every((c) => c[1].toLowerCase() === "h")) {
      let pos = 0;
      cells.forEach((c, i) => {
        if (!title && i === 0 && /class="tl"/.test(c[2])) {
          title = cellText(c[3]);
          scales = titleScales(title);
          return;
        }
        // as browsers read it: 1 to 1000 (a header claiming a billion columns must not hang)
        const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        for (let k = 0; k < span; k++) (headers[pos + k] ??= []).push(cellText(c[3]));
        pos += span;
      });
      continue;
    }
    const label = cellText(cells[0][3]);
    const concept = /defref_([\w.-]+?)(?:=[^'"]*)?['"]/.exec(cells[0][3])?.[1] ?? null;
    // the tables a cell embeds are numbered in page order: "[table 1]" in its text
    for (const c of cells.slice(1)) {
      for (const m of c[3].matchAll(/\uE000(\d+)\uE000/g)) numbered.set(m[1], numbered.size + 1);
    }
    const values = cells.slice(1).map((c, i) => {
      const text = cellText(
        c[3].replace(/\uE000(\d+)\uE000/g, (_m, k) => ` [table ${numbered.get(k)}] `),
      );
      const number = parseCellNumber(text);
      const scale = number === null ? null : rowScale(label, text, scales, concept);
      return {
        column: headers[i]?.join(" ") || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || scale === null ? null : number * scale,
      };
    });
    const empty = values.every((v) => !v.text);
    if (/class="rh"/.test(trAttrs)) {
      dimension = label.split(" | ").map((s) => s.trim()).filter(Boolean);
      headings.reset();
      continue;
    }
    const abstract = empty &&
      (/Abstract$|LineItems$/.test(concept ?? "") || /\[Abstract\]/.test(label) ||
        /<strong>/i.test(cells[0][3]));
    const heading = abstract && !/\[Line Items\]/.test(label);
    const total = /class="[^"]*\br(?:[eo]u|t|tu)\b/.test(trAttrs) || /^total\b/i.test(label);
    const kind = heading ? "heading" : abstract ? "other" : total ? "total" : "item";
    const context = [...dimension, ...headings.row(label, lv.of(indentOf(cells[0][2])), kind)];
    const qname = concept ? concept.replace("_", ":") : null;
    rows.push({ table: title, context, label, concept: qname, abstract, values });
    // the tables a text block holds, each a table of its own, right after the block
    cells.slice(1).forEach((c) => {
      for (const part of embeddedParts(c[3], lifted.tables)) {
        const name = `${label} — table ${embedded.length + 1}`;
        const t = embeddedTable(part.html, part.before, name, dimension);
        // the note's title printed before its first sentence is not part of the caption
        const caption = part.caption?.startsWith(`${label} `)
          ? part.caption.slice(label.length + 1)
          : part.caption;
        embedded.push({ table: name, columns: t.columns, scale: t.scale, caption });
        rows.push(...t.rows);
      }
    });
  }
  const columns = headers.map((h) => h.join(" "));
  const own: ReportTable = {
    table: title,
    columns,
    scale: scaleText(titleStated(title), titleCurrency(title)),
    caption: null,
  };
  return { title, columns, rows, tables: [own, ...embedded] };
}

/** The embedded tables of a cell, each with the prose that introduces it. */
function embeddedParts(
  html: string,
  tables: string[],
): { html: string; before: string; caption: string | null }[] {
  const out: { html: string; before: string; caption: string | null }[] = [];
  const re = /\uE000(\d+)\uE000/g;
  let pos = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const before = cellText(html.slice(pos, m.index).replace(/\uE000\d+\uE000/g, " "));
    pos = m.index + m[0].length;
    // the note's last sentence before the table introduces it
    const caption = before.split(/(?<=[.:])\s+(?=[A-Z])/).at(-1)?.trim() || null;
    out.push({ html: tables[Number(m[1])], before, caption });
  }
  return out;
}

interface GridCell {
  start: number;
  end: number;
  text: string;
  indent: number;
}

/** The rows of an HTML table as cells placed on its column grid (colspans counted). */
function grid(html: string): GridCell[][] {
  const inner = html.replace(/^<table\b[^>]*>/i, "").replace(/<\/table>\s*$/i, "");
  // a table inside one of its cells reads as that cell's text
  const lifted = liftTables(inner);
  return elements(lifted.html, /<tr\b/gi, /<\/tr>/gi).map(([, tr]) => {
    let pos = 0;
    return elements(tr, /<t[hd]\b/gi, /<\/t[hd]>/gi).map(([attrs, cell]) => {
      const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(attrs)?.[1] ?? 1)));
      const html = cell.replace(/\uE000(\d+)\uE000/g, (_m, i) => ` ${lifted.tables[i]} `);
      const c = { start: pos, end: pos + span, text: cellText(html), indent: indentOf(attrs) };
      pos += span;
      return c;
    });
  }).filter((r) => r.some((c) => c.text));
}

/** Printed pieces of one figure joined as printed: "$" + "40,315" → "$ 40,315"; "(8" + ")" → "(8)". */
function joinPieces(pieces: string[]): string {
  return pieces.reduce((a, p) => (!a ? p : /^[)%]/.test(p) ? a + p : `${a} ${p}`), "");
}

/**
 * One table a note embeds, read as its own table: the rows before the first labelled row are its
 * header (the finest of them gives the columns, the ones above prefix their names), each row's
 * pieces ("$", the figure, ")") are joined under the column they stand under, the note's own
 * scale applies, and a row with a label and no figure ("Americas:") heads the rows under it.
 */
function embeddedTable(html: string, before: string, name: string, dimension: string[]) {
  const rows = grid(html);
  const first = rows.findIndex((r) => r.some((c) => c.start === 0 && c.text));
  const head = first < 0 ? rows : rows.slice(0, first);
  const body = first < 0 ? [] : rows.slice(first);
  let leaf = head.reduce<GridCell[]>((a, r) => {
    const cells = r.filter((c) => c.text);
    return cells.length >= a.length ? cells : a;
  }, []);
  // no header: the columns are where the figures stand
  if (!leaf.length) {
    const spots = body.flatMap((r) =>
      r.filter((c) => c.start > 0 && parseCellNumber(c.text) !== null)
    );
    leaf = [...new Map(spots.map((c) => [c.start, c])).values()].sort((a, b) => a.start - b.start)
      .filter((c, i, all) => !i || c.start >= all[i - 1].end);
  }
  const names = leaf.map((g) =>
    head.flatMap((r) => r.filter((c) => c.text && c.start < g.end && c.end > g.start))
      .map((c) => c.text).join(" ")
  );
  const stated = proseStated(before) ?? proseStated(head.flat().map((c) => c.text).join(" "));
  const scales = { money: stated?.money ?? 1, shares: stated?.shares ?? 1 };
  const labelEnd = (r: GridCell[]) => leaf[0]?.start ?? (r.find((c) => c.start > 0)?.start ?? 1);
  const lv = levels(body.map((r) => r.find((c) => c.text)?.indent ?? 0));
  const headings = new Headings(lv.indented);
  const out: ReportRow[] = [];
  let sawDollar = false;
  for (const r of body) {
    const end = labelEnd(r);
    const label = r.filter((c) => c.start < end && c.text).map((c) => c.text).join(" ");
    const pieces: string[][] = leaf.map(() => []);
    for (const c of r.filter((c) => c.start >= end && c.text)) {
      sawDollar ||= /\$/.test(c.text);
      let g = leaf.findIndex((x) => c.start < x.end && c.end > x.start);
      // a piece between columns: a currency sign leads the figure after it, ")" or "%" ends
      // the one before
      if (g < 0) {
        const next = leaf.findIndex((x) => x.start >= c.end);
        g = /^[$€£¥]$/.test(c.text) && next >= 0 ? next : next < 0 ? leaf.length - 1 : next - 1;
      }
      if (g >= 0) pieces[g].push(c.text);
    }
    const values = pieces.map((p, i) => {
      const text = joinPieces(p);
      const number = parseCellNumber(text);
      const scale = number === null ? null : rowScale(label, text, scales, null);
      return {
        column: names[i] || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || scale === null ? null : number * scale,
      };
    });
    const empty = values.every((v) => !v.text);
    const level = lv.of(r.find((c) => c.text)?.indent ?? 0);
    const kind = empty ? "heading" : /^total\b/i.test(label) ? "total" : "item";
    const context = [...dimension, ...headings.row(label, level, kind)];
    out.push({ table: name, context, label, concept: null, abstract: empty, values });
  }
  const currency = sawDollar ? "$" : null;
  return {
    columns: names,
    scale: scaleText(stated ?? { money: null, shares: null }, currency),
    rows: out,
  };
}
