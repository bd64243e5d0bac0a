import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "news.search",
  summary: "Search recent news articles",
  usage:
    "finance news.search [query=TEXT | symbol=SYMBOL | sector=SECTOR] [max_records=50 timespan=30D|1W|1M|24H date=YYYY-MM-DD start_date=YYYY-MM-DD end_date=YYYY-MM-DD start_datetime=YYYYMMDDHHMMSS end_datetime=YYYYMMDDHHMMSS]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["url", "source", "published_at", "seendate"],
  positional: [],
  args: z.strictObject({
    query: z.string().optional().describe("Free-text news query."),
    symbol: ticker().optional().describe("Ticker query."),
    sector: z.string().optional().describe("Sector query."),
    max_records: z.int().default(50).describe("Maximum records to return."),
    timespan: z.string().optional().describe(
      "Relative provider lookback window such as 24H, 7D, or 1M.",
    ),
    date: z.string().optional().describe("Date."),
    start_date: z.string().optional().describe("Start date."),
    end_date: z.string().optional().describe("End date."),
    start_datetime: z.string().optional().describe(
      "Inclusive start timestamp for precise provider queries.",
    ),
    end_datetime: z.string().optional().describe(
      "Inclusive end timestamp for precise provider queries.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("news.search"),
});
