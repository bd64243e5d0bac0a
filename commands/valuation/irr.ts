import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, list } from "../../core/schema.ts";
import { InputError } from "../../core/errors.ts";
import { formatPercent, irr, npv } from "../../analysis/finance_math.ts";

export default defineCommand({
  name: "valuation.irr",
  summary: "Internal rate of return of cash flows",
  description:
    "The discount rate at which the NPV of the flows is zero (first flow at t = 0). Needs at least " +
    "one negative and one positive flow; otherwise irr is null with a warning. When the flows change " +
    "sign more than once several rates can solve the equation: all found are listed in " +
    "irr_candidates, irr is the one closest to 0%, and a warning says so.",
  usage: "finance valuation.irr cashflows=-100M,30M,40M,50M",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe(
      "Cash flows in period order starting at t = 0, as a JSON array or comma-separated amounts (-100M,30M,40M,50M).",
    ),
  }),
  data: z.object({
    irr: z.number().nullable(),
    irr_pct: z.number().nullable(),
    irr_candidates: z.array(z.number()),
    npv_at_irr: z.number().nullable(),
    sign_changes: z.int(),
    solver: z.literal("brent_bracketed"),
    iterations: z.int(),
    inputs: z.object({ cashflows: z.array(z.number()) }),
    method: z.string(),
  }),
  examples: [
    "finance valuation.irr cashflows=-100M,30M,40M,50M",
    "finance valuation.irr cashflows=-100,230,-132",
  ],
  run(args, ctx) {
    if (args.cashflows.length < 2) {
      throw new InputError("cashflows needs at least two values, e.g. cashflows=-100,60,60");
    }
    const result = irr(args.cashflows);
    if (result.reason) ctx.warn(result.reason);
    if (result.sign_changes > 1) {
      ctx.warn(
        `the cash flows change sign ${result.sign_changes} times, so several IRRs may exist; found ${
          result.candidates.map(formatPercent).join(", ") || "none"
        }; irr reports the one closest to 0%`,
      );
    }
    return Promise.resolve({
      irr: result.irr,
      irr_pct: result.irr === null ? null : result.irr * 100,
      irr_candidates: result.candidates,
      npv_at_irr: result.irr === null ? null : npv(result.irr, args.cashflows),
      sign_changes: result.sign_changes,
      solver: "brent_bracketed" as const,
      iterations: result.iterations,
      inputs: { cashflows: args.cashflows },
      method:
        "IRR = the rate r with sum of cashflow_t / (1 + r)^t = 0 (t = 0 … n−1); brackets found by " +
        "scanning NPV from −99.99% to 1,000,000%, each refined with Brent's method to 1e-13",
    });
  },
});
