import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaOperatingCurrentAssets } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_current_assets",
  summary: "Current assets without cash-like assets, plus operating cash",
  description:
    "Removes cash and cash-like assets from current assets and adds back only the cash needed for " +
    "operations, giving the current assets that belong to operating working capital. Pair it with " +
    "formula.operating_current_liabilities and formula.working_capital. Both adjustments default to 0.",
  usage:
    "finance formula.operating_current_assets current_assets=34246 [cash_like_assets=11144 operating_cash=5089]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current_assets: amount().describe("Total current assets from the balance sheet."),
    cash_like_assets: amount().default(0).describe(
      "Cash, equivalents and short-term investments to take out (default 0).",
    ),
    operating_cash: amount().default(0).describe(
      "Cash needed for operations to put back in (default 0; see formula.operating_cash).",
    ),
  }),
  data: z.object({
    operating_current_assets: z.number(),
    inputs: z.object({
      current_assets: z.number(),
      cash_like_assets: z.number(),
      operating_cash: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.operating_current_assets current_assets=34246 cash_like_assets=11144 operating_cash=5089",
  ],
  compute: formulaOperatingCurrentAssets,
});
