/**
 * Locating the items of a 10-K or 10-Q in document text: table-of-contents links first (they
 * point at the exact heading), then heading lines, then title patterns. Offsets are into the
 * cleaned document text (`cleanDocument`), so a section is always `text.slice(start, end)`.
 */
import type { DocText } from "./html.ts";

/** One located item, e.g. `part_ii_item_7`. */
export interface ItemSpan {
  id: string;
  part: string;
  item: string;
  title: string;
  start: number;
  end: number;
  method: "toc" | "heading" | "pattern";
}

const FURNITURE = [
  /^table of contents$/i,
  /^(page\s+)?(\d{1,3}|[ivxlc]{1,6}|[a-z]-\d{1,3})$/i,
  /^.{0,90}\b(form\s+)?10-[kq]\b[^|]{0,20}\|\s*\d{1,3}$/i,
  /^\d{1,3}\s*\|.{0,90}\b10-[kq]\b.{0,20}$/i,
];

/** Drops page numbers, running footers and "Table of Contents" back-links; remaps anchors. */
export function cleanDocument(doc: DocText): DocText {
  const src = doc.text;
  const kept: string[] = [];
  const origStarts: number[] = [];
  const newStarts: number[] = [];
  let pos = 0;
  let outLen = 0;
  while (pos < src.length) {
    let nl = src.indexOf("\n", pos);
    if (nl < 0) nl = src.length;
    const line = src.slice(pos, nl).trim();
    if (line && !FURNITURE.some((re) => re.test(line))) {
      origStarts.push(pos);
      newStarts.push(outLen);
      kept.push(line);
      outLen += line.length + 1;
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
  return { text: kept.join("\n") + (kept.length ? "\n" : ""), anchors, links };
}

const ITEM_LINE =
  /^(?:part\s+([ivx]+)\s*[,.:\-–—]?\s*)?items?\s+(\d{1,2}[a-d]?)\s*(?:(?:and|&|,|through|to)\s*(\d{1,2}[a-d]?))?\s*[.:\-–—]?\s*(.*)$/i;
const PART_LINE = /^part\s+([ivx]+)\b\s*[.:\-–—]?\s*(.{0,80})$/i;

/** Part of a 10-K item by its number (10-K items are numbered across parts). */
function tenKPart(item: string): string {
  const n = parseInt(item, 10);
  return n <= 4 ? "i" : n <= 9 ? "ii" : n <= 14 ? "iii" : "iv";
}

export function itemId(part: string, item: string): string {
  return `part_${part.toLowerCase()}_item_${item.toLowerCase()}`;
}

interface Line {
  start: number;
  text: string;
}

function lines(text: string): Line[] {
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

function lineAt(all: Line[], off: number): number {
  let lo = 0, hi = all.length - 1, best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].start <= off) (best = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  return best;
}

interface Candidate {
  part: string | null;
  items: string[];
  title: string;
  start: number;
  method: ItemSpan["method"];
}

/** Does the text at `off` look like the heading of `item` (or start with its title)? */
function headingNear(text: string, off: number, item: string, title: string): boolean {
  const head = text.slice(off, off + 400).toLowerCase();
  const re = new RegExp(`items?\\s+${item.toLowerCase()}\\b`);
  if (re.test(head)) return true;
  const word = title.toLowerCase().replace(/[^a-z ]/g, "").trim().split(/\s+/).slice(0, 2).join(
    " ",
  );
  return word.length > 3 && head.includes(word);
}

function tocCandidates(doc: DocText, all: Line[]): Candidate[] {
  const out: Candidate[] = [];
  let part: string | null = null;
  const seenLines = new Set<number>();
  const targetsByLine = new Map<number, string[]>();
  for (const link of doc.links) {
    const li = lineAt(all, link.at);
    const list = targetsByLine.get(li) ?? [];
    list.push(link.target);
    targetsByLine.set(li, list);
  }
  for (const [li, targets] of [...targetsByLine].sort((a, b) => a[0] - b[0])) {
    if (seenLines.has(li)) continue;
    seenLines.add(li);
    const text = all[li].text.replace(/\s*\|\s*/g, " ").trim();
    const pm = PART_LINE.exec(text);
    if (pm && !/\bitem/i.test(text)) {
      part = pm[1].toLowerCase();
      continue;
    }
    const m = ITEM_LINE.exec(text);
    if (!m || text.length > 250) continue;
    if (m[1]) part = m[1].toLowerCase();
    const title = m[4].replace(/\s+\d{1,3}$/, "").trim();
    const items = [m[2].toUpperCase(), ...(m[3] ? [m[3].toUpperCase()] : [])];
    const offsets = [...new Set(targets)].map((t) => doc.anchors.get(t)).filter((o): o is number =>
      o !== undefined && o > all[li].start
    );
    const good = offsets.find((o) => headingNear(doc.text, o, items[0], title)) ?? offsets[0];
    if (good === undefined) continue;
    out.push({ part, items, title, start: good, method: "toc" });
  }
  return out;
}

function headingCandidates(all: Line[]): Candidate[] {
  const out: Candidate[] = [];
  let part: string | null = null;
  for (const line of all) {
    const text = line.text.trim();
    if (text.length > 300) continue;
    const pm = PART_LINE.exec(text);
    if (pm && !/\bitem/i.test(text) && !text.includes("|")) {
      part = pm[1].toLowerCase();
      continue;
    }
    const m = ITEM_LINE.exec(text);
    if (!m) continue;
    // Table-of-contents rows end with a page number cell; headings do not.
    if (/\|\s*\d{1,3}$/.test(text)) continue;
    if (m[1]) part = m[1].toLowerCase();
    const items = [m[2].toUpperCase(), ...(m[3] ? [m[3].toUpperCase()] : [])];
    out.push({
      part,
      items,
      title: m[4].replace(/\s*\|.*$/, "").trim(),
      start: line.start,
      method: "heading",
    });
  }
  // A run of item lines packed together is a table of contents, not the items themselves.
  return out.filter((c, i) => {
    let close = 0;
    for (let j = i + 1; j < out.length && out[j].start - c.start < 1500; j++) close++;
    for (let j = i - 1; j >= 0 && c.start - out[j].start < 1500; j--) close++;
    return close < 3;
  });
}

/** Finds every item of the document; parts come from the document (10-Q) or numbering (10-K). */
export function findItems(doc: DocText, form: string): ItemSpan[] {
  const all = lines(doc.text);
  const isQ = /^10-Q/i.test(form);
  const found = new Map<string, ItemSpan>();
  const add = (c: Candidate) => {
    for (const item of c.items) {
      const part = isQ ? (c.part ?? "i") : tenKPart(item);
      const id = itemId(part, item);
      if (!found.has(id)) {
        found.set(id, {
          id,
          part,
          item,
          title: c.title,
          start: c.start,
          end: -1,
          method: c.method,
        });
      }
    }
  };
  tocCandidates(doc, all).forEach(add);
  const tocFound = found.size;
  const headings = headingCandidates(all);
  // With a usable TOC, headings only fill gaps; otherwise they are the primary source.
  for (const c of headings) if (tocFound === 0 || c.start > 0) add(c);
  const spans = [...found.values()].sort((a, b) => a.start - b.start);
  const signatures = all.find((l, i) =>
    i > 0 && /^signatures?$/i.test(l.text.trim()) &&
    l.start > (spans.at(-1)?.start ?? 0)
  );
  const docEnd = signatures?.start ?? doc.text.length;
  for (const s of spans) {
    const next = spans.find((o) => o.start > s.start);
    s.end = next ? next.start : Math.max(docEnd, s.start);
  }
  return spans;
}
