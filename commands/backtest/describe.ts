import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { backtestDescribe } from "../../analysis/calculators/backtest.ts";

export default defineCommand({
  name: "backtest.describe",
  summary: "Show a built-in strategy's parameters, defaults and rules",
  description:
    "Shows one strategy: its parameters with types, defaults and allowed ranges, the rule that " +
    "forms target weights, and how many warm-up bars it loads before start_date. `custom` shows " +
    "the module contract for strategy_file. Local, no network. Use backtest.strategies to list all.",
  usage: "finance backtest.describe STRATEGY",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy"],
  args: z.strictObject({
    strategy: z.string().trim().min(1).describe(
      "Strategy name, e.g. sma_cross, momentum_top_n, or custom for the module contract.",
    ),
  }),
  data: z.looseObject({
    name: z.string(),
    summary: z.string(),
    rule: z.string(),
    parameters: z.record(z.string(), z.looseObject({ type: z.string() })),
    warmup_bars: z.number(),
    engine: z.strictObject({ name: z.string(), version: z.string() }),
  }),
  examples: ["finance backtest.describe sma_cross", "finance backtest.describe custom"],
  view: "strategies",
  compute: backtestDescribe,
});
