import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaCagr } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.cagr",
  summary: "Compound annual growth rate between two values",
  description:
    "The constant per-period growth that turns start into end over the given number of periods. " +
    "The start value must be positive and the end value 0 or more; a growth rate from a zero or " +
    "negative base (for example a loss turning into a profit) has no meaning and is refused.",
  usage: "finance formula.cagr start=100 end=150 periods=3",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    start: amount().describe("Value at the beginning (must be above 0), e.g. revenue 3 years ago."),
    end: amount().describe("Value at the end (0 or more)."),
    periods: amount().describe(
      "Number of periods between start and end, e.g. 3 years; may be fractional.",
    ),
  }),
  data: z.object({
    cagr: z.number(),
    cagr_pct: z.number(),
    inputs: z.object({ start: z.number(), end: z.number(), periods: z.number() }),
    method: z.string(),
  }),
  examples: [
    "finance formula.cagr start=100 end=150 periods=3",
    "finance formula.cagr start=1.2B end=2.5B periods=4",
  ],
  compute: formulaCagr,
});
