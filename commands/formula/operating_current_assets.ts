import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_current_assets",
  summary: "Current assets less excess cash",
  usage:
    "finance formula.operating_current_assets current_assets=34246 [cash_like_assets=11144 operating_cash=5089]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current_assets: amount().describe("Value supplied for `current_assets`."),
    cash_like_assets: amount().default(0).describe("Value supplied for `cash_like_assets`."),
    operating_cash: amount().default(0).describe("Value supplied for `operating_cash`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.operating_current_assets"),
});
