import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.scenario",
  summary: "Bear/base/bull implied prices from revenue multiples",
  usage:
    "finance valuation.scenario SYMBOL revenue=2.2B bear_multiple=7 base_multiple=10 bull_multiple=13 [shares=580M]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    revenue: amount().describe("Reported, assumed, or user-supplied revenue input."),
    bear_multiple: amount().describe("Bear-case valuation multiple."),
    base_multiple: amount().describe("Base-case valuation multiple."),
    bull_multiple: amount().describe("Value supplied for `bull_multiple`."),
    shares: amount().optional().describe("Share count used for per-share valuation output."),
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.scenario"),
});
