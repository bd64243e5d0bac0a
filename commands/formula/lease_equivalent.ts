import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaLeaseEquivalent } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.lease_equivalent",
  summary: "Debt-like amount for variable lease costs, scaled from a base lease liability",
  description:
    "Scales a recorded lease liability by the ratio of variable to fixed operating lease cost, " +
    "to approximate a debt-like amount for lease payments that are not on the balance sheet. Use " +
    "it with lease-note figures from a filing. A zero operating cost gives null and a warning.",
  usage:
    "finance formula.lease_equivalent base_liability=2554 variable_cost=163 operating_cost=284",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    base_liability: amount().describe("Lease liability on the balance sheet (the base to scale)."),
    variable_cost: amount().describe("Variable lease cost for the period (from the lease note)."),
    operating_cost: amount().describe(
      "Fixed operating lease cost for the same period (from the lease note).",
    ),
  }),
  data: z.object({
    lease_equivalent: z.number().nullable(),
    ratio: z.number().nullable(),
    inputs: z.object({
      base_liability: z.number(),
      variable_cost: z.number(),
      operating_cost: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.lease_equivalent base_liability=2554 variable_cost=163 operating_cost=284",
  ],
  compute: formulaLeaseEquivalent,
});
