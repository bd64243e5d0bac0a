import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate, jsonObject } from "../../core/schema.ts";

export default defineCommand({
  name: "backtest.run",
  summary: "Backtest a strategy over symbols and dates with costs and no look-ahead",
  usage:
    "finance backtest.run STRATEGY SYMBOLS START_DATE END_DATE [params='{}' strategy_file=./rule.py]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy", "symbols", "start_date", "end_date"],
  args: z.strictObject({
    strategy: z.string().describe("Built-in strategy key."),
    symbols: z.string().describe("Ticker symbol or comma-separated ticker list."),
    start_date: isoDate().describe("Start date."),
    end_date: isoDate().describe("End date."),
    params: jsonObject().default({}).describe(
      "Strategy parameters supplied as JSON or key-value pairs.",
    ),
    strategy_file: z.string().default("./rule.py").describe("Path to a custom strategy file."),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.run"),
});
