/**
 * Whether a PDF page's text layer decodes to readable text: a font embedded without a map to
 * Unicode gives pdf.js its glyph codes ("!\"#$%", control characters), which would pass for the
 * page's words and figures. document.read, document.scan, document.window and document.tables
 * apply the same check, so they agree on which pages they read.
 */

/**
 * A page with text of a stamp's length (fewer characters than this: a page number, a Bates or
 * "Confidential" line) over an image covering SCAN_COVERAGE of it or more is a scan: its words
 * are in the image. document.read reads such a page by OCR; document.tables reads no table from
 * it, and does not place the offsets of tables after it.
 */
export const SPARSE_CHARS = 80;
export const SCAN_COVERAGE = 0.5;

/** A page whose text layer does not decode to readable text, whole or in part. */
export interface TextLayerNote {
  page: number;
  /** garbled: the page's text was left out; controls: undecodable characters were removed. */
  kind: "garbled" | "controls";
  /** A few of the undecodable pieces, as pdf.js gave them (control characters escaped). */
  sample: string;
  /** Characters removed (controls). */
  removed: number;
}

/** Control characters no printed text has, and the replacement character. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;
const CONTROLS = new RegExp(CONTROL.source, "g");

/** `text` without the characters {@link checkTextLayer} removes from a readable page. */
export function stripControls(text: string): string {
  return text.replace(CONTROLS, "");
}

/**
 * A token that reads as a word or figure: letters or digits, joined by the punctuation words and
 * figures carry inside ("(gains)/losses", "13a-14(a)", "Revenue......12", "U.S."), with leading
 * and trailing marks ("$1,234", "(12.5)%", "Place®."), CJK punctuation ("売上高は、増加した。") and
 * guillemets as words carry them. A font without a Unicode map gives runs of
 * symbols ("!\"#$%&'", "A@5%&!") that are none of these.
 */
const WORDLIKE =
  /^[(\[{"'“‘„«‹$€£¥§#+<>≤≥~±=.*†‡\-–—/\u3000-\u303f\uff01-\uff65]*[\p{L}\p{N}\p{M}]+(?:[-'’./&@:_,·\\()[\]—–‑\u3000-\u303f\uff01-\uff65]+[\p{L}\p{N}\p{M}]+)*[)\]}"'”’»›.,;:!?%*†‡®™©¹²³⁰-⁹\-–—/+\u3000-\u303f\uff01-\uff65]*$/u;

/** Two private-use characters (U+E000–U+F8FF) in a row. */
const PRIVATE_PAIR = /[\ue000-\uf8ff]{2}/;

/** Share of a page's non-space characters in undecodable tokens above which its text is garbage. */
const GARBLED_SHARE = 0.3;
/** Fewest undecodable characters that make a page garbage (a short line of symbols is not). */
const GARBLED_MIN = 20;

/**
 * A page's text checked for a text layer that does not decode (a font embedded without a map to
 * Unicode: pdf.js gives its glyph codes, which read "!\"#$%" or control characters). A page mostly
 * of such tokens is left out (its text would pass for the page's words); control characters on an
 * otherwise readable page are removed. One pass over the page's tokens.
 */
export function checkTextLayer(
  text: string,
  page: number,
): { text: string; note?: TextLayerNote } {
  let all = 0, bad = 0;
  const samples: string[] = [];
  for (const t of text.split(/\s+/)) {
    if (!t) continue;
    all += t.length;
    const control = CONTROL.test(t);
    // short marks ("$", "—", "%)") and leaders or rules of one repeated character are not words;
    // a private-use character alone is a symbol font's bullet or check mark, two or more in a
    // token are glyph codes of a font whose map points into that area
    const short = t.length < 3 && !PRIVATE_PAIR.test(t);
    if (!control && (short || WORDLIKE.test(t) || /^(.)\1+$/u.test(t))) continue;
    bad += t.length;
    if (samples.length < 3) samples.push(JSON.stringify(t.slice(0, 16)).slice(1, -1));
  }
  // control characters are never text: a few of them are enough, where symbols need a line's worth
  if (bad >= GARBLED_SHARE * all && (bad >= GARBLED_MIN || CONTROL.test(text))) {
    return { text: "", note: { page, kind: "garbled", sample: samples.join(" "), removed: 0 } };
  }
  if (!CONTROL.test(text)) return { text };
  const clean = text.replace(CONTROLS, "");
  return {
    text: clean,
    note: {
      page,
      kind: "controls",
      sample: samples.filter((s) => /\\u|\\[bfnrt]/.test(s)).join(" "),
      removed: text.length - clean.length,
    },
  };
}

/** The warnings that say which pages' text layers did not decode. */
export function textLayerWarnings(notes: TextLayerNote[]): string[] {
  const out: string[] = [];
  const garbled = notes.filter((n) => n.kind === "garbled");
  if (garbled.length) {
    out.push(
      `page(s) ${garbled.map((n) => n.page).join(", ")} have a text layer that does not decode ` +
        `to readable text (a font embedded without a Unicode map; pdf.js gave e.g. "${
          garbled[0].sample
        }"): their text is left out rather than returned as garbage; read them with document.ocr ` +
        `(OCR of the rendered page)`,
    );
  }
  const controls = notes.filter((n) => n.kind === "controls");
  if (controls.length) {
    out.push(
      `page(s) ${controls.map((n) => n.page).join(", ")}: ${
        controls.reduce((k, n) => k + n.removed, 0)
      } character(s) that do not decode (control codes from a font without a Unicode map) were ` +
        `removed, so the text differs from the PDF's text layer there; words set in that font may ` +
        `be missing or garbled: check those pages with document.ocr`,
    );
  }
  return out;
}
