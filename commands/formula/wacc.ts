import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaWacc } from "../../analysis/calculators/formula.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.wacc",
  summary: "Weighted average cost of capital (pre- or after-tax debt)",
  description:
    "Weights the cost of equity and the cost of debt by market values. By default the debt cost " +
    "gets the tax shield, Rd × (1 − tax_rate); debt_tax=pretax leaves it untaxed (use that when " +
    "no tax shield applies, or pass tax_rate=0). valuation.wacc is the same math with the shield " +
    "always applied.",
  usage:
    "finance formula.wacc equity_value=418856 debt_value=11415 cost_of_equity=9.66% cost_of_debt=6% tax_rate=24% debt_tax=pretax|after_tax",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    equity_value: amount().describe("Market value of equity (market capitalization), e.g. 418.9B."),
    debt_value: amount().describe("Value of interest-bearing debt, e.g. 11.4B."),
    cost_of_equity: rate(undefined, "cost_of_equity").describe(
      "Required return on equity: 9.66% or 0.0966 (see formula.capm).",
    ),
    cost_of_debt: rate(undefined, "cost_of_debt").describe(
      "Pre-tax interest cost of the debt: 6% or 0.06.",
    ),
    tax_rate: rate(undefined, "tax_rate").optional().describe(
      "Marginal tax rate for the debt tax shield, between 0% and 100% (default 0, said in a warning when there is debt and debt_tax=after_tax).",
    ),
    debt_tax: z.enum(["pretax", "after_tax"]).default("after_tax").describe(
      "after_tax (default) applies the shield Rd × (1 − tax_rate); pretax uses cost_of_debt as given.",
    ),
  }),
  data: z.object({
    wacc: z.number(),
    wacc_pct: z.number(),
    weights: z.object({ equity: z.number(), debt: z.number() }),
    cost_of_debt_used: z.number(),
    inputs: z.object({
      equity_value: z.number(),
      debt_value: z.number(),
      cost_of_equity: z.number(),
      cost_of_debt: z.number(),
      tax_rate: z.number(),
      debt_tax: z.enum(["pretax", "after_tax"]),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.wacc equity_value=418856 debt_value=11415 cost_of_equity=9.66% cost_of_debt=6% tax_rate=24%",
    "finance formula.wacc equity_value=10B debt_value=2B cost_of_equity=10% cost_of_debt=5% debt_tax=pretax",
  ],
  compute: formulaWacc,
});
