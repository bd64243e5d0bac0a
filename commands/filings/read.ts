import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.read",
  summary: "Read a narrative section (business, risk factors, MD&A...) of a filing",
  usage:
    "finance filings.read [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K section=business|risk_factors|mda|segments max_chars=8000]",
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
    section: z.enum(["business", "risk_factors", "mda", "financial_statements", "segments"])
      .default("business").describe("Filing section key."),
    max_chars: z.int().default(8000).describe("Maximum text characters to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.read"),
});
