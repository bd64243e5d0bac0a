import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.turnover",
  summary: "Turnover against an average balance",
  usage: "finance formula.turnover numerator=222358 current=18647 prior=16651",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    numerator: amount().describe("Value supplied for `numerator`."),
    current: amount().describe("Value supplied for `current`."),
    prior: amount().describe("Value supplied for `prior`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.turnover"),
});
