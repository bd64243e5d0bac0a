import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "document.window",
  summary: "Read the text around an offset or a scan match id",
  usage:
    "finance document.window SOURCE|source=PATH_OR_URL [format=pdf|html start_char=0|match_id=char_START_END chars=4000 direction=around|next|previous]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["source", "url", "path", "page", "start_char", "end_char", "match_id"],
  positional: ["source"],
  aliases: { "path": "source", "url": "source", "start": "start_char" },
  args: z.strictObject({
    source: z.string().describe("Local path or URL."),
    format: z.enum(["pdf", "html"]).optional().describe("Document format override."),
    start_char: z.int().optional().describe("Character offset."),
    match_id: z.string().optional().describe("Match id returned by document.scan."),
    chars: z.int().default(4000).describe("Window size in characters."),
    direction: z.enum(["around", "next", "previous"]).default("around").describe(
      "Window direction.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("document.window"),
});
