import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { valuationIrr } from "../../analysis/calculators/valuation.ts";
import { amount, list } from "../../core/schema.ts";

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
  compute: valuationIrr,
});
