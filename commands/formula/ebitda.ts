import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaEbitda } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.ebitda",
  summary: "EBITDA from EBIT and depreciation & amortization",
  description:
    "Adds depreciation and amortization back to operating profit (EBIT). Use it with figures you " +
    "already took from a filing or statement (cite them). For company-specific add-backs such as " +
    "stock compensation or restructuring use formula.adjusted_ebitda instead.",
  usage: "finance formula.ebitda ebit=9285 d_and_a=2237",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    ebit: amount().describe("Operating profit (EBIT) for the period; accepts 9285, 9,285 or 9.3B."),
    d_and_a: amount().describe(
      "Depreciation and amortization for the same period, usually from the cash-flow statement.",
    ),
  }),
  data: z.object({
    ebitda: z.number(),
    inputs: z.object({ ebit: z.number(), d_and_a: z.number() }),
    method: z.string(),
  }),
  examples: [
    "finance formula.ebitda ebit=9285 d_and_a=2237",
    "finance formula.ebitda ebit=1.2B d_and_a=300M",
  ],
  compute: formulaEbitda,
});
