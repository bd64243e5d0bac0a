import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { valuationWacc } from "../../analysis/calculators/valuation.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.wacc",
  summary: "Weighted average cost of capital (after-tax debt)",
  description:
    "Weights the cost of equity and the after-tax cost of debt, Rd × (1 − tax_rate), by market " +
    "values; use the result as discount_rate for valuation.dcf. To leave the debt cost untaxed use " +
    "formula.wacc debt_tax=pretax. Values must be 0 or more with a positive total; tax_rate must " +
    "lie between 0% and 100%.",
  usage:
    "finance valuation.wacc equity_value=10B debt_value=1B cost_of_equity=10% cost_of_debt=5% tax_rate=21%",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    equity_value: amount().describe("Market value of equity (market capitalization), e.g. 10B."),
    debt_value: amount().describe("Value of interest-bearing debt, e.g. 1B."),
    cost_of_equity: rate(undefined, "cost_of_equity").describe(
      "Required return on equity: 10% or 0.10 (see formula.capm).",
    ),
    cost_of_debt: rate(undefined, "cost_of_debt").describe(
      "Pre-tax interest cost of the debt: 5% or 0.05.",
    ),
    tax_rate: rate(undefined, "tax_rate").optional().describe(
      "Marginal tax rate for the debt tax shield, between 0% and 100%; when left out 0 is used and a warning says the debt cost is then untaxed.",
    ),
  }),
  data: z.object({
    wacc: z.number(),
    wacc_pct: z.number(),
    weights: z.object({ equity: z.number(), debt: z.number() }),
    cost_of_debt_after_tax: z.number(),
    inputs: z.object({
      equity_value: z.number(),
      debt_value: z.number(),
      cost_of_equity: z.number(),
      cost_of_debt: z.number(),
      tax_rate: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance valuation.wacc equity_value=10B debt_value=1B cost_of_equity=10% cost_of_debt=5% tax_rate=21%",
  ],
  compute: valuationWacc,
});
