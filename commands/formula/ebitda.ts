import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.ebitda",
  summary: "EBIT plus depreciation and amortisation",
  usage: "finance formula.ebitda ebit=9285 d_and_a=2237",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    ebit: amount().describe("Value supplied for `ebit`."),
    d_and_a: amount().describe("Value supplied for `d_and_a`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.ebitda"),
});
