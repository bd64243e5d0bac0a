import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaTurnover } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.turnover",
  summary: "Turnover of an average balance (e.g. inventory or asset turnover)",
  description:
    "How many times a flow covers the average of an opening and closing balance: cost of revenue " +
    "over average inventory, revenue over average total assets. For the same relation in days use " +
    "formula.days. A zero average balance gives null and a warning.",
  usage: "finance formula.turnover numerator=222358 current=18647 prior=16651",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    numerator: amount().describe("The period's flow, e.g. cost of revenue or revenue."),
    current: amount().describe("Balance at the end of the period."),
    prior: amount().describe("Balance at the start of the period."),
  }),
  data: z.object({
    turnover: z.number().nullable(),
    average_balance: z.number(),
    inputs: z.object({ numerator: z.number(), current: z.number(), prior: z.number() }),
    method: z.string(),
  }),
  examples: ["finance formula.turnover numerator=222358 current=18647 prior=16651"],
  compute: formulaTurnover,
});
