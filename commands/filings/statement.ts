import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "filings.statement",
  summary: "Income, balance sheet or cash flow statement from a filing's XBRL",
  usage:
    "finance filings.statement [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K statement=income|balance|cashflow query=TEXT max_rows=0]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "accession_no", "accession", "url", "form", "report_name", "section"],
  positional: ["symbol"],
  aliases: { "accession_no": "accession" },
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker used to locate a recent filing."),
    accession: z.string().optional().describe("SEC accession number."),
    url: z.string().optional().describe("Direct SEC filing URL."),
    form: z.string().default("10-K").describe("SEC form used when resolving by symbol."),
    statement: z.enum(["income", "balance", "cashflow"]).default("income").describe(
      "Statement family.",
    ),
    query: z.string().optional().describe("Optional row label search."),
    max_rows: z.int().default(0).describe("Maximum rows; 0 means unlimited."),
    include_abstract: z.boolean().default(false).describe("Include abstract rows when true."),
  }),
  data: z.looseObject({}),
  run: notImplemented("filings.statement"),
});
