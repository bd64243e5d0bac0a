import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, list, rate } from "../../core/schema.ts";
import { InputError } from "../../core/errors.ts";

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
  run(args) {
    if (!args.cashflows.length) {
      throw new InputError("cashflows needs at least one value, e.g. cashflows=-100,60,60");
    }
    const rows = args.cashflows.map((cashflow, t) => {
      const factor = 1 / Math.pow(1 + args.discount_rate, t);
      return { t, cashflow, discount_factor: factor, present_value: cashflow * factor };
    });
    return Promise.resolve({
      npv: rows.reduce((sum, row) => sum + row.present_value, 0),
      discounted_cashflows: rows,
      inputs: { cashflows: args.cashflows, discount_rate: args.discount_rate },
      method:
        "NPV = sum of cashflow_t / (1 + discount_rate)^t for t = 0 … n−1 (the first flow is not discounted)",
    });
  },
});
