import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, list, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.dcf",
  summary: "Discounted cash flow value with a terminal value",
  usage:
    "finance valuation.dcf cashflows=100M,120M,140M discount_rate=10% [terminal_growth=3%|exit_multiple=15]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe("Forecast cash flows. CLI accepts K/M/B suffixes."),
    discount_rate: rate().describe("Discount rate; CLI accepts decimal or percent."),
    terminal_growth: rate().optional().describe("Perpetuity growth rate."),
    exit_multiple: amount().optional().describe("Exit multiple alternative to terminal growth."),
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.dcf"),
});
