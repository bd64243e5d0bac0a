import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.reports",
  summary: "List the rendered XBRL reports of a filing",
  usage: "finance filings.reports [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K query=lease]",
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
    query: z.string().optional().describe("Search query."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.reports"),
});
