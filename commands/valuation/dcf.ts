import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { valuationDcf } from "../../analysis/calculators/valuation.ts";
import { amount, list, rate } from "../../core/schema.ts";

const terminalMethod = z.enum(["gordon_growth", "exit_multiple", "none"]);

export default defineCommand({
  name: "valuation.dcf",
  summary: "Discounted cash flow value with a terminal value",
  description:
    "Enterprise value from forecast free cash flows (year 1 first, discounted from t = 1) plus a " +
    "terminal value by either Gordon growth (terminal_growth) or a multiple of the last forecast " +
    "cash flow (exit_multiple); give one, not both. Without either the result covers only the " +
    "forecast years and a warning says so. Use valuation.npv when the first flow is today.",
  usage:
    "finance valuation.dcf cashflows=100M,120M,140M discount_rate=10% [terminal_growth=3%|exit_multiple=15]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe(
      "Forecast free cash flows for years 1 … n, as a JSON array or comma-separated amounts (100M,120M,140M).",
    ),
    discount_rate: rate(undefined, "discount_rate").describe(
      "Discount rate per year, usually the WACC: 10% or 0.10.",
    ),
    terminal_growth: rate(undefined, "terminal_growth").optional().describe(
      "Perpetual growth after the last year for a Gordon-growth terminal value: 3% or 0.03; must be below discount_rate.",
    ),
    exit_multiple: amount().optional().describe(
      "Terminal value as a multiple of the last forecast cash flow, e.g. 15 (instead of terminal_growth).",
    ),
  }),
  data: z.object({
    enterprise_value: z.number(),
    pv_cashflows: z.number(),
    pv_terminal_value: z.number().nullable(),
    terminal_value: z.number().nullable(),
    terminal_method: terminalMethod,
    terminal_share: z.number().nullable(),
    discounted_cashflows: z.array(z.object({
      t: z.int(),
      cashflow: z.number(),
      discount_factor: z.number(),
      present_value: z.number(),
    })),
    inputs: z.object({
      cashflows: z.array(z.number()),
      discount_rate: z.number(),
      terminal_growth: z.number().nullable(),
      exit_multiple: z.number().nullable(),
    }),
    method: z.string(),
  }),
  examples: [
    "finance valuation.dcf cashflows=100M,120M,140M discount_rate=10% terminal_growth=3%",
    "finance valuation.dcf cashflows=100M,120M,140M discount_rate=10% exit_multiple=15",
  ],
  compute: valuationDcf,
});
