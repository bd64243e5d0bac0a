import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.roic",
  summary: "Return on invested capital",
  usage: "finance formula.roic nopat=7113 invested_capital=28077",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    nopat: amount().describe("Value supplied for `nopat`."),
    invested_capital: amount().describe("Value supplied for `invested_capital`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.roic"),
});
