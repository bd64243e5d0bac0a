import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaNetDebt } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.net_debt",
  summary: "Debt minus excess cash",
  description:
    "Net debt = debt − excess cash, where excess cash is cash above the operating cash the " +
    "business needs (operating_cash defaults to 0, so all cash counts as excess). Negative net " +
    "debt means a net cash position.",
  usage: "finance formula.net_debt debt=11415 cash=11144 [operating_cash=5089]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    debt: amount().describe("Interest-bearing debt (short- and long-term borrowings)."),
    cash: amount().describe("Cash, equivalents and short-term investments."),
    operating_cash: amount().default(0).describe(
      "Cash needed for operations, not netted against debt (default 0; see formula.operating_cash).",
    ),
  }),
  data: z.object({
    net_debt: z.number(),
    excess_cash: z.number(),
    inputs: z.object({ debt: z.number(), cash: z.number(), operating_cash: z.number() }),
    method: z.string(),
  }),
  examples: [
    "finance formula.net_debt debt=11415 cash=11144",
    "finance formula.net_debt debt=11415 cash=11144 operating_cash=5089",
  ],
  compute: formulaNetDebt,
});
