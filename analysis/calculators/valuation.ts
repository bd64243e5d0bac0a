/**
 * The valuation calculators' computations. Modules under analysis/calculators/ import no npm package,
 * so the CLI can run them from commands/pure.json without loading schemas (adapters/pure.ts).
 */
import type { ComputeContext } from "../../core/command.ts";
import {
  finite,
  formatPercent,
  irr,
  npv,
  percent,
  swappedCosts,
  unitGap,
  wacc,
} from "../finance_math.ts";
import { InputError, UsageError } from "../../core/errors.ts";

interface Terminal {
  method: "gordon_growth" | "exit_multiple" | "none";
  value: number | null;
  formula: string;
}

/** Terminal value at the end of the last forecast year, by the method the caller chose. */
function terminalValue(
  last: number,
  discountRate: number,
  growth: number | undefined,
  multiple: number | undefined,
  notes: string[],
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
    if (multiple > 0 && multiple < 1) {
      notes.push(
        `exit_multiple=${multiple} values the business at less than one year of its last cash flow: it is a multiple (15 for 15×), not a rate or a yield; check it is the multiple you meant`,
      );
    }
    return {
      method: "exit_multiple",
      value: last * multiple,
      formula: "TV = last cashflow × exit_multiple",
    };
  }
  return { method: "none", value: null, formula: "no terminal value" };
}

/** Arguments of valuation.dcf. */
export interface ValuationDcfArgs {
  cashflows: number[];
  discount_rate: number;
  terminal_growth?: number;
  exit_multiple?: number;
}

/** valuation.dcf. */
/**
 * The most cash flows a valuation takes: a hundred years of months. More is no valuation anyone
 * means, and an IRR search over hundreds of thousands of flows held a server for 40 seconds.
 */
export const MAX_FLOWS = 1200;

function checkFlows(flows: number[], ctx: ComputeContext): void {
  if (flows.length > MAX_FLOWS) {
    throw new InputError(
      `cashflows has ${flows.length} values; at most ${MAX_FLOWS} (a hundred years of months) are taken`,
    );
  }
  // 100M,120M,140 (the last in millions): a flow 100,000 times off its neighbour is said
  let last = -1;
  for (let i = 0; i < flows.length; i++) {
    if (flows[i] === 0) continue;
    const gap = last < 0 ? null : unitGap(
      flows[last],
      `cashflows item ${last + 1}`,
      flows[i],
      `cashflows item ${i + 1}`,
      1e5,
    );
    if (gap) {
      ctx.warn(gap);
      return;
    }
    last = i;
  }
}

export function valuationDcf(args: ValuationDcfArgs, ctx: ComputeContext) {
  const flows = args.cashflows;
  checkFlows(flows, ctx);
  if (!flows.length) {
    throw new InputError("cashflows needs at least one forecast value, e.g. cashflows=100M,120M");
  }
  const r = args.discount_rate;
  const n = flows.length;
  const notes: string[] = [];
  const terminal = terminalValue(flows[n - 1], r, args.terminal_growth, args.exit_multiple, notes);
  for (const note of notes) ctx.warn(note);
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
  if (r <= 0) {
    ctx.warn(
      `discount_rate is ${
        formatPercent(r)
      }: a rate of zero or below makes later cash flows worth as much as or more than today's; check it is the rate you meant`,
    );
  }
  // a value resting almost wholly on the terminal assumption says little about the forecast
  const share = pvTerminal === null || ev === 0 ? null : pvTerminal / ev;
  if (share !== null && (share < 0 || share > 1)) {
    ctx.warn(
      `terminal_share is ${
        (share * 100).toFixed(1)
      }%: the terminal value and the forecast years have opposite signs, so the share says nothing about how much of the value rests on the terminal assumption`,
    );
  } else if (share !== null && share > 0.85) {
    ctx.warn(
      `the terminal value is ${(share * 100).toFixed(1)}% of enterprise_value${
        args.terminal_growth !== undefined
          ? `: with terminal_growth ${formatPercent(args.terminal_growth)} against discount_rate ${
            formatPercent(r)
          }, a small change in either moves the value a lot`
          : ""
      }; the forecast years decide little of it`,
    );
  }
  return finite({
    enterprise_value: ev,
    pv_cashflows: pvCashflows,
    pv_terminal_value: pvTerminal,
    terminal_value: terminal.value,
    terminal_method: terminal.method,
    terminal_share: share,
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
}

/** Arguments of valuation.irr. */
export interface ValuationIrrArgs {
  cashflows: number[];
}

/** valuation.irr. */
export function valuationIrr(args: ValuationIrrArgs, ctx: ComputeContext) {
  checkFlows(args.cashflows, ctx);
  if (args.cashflows.length < 2) {
    throw new InputError("cashflows needs at least two values, e.g. cashflows=-100,60,60");
  }
  const result = irr(args.cashflows);
  if (result.reason) ctx.warn(result.reason);
  if (result.sign_changes > 1) {
    ctx.warn(
      `the cash flows change sign ${result.sign_changes} times, so several IRRs may exist; found ${
        result.candidates.map(formatPercent).join(", ") || "none"
      }; irr reports the one closest to 0%`,
    );
  }
  return finite({
    irr: result.irr,
    irr_pct: percent(result.irr),
    irr_candidates: result.candidates,
    npv_at_irr: result.irr === null ? null : npv(result.irr, args.cashflows),
    sign_changes: result.sign_changes,
    solver: "brent_bracketed" as const,
    iterations: result.iterations,
    inputs: { cashflows: args.cashflows },
    method:
      "IRR = the rate r with sum of cashflow_t / (1 + r)^t = 0 (t = 0 … n−1); brackets found by " +
      "scanning NPV from −99.99% to 1,000,000%, each refined with Brent's method to 1e-13",
  });
}

/** Arguments of valuation.npv. */
export interface ValuationNpvArgs {
  cashflows: number[];
  discount_rate: number;
}

/** valuation.npv. */
export function valuationNpv(args: ValuationNpvArgs, ctx: ComputeContext) {
  checkFlows(args.cashflows, ctx);
  if (!args.cashflows.length) {
    throw new InputError("cashflows needs at least one value, e.g. cashflows=-100,60,60");
  }
  if (args.discount_rate < 0) {
    ctx.warn(
      `discount_rate is ${
        formatPercent(args.discount_rate)
      }: a negative rate makes later cash flows worth more than today's; check it is the rate you meant`,
    );
  }
  const rows = args.cashflows.map((cashflow, t) => {
    const factor = 1 / Math.pow(1 + args.discount_rate, t);
    return { t, cashflow, discount_factor: factor, present_value: cashflow * factor };
  });
  return finite({
    npv: rows.reduce((sum, row) => sum + row.present_value, 0),
    discounted_cashflows: rows,
    inputs: { cashflows: args.cashflows, discount_rate: args.discount_rate },
    method:
      "NPV = sum of cashflow_t / (1 + discount_rate)^t for t = 0 … n−1 (the first flow is not discounted)",
  });
}

/** Arguments of valuation.wacc. */
export interface ValuationWaccArgs {
  equity_value: number;
  debt_value: number;
  cost_of_equity: number;
  cost_of_debt: number;
  /** Absent: 0, said in a warning when there is debt (the cost of debt is then pre-tax). */
  tax_rate?: number;
}

/** valuation.wacc. */
export function valuationWacc(args: ValuationWaccArgs, ctx: ComputeContext) {
  const tax = args.tax_rate ?? 0;
  const gap = unitGap(args.equity_value, "equity_value", args.debt_value, "debt_value");
  if (gap) ctx.warn(gap);
  const swapped = args.debt_value > 0 ? swappedCosts(args.cost_of_equity, args.cost_of_debt) : null;
  if (swapped) ctx.warn(swapped);
  if (args.tax_rate === undefined && args.debt_value > 0) {
    ctx.warn(
      "tax_rate not given: 0% was used, so the cost of debt enters untaxed (no tax shield) and WACC is higher than an after-tax WACC; pass tax_rate=21% (US federal) or the company's marginal rate",
    );
  }
  const result = wacc(
    args.equity_value,
    args.debt_value,
    args.cost_of_equity,
    args.cost_of_debt,
    tax,
    true,
  );
  return finite({
    wacc: result.wacc,
    wacc_pct: percent(result.wacc),
    weights: result.weights,
    cost_of_debt_after_tax: result.cost_of_debt_used,
    inputs: {
      equity_value: args.equity_value,
      debt_value: args.debt_value,
      cost_of_equity: args.cost_of_equity,
      cost_of_debt: args.cost_of_debt,
      tax_rate: tax,
    },
    method: "WACC = E/(D+E) × cost_of_equity + D/(D+E) × cost_of_debt × (1 − tax_rate)",
  });
}

/** A money amount in short form: 395.76B, 400K, 12.5. */
export function shortAmount(x: number): string {
  const abs = Math.abs(x);
  for (const [size, suffix] of [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]] as const) {
    if (abs >= size) return `${Number((x / size).toPrecision(5))}${suffix}`;
  }
  return String(Number(x.toPrecision(6)));
}

const UNITS = ["", "thousands", "millions", "billions"] as const;
const UNIT = ["", "thousand", "million", "billion"] as const;
/** 989,400 as 989,000: a ratio of two figures is no more exact than that. */
const roughly = (x: number) => Number(x.toPrecision(3)).toLocaleString("en-US");
const SUFFIX = ["", "K", "M", "B"] as const;
const TIMES = ["", "1,000", "1,000,000", "1,000,000,000"] as const;

/** What a typed money figure is set beside: a figure the provider states. */
export interface StatedFigure {
  /** The argument's name, e.g. revenue. */
  name: string;
  given: number;
  stated: number;
  /** What the stated figure is, e.g. "the trailing-twelve-month revenue Yahoo states for AAPL". */
  what: string;
  currency: string | null;
  /** What is off when the figure is in the wrong unit, e.g. "the implied prices". */
  consequence: string;
}

/**
 * A warning when a money figure someone typed is about a thousand, a million or a billion times
 * smaller than the provider's figure for it (400000 meaning $400,000 million), naming the unit it
 * was most likely written in; or 50 times or more apart in either direction without a likely
 * unit. Null when the two are within that of each other (an assumption may well differ by 2-3×).
 */
export function unitSlip(f: StatedFigure): string | null {
  if (!(f.given > 0) || !(f.stated > 0)) return null;
  const ratio = f.stated / f.given;
  const stated = `${f.what} (${shortAmount(f.stated)}${f.currency ? ` ${f.currency}` : ""})`;
  const apart = ratio >= 1 ? `about 1/${roughly(ratio)} of` : `about ${roughly(1 / ratio)} times`;
  // powers of a thousand, within a factor of √10 either side
  const k = Math.round(Math.log10(ratio) / 3);
  const near = Math.abs(Math.log10(ratio) - 3 * k) <= 0.5;
  if (near && k >= 1 && k <= 3) {
    const meant = shortAmount(f.given * 10 ** (3 * k));
    return `${f.name}=${f.given} is ${apart} ${stated}: it looks given in ${UNITS[k]} ` +
      `(${f.given} ${UNIT[k]} = ${meant}); pass ${f.name}=${meant} (or ${f.given}${SUFFIX[k]}) ` +
      `in whole currency units, or ${f.consequence} are off by a factor of ${TIMES[k]}`;
  }
  if (ratio >= 50 || ratio <= 1 / 50) {
    return `${f.name}=${f.given} is ${apart} ${stated}: check its unit and zeros ` +
      `(whole currency units: 2.2B, not 2200 meaning millions); ${f.consequence} scale with it`;
  }
  return null;
}
