import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, list, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.npv",
  summary: "Net present value of cash flows",
  usage: "finance valuation.npv cashflows=-100M,30M,40M,50M discount_rate=10%",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe(
      "Cash-flow series. CLI accepts comma-separated K/M/B suffixed values.",
    ),
    discount_rate: rate().describe("Discount rate. CLI accepts decimal or percent."),
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.npv"),
});
