import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.enterprise_value",
  summary: "Enterprise value from equity, debt and excess cash",
  usage:
    "finance formula.enterprise_value market_equity=418856 debt=11415 cash=11144 operating_cash=5089",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    market_equity: amount().describe("Value supplied for `market_equity`."),
    debt: amount().default(0).describe("Debt value."),
    cash: amount().default(0).describe("Cash value."),
    operating_cash: amount().default(0).describe("Cash treated as operating rather than excess."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.enterprise_value"),
});
