/**
 * The canonical text model of a document: page texts joined by a blank line, with each
 * page's [start_char, end_char) in that text. Every offset, match id and window of the
 * document commands refers to this text. Reading fewer pages yields a prefix of the same
 * text, so offsets found with max_pages=5 stay valid for the whole document.
 */

export const PAGE_SEPARATOR = "\n\n";

export interface DocPage {
  /** 1-based page number. */
  page: number;
  start_char: number;
  end_char: number;
  /** True when the page text came from OCR (no text layer). */
  ocr: boolean;
  /** Mean OCR word confidence 0-100, or null. */
  ocr_confidence: number | null;
}

export interface DocText {
  /** What the user passed. */
  source: string;
  /** The final URL for remote documents, else null. */
  url: string | null;
  /** The resolved local path for files, else null. */
  path: string | null;
  format: "pdf" | "html";
  engine: string;
  text: string;
  pages: DocPage[];
  /** Pages in the document (HTML: 1). */
  page_count: number;
  /** True when every page was read. */
  complete: boolean;
  warnings: string[];
  /** Figures OCR read with low confidence (pages without a text layer), in the text's offsets. */
  uncertain_figures?: UncertainFigureAt[];
  /** PDF pages whose text layer did not decode (left out or cleaned), for the warnings. */
  text_layer_notes?: {
    page: number;
    kind: "garbled" | "controls";
    sample: string;
    removed: number;
  }[];
}

/** A figure OCR was unsure of, where it stands in the document text. */
export interface UncertainFigureAt {
  page: number;
  text: string;
  confidence: number;
  start_char: number;
  end_char: number;
}

export interface PageInput {
  text: string;
  ocr?: boolean;
  ocr_confidence?: number | null;
  /** Offsets in this page's text. */
  uncertain?: { text: string; confidence: number; start: number; end: number }[];
}

/** Builds the joined text and page offsets from page texts in order. */
export function assemble(
  pages: PageInput[],
): { text: string; pages: DocPage[]; uncertain_figures?: UncertainFigureAt[] } {
  let text = "";
  const out: DocPage[] = [];
  const uncertain: UncertainFigureAt[] = [];
  pages.forEach((p, i) => {
    if (i > 0) text += PAGE_SEPARATOR;
    const start = text.length;
    for (const u of p.uncertain ?? []) {
      uncertain.push({
        page: i + 1,
        text: u.text,
        confidence: u.confidence,
        start_char: start + u.start,
        end_char: start + u.end,
      });
    }
    text += p.text;
    out.push({
      page: i + 1,
      start_char: start,
      end_char: text.length,
      ocr: p.ocr ?? false,
      ocr_confidence: p.ocr_confidence ?? null,
    });
  });
  return uncertain.length
    ? { text, pages: out, uncertain_figures: uncertain }
    : { text, pages: out };
}

/** Page number holding `offset` (a separator belongs to the following page). */
export function pageAt(pages: DocPage[], offset: number): number | null {
  if (pages.length === 0) return null;
  let lo = 0, hi = pages.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pages[mid].start_char - PAGE_SEPARATOR.length <= offset) lo = mid;
    else hi = mid - 1;
  }
  return pages[lo].page;
}

export function matchId(start: number, end: number): string {
  return `char_${start}_${end}`;
}

/** Parses `char_<START>_<END>`; null when malformed. */
export function parseMatchId(id: string): { start: number; end: number } | null {
  const m = /^char_(\d+)_(\d+)$/.exec(id.trim());
  if (!m) return null;
  const start = Number(m[1]), end = Number(m[2]);
  return end >= start ? { start, end } : null;
}

const SPACE = /\s/;

/**
 * How far an edge moves to reach a word boundary. A "word" longer than this (minified text, a
 * data blob, a page with no spaces) is cut at the offset instead: snapping through it made a
 * 100-character window of a one-line document 3 MB long.
 */
export const MAX_SNAP = 100;

/** Moves `offset` back to the start of the word it falls in (never before `min`). */
export function snapStart(text: string, offset: number, min = 0): number {
  const from = Math.max(min, Math.min(offset, text.length));
  let i = from;
  while (i > min && !SPACE.test(text[i - 1]) && !SPACE.test(text[i] ?? " ")) {
    if (from - i >= MAX_SNAP) return from;
    i--;
  }
  return i;
}

/** Moves `offset` forward to the end of the word it falls in (never past `max`). */
export function snapEnd(text: string, offset: number, max = text.length): number {
  const from = Math.max(0, Math.min(offset, max));
  let i = from;
  while (i < max && i > 0 && !SPACE.test(text[i]) && !SPACE.test(text[i - 1])) {
    if (i - from >= MAX_SNAP) return from;
    i++;
  }
  return i;
}

export type Direction = "around" | "next" | "previous";

/**
 * A window of about `chars` characters: around the span, after its end (next) or before
 * its start (previous); both ends snapped outwards to word boundaries.
 */
export function windowRange(
  text: string,
  span: { start: number; end: number },
  chars: number,
  direction: Direction,
): { start: number; end: number } {
  let start: number, end: number;
  // a span that runs past the text's end is the part of it the text has (a match_id's end
  // beyond the last character must not move the window off the text)
  span = { start: Math.min(span.start, text.length), end: Math.min(span.end, text.length) };
  if (direction === "next") [start, end] = [span.end, span.end + chars];
  else if (direction === "previous") [start, end] = [span.start - chars, span.start];
  else {
    const mid = Math.floor((span.start + span.end) / 2);
    start = mid - Math.floor(chars / 2);
    end = start + chars;
    // A long span is shown whole when it fits.
    if (span.end - span.start <= chars) {
      if (start > span.start) [start, end] = [span.start, span.start + chars];
      if (end < span.end) [start, end] = [span.end - chars, span.end];
    }
  }
  start = Math.max(0, Math.min(start, text.length));
  end = Math.max(start, Math.min(end, text.length));
  // next/previous keep the given edge exact so pages of text tile without gaps or overlaps.
  if (direction !== "next") start = snapStart(text, start);
  if (direction !== "previous") end = snapEnd(text, end);
  return { start, end };
}
