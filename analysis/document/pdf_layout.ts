/**
 * Reading order for one PDF page from positioned text runs (pdf.js text items): runs are
 * grouped into lines, a two-column body is read column by column (full-width lines such
 * as titles stay in place), and words hyphenated at a line end are rejoined.
 */

import type { TextRun } from "../../providers/pdf_text_a/client.ts";
export type { TextRun };

export interface Line {
  runs: TextRun[];
  y: number;
  x0: number;
  x1: number;
  size: number;
}

const SUPERSCRIPT_DIGITS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";

/** Footnote reference marks as they appear in superscript: (1), 1, *, †, (a). */
const MARKER = /^(\(\s*(\d{1,2}|[a-z])\s*\)|\d{1,2}|[*\u2020\u2021]{1,3}|[a-z])$/;

/**
 * Groups runs into lines (same baseline within half a font size), each sorted left to right.
 * A superscript footnote mark (smaller, raised, e.g. the "(1)" after "Income tax impact") joins
 * the line it is raised above, instead of forming a line of its own that would read as a row
 * with the number -1 and pull in nearby cells.
 */
export function groupLines(runs: TextRun[]): Line[] {
  const visible = runs.filter((r) => r.str.trim() !== "");
  const isMark = (r: TextRun) => MARKER.test(r.str.trim());
  if (!visible.some(isMark)) return finishLines(baselineGroups(visible));
  // a mark-like run on the baseline of words at least its size is a figure of that line ("45",
  // "(12)" in a row "Other 45 (12)"), not a mark: its line keeps it, so a raised mark after it
  // finds its host ("(12)" with a raised "(a)")
  const byBaseline = new Map<number, TextRun[]>();
  for (const r of visible) {
    if (isMark(r)) continue;
    const k = Math.round(r.y);
    byBaseline.get(k)?.push(r) ?? byBaseline.set(k, [r]);
  }
  const regular = (m: TextRun) =>
    [-1, 0, 1].some((d) =>
      byBaseline.get(Math.round(m.y) + d)?.some((r) =>
        Math.abs(r.y - m.y) <= 0.5 && (r.size || 1) >= 0.95 * (m.size || 1)
      )
    );
  const candidate = (r: TextRun) => isMark(r) && !regular(r);
  const others = visible.filter((r) => !candidate(r));
  const lines = baselineGroups(others);
  // a mark set on its host line's baseline, at the line's size, groups into that line; a mark of
  // bare digits is written as superscript digits. A mark raised after a figure is glued to it
  // ("810(3)", "1,234¹"), so the figure stays one figure with its mark: a raised "1" after
  // "1,234" read "1,2341" (and made its table's commas decimal marks), and a "(3)" set apart
  // read as a figure of -3
  const glued = new Map<TextRun, TextRun[]>();
  const placed: TextRun[] = [];
  for (const mark of visible.filter(candidate)) {
    const host = superscriptHost(mark, lines);
    if (!host) {
      placed.push(mark);
      continue;
    }
    const str = /^\s*\d{1,2}\s*$/.test(mark.str)
      ? mark.str.trim().replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)])
      : mark.str;
    if (/[\d%)]\s*$/.test(host.after.str) && mark.x >= host.after.x + host.after.width - 1) {
      glued.get(host.after)?.push({ ...mark, str }) ?? glued.set(host.after, [{ ...mark, str }]);
      continue;
    }
    placed.push({
      ...mark,
      str,
      y: host.line.y,
      size: Math.max(...host.line.runs.map((r) => r.size || 1)),
    });
  }
  const hosts = others.map((r) => {
    const marks = glued.get(r);
    if (!marks) return r;
    marks.sort((a, b) => a.x - b.x);
    const end = Math.max(r.x + r.width, ...marks.map((m) => m.x + m.width));
    return {
      ...r,
      str: r.str.trimEnd() + marks.map((m) => m.str.trim()).join(""),
      width: end - r.x,
    };
  });
  return finishLines(baselineGroups([...hosts, ...placed]));
}

function baselineGroups(runs: TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const r of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - r.y) <= Math.max(1, 0.5 * Math.min(line.size, r.size || 1))) {
      line.runs.push(r);
    } else {
      lines.push({ runs: [r], y: r.y, x0: 0, x1: 0, size: r.size || 1 });
    }
  }
  return lines;
}

function finishLines(lines: Line[]): Line[] {
  for (const l of lines) {
    l.runs.sort((a, b) => a.x - b.x);
    l.x0 = Math.min(...l.runs.map((r) => r.x));
    l.x1 = Math.max(...l.runs.map((r) => r.x + r.width));
    l.size = Math.max(...l.runs.map((r) => r.size || 1));
  }
  return lines;
}

/** The line a small raised mark sits on, when it is a superscript of that line's text. */
function superscriptHost(mark: TextRun, lines: Line[]): { line: Line; after: TextRun } | null {
  let best: { line: Line; after: TextRun } | null = null;
  let bestDistance = Infinity;
  for (const line of lines) {
    const size = Math.max(...line.runs.map((r) => r.size || 1));
    if (!(mark.size > 0) || mark.size > 0.85 * size) continue;
    const raise = mark.y - line.y;
    if (raise < 0.15 * size || raise > 0.7 * size) continue;
    // just after some run of the line (a mark follows the word it refers to)
    const touches = line.runs.find((r) => {
      const gap = mark.x - (r.x + r.width);
      return gap >= -0.5 * size && gap <= 1.0 * size;
    });
    if (!touches) continue;
    if (raise < bestDistance) {
      best = { line, after: touches };
      bestDistance = raise;
    }
  }
  return best;
}

/** Text of a line: runs joined with a space where there is a visible gap (two for wide gaps). */
export function lineText(runs: TextRun[]): string {
  let out = "";
  let end = -Infinity;
  for (const r of runs) {
    const gap = r.x - end;
    const size = r.size || 1;
    if (out && gap > 1.5 * size) out = out.trimEnd() + "  ";
    else if (out && gap > 0.15 * size && !out.endsWith(" ") && !r.str.startsWith(" ")) out += " ";
    out += r.str;
    end = Math.max(end, r.x + r.width);
  }
  return out.replace(/\s+$/, "");
}

/**
 * Finds the x of a gutter between two text columns, or null. A gutter is an empty vertical
 * strip in the middle of the page with prose on both sides whose lines reach close to it
 * (so a table's label column and number columns are not mistaken for two columns).
 */
export function findGutter(lines: Line[], pageWidth: number, from = 0): number | null {
  if (lines.length < 6) return null;
  const span = pageWidth - from;
  const lo = from + span * 0.3, hi = from + span * 0.7, step = 2;
  const xs: number[] = [];
  for (let x = lo; x <= hi; x += step) xs.push(x);
  const crosses = (l: Line, x: number) => l.runs.some((r) => r.x < x && r.x + r.width > x);
  // A few lines across the whole middle (a title, a closing line) are bands read on their own;
  // counted as crossings they hid the gutter, and the columns were read across, line by line.
  const across = new Set(lines.filter((l) => xs.every((x) => crosses(l, x))));
  const bands = across.size <= lines.length * 0.25 ? across : new Set<Line>();
  const rest = lines.filter((l) => !bands.has(l));
  const candidates: number[] = [];
  for (const x of xs) {
    const crossing = rest.filter((l) => crosses(l, x)).length;
    if (crossing <= Math.max(1, rest.length * 0.12)) candidates.push(x);
  }
  if (candidates.length === 0) return null;
  // Take the centre of the widest run of empty positions.
  let best: [number, number] = [candidates[0], candidates[0]];
  let start = candidates[0];
  for (let i = 1; i <= candidates.length; i++) {
    if (i === candidates.length || candidates[i] - candidates[i - 1] > step * 1.5) {
      if (candidates[i - 1] - start > best[1] - best[0]) best = [start, candidates[i - 1]];
      if (i < candidates.length) start = candidates[i];
    }
  }
  const gutter = (best[0] + best[1]) / 2;
  const left = sideSegments(lines, (r) => r.x + r.width <= gutter);
  const right = sideSegments(lines, (r) => r.x >= gutter);
  if (left.length < 5 || right.length < 5) return null;
  // Prose fills its column: the median left line ends within a fifth of the column width of
  // the gutter, and both sides are mostly letters (a table's number columns are not).
  const leftStart = median(left.map((s) => s.x0));
  if (best[0] - median(left.map((s) => s.x1)) > (best[0] - leftStart) * 0.2) return null;
  // with bands set aside, only prose on both sides counts (a table between paragraphs is not)
  const letters = bands.size ? 0.85 : 0.6;
  if (letterShare(left) < letters || letterShare(right) < letters) return null;
  return gutter;
}

interface Segment {
  x0: number;
  x1: number;
  text: string;
}

function sideSegments(lines: Line[], keep: (r: TextRun) => boolean): Segment[] {
  const out: Segment[] = [];
  for (const l of lines) {
    const runs = l.runs.filter(keep);
    if (!runs.length) continue;
    out.push({
      x0: Math.min(...runs.map((r) => r.x)),
      x1: Math.max(...runs.map((r) => r.x + r.width)),
      text: runs.map((r) => r.str).join(""),
    });
  }
  return out;
}

function letterShare(segments: Segment[]): number {
  const all = segments.map((s) => s.text.replace(/\s/g, "")).join("");
  return all.length ? (all.match(/\p{L}/gu)?.length ?? 0) / all.length : 0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Orders lines for reading: bands between full-width lines are read left column, then right;
 * each side is looked at again for a gutter of its own, so three or four columns are read one
 * after another (with one split, two of three columns were read across, line by line).
 */
export function readingOrder(lines: Line[], pageWidth: number): Line[] {
  return columnOrder(lines, 0, pageWidth, 0);
}

function columnOrder(lines: Line[], from: number, to: number, depth: number): Line[] {
  const gutter = depth < 3 ? findGutter(lines, to, from) : null;
  if (gutter === null) return lines;
  const out: Line[] = [];
  let left: Line[] = [], right: Line[] = [];
  const flush = () => {
    out.push(
      ...columnOrder(left, from, gutter, depth + 1),
      ...columnOrder(right, gutter, to, depth + 1),
    );
    left = [];
    right = [];
  };
  for (const l of lines) {
    if (l.x1 <= gutter) left.push(l);
    else if (l.x0 >= gutter) right.push(l);
    else {
      // A line straddling the gutter: split it if its runs fall cleanly on both sides.
      const a = l.runs.filter((r) => r.x + r.width <= gutter);
      const b = l.runs.filter((r) => r.x >= gutter);
      if (a.length + b.length === l.runs.length && a.length && b.length) {
        left.push({ ...l, runs: a, x1: gutter });
        right.push({ ...l, runs: b, x0: gutter });
      } else {
        flush();
        out.push(l);
      }
    }
  }
  flush();
  return out;
}

/**
 * Joins line texts; a word hyphenated at a line end is rejoined with the next line. Only the
 * output's last characters are looked at (a letter and "-"), and the output is joined once at the
 * end: testing the whole output for `\p{L}-$` per line, or cutting its hyphen off, took time
 * growing with the square of the page's length.
 */
export function joinLines(texts: string[]): string {
  return joinLinesAt(texts).text;
}

/**
 * Words that begin hyphenated compounds in filings ("well-known", "self-insured", "non-cash",
 * "long-term", "third-party"): a line ending in one of them and a hyphen keeps the hyphen when
 * the next line is joined on. Syllables that also begin plain words (re-, sub-, over-) are not
 * listed: "re-" + "port" is "report", "co-" + "operate" "cooperate".
 */
const COMPOUND_FIRST = new Set(
  ("well self non short long mid high low multi cross full part year end state anti semi " +
    "ex vice one two three four five six seven eight nine ten first second third fourth fifth " +
    "half quarter month week day").split(" "),
);

/** {@link joinLines}, with where each line's text starts in the joined text. */
function joinLinesAt(texts: string[]): { text: string; starts: number[] } {
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0; // the joined length of parts so far
  let tail = ""; // the output's last three UTF-16 units (a letter may be two) once not empty
  for (const t of texts) {
    let piece = t;
    if (!parts.length) {
      starts.push(length);
      if (!t) continue;
    } else if (/\p{L}-$/u.test(tail) && /^\p{Ll}/u.test(t)) {
      // "busi-" + "ness" is one word broken at the line's end; "well-" + "known" is a compound
      // whose hyphen is its own: joined, it keeps it
      const last = parts[parts.length - 1];
      const word = /(\p{L}+)-$/u.exec(last.slice(-24))?.[1].toLowerCase() ?? "";
      if (!COMPOUND_FIRST.has(word)) {
        parts[parts.length - 1] = last.slice(0, -1);
        tail = tail.slice(0, -1);
        length--;
      }
      starts.push(length);
    } else {
      piece = "\n" + t;
      starts.push(length + 1);
    }
    parts.push(piece);
    length += piece.length;
    tail = piece.length >= 3 ? piece.slice(-3) : (tail + piece).slice(-3);
  }
  return { text: parts.join(""), starts };
}

/** A line of a page's text: where its text stands in {@link pageLayout}'s text, and its place. */
export interface PlacedLine {
  /** Baseline, as {@link groupLines} sets it. */
  y: number;
  x0: number;
  x1: number;
  size: number;
  /** [start, end) of the line's text in the page text. */
  start: number;
  end: number;
}

/**
 * Plain text of a page in reading order. Text set in another direction than the page's main text
 * (a sideways margin label, a diagonal "DRAFT") follows it, each direction read in its own frame:
 * grouped with the main lines by its position it was spliced into their sentences.
 */
export function pageText(runs: TextRun[], pageWidth: number): string {
  return pageLayout(runs, pageWidth).text;
}

/**
 * {@link pageText} with where each line of the page's main direction stands in it: a table's
 * cell is found on its line, so its offsets are those document.read's text has.
 */
export function pageLayout(
  runs: TextRun[],
  pageWidth: number,
): { text: string; lines: PlacedLine[] } {
  const main: TextRun[] = [];
  const other = new Map<number, TextRun[]>();
  for (const r of runs) {
    if (!r.dir) main.push(r);
    else {
      const rad = r.dir * Math.PI / 180;
      const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
      const turned = { ...r, x: r.x * cos + r.y * sin, y: -r.x * sin + r.y * cos, dir: undefined };
      other.get(r.dir)?.push(turned) ?? other.set(r.dir, [turned]);
    }
  }
  const placed: PlacedLine[] = [];
  const texts = [main, ...other.values()].map((group, g) => {
    const lines = readingOrder(groupLines(group), pageWidth);
    const texts = lines.map((l) => lineText(l.runs));
    const joined = joinLinesAt(texts);
    if (g === 0) {
      lines.forEach((l, i) => {
        if (!texts[i]) return;
        const start = joined.starts[i];
        placed.push({
          y: l.y,
          x0: l.x0,
          x1: l.x1,
          size: l.size,
          start,
          end: start + texts[i].length,
        });
      });
    }
    return joined.text;
  });
  // the main direction's text comes first when it has any (its offsets stand as found)
  return { text: texts.filter(Boolean).join("\n"), lines: texts[0] ? placed : [] };
}
