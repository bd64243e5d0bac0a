import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { list } from "../../core/schema.ts";

export default defineCommand({
  name: "document.scan",
  summary: "Find a phrase, table text or topics in a document with stable offsets",
  usage:
    "finance document.scan SOURCE|source=PATH_OR_URL [query=TEXT topics=risk,disclosure format=pdf|html match=fuzzy|all_terms threshold=80 max_chars=12000 max_pages=5 limit=50 window=0 start_char=0 end_char=0]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["source", "url", "path", "page", "start_char", "end_char", "match_id"],
  positional: ["source"],
  aliases: { "path": "source", "url": "source", "topic": "topics" },
  args: z.strictObject({
    source: z.string().describe("Local path or URL."),
    query: z.string().optional().describe("Literal phrase or table text to find."),
    topics: list(z.string()).optional().describe("Known topic names or literal queries."),
    format: z.enum(["pdf", "html"]).optional().describe("Document format override."),
    match: z.enum(["fuzzy", "all_terms"]).default("fuzzy").describe("Match mode."),
    threshold: z.number().default(80.0).describe("Fuzzy score threshold."),
    max_chars: z.int().default(12000).describe(
      "Maximum text chars to read; 0 means unbounded in current readers.",
    ),
    max_pages: z.int().default(5).describe("Maximum pages for PDFs; 0 means all pages."),
    limit: z.int().default(50).describe("Maximum matches."),
    window: z.int().default(0).describe("Optional context chars per match."),
    start_char: z.int().optional().describe("Start offset for a bounded scan."),
    end_char: z.int().optional().describe("End offset for a bounded scan."),
  }),
  data: z.looseObject({}),
  run: notImplemented("document.scan"),
});
