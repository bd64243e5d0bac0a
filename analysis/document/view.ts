/**
 * Shapes shared by the document commands: the page summaries of a text model cut to a
 * character budget, and the zod schemas of those shapes.
 */
import { z } from "zod";
import type { DocText } from "./model.ts";

export const pageSchema = z.object({
  page: z.int(),
  start_char: z.int().describe("Offset of the page's first character in the document text."),
  end_char: z.int(),
  char_count: z.int().describe("Characters of the page's full text."),
  returned_chars: z.int().describe("Characters of the page inside the returned text."),
  truncated: z.boolean(),
  ocr: z.boolean().describe("True when the page text was recognised by OCR."),
  ocr_confidence: z.number().nullable(),
});

export const documentFields = {
  source: z.string(),
  url: z.string().nullable(),
  path: z.string().nullable(),
  format: z.enum(["pdf", "html"]),
  engine: z.string(),
  page_count: z.int().describe("Pages in the document (HTML counts as one)."),
  warnings: z.array(z.string()),
};

export type PageView = z.infer<typeof pageSchema>;

/** The text up to `maxChars` (0 = all) and each page's share of it. */
export function cutToBudget(doc: DocText, maxChars: number): {
  text: string;
  pages: PageView[];
  truncated: boolean;
} {
  const limit = maxChars > 0 ? Math.min(maxChars, doc.text.length) : doc.text.length;
  const text = doc.text.slice(0, limit).trimEnd();
  // pages inside the budget are listed even when blank (a page without readable text, at the
  // end, was read too: trimming the text's end must not drop it from the list)
  const pages = doc.pages.filter((p) => p.start_char <= Math.max(text.length, limit)).map((p) => {
    const returned = Math.max(0, Math.min(p.end_char, text.length) - p.start_char);
    const charCount = p.end_char - p.start_char;
    // blank space at a page's end is no text the budget cut (the whole document's end is trimmed)
    const kept = doc.text.slice(p.start_char, p.end_char).trimEnd().length;
    return {
      ...p,
      char_count: charCount,
      returned_chars: returned,
      truncated: returned < kept,
    };
  });
  return { text, pages, truncated: text.length < doc.text.trimEnd().length || !doc.complete };
}

/** Sends each warning to the envelope too (contract 7.5: scan also keeps them in data). */
export function liftWarnings(warnings: string[], warn: (m: string) => void): string[] {
  for (const w of warnings) warn(w);
  return warnings;
}
