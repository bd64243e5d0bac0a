import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaWorkingCapital } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.working_capital",
  summary: "Operating working capital",
  description:
    "Operating current assets minus operating current liabilities. Compute the two inputs with " +
    "formula.operating_current_assets and formula.operating_current_liabilities first; a negative " +
    "result means suppliers and customers finance the operations.",
  usage:
    "finance formula.working_capital operating_current_assets=28191 operating_current_liabilities=35035",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    operating_current_assets: amount().describe(
      "Current assets excluding excess cash (from formula.operating_current_assets).",
    ),
    operating_current_liabilities: amount().describe(
      "Current liabilities excluding interest-bearing debt (from formula.operating_current_liabilities).",
    ),
  }),
  data: z.object({
    working_capital: z.number(),
    inputs: z.object({
      operating_current_assets: z.number(),
      operating_current_liabilities: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.working_capital operating_current_assets=28191 operating_current_liabilities=35035",
  ],
  compute: formulaWorkingCapital,
});
