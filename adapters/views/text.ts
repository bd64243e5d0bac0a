/**
 * Lays blocks out for a terminal of `width` columns. Numbers, dates and URLs are never cut:
 * prose cells give up width first (ending in "…"), and a table that still does not fit is
 * printed record by record instead. Widths are terminal columns (width.ts: a Chinese character
 * takes two, a combining accent none), and control characters from a provider's text are
 * replaced before layout.
 */
import type { Block, Cell, Column, Match } from "./model.ts";
import { cols, indexAtCols, padEndCols, padStartCols, printable } from "./width.ts";

/** Default width when the terminal's is unknown. */
export const DEFAULT_WIDTH = 100;
const MIN_PROSE = 14;

/** Renders blocks as text lines. */
export function blocksText(blocks: Block[], width = DEFAULT_WIDTH): string[] {
  const out: string[] = [];
  // a provider's control characters are replaced before layout, so widths count what is shown
  blocks.map(printableBlock).forEach((b, i) => {
    // a note right under a title (the unit line) stays with it; every other block stands apart
    if (out.length && !(b.kind === "note" && blocks[i - 1]?.kind === "title")) out.push("");
    out.push(...blockText(b, Math.max(40, width)));
  });
  return out;
}

function blockText(b: Block, width: number): string[] {
  switch (b.kind) {
    case "title":
      return wrap(b.text, width);
    case "fields":
      return fieldsText(b.rows, width);
    case "table":
      return [
        ...(b.caption ? wrap(b.caption, width) : []),
        ...tableText(b.columns, b.rows, width, b.fold),
        ...(b.note ? wrap(b.note, width) : []),
      ];
    case "matches":
      return matchesText(b.items, width, b.caption);
    case "text":
      return [...(b.caption ? wrap(b.caption, width) : []), ...paragraphs(b.text, width, "  ")];
    case "note":
      return b.text.split("\n").flatMap((l) => {
        const indent = /^ */.exec(l)![0];
        return wrap(l.trimStart(), width - indent.length).map((x) => indent + x);
      });
  }
}

function fieldsText(rows: [string, string][], width: number): string[] {
  const keyWidth = Math.min(24, Math.max(0, ...rows.map(([k]) => cols(k))));
  const out: string[] = [];
  for (const [k, v] of rows) {
    const head = cols(k) > keyWidth ? `${k}: ` : padEndCols(`${k}:`, keyWidth + 2);
    const indent = keyWidth + 2;
    // after a long name the first line has less room than the lines under the value column
    const lines = hanging(v, width - cols(head), width - indent);
    out.push(`${head}${lines[0] ?? ""}`.trimEnd());
    for (const l of lines.slice(1)) out.push(`${" ".repeat(indent)}${l}`);
  }
  return out;
}

/** Wraps text whose first line is `first` wide and the others `rest`; paragraphs kept. */
function hanging(text: string, first: number, rest: number): string[] {
  const [lead, ...more] = text.split("\n");
  const top = wrap(lead, first)[0];
  // a wrapped top line is a prefix of the single-spaced text (it may end inside a long word)
  const left = top === lead
    ? ""
    : lead.replace(/ +/g, " ").trimStart().slice(top.length).trimStart();
  return [top, ...(left ? wrap(left, rest) : []), ...more.flatMap((p) => wrap(p, rest))];
}

/** A cell's text with its indent. */
function cellText(c: Cell): string {
  return `${"  ".repeat(c.indent ?? 0)}${c.text}`;
}

function tableText(columns: Column[], rows: Cell[][], width: number, fold?: number): string[] {
  const headLines = columns.map((c) => c.name.split("\n"));
  const headHeight = Math.max(1, ...headLines.map((h) => h.length));
  const natural = columns.map((_c, i) =>
    Math.max(
      ...headLines[i].map((h) => cols(h)),
      ...rows.map((r) => cols(cellText(r[i] ?? EMPTY))),
    )
  );
  let keep = columns.length;
  let widths = fit(columns, rows, natural, width);
  // a table of periods keeps every period: the columns after its labels go on in a second grid
  // (the newest periods, on the right, are never the ones left out)
  if (!widths && fold) {
    const folded = foldedText(columns, rows, width, fold);
    if (folded) return folded;
  }
  // a long table keeps its grid and leaves out columns on the right; a short one lists each
  // row's fields instead, so nothing is lost
  while (!widths && rows.length > 3 && keep > 2) {
    keep--;
    widths = fit(columns.slice(0, keep), rows, natural.slice(0, keep), width);
  }
  // a grid that would cut two or more prose columns to under half their width (a plan's
  // objectives and commands) reads better record by record, where nothing is cut: every
  // column then, as leaving some out only to list the rest record by record loses them
  const halved = widths ? widths.filter((w, i) => w < natural[i] / 2).length : 0;
  if (!widths || halved >= 2) return recordsText(columns, rows, width);
  if (keep < columns.length) {
    const left = columns.slice(keep).map((c) => c.name.replace(/\n/g, " "));
    return [
      ...tableText(columns.slice(0, keep), rows.map((r) => r.slice(0, keep)), width),
      ...wrap(
        `(not shown at this width: ${left.join(", ")}; --output csv has every column)`,
        width,
      ),
    ];
  }
  const line = (vals: string[]) =>
    vals.map((v, i) => (columns[i].number ? padStartCols(v, widths[i]) : padEndCols(v, widths[i])))
      .join("  ").trimEnd();
  const out: string[] = [];
  for (let h = 0; h < headHeight; h++) {
    // two-line headers sit on the bottom line
    // a header longer than its (narrowed) column is cut like prose, so the columns stay aligned
    out.push(
      line(headLines.map((hl, i) => clip(hl[h - (headHeight - hl.length)] ?? "", widths[i]))),
    );
  }
  out.push(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) {
    if (r.some((c) => c?.total)) {
      out.push(line(columns.map((c, i) => (c.number && r[i]?.text ? "-".repeat(widths[i]) : ""))));
    }
    const cells = columns.map((c, i) => cellLines(c, r[i] ?? EMPTY, widths[i]));
    const height = Math.max(...cells.map((l) => l.length));
    // numbers stand on the last line of a wrapped label, as printed statements have them; a note
    // wrapping to their right (a ratio's "formed from") leaves them on the row's first line
    const lead = cells.map((_, i) => Math.max(1, ...cells.slice(0, i).map((l) => l.length)));
    for (let h = 0; h < height; h++) {
      out.push(
        line(cells.map((l, i) => l[h - (columns[i].number ? lead[i] - l.length : 0)] ?? "")),
      );
    }
  }
  return out;
}

/**
 * A table too wide for the terminal as grids of its first `fold` columns (the labels) and as
 * many of the others as fit, one grid after another; null when one grid would hold them all or
 * the labels alone do not fit.
 */
function foldedText(
  columns: Column[],
  rows: Cell[][],
  width: number,
  fold: number,
): string[] | null {
  const pick = (idx: number[]) => ({
    columns: idx.map((i) => columns[i]),
    rows: rows.map((r) => idx.map((i) => r[i] ?? EMPTY)),
  });
  const fits = (idx: number[]) => {
    const t = pick(idx);
    const natural = t.columns.map((c, i) =>
      Math.max(
        ...c.name.split("\n").map((h) => cols(h)),
        ...t.rows.map((r) => cols(cellText(r[i]))),
      )
    );
    const widths = fit(t.columns, t.rows, natural, width);
    return widths !== null && widths.filter((w, i) => w < natural[i] / 2).length < 2;
  };
  const keys = Array.from({ length: Math.min(fold, columns.length) }, (_, i) => i);
  const groups: number[][] = [];
  let group: number[] = [];
  for (let i = keys.length; i < columns.length; i++) {
    if (group.length && !fits([...keys, ...group, i])) {
      groups.push(group);
      group = [];
    }
    group.push(i);
  }
  if (group.length) groups.push(group);
  if (groups.length < 2 || !groups.every((g) => fits([...keys, ...g]))) return null;
  return groups.flatMap((g, n) => {
    const t = pick([...keys, ...g]);
    return [...(n ? [""] : []), ...tableText(t.columns, t.rows, width)];
  });
}

/** A cell's lines: wrapped when its column wraps, else one line ending in "…" when too long. */
function cellLines(c: Column, cell: Cell, width: number): string[] {
  const text = cellText(cell);
  if (c.number || cols(text) <= width) return [text];
  if (!c.wrap) return [clip(text, width)];
  const indent = "  ".repeat(cell.indent ?? 0);
  return wrap(cell.text, width - indent.length - 2).map((l, j) =>
    clip(`${indent}${j ? "  " : ""}${l}`, width)
  );
}

const EMPTY: Cell = { text: "" };

/** Column widths that fit, shrinking prose columns only; null when even that is not enough. */
function fit(columns: Column[], rows: Cell[][], natural: number[], width: number): number[] | null {
  const widths = [...natural];
  const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  const shrinkable = columns.map((c, i) =>
    !c.number && rows.every((r) => !r[i]?.number && !r[i]?.href && !isWhole(r[i]?.text ?? ""))
  );
  // a cell that starts with an identifier ("0009990001-24-000010 10-K") keeps it whole
  const floor = columns.map((_c, i) =>
    Math.max(
      MIN_PROSE,
      ...rows.map((r) => {
        const first = (r[i]?.text ?? "").split(/\s/)[0];
        return isWhole(first) ? cols(first) + 1 : 0;
      }),
    )
  );
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (shrinkable[i] && widths[i] > floor[i] && (widest < 0 || widths[i] > widths[widest])) {
        widest = i;
      }
    }
    if (widest < 0) return null;
    widths[widest] = Math.max(floor[widest], widths[widest] - (total() - width));
  }
  return widths;
}

/** Values that must never be cut: URLs, dates, numbers, identifiers without spaces. */
function isWhole(s: string): boolean {
  return /^https?:\/\//.test(s) || /^[-+(]?[\d.,]+%?\)?$/.test(s) ||
    /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?( UTC| [+-]\d{2}:\d{2})?)?$/.test(s) ||
    // identifiers (accession numbers, tickers, match ids) are one word: cutting them loses them
    (/^\S+$/.test(s) && /\d/.test(s) && s.length <= 32);
}

function clip(s: string, w: number, number?: boolean): string {
  if (number || cols(s) <= w) return s;
  // end at a word boundary when one is near, so "10-K" is not left as "10…"; the cut is
  // counted in columns (a wide character takes two)
  const at = indexAtCols(s, w - 1);
  const space = s.lastIndexOf(" ", at);
  const cut = space >= at - 7 && space > 0 ? space : at;
  return `${s.slice(0, beforeUrl(s, cut)).trimEnd()}…`;
}

/**
 * Where to cut `s` at about `cut` without leaving half a URL: before the URL the cut falls in
 * (a cut URL reads as a working link that is not one), else `cut` itself.
 */
export function beforeUrl(s: string, cut: number): number {
  for (const m of s.matchAll(/https?:\/\/\S*/g)) {
    if (m.index < cut && cut < m.index + m[0].length) return m.index;
  }
  return cut;
}

/** A table that does not fit: each row as `column: value` lines. */
function recordsText(columns: Column[], rows: Cell[][], width: number): string[] {
  const out: string[] = [];
  // an unnamed text column first is the rows' label (a statement's line item): it heads the
  // record, and the other fields stand indented under it
  const labelled = columns.length > 1 && columns[0].name === "" && !columns[0].number;
  rows.forEach((r, n) => {
    if (n) out.push("");
    const fields: [string, string][] = [];
    columns.forEach((c, i) => {
      if (labelled && i === 0) return;
      const t = r[i]?.text ?? "";
      if (t !== "") fields.push([c.name.replace(/\n/g, " ") || "#", t]);
    });
    if (!labelled) return out.push(...fieldsText(fields, width));
    out.push(...wrap((r[0]?.text ?? "").trim(), width));
    out.push(...fieldsText(fields, width - 2).map((l) => `  ${l}`));
  });
  return out;
}

function matchesText(items: Match[], width: number, caption?: string): string[] {
  const out: string[] = caption ? wrap(caption, width) : [];
  items.forEach((m, n) => {
    if (n || caption) out.push("");
    out.push(...wrap(m.head, width));
    if (m.match !== undefined || m.before || m.after) {
      const marked = `${m.before ?? ""}${m.match ? `»${m.match}«` : ""}${m.after ?? ""}`;
      out.push(...wrap(oneLine(marked), width - 4).map((l) => `    ${l}`));
    }
    for (const l of m.lines ?? []) out.push(...wrap(l, width - 4).map((x) => `    ${x}`));
  });
  return out;
}

/** Collapses whitespace runs (line breaks of a PDF) into single spaces. */
export function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function paragraphs(text: string, width: number, indent: string): string[] {
  return text.split("\n").flatMap((p) => wrap(p, width - indent.length).map((l) => indent + l));
}

/**
 * Word-wraps one line to `width` terminal columns (a wide character takes two); words longer
 * than the width stay whole (URLs), except a comma-separated list (`metrics=arr,nrr,rpo,…`),
 * which breaks after a comma, and a run of wide characters (Chinese prose has no spaces).
 */
export function wrap(line: string, width: number): string[] {
  if (cols(line) <= width) return [line];
  const out: string[] = [];
  let cur = "";
  for (const word of line.split(/ +/).flatMap((w) => listPieces(w, width))) {
    if (cur && cols(cur) + 1 + cols(word) > width) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}

/** A word longer than `width` split after its commas into pieces that fit; URLs stay whole. */
function listPieces(word: string, width: number): string[] {
  if (cols(word) <= width || /https?:\/\//.test(word)) return [word];
  // Chinese or Japanese prose has no spaces to wrap at: it breaks between characters
  if (cols(word) > word.length) return widePieces(word, width);
  if (!word.includes(",")) return [word];
  const out: string[] = [];
  let cur = "";
  for (const part of word.split(/(?<=,)/)) {
    if (cur && cols(cur) + cols(part) > width) {
      out.push(cur);
      cur = part;
    } else cur += part;
  }
  if (cur) out.push(cur);
  return out;
}

/** A word of wide characters cut into pieces of at most `width` columns. */
function widePieces(word: string, width: number): string[] {
  const out: string[] = [];
  let rest = word;
  while (cols(rest) > width) {
    const at = Math.max(1, indexAtCols(rest, width));
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return rest ? [...out, rest] : out;
}

/** A block with every text a terminal would show made {@link printable}. */
function printableBlock(b: Block): Block {
  const p = printable;
  switch (b.kind) {
    case "title":
    case "note":
      return { ...b, text: p(b.text) };
    case "text":
      return { ...b, text: p(b.text), caption: b.caption === undefined ? undefined : p(b.caption) };
    case "fields":
      return { ...b, rows: b.rows.map(([k, v]) => [p(k), p(v)] as [string, string]) };
    case "table":
      return {
        ...b,
        caption: b.caption === undefined ? undefined : p(b.caption),
        note: b.note === undefined ? undefined : p(b.note),
        columns: b.columns.map((c) => ({ ...c, name: p(c.name) })),
        rows: b.rows.map((r) => r.map((c) => (c ? { ...c, text: p(c.text) } : c))),
      };
    case "matches":
      return {
        ...b,
        caption: b.caption === undefined ? undefined : p(b.caption),
        items: b.items.map((m) => ({
          ...m,
          head: p(m.head),
          before: m.before === undefined ? undefined : p(m.before),
          match: m.match === undefined ? undefined : p(m.match),
          after: m.after === undefined ? undefined : p(m.after),
          lines: m.lines?.map(p),
        })),
      };
  }
}
