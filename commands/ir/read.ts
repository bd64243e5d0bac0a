import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "ir.read",
  summary: "Read an investor-relations PDF or HTML document",
  usage: "finance ir.read url=URL [max_chars=12000 ocr=off|auto|force]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "url", "filing_url", "accession_no", "source"],
  positional: [],
  args: z.strictObject({
    url: z.string().describe("Remote URL."),
    max_chars: z.int().default(12000).describe("Maximum text characters to return."),
    ocr: z.enum(["off", "auto", "force"]).optional().describe(
      "OCR mode for presentation or document text extraction.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("ir.read"),
});
