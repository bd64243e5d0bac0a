import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.capm",
  summary: "Cost of equity by CAPM",
  usage: "finance formula.capm risk_free=4.617% beta=0.79 market_return=11%",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    risk_free: rate().describe("Value supplied for `risk_free`."),
    beta: amount().describe("Value supplied for `beta`."),
    market_return: rate().describe("Value supplied for `market_return`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.capm"),
});
