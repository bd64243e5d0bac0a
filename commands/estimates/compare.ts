import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "estimates.compare",
  summary: "Compare your revenue/EPS assumptions with consensus figures",
  usage:
    "finance estimates.compare [SYMBOL] revenue=2.2B consensus_revenue=2.0B eps=0.50 consensus_eps=0.45 fiscal_year=2027",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().optional().describe("Ticker symbol."),
    revenue: amount().describe("Reported, assumed, or user-supplied revenue input."),
    consensus_revenue: amount().describe("Consensus revenue estimate used for comparison."),
    eps: amount().describe("Reported or assumed EPS value used for comparison."),
    consensus_eps: amount().describe("Consensus EPS estimate used for comparison."),
    fiscal_year: z.int().describe("Fiscal year for the reported or estimated period."),
  }),
  data: z.looseObject({}),
  run: notImplemented("estimates.compare"),
});
