import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError } from "../../core/errors.ts";
import { cutToBudget, liftWarnings, pageSchema } from "../../analysis/document/view.ts";
import { SOURCE_URLS_HELP, sourceUrls } from "../market/_sources.ts";

export default defineCommand({
  name: "ir.read",
  summary: "Read an investor-relations PDF or HTML document",
  description:
    "Reads an investor-relations document (presentation, press release, letter) from its URL with " +
    "the same engine and offsets as document.read, one shape for PDF and HTML. ocr=auto recognises " +
    "pages without a text layer, force recognises every page read, off never does. Find documents " +
    "with ir.presentations; search inside one with document.scan.",
  usage: "finance ir.read source=URL [max_chars=12000 max_pages=0 ocr=off|auto|force]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "filing_url", "accession_no", "source", "provider"],
  positional: [],
  synonyms: { url: "source" },
  args: z.strictObject({
    source: z.string().describe("http(s) address of the PDF or HTML document."),
    max_chars: z.int().min(0).default(12000).describe("Characters of text to return (0 = all)."),
    max_pages: z.int().min(0).default(0).describe(
      "PDF pages read (0 = as many as max_chars needs), as in document.read.",
    ),
    ocr: z.enum(["off", "auto", "force"]).default("auto").describe(
      "off: text layer only; auto: OCR pages without text; force: OCR every page read.",
    ),
  }),
  data: z.object({
    source: z.string().describe("The address read, as given."),
    url: z.string(),
    format: z.enum(["pdf", "html"]),
    engine: z.string(),
    page_count: z.int(),
    text: z.string(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    pages: z.array(pageSchema),
    ocr: z.object({ mode: z.enum(["off", "auto", "force"]), pages: z.array(z.int()) }),
    warnings: z.array(z.string()),
    provider: z.enum(["filings_a", "company_ir"]).describe(
      "Provider key: filings_a for an SEC EDGAR address, company_ir for a company's own site.",
    ),
    retrieved_at: z.string().nullable().describe(
      "When the document was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
    ),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
  }),
  examples: [
    "finance ir.read source=https://investor.example.com/static-files/q4-2024-presentation.pdf",
    "finance ir.read source=https://www.sec.gov/Archives/edgar/data/885245/000088524524000033/ex991.htm max_chars=4000",
  ],
  async run(args, ctx) {
    if (!/^https?:\/\//i.test(args.source?.trim() ?? "")) {
      throw new InputError(
        `source must be an http(s) address (an investor-relations page or document), got "${
          String(args.source).slice(0, 100)
        }"; to read a local file, use document.read`,
      );
    }
    const { loadDocument } = await import("../../analysis/document/load.ts");
    const { parseArchiveUrl } = await import("../../providers/filings_a/edgar.ts");
    const doc = await loadDocument(ctx, args.source, {
      ocr: args.ocr,
      maxPages: args.max_pages,
      untilChar: args.max_chars > 0 ? args.max_chars : undefined,
    });
    const view = cutToBudget(doc, args.max_chars);
    return {
      source: doc.source,
      url: doc.url ?? doc.source,
      format: doc.format,
      engine: doc.engine,
      page_count: doc.page_count,
      text: view.text,
      char_count: doc.text.length,
      returned_chars: view.text.length,
      truncated: view.truncated,
      pages: view.pages,
      ocr: { mode: args.ocr, pages: doc.pages.filter((p) => p.ocr).map((p) => p.page) },
      warnings: liftWarnings(doc.warnings, ctx.warn),
      provider: parseArchiveUrl(doc.url ?? doc.source)
        ? "filings_a" as const
        : "company_ir" as const,
      // a date nobody knows (an undated recording, warned) is null, never today
      retrieved_at: ctx.requested().at(-1)?.retrieved_at ?? null,
      source_urls: sourceUrls(ctx),
    };
  },
});
