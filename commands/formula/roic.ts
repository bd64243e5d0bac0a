import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaRoic } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.roic",
  summary: "Return on invested capital",
  description:
    "ROIC = NOPAT / invested capital. Compute NOPAT yourself (EBIT × (1 − tax rate)) and invested " +
    "capital (for example working capital plus net fixed assets) from cited figures. A zero " +
    "invested capital gives null and a warning.",
  usage: "finance formula.roic nopat=7113 invested_capital=28077",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    nopat: amount().describe("Net operating profit after tax for the period."),
    invested_capital: amount().describe(
      "Capital invested in operations (average or period-end, as you choose).",
    ),
  }),
  data: z.object({
    roic: z.number().nullable(),
    roic_pct: z.number().nullable(),
    inputs: z.object({ nopat: z.number(), invested_capital: z.number() }),
    method: z.string(),
  }),
  examples: ["finance formula.roic nopat=7113 invested_capital=28077"],
  compute: formulaRoic,
});
