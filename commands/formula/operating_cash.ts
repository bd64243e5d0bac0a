import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_cash",
  summary: "Operating cash as a share of revenue, capped by cash held",
  usage:
    "finance formula.operating_cash revenue=254453 cash_like_assets=11144 [percent_revenue=2%]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    revenue: amount().describe("Reported, assumed, or user-supplied revenue input."),
    cash_like_assets: amount().describe("Value supplied for `cash_like_assets`."),
    percent_revenue: rate().default(0.02).describe("Value supplied for `percent_revenue`."),
  }),
  data: z.looseObject({}),
  run: notImplemented("formula.operating_cash"),
});
