import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError } from "../../core/errors.ts";
import {
  cutToBudget,
  documentFields,
  liftWarnings,
  pageSchema,
} from "../../analysis/document/view.ts";
import type { Context } from "../../core/context.ts";
import { readFrom, SOURCE_URLS_HELP } from "../market/_sources.ts";

/** Where a document was read from: all null or empty for a local file, which no provider read. */
export const documentReadFromShape = {
  provider: z.literal("pdf_text_a").nullable().describe(
    "Provider key of the download (a URL source); null for a local file.",
  ),
  source_urls: z.array(z.string()).describe(
    `${SOURCE_URLS_HELP} Empty for a local file.`,
  ),
  retrieved_at: z.string().nullable().describe(
    "When the document's download was answered (the recording's time under replay); null for a local file.",
  ),
};

/** The {@link documentReadFromShape} fields of a document read from `url` (null: a local file). */
export function documentReadFrom(ctx: Context, url: string | null) {
  if (url === null) return { provider: null, source_urls: [], retrieved_at: null };
  return readFrom(ctx, "pdf_text_a" as const);
}

export default defineCommand({
  name: "document.read",
  summary: "Read a PDF or HTML document as text with page offsets",
  description:
    "First pass over a known PDF or HTML document (local file or http(s) URL): returns its text in " +
    "reading order with each page's offsets. Offsets are the same ones document.scan and " +
    "document.window use, so a passage found here can be cited or reopened later. PDF pages " +
    "without a text layer are read by OCR automatically (said in warnings). To find a phrase in " +
    "a long document use document.scan instead of reading it all; for tables use document.tables.",
  usage:
    "finance document.read SOURCE|source=PATH_OR_URL [format=pdf|html max_chars=12000 max_pages=5]",
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
    source: z.string().describe("Local file path or http(s) URL of the PDF or HTML document."),
    format: z.enum(["pdf", "html"]).optional().describe(
      "Treat the document as this format instead of detecting it from its first bytes.",
    ),
    max_chars: z.int().min(0).default(12000).describe(
      "Characters of text to return (0 returns the whole text read).",
    ),
    max_pages: z.int().min(0).default(5).describe(
      "PDF pages to read from the start (0 = every page).",
    ),
  }),
  data: z.object({
    ...documentFields,
    text: z.string().describe("Page texts joined by a blank line, cut to max_chars."),
    char_count: z.int().describe("Characters of the text of the pages read."),
    returned_chars: z.int(),
    truncated: z.boolean().describe("True when text was cut by max_chars or max_pages."),
    pages_read: z.int(),
    pages: z.array(pageSchema),
    ...documentReadFromShape,
  }),
  examples: [
    "finance document.read ./annual-report.pdf max_pages=3",
    "finance document.read https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm max_chars=4000",
  ],
  async run(args, ctx) {
    if (!args.source?.trim()) {
      throw new InputError("source is required (a local path or an http(s) URL)");
    }
    const { loadDocument } = await import("../../analysis/document/load.ts");
    const doc = await loadDocument(ctx, args.source, {
      format: args.format,
      maxPages: args.max_pages,
    });
    const view = cutToBudget(doc, args.max_chars);
    return {
      source: doc.source,
      url: doc.url,
      path: doc.path,
      format: doc.format,
      engine: doc.engine,
      page_count: doc.page_count,
      text: view.text,
      char_count: doc.text.length,
      returned_chars: view.text.length,
      truncated: view.truncated,
      pages_read: doc.pages.length,
      pages: view.pages,
      warnings: liftWarnings(doc.warnings, ctx.warn),
      ...documentReadFrom(ctx, doc.url),
    };
  },
});
