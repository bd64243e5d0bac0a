/**
 * Prose cut into sentences with their offsets, and the period a lead-in or bullet opens with.
 */
import { periodOf } from "./kpi_periods.ts";

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

const ABBREV =
  /\b(?:[A-Z]|inc|corp|ltd|co|mr|mrs|ms|dr|vs|approx|no|rs|u\.s|e\.g|i\.e|etc|a\.m|p\.m|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mrd|mio|md)\.$/i;

/** Sentences with offsets into `text`; decimals and common abbreviations do not end a sentence. */
export function sentences(text: string, base = 0): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  // a bullet at a line's start opens an item of its own ("• Net sales of $14,694 million"): a
  // headline or lead-in without a full stop does not run into it, nor into the heading line
  // just above a list ("Fiscal 2023 Full Year Highlights"); a line ending in a colon ends a lead-in
  const re =
    /[.!?](?=\s+(?:[A-Z$"“(0-9]|$))|\n{2,}|\n(?=[ \t]*[•●▪◦‣■►][ \t])|\n(?=[^\n•●▪◦‣■►]{1,120}\n[ \t]*[•●▪◦‣■►][ \t])|:(?=[ \t]*\n)/g;
  for (const m of text.matchAll(re)) {
    const end = m.index! + (m[0].startsWith("\n") ? 0 : 1);
    if (!m[0].startsWith("\n") && ABBREV.test(text.slice(Math.max(start, end - 8), end))) continue;
    // a colon ends a lead-in that names a period ("June 2023 quarter:"), not a label whose
    // figures follow on the next line ("Net loss per share:" / "Basic ($8.30)")
    if (m[0] === ":" && !LEAD_IN.test(text.slice(text.lastIndexOf("\n", end - 1) + 1, end))) {
      continue;
    }
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return out;
  function push(s: number, e: number) {
    // a run with no sentence break longer than MAX_SENTENCE (a flattened table, a hostile
    // page) is read in pieces cut at a line break or space: the readings per sentence compare
    // each mention with each figure, so one endless "sentence" took time growing with its
    // square (30 KB of "revenue grew 1% " for seconds)
    while (e - s > MAX_SENTENCE) {
      const cut = pieceEnd(s);
      piece(s, cut);
      s = cut;
    }
    piece(s, e);
  }
  function pieceEnd(s: number): number {
    const limit = s + MAX_SENTENCE;
    const nl = text.lastIndexOf("\n", limit);
    if (nl > s + MAX_SENTENCE / 2) return nl + 1;
    const sp = text.lastIndexOf(" ", limit);
    return sp > s + MAX_SENTENCE / 2 ? sp + 1 : limit;
  }
  function piece(s: number, e: number) {
    const raw = text.slice(s, e);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t.length >= 15) {
      out.push({ text: t, start: base + s + lead, end: base + s + lead + t.length });
    }
  }
}

/** A line ending in a colon that leads in a period's figures or an outlook. */
const LEAD_IN =
  /\b(?:quarter|fiscal|full[- ]year|(?:19|20)\d{2}|FY\s?'?\d{2}|Q[1-4]|months|half|highlights|outlook|guidance|expects?)\b/i;

/** The longest stretch read as one sentence (see `sentences`). */
export const MAX_SENTENCE = 2_000;

/** A bullet opening an item of a list (see `sentences`). */
export const BULLET = /^[•●▪◦‣■►]\s/;

/**
 * The period the last line of a sentence names when that line is a heading or a lead-in to a
 * list (no full stop: "Fiscal 2023 Full Year Highlights", "For fiscal 2024, we expect:"), else
 * null.
 */
export function leadInPeriod(sentence: string): string | null {
  const line = sentence.slice(sentence.lastIndexOf("\n") + 1).trim();
  if (!line || line.length > 120 || /[.!?]$/.test(line)) return null;
  return periodOf(line);
}
