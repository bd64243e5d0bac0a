import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_current_liabilities",
  summary: "Current liabilities less interest-bearing debt",
  usage:
    "finance formula.operating_current_liabilities current_liabilities=35464 [interest_bearing_current_debt=103]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current_liabilities: amount().describe("Value supplied for `current_liabilities`."),
    interest_bearing_current_debt: amount().default(0).describe(
      "Value supplied for `interest_bearing_current_debt`.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.operating_current_liabilities"),
});
