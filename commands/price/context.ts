import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate, ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "price.context",
  summary: "Filings, news and transcripts dated around a price move",
  usage:
    "finance price.context SYMBOL date=YYYY-MM-DD [lookback=3D news_limit=5 filing_limit=80 transcript_limit=12]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "date", "source", "url"],
  positional: ["symbol"],
  aliases: { "target_date": "date" },
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    date: isoDate().describe("Date."),
    lookback: z.string().default("3D").describe("Lookback window around the requested date."),
    news_limit: z.int().default(5).describe("Maximum news records to include."),
    filing_limit: z.int().default(80).describe("Maximum filing records to include."),
    transcript_limit: z.int().default(12).describe("Maximum transcript records to include."),
  }),
  data: z.looseObject({}),
  run: notImplemented("price.context"),
});
