import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaMargin } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.margin",
  summary: "A ratio of two amounts, as a fraction and a percent",
  description:
    "Divides one amount by another: operating margin (operating income / revenue), gross margin, " +
    "a segment's share of the total, and so on. Both inputs should come from the same period and " +
    "source. A zero denominator gives null values and a warning, not an error.",
  usage: "finance formula.margin numerator=11969 denominator=254453",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    numerator: amount().describe("The part, e.g. operating income; accepts suffixes such as 12B."),
    denominator: amount().describe("The whole it is measured against, e.g. revenue."),
  }),
  data: z.object({
    margin: z.number().nullable(),
    margin_pct: z.number().nullable(),
    inputs: z.object({ numerator: z.number(), denominator: z.number() }),
    method: z.string(),
  }),
  examples: [
    "finance formula.margin numerator=11969 denominator=254453",
    "finance formula.margin numerator=2.1B denominator=9.8B",
  ],
  compute: formulaMargin,
});
