import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { valuationNpv } from "../../analysis/calculators/valuation.ts";
import { amount, list, rate } from "../../core/schema.ts";

const discountedRow = z.object({
  t: z.int(),
  cashflow: z.number(),
  discount_factor: z.number(),
  present_value: z.number(),
});

export default defineCommand({
  name: "valuation.npv",
  summary: "Net present value of cash flows",
  description:
    "Discounts a series of cash flows at one rate and sums them. The first flow is at t = 0 (today, " +
    "not discounted), so put the initial investment first as a negative number. For forecast flows " +
    "that start a year out plus a terminal value use valuation.dcf; for the break-even rate use " +
    "valuation.irr.",
  usage: "finance valuation.npv cashflows=-100M,30M,40M,50M discount_rate=10%",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe(
      "Cash flows in period order starting at t = 0, as a JSON array or comma-separated amounts (-100M,30M,40M).",
    ),
    discount_rate: rate(undefined, "discount_rate").describe(
      "Discount rate per period: 10% or 0.10.",
    ),
  }),
  data: z.object({
    npv: z.number(),
    discounted_cashflows: z.array(discountedRow),
    inputs: z.object({ cashflows: z.array(z.number()), discount_rate: z.number() }),
    method: z.string(),
  }),
  examples: [
    "finance valuation.npv cashflows=-100M,30M,40M,50M discount_rate=10%",
    "finance valuation.npv cashflows=-100,60,60 discount_rate=0.1",
  ],
  compute: valuationNpv,
});
