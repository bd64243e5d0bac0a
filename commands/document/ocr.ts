import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { documentReadFrom, documentReadFromShape } from "./read.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import {
  cutToBudget,
  documentFields,
  liftWarnings,
  pageSchema,
} from "../../analysis/document/view.ts";

export default defineCommand({
  name: "document.ocr",
  summary: "Recognise text on PDF pages offline (for scanned documents)",
  description:
    "Renders PDF pages and recognises their text with Tesseract (English, fully offline), giving " +
    "per-page text with a confidence score and the same page/offset model as document.read. Use it " +
    "for scanned or image-only PDFs when document.read returns little or no text (read and scan " +
    "already OCR pages that have no text layer). It is slow (seconds per page): keep max_pages small.",
  usage: "finance document.ocr SOURCE|source=PATH_OR_URL [max_chars=12000 max_pages=5]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: [
    "source",
    "url",
    "path",
    "page",
    "start_char",
    "end_char",
    "match_id",
    "retrieved_at",
  ],
  positional: ["source"],
  aliases: { "path": "source", "url": "source" },
  args: z.strictObject({
    source: z.string().describe("Local file path or http(s) URL of the PDF."),
    max_chars: z.int().min(0).default(12000).describe(
      "Characters of recognised text to return (0 = all).",
    ),
    max_pages: z.int().min(0).default(5).describe(
      "Pages to recognise from the start (0 = every page).",
    ),
  }),
  data: z.object({
    ...documentFields,
    text: z.string(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    pages_read: z.int(),
    mean_confidence: z.number().nullable().describe("Mean word confidence 0-100 over the pages."),
    uncertain_figures: z.array(z.object({
      page: z.int(),
      text: z.string(),
      confidence: z.number(),
      start_char: z.int(),
      end_char: z.int(),
    })).describe(
      "Figures Tesseract read with a word confidence under 80 (of 100), where they stand in the text: a digit may be misread (3 as 8, a comma as a point); check each against the page before using it.",
    ),
    pages: z.array(pageSchema.extend({ text: z.string() })),
    ...documentReadFromShape,
  }),
  examples: ["finance document.ocr ./scanned-results.pdf max_pages=1"],
  async run(args, ctx) {
    if (!args.source?.trim()) {
      throw new InputError("source is required (a local path or an http(s) URL)");
    }
    const { loadDocument } = await import("../../analysis/document/load.ts");
    const doc = await loadDocument(ctx, args.source, {
      format: "pdf",
      maxPages: args.max_pages,
      ocr: "force",
    }).catch((err) => {
      // the loader's "drop format=" is no advice here: document.ocr takes no format
      if (err instanceof FinanceError && /was read as format=pdf but it is /.test(err.message)) {
        throw new FinanceError(
          `${
            err.message.replace(/ was read as format=pdf but it is /, " is ").replace(
              /; check the address or drop format=$/,
              "",
            )
          }, not a PDF: document.ocr reads the pages of a PDF; read an HTML page's text with document.read`,
        );
      }
      throw err;
    });
    const view = cutToBudget(doc, args.max_chars);
    const confidences = doc.pages.map((p) => p.ocr_confidence).filter((c): c is number =>
      c !== null
    );
    const warnings = [...doc.warnings];
    if (!doc.text.trim()) warnings.push("OCR found no text on the pages read");
    return {
      source: doc.source,
      url: doc.url,
      path: doc.path,
      format: doc.format,
      engine: "tesseract",
      page_count: doc.page_count,
      text: view.text,
      char_count: doc.text.length,
      returned_chars: view.text.length,
      truncated: view.truncated,
      pages_read: doc.pages.length,
      mean_confidence: confidences.length
        ? Math.round(confidences.reduce((a, b) => a + b, 0) / confidences.length * 100) / 100
        : null,
      uncertain_figures: doc.uncertain_figures ?? [],
      pages: view.pages.map((p) => ({
        ...p,
        text: view.text.slice(p.start_char, p.start_char + p.returned_chars),
      })),
      warnings: liftWarnings(warnings, ctx.warn),
      ...documentReadFrom(ctx, doc.url),
    };
  },
});
