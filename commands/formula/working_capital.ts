import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.working_capital",
  summary: "Operating current assets less operating current liabilities",
  usage:
    "finance formula.working_capital operating_current_assets=28191 operating_current_liabilities=35035",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    operating_current_assets: amount().describe("Value supplied for `operating_current_assets`."),
    operating_current_liabilities: amount().describe(
      "Value supplied for `operating_current_liabilities`.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.working_capital"),
});
