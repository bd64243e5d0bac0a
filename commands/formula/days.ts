import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.days",
  summary: "Days metric (DSO, DIO, DPO) from average balances",
  usage: "finance formula.days current=2721 prior=2285 denominator=254453 [days=365]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current: amount().describe("Value supplied for `current`."),
    prior: amount().describe("Value supplied for `prior`."),
    denominator: amount().describe("Value supplied for `denominator`."),
    days: amount().default(365).describe("Value supplied for `days`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.days"),
});
