import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.lease_equivalent",
  summary: "Lease liability scaled by a variable/operating cost ratio",
  usage:
    "finance formula.lease_equivalent base_liability=2554 variable_cost=163 operating_cost=284",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    base_liability: amount().describe("Value supplied for `base_liability`."),
    variable_cost: amount().describe("Value supplied for `variable_cost`."),
    operating_cost: amount().describe("Value supplied for `operating_cost`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.lease_equivalent"),
});
