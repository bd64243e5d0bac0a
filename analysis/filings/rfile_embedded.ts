/**
 * The tables a note page embeds in a text-block cell, each read as a table of its own: its header
 * rows and columns (colspans counted), "$" cells joined to their figures, the scale its prose
 * states, its sub-headings as context.
 */
import { proseStated, rowScale, scaleText } from "./rfile_scales.ts";
import {
  cellText,
  elements,
  Headings,
  indentOf,
  levels,
  liftTables,
  parseCellNumber,
} from "./rfile_markup.ts";
import type { ReportRow } from "./rfile.ts";

/** The embedded tables of a cell, each with the prose that introduces it. */
export function embeddedParts(
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
export function embeddedTable(html: string, before: string, name: string, dimension: string[]) {
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
    const texts = pieces.map(joinPieces);
    const empty = texts.every((t) => !t);
    const level = lv.of(r.find((c) => c.text)?.indent ?? 0);
    const kind = empty ? "heading" : /^total\b/i.test(label) ? "total" : "item";
    const under = headings.row(label, level, kind);
    const context = [...dimension, ...under];
    const values = texts.map((text, i) => {
      const number = parseCellNumber(text);
      const m = number === null ? null : rowScale(label, text, scales, null, under.at(-1));
      return {
        column: names[i] || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || m?.scale == null ? null : number * m.scale,
        unit: m?.unit ?? null,
      };
    });
    out.push({ table: name, context, label, concept: null, abstract: empty, values });
  }
  const currency = sawDollar ? "$" : null;
  // the table's money is in the sign it prints (a note's table names no currency code)
  if (currency) {
    for (const r of out) {
      for (const v of r.values) {
        if (v.unit?.startsWith("money")) v.unit = currency + v.unit.slice(5);
      }
    }
  }
  return {
    columns: names,
    scale: scaleText(stated ?? { money: null, shares: null }, currency),
    rows: out,
  };
}
