import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaCapm } from "../../analysis/calculators/formula.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.capm",
  summary: "Cost of equity by the capital asset pricing model",
  description:
    "Cost of equity = risk-free rate + beta × (expected market return − risk-free rate). Use it " +
    "to build a cost_of_equity for formula.wacc or valuation.wacc. Rates accept 4.5% or 0.045; a " +
    "bare number above 1 is read as a percent and the envelope warns about it.",
  usage: "finance formula.capm risk_free=4.617% beta=0.79 market_return=11%",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    risk_free: rate(undefined, "risk_free").describe(
      "Risk-free rate, e.g. a 10-year Treasury yield: 4.6% or 0.046.",
    ),
    beta: amount().describe("Equity beta against the market (a plain number such as 0.79)."),
    market_return: rate(undefined, "market_return").describe(
      "Expected market return: 11% or 0.11.",
    ),
  }),
  data: z.object({
    cost_of_equity: z.number(),
    market_risk_premium: z.number(),
    inputs: z.object({ risk_free: z.number(), beta: z.number(), market_return: z.number() }),
    method: z.string(),
  }),
  examples: ["finance formula.capm risk_free=4.617% beta=0.79 market_return=11%"],
  compute: formulaCapm,
});
