import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "document.read",
  summary: "Read a PDF or HTML document as text with page offsets",
  usage:
    "finance document.read SOURCE|source=PATH_OR_URL [format=pdf|html max_chars=12000 max_pages=5]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["source", "url", "path", "page", "start_char", "end_char", "match_id"],
  positional: ["source"],
  aliases: { "path": "source", "url": "source" },
  args: z.strictObject({
    source: z.string().describe("Source key, path, or URL depending on command."),
    format: z.enum(["pdf", "html"]).optional().describe("Value supplied for `format`."),
    max_chars: z.int().default(12000).describe("Maximum text characters to return."),
    max_pages: z.int().default(5).describe("Maximum PDF pages to read."),
  }),
  data: z.looseObject({}),
  run: notImplemented("document.read"),
});
