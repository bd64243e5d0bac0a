import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaEnterpriseValue } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.enterprise_value",
  summary: "Enterprise value from equity value, debt and excess cash",
  description:
    "Enterprise value = equity market value + debt − excess cash, where excess cash is the cash " +
    "above what operations need (operating_cash, see formula.operating_cash). Debt and cash " +
    "left out count as 0 with a warning (the result is then the equity value plus only what " +
    "was given, not an enterprise value of the company: pass debt=0 or cash=0 when the company " +
    "has none); operating cash defaults to 0. For a provider's enterprise value use " +
    "symbol.snapshot.",
  usage:
    "finance formula.enterprise_value market_equity=418856 debt=11415 cash=11144 operating_cash=5089",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    market_equity: amount().describe("Market value of equity (market capitalization)."),
    debt: amount().optional().describe(
      "Interest-bearing debt to add; left out it counts as 0 with a warning (pass 0 for none).",
    ),
    cash: amount().optional().describe(
      "Cash, equivalents and short-term investments; left out it counts as 0 with a warning " +
        "(pass 0 for none).",
    ),
    operating_cash: amount().default(0).describe(
      "Part of the cash needed to run the business, kept out of excess cash (default 0).",
    ),
  }),
  data: z.object({
    enterprise_value: z.number(),
    excess_cash: z.number(),
    inputs: z.object({
      market_equity: z.number(),
      debt: z.number(),
      cash: z.number(),
      operating_cash: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.enterprise_value market_equity=418856 debt=11415 cash=11144 operating_cash=5089",
    "finance formula.enterprise_value market_equity=25B debt=3B cash=1.5B",
  ],
  compute: formulaEnterpriseValue,
});
