import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { documentReadFrom, documentReadFromShape } from "./read.ts";
import { InputError } from "../../core/errors.ts";
import { documentFields, liftWarnings } from "../../analysis/document/view.ts";

export default defineCommand({
  name: "document.window",
  summary: "Read the text around an offset or a scan match id",
  description:
    "Opens a passage of a PDF or HTML document at a character offset or at a match_id from " +
    "document.scan (char_<START>_<END>), even in a later session: offsets refer to the same " +
    "document text. direction=next continues after the given passage and previous reads before " +
    "it, so a reader can page through with the returned next_start_char/previous_end_char. Use " +
    "document.scan first to find where to look; use document.read for the start of a document.",
  usage:
    "finance document.window SOURCE|source=PATH_OR_URL [format=pdf|html start_char=0|match_id=char_START_END chars=4000 direction=around|next|previous]",
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
  aliases: { "path": "source", "url": "source", "start": "start_char" },
  args: z.strictObject({
    source: z.string().describe("Local file path or http(s) URL of the PDF or HTML document."),
    format: z.enum(["pdf", "html"]).optional().describe(
      "Treat the document as this format instead of detecting it from its first bytes.",
    ),
    start_char: z.int().min(0).optional().describe(
      "Offset to open at (ignored when match_id is given).",
    ),
    match_id: z.string().optional().describe("A match_id from document.scan, e.g. char_1200_1218."),
    chars: z.int().min(1).max(1_000_000).default(4000).describe(
      "Approximate window length in characters (1 to 1,000,000).",
    ),
    direction: z.enum(["around", "next", "previous"]).default("around").describe(
      "around: centred on the offset or match; next: from its end on; previous: up to its start.",
    ),
  }),
  data: z.object({
    ...documentFields,
    start_char: z.int(),
    end_char: z.int(),
    match_id: z.string().describe("Id of this window's own span."),
    page: z.int().nullable().describe("Page where the window starts."),
    end_page: z.int().nullable(),
    direction: z.enum(["around", "next", "previous"]),
    text: z.string(),
    returned_chars: z.int(),
    char_count: z.int().describe(
      "Characters of the document text read so far: a window reads only the pages it needs, so this is the whole document's length only when at_end is true (document.read max_pages=0 gives it).",
    ),
    at_start: z.boolean(),
    at_end: z.boolean(),
    next_start_char: z.int().nullable().describe("start_char for direction=next to read on."),
    previous_end_char: z.int().nullable(),
    ...documentReadFromShape,
  }),
  examples: [
    "finance document.window ./10-K.pdf match_id=char_183204_183222 chars=1500",
    "finance document.window ./10-K.pdf start_char=184704 direction=next chars=4000",
  ],
  async run(args, ctx) {
    if (!args.source?.trim()) {
      throw new InputError("source is required (a local path or an http(s) URL)");
    }
    const { loadDocument } = await import("../../analysis/document/load.ts");
    const { matchId, pageAt, parseMatchId, windowRange } = await import(
      "../../analysis/document/model.ts"
    );
    let span: { start: number; end: number };
    if (args.match_id !== undefined) {
      const parsed = parseMatchId(args.match_id);
      if (!parsed) {
        const reversed = /^char_(\d+)_(\d+)$/.exec(args.match_id.trim());
        throw new InputError(
          `match_id "${args.match_id}" must look like char_<START>_<END> (from document.scan)${
            reversed ? `, its END not before its START (char_${reversed[2]}_${reversed[1]})` : ""
          }`,
        );
      }
      // two places asked for at once: the window is never put at one of them unsaid
      if (args.start_char !== undefined && args.start_char !== parsed.start) {
        throw new InputError(
          `start_char=${args.start_char} and match_id=${args.match_id} place the window at two different offsets; give only one of them`,
        );
      }
      span = parsed;
    } else if (args.start_char !== undefined) {
      span = { start: args.start_char, end: args.start_char };
    } else {throw new InputError(
        "give start_char=OFFSET or match_id=char_START_END to place the window",
      );}
    // Read only as far as the window can reach (plus slack for word snapping).
    const doc = await loadDocument(ctx, args.source, {
      format: args.format,
      maxPages: 0,
      untilChar: span.end + args.chars + 200,
    });
    if (span.start > doc.text.length) {
      throw new InputError(
        `start offset ${span.start} is past the end of the document text (${doc.text.length} characters); ` +
          `give an offset below ${doc.text.length}: offsets from document.scan, document.read or ` +
          `filings.read of this same document fall inside it`,
      );
    }
    if (doc.complete && span.end > doc.text.length) {
      ctx.warn(
        `the span ends at character ${span.end}, past the end of the document text (${doc.text.length} characters); the window shows the part the text has`,
      );
    }
    const { start, end } = windowRange(doc.text, span, args.chars, args.direction);
    const text = doc.text.slice(start, end);
    const atEnd = doc.complete && end >= doc.text.length;
    return {
      source: doc.source,
      url: doc.url,
      path: doc.path,
      format: doc.format,
      engine: doc.engine,
      page_count: doc.page_count,
      start_char: start,
      end_char: end,
      match_id: matchId(start, end),
      page: pageAt(doc.pages, start),
      end_page: pageAt(doc.pages, Math.max(start, end - 1)),
      direction: args.direction,
      text,
      returned_chars: text.length,
      char_count: doc.text.length,
      at_start: start === 0,
      at_end: atEnd,
      next_start_char: atEnd ? null : end,
      previous_end_char: start === 0 ? null : start,
      warnings: liftWarnings(doc.warnings, ctx.warn),
      ...documentReadFrom(ctx, doc.url),
    };
  },
});
