import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { jsonObject } from "../../core/schema.ts";

export default defineCommand({
  name: "backtest.factor.weights",
  summary: "Turn factor scores into long/short basket weights",
  usage:
    'finance backtest.factor.weights FACTOR_NAME scores=\'{"AAPL":1.2,"MSFT":0.4}\' [top_pct=0.2 bottom_pct=0.2]',
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["factor_name"],
  args: z.strictObject({
    factor_name: z.string().describe("Name assigned to the factor signal."),
    scores: jsonObject().describe("Mapping of symbols to factor scores."),
    top_pct: z.number().default(0.2).describe(
      "Top-ranked percentage used for the long or overweight side.",
    ),
    bottom_pct: z.number().default(0.2).describe(
      "Bottom-ranked percentage used for the short or underweight side.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.factor.weights"),
});
