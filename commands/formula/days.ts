import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaDays } from "../../analysis/calculators/formula.ts";
import { amount } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.days",
  summary: "Days outstanding from an average balance (DSO, DIO, DPO)",
  description:
    "Turns an average balance into days of a flow: receivables over revenue gives DSO, inventory " +
    "over cost of revenue gives DIO, payables over cost of revenue gives DPO. Give the closing and " +
    "opening balances and the period's flow, and days = the length of that period: 365 for a " +
    "year's flow, 91 or 92 for a quarter's (a quarter's flow with days=365 gives about 4 times too " +
    "many days). For a turnover ratio use formula.turnover.",
  usage: "finance formula.days current=2721 prior=2285 denominator=254453 [days=365]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    current: amount().describe("Balance at the end of the period (e.g. receivables this year)."),
    prior: amount().describe("Balance at the start of the period (e.g. receivables last year)."),
    denominator: amount().describe(
      "The period's flow the balance is measured against (revenue or cost of revenue).",
    ),
    days: amount().default(365).describe(
      "Days in the period: 365 for a year (default), about 91 for a quarter.",
    ),
  }),
  data: z.object({
    days: z.number().nullable(),
    average_balance: z.number(),
    inputs: z.object({
      current: z.number(),
      prior: z.number(),
      denominator: z.number(),
      days: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.days current=2721 prior=2285 denominator=254453",
    "finance formula.days current=1.2B prior=1.1B denominator=2.4B days=91",
  ],
  compute: formulaDays,
});
