import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "backtest.describe",
  summary: "Show a built-in strategy's parameters, defaults and rules",
  usage: "finance backtest.describe STRATEGY",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy"],
  args: z.strictObject({
    strategy: z.string().describe("Built-in strategy key."),
  }),
  data: z.looseObject({}),
  run: notImplemented("backtest.describe"),
});
