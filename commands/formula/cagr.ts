import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.cagr",
  summary: "Compound annual growth rate between two values",
  usage: "finance formula.cagr start=100 end=150 periods=3",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    start: amount().describe("Value supplied for `start`."),
    end: amount().describe("Value supplied for `end`."),
    periods: amount().describe("Value supplied for `periods`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.cagr"),
});
