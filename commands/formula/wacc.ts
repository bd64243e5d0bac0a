import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.wacc",
  summary: "Weighted average cost of capital (pre- or after-tax debt)",
  usage:
    "finance formula.wacc equity_value=418856 debt_value=11415 cost_of_equity=9.66% cost_of_debt=6% tax_rate=24% debt_tax=pretax|after_tax",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    equity_value: amount().describe("Equity market value used in WACC or valuation math."),
    debt_value: amount().describe("Debt value used in WACC or valuation math."),
    cost_of_equity: rate().describe("Cost of equity. CLI accepts decimal or percent."),
    cost_of_debt: rate().describe("Cost of debt. CLI accepts decimal or percent."),
    tax_rate: rate().default(0).describe("Tax rate; CLI accepts decimal or percent."),
    debt_tax: z.enum(["pretax", "after_tax"]).default("after_tax").describe(
      "Whether cost_of_debt is pretax or already after tax.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.wacc"),
});
