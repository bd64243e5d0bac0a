import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.report",
  summary: "Read one rendered XBRL report (R file) of a filing as text and rows",
  usage:
    "finance filings.report [SYMBOL] [accession=ACCESSION|url=URL] name='Report Short Name' [form=10-K query=TEXT max_rows=25 (0=unlimited) max_chars=8000]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "accession_no", "accession", "url", "form", "report_name", "section"],
  positional: ["symbol"],
  aliases: { "accession_no": "accession", "report": "name" },
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker symbol."),
    accession: z.string().optional().describe("SEC accession number."),
    url: z.string().optional().describe("Remote URL."),
    name: z.string().optional().describe("Report, section, or table name selected by the caller."),
    form: z.string().default("10-K").describe("SEC form type."),
    query: z.string().optional().describe("Search query."),
    max_rows: z.int().default(25).describe("Maximum rows to return."),
    max_chars: z.int().default(8000).describe("Maximum text characters to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.report"),
});
