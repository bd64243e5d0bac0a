import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.wacc",
  summary: "Weighted average cost of capital (after-tax debt)",
  usage:
    "finance valuation.wacc equity_value=10B debt_value=1B cost_of_equity=10% cost_of_debt=5% tax_rate=21%",
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
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.wacc"),
});
