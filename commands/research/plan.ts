import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "research.plan",
  summary: "A step-by-step command checklist for researching a company",
  usage: "finance research.plan SYMBOL [style=fundamental]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    style: z.string().default("fundamental").describe("Value supplied for `style`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("research.plan"),
});
