import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaAdjustedEbitda } from "../../analysis/calculators/formula.ts";
import { amount, list } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.adjusted_ebitda",
  summary: "EBIT plus D&A plus add-backs",
  description:
    "EBITDA plus a list of add-backs (stock compensation, restructuring, impairments and the like). " +
    "Use it to reproduce a company's or your own adjusted EBITDA from cited inputs; negative " +
    "add-backs subtract. Without add-backs it equals formula.ebitda.",
  usage: "finance formula.adjusted_ebitda ebit=9285 d_and_a=2237 addbacks=[284,163]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    ebit: amount().describe("Operating profit (EBIT) for the period."),
    d_and_a: amount().describe("Depreciation and amortization for the same period."),
    addbacks: list(amount()).default([]).describe(
      "Adjustments to add, as a JSON array or comma-separated amounts ([284,163] or 1.2M,-50K); none by default.",
    ),
  }),
  data: z.object({
    adjusted_ebitda: z.number(),
    ebitda: z.number(),
    addbacks_total: z.number(),
    inputs: z.object({ ebit: z.number(), d_and_a: z.number(), addbacks: z.array(z.number()) }),
    method: z.string(),
  }),
  examples: [
    "finance formula.adjusted_ebitda ebit=9285 d_and_a=2237 addbacks=[284,163]",
    "finance formula.adjusted_ebitda ebit=1.1B d_and_a=250M",
  ],
  compute: formulaAdjustedEbitda,
});
