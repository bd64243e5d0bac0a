import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, list } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.adjusted_ebitda",
  summary: "EBIT plus D&A plus add-backs",
  usage: "finance formula.adjusted_ebitda ebit=9285 d_and_a=2237 addbacks=284,163",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    ebit: amount().describe("Value supplied for `ebit`."),
    d_and_a: amount().describe("Value supplied for `d_and_a`."),
    addbacks: list(amount()).default([]).describe("Comma-separated addback values."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.adjusted_ebitda"),
});
