import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "document.tables",
  summary: "Extract tables from a PDF or HTML document with parsed numbers",
  usage:
    "finance document.tables SOURCE|source=PATH_OR_URL [pages=1-end flavor=stream|lattice max_tables=20 max_rows=25]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["source", "url", "path", "page", "start_char", "end_char", "match_id"],
  positional: ["source"],
  aliases: { "path": "source", "url": "source" },
  args: z.strictObject({
    source: z.string().describe("Source key, path, or URL depending on command."),
    pages: z.string().default("1-end").describe(
      "PDF page selection passed to the table extractor.",
    ),
    flavor: z.enum(["stream", "lattice"]).optional().describe("PDF table extraction flavor."),
    max_tables: z.int().default(20).describe("Maximum extracted tables to return."),
    max_rows: z.int().default(25).describe("Maximum rows to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("document.tables"),
});
