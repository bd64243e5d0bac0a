import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "backtest.strategies",
  summary: "List the built-in backtest strategies",
  usage: "finance backtest.strategies",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.looseObject({}),
  run: notImplemented("backtest.strategies"),
});
