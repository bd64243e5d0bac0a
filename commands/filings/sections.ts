import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.sections",
  summary: "Show which narrative sections a filing has and their sizes",
  usage: "finance filings.sections [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "accession_no", "accession", "url", "form", "report_name", "section"],
  positional: ["symbol"],
  aliases: { "accession_no": "accession" },
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker symbol."),
    accession: z.string().optional().describe("SEC accession number."),
    url: z.string().optional().describe("Remote URL."),
    form: z.string().default("10-K").describe("SEC form type."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.sections"),
});
