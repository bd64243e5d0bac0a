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
  // each line read once: its start, its text, and whether it is page furniture
  const read: { pos: number; line: string; furniture: boolean; page: string | null }[] = [];
  let pos = 0;
  while (pos < src.length) {
    if ((read.length & 1023) === 0) checkpoint();
    let nl = src.indexOf("\n", pos);
    if (nl < 0) nl = src.length;
    const line = unspaced(src.slice(pos, nl).replace(INVISIBLE, "").trim());
    const furniture = !!line && FURNITURE.some((re) => re.test(line));
    const m = furniture ? PAGE_NO.exec(line) : null;
    if (line) read.push({ pos, line, furniture, page: m ? (m[1] ?? m[2] ?? m[3]) : null });
    pos = nl + 1;
  }
  const header = runningHeaders(read);
  const kept: string[] = [];
  const origStarts: number[] = [];
  const newStarts: number[] = [];
  const pages: PageMark[] = [];
  let outLen = 0;
  read.forEach((r, i) => {
    if (!r.furniture && !header.has(i)) {
      origStarts.push(r.pos);
      newStarts.push(outLen);
      kept.push(r.line);
      outLen += r.line.length + 1;
    } else if (r.page !== null) pages.push({ label: r.page.toUpperCase(), at: outLen });
  });
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

/** A line stating units or scale ("(In millions, except per share data)"): never dropped. */
const UNITS = /\bin (?:thousands|millions|billions)\b|\bexcept (?:per[- ]share|share)\b/i;

/** Fewest pages a block must head, word for word, to be taken for a running header. */
const HEADER_PAGES = 3;
/** Most lines a running header has ("Company and Subsidiaries / Notes to … / (Continued)"). */
const HEADER_LINES = 3;

/**
 * The lines (by index in `read`) of running headers: the same one to three short lines opening
 * at least three pages (right after a page-number line), such as "NVIDIA Corporation and
 * Subsidiaries / Notes to the Consolidated Financial Statements / (Continued)" at the top of
 * each page of the notes. A line naming an item or a part, or stating units, is never one; a
 * header's first showing is kept.
 */
function runningHeaders(read: { line: string; furniture: boolean; page: string | null }[]) {
  const drop = new Set<number>();
  // the kept lines opening each page, by their index
  const openings: number[][] = [];
  for (let i = 0; i < read.length; i++) {
    if (read[i].page === null) continue;
    const block: number[] = [];
    for (let j = i + 1; j < read.length && block.length < HEADER_LINES; j++) {
      // a "Table of Contents" back-link between the page number and the header is passed over
      if (read[j].furniture) {
        if (read[j].page !== null) break;
        continue;
      }
      const line = read[j].line;
      if (line.length > 120 || /^(item|part)\s/i.test(line) || UNITS.test(line)) break;
      block.push(j);
    }
    if (block.length) openings.push(block);
  }
  if (openings.length < HEADER_PAGES) return drop;
  // the longest opening of each page shared word for word by enough pages
  const count = new Map<string, number>();
  const key = (idx: number[]) => idx.map((j) => read[j].line).join("\n");
  for (const block of openings) {
    for (let n = 1; n <= block.length; n++) {
      const k = key(block.slice(0, n));
      count.set(k, (count.get(k) ?? 0) + 1);
    }
  }
  // its first showing stays: it heads what follows it there ("Notes to the Consolidated
  // Financial Statements" over Note 1), the later ones only repeat it; a header that says it
  // continues ("(Continued)") heads nothing, and goes everywhere
  const seen = new Set<string>();
  for (const block of openings) {
    for (let n = block.length; n >= 1; n--) {
      const k = key(block.slice(0, n));
      if ((count.get(k) ?? 0) < HEADER_PAGES) continue;
      if (seen.has(k) || /\bcontinued\b/i.test(k)) {
        for (const j of block.slice(0, n)) drop.add(j);
      }
      seen.add(k);
      break;
    }
  }
  return drop;
}

/** "I T E M 7. M D & A", "P A R T I I": a heading set in letter-spaced capitals. */
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
