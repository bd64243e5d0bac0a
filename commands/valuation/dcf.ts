import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, list, rate } from "../../core/schema.ts";
import { InputError, UsageError } from "../../core/errors.ts";
import { formatPercent } from "../../analysis/finance_math.ts";

const terminalMethod = z.enum(["gordon_growth", "exit_multiple", "none"]);

interface Terminal {
  method: z.infer<typeof terminalMethod>;
  value: number | null;
  formula: string;
}

/** Terminal value at the end of the last forecast year, by the method the caller chose. */
function terminalValue(
  last: number,
  discountRate: number,
  growth: number | undefined,
  multiple: number | undefined,
): Terminal {
  if (growth !== undefined && multiple !== undefined) {
    throw new UsageError(
      "valuation.dcf: give terminal_growth or exit_multiple, not both (usage: finance valuation.dcf cashflows=100M,120M,140M discount_rate=10% [terminal_growth=3%|exit_multiple=15])",
    );
  }
  if (growth !== undefined) {
    if (growth >= discountRate) {
      throw new InputError(
        `discount_rate (${formatPercent(discountRate)}) must be greater than terminal_growth (${
          formatPercent(growth)
        }); a perpetuity growing at or above the discount rate has no finite value`,
      );
    }
    return {
      method: "gordon_growth",
      value: last * (1 + growth) / (discountRate - growth),
      formula: "TV = last cashflow × (1 + terminal_growth) / (discount_rate − terminal_growth)",
    };
  }
  if (multiple !== undefined) {
    if (multiple < 0) throw new InputError(`exit_multiple must be 0 or more (got ${multiple})`);
    return {
      method: "exit_multiple",
      value: last * multiple,
      formula: "TV = last cashflow × exit_multiple",
    };
  }
  return { method: "none", value: null, formula: "no terminal value" };
}

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
  run(args, ctx) {
    const flows = args.cashflows;
    if (!flows.length) {
      throw new InputError("cashflows needs at least one forecast value, e.g. cashflows=100M,120M");
    }
    const r = args.discount_rate;
    const n = flows.length;
    const terminal = terminalValue(flows[n - 1], r, args.terminal_growth, args.exit_multiple);
    const rows = flows.map((cashflow, i) => {
      const factor = 1 / Math.pow(1 + r, i + 1);
      return { t: i + 1, cashflow, discount_factor: factor, present_value: cashflow * factor };
    });
    const pvCashflows = rows.reduce((sum, row) => sum + row.present_value, 0);
    const pvTerminal = terminal.value === null ? null : terminal.value / Math.pow(1 + r, n);
    const ev = pvCashflows + (pvTerminal ?? 0);
    if (terminal.method === "none") {
      ctx.warn(
        "no terminal value: give terminal_growth or exit_multiple; enterprise_value covers only the forecast years",
      );
    } else if (terminal.value !== null && terminal.value < 0) {
      ctx.warn("terminal value is negative because the last forecast cash flow is negative");
    }
    return Promise.resolve({
      enterprise_value: ev,
      pv_cashflows: pvCashflows,
      pv_terminal_value: pvTerminal,
      terminal_value: terminal.value,
      terminal_method: terminal.method,
      terminal_share: pvTerminal === null || ev === 0 ? null : pvTerminal / ev,
      discounted_cashflows: rows,
      inputs: {
        cashflows: flows,
        discount_rate: r,
        terminal_growth: args.terminal_growth ?? null,
        exit_multiple: args.exit_multiple ?? null,
      },
      method:
        `EV = sum of cashflow_t / (1 + discount_rate)^t for t = 1 … ${n} + TV / (1 + discount_rate)^${n}; ${terminal.formula}`,
    });
  },
});
