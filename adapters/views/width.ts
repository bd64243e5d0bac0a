/**
 * What a terminal shows of a string: how many columns it takes, and the characters that must
 * not reach it.
 *
 * Columns, not UTF-16 units: a company name in Chinese or Japanese takes two columns a
 * character, an accent written as a combining mark none, so padding by `.length` misaligns
 * every column to its right. The wide ranges are East Asian Wide and Fullwidth (UAX #11) and
 * emoji shown as pictures; this is the table terminals use (wcwidth), not a font's metrics.
 *
 * Text from providers (news titles, filings, PDFs, quote names) may hold terminal control
 * sequences (ESC, CSI, OSC) that recolour, retitle or rewrite a terminal, and bidi overrides
 * that show "-5" where the bytes say "5-": {@link printable} replaces them before output.
 */

/** Code points that take no column: combining marks, zero-width spaces and joiners. */
const ZERO = /[\p{Mn}\p{Me}\u200B-\u200F\u2028\u2029\u2060-\u2064\uFEFF]/u;
/** Emoji drawn as a picture (two columns in a terminal). */
const EMOJI = /\p{Emoji_Presentation}/u;

/** East Asian Wide and Fullwidth ranges (Unicode 15, UAX #11), inclusive. */
const WIDE: [number, number][] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

function wideCode(cp: number): boolean {
  for (const [a, b] of WIDE) {
    if (cp < a) return false;
    if (cp <= b) return true;
  }
  return false;
}

/** Columns one character (code point) takes. */
function charCols(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x7f) return cp < 0x20 ? 0 : 1;
  if (ZERO.test(ch)) return 0;
  return wideCode(cp) || EMOJI.test(ch) ? 2 : 1;
}

/** Columns `s` takes in a terminal (ASCII: its length). */
export function cols(s: string): number {
  // the common case, ASCII only, without walking the code points
  if (!/[^\x20-\x7e]/.test(s)) return s.length;
  let n = 0;
  for (const ch of s) n += charCols(ch);
  return n;
}

/** `s` padded with spaces on the right to `width` columns. */
export function padEndCols(s: string, width: number): string {
  return s + " ".repeat(Math.max(0, width - cols(s)));
}

/** `s` padded with spaces on the left to `width` columns. */
export function padStartCols(s: string, width: number): string {
  return " ".repeat(Math.max(0, width - cols(s))) + s;
}

/**
 * The index in `s` (UTF-16 units) where its first `width` columns end: `s.slice(0, i)` takes
 * at most `width` columns and never splits a surrogate pair or leaves a mark without its letter.
 */
export function indexAtCols(s: string, width: number): number {
  if (!/[^\x20-\x7e]/.test(s)) return Math.min(s.length, Math.max(0, width));
  let used = 0;
  let i = 0;
  for (const ch of s) {
    const w = charCols(ch);
    if (used + w > width) break;
    used += w;
    i += ch.length;
  }
  // combining marks that follow stay with the letter they mark
  for (const ch of s.slice(i)) {
    if (!ZERO.test(ch)) break;
    i += ch.length;
  }
  return i;
}

/**
 * C0 and C1 controls (but line feed, which the caller keeps or not), DEL, and the bidi
 * embedding, override and isolate controls: what a provider's text must not send to a terminal.
 */
// deno-lint-ignore no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text safe to print: a CR LF line end is a line feed, a tab or lone CR one space (a column a
 * layout counted), and every other control character, escape sequences' ESC included, the
 * replacement character "\uFFFD", so a terminal shows that something was there without
 * obeying it.
 */
export function printable(s: string): string {
  UNPRINTABLE.lastIndex = 0;
  if (!UNPRINTABLE.test(s)) return s;
  return s.replace(/\r\n/g, "\n").replace(/[\t\r]/g, " ").replace(UNPRINTABLE, "\uFFFD");
}
