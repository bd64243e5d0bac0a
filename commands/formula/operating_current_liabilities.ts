import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaOperatingCurrentLiabilities } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_current_liabilities",
  summary: "Current liabilities without interest-bearing debt",
  description:
    "Takes short-term borrowings and the current portion of long-term debt out of current " +
    "liabilities, leaving the liabilities that belong to operating working capital. The debt to " +
    "remove defaults to 0.",
  usage:
    "finance formula.operating_current_liabilities current_liabilities=35464 [interest_bearing_current_debt=103]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current_liabilities: amount().describe("Total current liabilities from the balance sheet."),
    interest_bearing_current_debt: amount().default(0).describe(
      "Short-term borrowings and current portion of long-term debt to remove (default 0).",
    ),
  }),
  data: z.object({
    operating_current_liabilities: z.number(),
    inputs: z.object({
      current_liabilities: z.number(),
      interest_bearing_current_debt: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.operating_current_liabilities current_liabilities=35464 interest_bearing_current_debt=103",
  ],
  compute: formulaOperatingCurrentLiabilities,
});
