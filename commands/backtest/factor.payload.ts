import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate } from "../../core/schema.ts";

export default defineCommand({
  name: "backtest.factor.payload",
  summary: "Score symbols on a factor from real bars and form long/short baskets",
  usage:
    "finance backtest.factor.payload FACTOR_NAME SYMBOLS START_DATE END_DATE [timeframe=1d top_pct=0.2 bottom_pct=0.2]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["factor_name", "symbols", "start_date", "end_date"],
  args: z.strictObject({
    factor_name: z.string().describe("Name assigned to the factor signal."),
    symbols: z.string().describe("Ticker symbol or comma-separated ticker list."),
    start_date: isoDate().describe("Start date."),
    end_date: isoDate().describe("End date."),
    timeframe: z.string().default("1d").describe(
      "Provider-supported timeframe or research horizon.",
    ),
    top_pct: z.number().default(0.2).describe(
      "Top-ranked percentage used for the long or overweight side.",
    ),
    bottom_pct: z.number().default(0.2).describe(
      "Bottom-ranked percentage used for the short or underweight side.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.factor.payload"),
});
