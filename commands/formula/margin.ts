import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.margin",
  summary: "A ratio of two amounts, as a fraction and a percent",
  usage: "finance formula.margin numerator=11969 denominator=254453",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    numerator: amount().describe("Value supplied for `numerator`."),
    denominator: amount().describe("Value supplied for `denominator`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.margin"),
});
