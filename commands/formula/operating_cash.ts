import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { formulaOperatingCash } from "../../analysis/calculators/formula.ts";
import { amount, rate } from "../../core/schema.ts";

export default defineCommand({
  name: "formula.operating_cash",
  summary: "Operating cash as a share of revenue, capped by cash held",
  description:
    "Estimates how much cash the business needs to operate: a share of revenue (2% by default), " +
    "but never more than the cash and cash-like assets it holds. Feed the result into " +
    "formula.net_debt, formula.enterprise_value or formula.operating_current_assets to separate " +
    "operating from excess cash.",
  usage:
    "finance formula.operating_cash revenue=254453 cash_like_assets=11144 [percent_revenue=2%]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    revenue: amount().describe("Revenue for the period; accepts 254453 or 2.5B."),
    cash_like_assets: amount().describe(
      "Cash, equivalents and short-term investments held, which cap the result.",
    ),
    percent_revenue: rate(undefined, "percent_revenue").default(0.02).describe(
      "Share of revenue treated as operating cash: 2% or 0.02 (default 2%).",
    ),
  }),
  data: z.object({
    operating_cash: z.number(),
    revenue_cap: z.number(),
    cash_like_assets: z.number(),
    capped_by: z.enum(["revenue_share", "cash_like_assets"]),
    inputs: z.object({
      revenue: z.number(),
      cash_like_assets: z.number(),
      percent_revenue: z.number(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance formula.operating_cash revenue=254453 cash_like_assets=11144",
    "finance formula.operating_cash revenue=2.5B cash_like_assets=120M percent_revenue=2%",
  ],
  compute: formulaOperatingCash,
});
