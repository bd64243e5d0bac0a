import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate } from "../../core/schema.ts";

export default defineCommand({
  name: "market.ohlcv",
  summary: "Historical price bars for one or more symbols",
  usage:
    "finance market.ohlcv SYMBOL[,SYMBOL...] [timeframe=1d start_date=YYYY-MM-DD end_date=YYYY-MM-DD limit=200 provider=auto include_attempts=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "date", "source", "provider"],
  positional: ["symbols"],
  args: z.strictObject({
    symbols: z.string().describe("One ticker or comma-separated tickers."),
    timeframe: z.string().default("1d").describe("Bar interval."),
    start_date: isoDate().optional().describe("Start date."),
    end_date: isoDate().optional().describe("End date."),
    limit: z.int().default(200).describe("Maximum bars when date bounds are not enough."),
    provider: z.string().default("auto").describe("Provider selection."),
    include_attempts: z.boolean().default(false).describe("Include provider-attempt diagnostics."),
  }),
  data: z.looseObject({}),
  run: notImplemented("market.ohlcv"),
});
