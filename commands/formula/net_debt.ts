import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.net_debt",
  summary: "Debt less excess cash",
  usage: "finance formula.net_debt debt=11415 cash=11144 [operating_cash=5089]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    debt: amount().describe("Value supplied for `debt`."),
    cash: amount().describe("Value supplied for `cash`."),
    operating_cash: amount().default(0).describe("Value supplied for `operating_cash`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.net_debt"),
});
