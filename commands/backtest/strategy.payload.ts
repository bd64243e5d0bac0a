import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { isoDate, jsonObject } from "../../core/schema.ts";

export default defineCommand({
  name: "backtest.strategy.payload",
  summary: "Build a validated, self-contained backtest run description",
  usage:
    "finance backtest.strategy.payload STRATEGY_ID START_DATE END_DATE [initial_cash=100000 parameters='{}']",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy_id", "start_date", "end_date"],
  args: z.strictObject({
    strategy_id: z.string().describe("Built-in strategy key to describe, run, or package."),
    start_date: isoDate().describe("Start date."),
    end_date: isoDate().describe("End date."),
    initial_cash: z.int().default(100000).describe("Starting cash balance for the simulation."),
    parameters: jsonObject().default({}).describe(
      "Strategy parameter object included in the payload.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.strategy.payload"),
});
