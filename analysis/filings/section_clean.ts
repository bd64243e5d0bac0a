/**
 * A filing's text made ready for finding its items: page numbers, running footers and "Table of
 * Contents" back-links dropped (with where each page ended), invisible characters taken out,
 * letter-spaced and table-celled heading lines read as words, and the text as lines with offsets.
 */
import type { DocText } from "./html.ts";
import { checkpoint } from "../../core/cancel.ts";

/** A page-number line removed by `cleanDocument`: page `label` ("12", "F-3") ends at `at`. */
export interface PageMark {
  label: string;
  at: number;
}

/** Cleaned text plus the page footers that were removed from it. */
export interface CleanDoc extends DocText {
  pages?: PageMark[];
}

const FURNITURE = [
  /^table of contents$/i,
  /^(page\s+)?(\d{1,3}|[ivxlc]{1,6}|[a-z]-\d{1,3})$/i,
  /^.{0,90}\b(form\s+)?(10-[kq]|20-f)\b[^|]{0,20}\|\s*\d{1,3}$/i,
  /^\d{1,3}\s*\|.{0,90}\b(10-[kq]|20-f)\b.{0,20}$/i,
  // running footers of annual reports: "Granite Co./2023 Form 10-K 55", "56 Granite Co./2023 Form 10-K"
  /^.{0,90}\bform\s+(10-[kq]|20-f)\s+\d{1,3}$/i,
  /^\d{1,3}\s+.{0,90}\bform\s+(10-[kq]|20-f)$/i,
];
/**
 * Characters that print nothing, written raw in the HTML (not as entities, which the reader
 * drops): "Item\u200b1A." is "Item1A.", read as its heading.
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const PAGE_NO = /^(?:page\s+)?(\d{1,3}|[a-z]-\d{1,3})$|(?:\||\s)(\d{1,3})$|^(\d{1,3})(?:\s*\||\s)/i;

/** Drops page numbers, running footers and "Table of Contents" back-links; remaps anchors. */
export function cleanDocument(doc: DocText): CleanDoc {
  const src = doc.text;
  const kept: string[] = [];
  const origStarts: number[] = [];
  const newStarts: number[] = [];
  const pages: PageMark[] = [];
  let pos = 0;
  let outLen = 0;
  while (pos < src.length) {
    if ((origStarts.length & 1023) === 0) checkpoint();
    let nl = src.indexOf("\n", pos);
    if (nl < 0) nl = src.length;
    const line = unspaced(src.slice(pos, nl).replace(INVISIBLE, "").trim());
    if (line && !FURNITURE.some((re) => re.test(line))) {
      origStarts.push(pos);
      newStarts.push(outLen);
      kept.push(line);
      outLen += line.length + 1;
    } else if (line) {
      const m = PAGE_NO.exec(line);
      if (m) pages.push({ label: (m[1] ?? m[2] ?? m[3]).toUpperCase(), at: outLen });
    }
    pos = nl + 1;
  }
  const map = (off: number) => {
    let lo = 0, hi = origStarts.length - 1, best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (origStarts[mid] <= off) (best = mid), (lo = mid + 1);
      else hi = mid - 1;
    }
    // An anchor on a dropped line points at the next kept line.
    if (best < 0) return 0;
    return origStarts[best] === off ? newStarts[best] : (newStarts[best + 1] ?? outLen);
  };
  const anchors = new Map<string, number>();
  for (const [id, off] of doc.anchors) anchors.set(id, map(off));
  const links = doc.links.map((l) => ({ target: l.target, at: map(l.at) }));
  return { text: kept.join("\n") + (kept.length ? "\n" : ""), anchors, links, pages };
}

/** "I T E M 7. M D & A", "P A R T I I": a heading set in letter-spaced capitals. */
const SPACED_HEAD = /^(?:i t e m|p a r t) \S/i;

/**
 * A letter-spaced item or PART heading read as words: each run of single characters joins into
 * one ("I T E M 1 A. R I S K" → "ITEM 1A. RISK"); other lines are returned as they are.
 */
export function unspaced(line: string): string {
  if (line.length > 300 || !SPACED_HEAD.test(line)) return line;
  const words: string[] = [];
  let run = "";
  for (const token of line.split(" ")) {
    if (token.length === 1 || /^\w[.:]$/.test(token)) run += token;
    else {
      if (run) words.push(run), (run = "");
      if (token) words.push(token);
    }
  }
  if (run) words.push(run);
  return words.join(" ").replace(/^(item|part)(?=\S)/i, "$1 ").replace(/([.:])(?=[a-z])/gi, "$1 ");
}

/**
 * A line with each cell separator and the blanks around it read as one space: what replacing
 * every `\s*\|\s*` with " " gives (String.trim strips the blanks \s matches), without a pattern
 * that retries a run of blanks from each of its characters (a line of spaces and no "|": time
 * growing with the square of its length, 100 KB for 20 s).
 */
export function unpiped(line: string): string {
  if (!line.includes("|")) return line;
  const cells = line.split("|");
  const last = cells.length - 1;
  return cells.map((c, i) => i === 0 ? c.trimEnd() : i === last ? c.trimStart() : c.trim())
    .join(" ");
}

export interface Line {
  start: number;
  text: string;
}

export function lines(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    out.push({ start: pos, text: text.slice(pos, nl) });
    pos = nl + 1;
  }
  return out;
}

export function lineAt(all: Line[], off: number): number {
  let lo = 0, hi = all.length - 1, best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].start <= off) (best = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  return best;
}
