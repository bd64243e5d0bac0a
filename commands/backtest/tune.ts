import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate, jsonObject } from "../../core/schema.ts";

export default defineCommand({
  name: "backtest.tune",
  summary: "Grid-search strategy parameters and rank runs by a metric",
  usage:
    "finance backtest.tune STRATEGY SYMBOLS START_DATE END_DATE grid='{}' [metric=sharpe_ratio max_runs=100]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy", "symbols", "start_date", "end_date"],
  args: z.strictObject({
    strategy: z.string().describe("Built-in strategy key."),
    symbols: z.string().describe("Ticker symbol or comma-separated ticker list."),
    start_date: isoDate().describe("Start date."),
    end_date: isoDate().describe("End date."),
    grid: jsonObject().describe("Parameter grid where each key maps to candidate values."),
    metric: z.string().default("sharpe_ratio").describe("Metric used to rank tuning results."),
    max_runs: z.int().default(100).describe("Maximum parameter combinations to evaluate."),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.tune"),
});
