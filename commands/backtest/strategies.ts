import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { backtestStrategies } from "../../analysis/calculators/backtest.ts";

const param = z.looseObject({
  type: z.string(),
  default: z.union([z.number(), z.string()]).optional(),
  description: z.string(),
});

export default defineCommand({
  name: "backtest.strategies",
  summary: "List the built-in backtest strategies",
  description:
    "Lists every built-in strategy with its parameters (type, default, range) and how it turns " +
    "bars into target weights, plus the custom-module option. Use it first to pick a strategy " +
    "for backtest.run or backtest.tune; use backtest.describe for one strategy. Local, no network.",
  usage: "finance backtest.strategies",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.strictObject({
    engine: z.strictObject({ name: z.string(), version: z.string() }),
    strategies: z.array(z.looseObject({
      name: z.string(),
      summary: z.string(),
      rule: z.string(),
      parameters: z.record(z.string(), param),
      warmup_bars: z.number(),
    })),
    custom: z.looseObject({
      name: z.literal("custom"),
      contract: z.record(z.string(), z.string()),
    }),
    count: z.int(),
  }),
  examples: ["finance backtest.strategies"],
  view: "strategies",
  compute: backtestStrategies,
});
