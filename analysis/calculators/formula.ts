/**
 * The formula calculators' computations. Modules under analysis/calculators/ import no npm package,
 * so the CLI can run them from commands/pure.json without loading schemas (adapters/pure.ts).
 */
import type { ComputeContext } from "../../core/command.ts";
import {
  averageBalance,
  cagr,
  divide,
  excessCash,
  finite,
  formatPercent,
  notNegative,
  percent,
  swappedCosts,
  unitGap,
  wacc,
} from "../finance_math.ts";
import { InputError } from "../../core/errors.ts";

/** Arguments of formula.adjusted_ebitda. */
export interface FormulaAdjustedEbitdaArgs {
  ebit: number;
  d_and_a: number;
  addbacks: number[];
}

/** formula.adjusted_ebitda. */
export function formulaAdjustedEbitda(args: FormulaAdjustedEbitdaArgs, ctx: ComputeContext) {
  warnNegativeDa(args.d_and_a, ctx);
  if (args.addbacks.length > 1000) {
    throw new InputError(`addbacks has ${args.addbacks.length} values; at most 1000 are taken`);
  }
  const ebitda = args.ebit + args.d_and_a;
  const addbacksTotal = args.addbacks.reduce((sum, v) => sum + v, 0);
  return finite({
    adjusted_ebitda: ebitda + addbacksTotal,
    ebitda,
    addbacks_total: addbacksTotal,
    inputs: { ebit: args.ebit, d_and_a: args.d_and_a, addbacks: args.addbacks },
    method: "adjusted EBITDA = EBIT + depreciation and amortization + sum of add-backs",
  });
}

/** D&A is added back: a negative figure (the sign some feeds give an expense) lowers EBITDA. */
function warnNegativeDa(dAndA: number, ctx: ComputeContext) {
  if (dAndA < 0) {
    ctx.warn(
      `d_and_a is negative (${dAndA}): it is added back to EBIT, so a negative value lowers EBITDA instead of raising it; depreciation and amortization is normally given as a positive amount`,
    );
  }
}

/**
 * A warning when a ratio is so far outside any real value that its two amounts are likely in
 * different units (one in millions, the other in whole units): above `high` or, not zero, below
 * `low` in magnitude. `shown` formats the ratio as the result states it.
 */
function outlandish(
  value: number | null,
  what: string,
  low: number,
  high: number,
  shown: string,
  ctx: ComputeContext,
  real = "",
): void {
  if (value === null || value === 0) return;
  const v = Math.abs(value);
  if (v <= high && v >= low) return;
  ctx.warn(
    `${what} is ${shown}, ${
      v > high ? "far above" : "far below"
    } usual values: check that both amounts are in one unit, since one in millions or thousands and the other in whole units gives this (2.5B or 2500M, not 2500 meaning millions)${
      real ? `; ${real}` : ""
    }`,
  );
}

/** Warns for each pair of amounts of one formula a million times apart or more (finance_math). */
function warnGaps(ctx: ComputeContext, pairs: [number, string, number, string][]): void {
  for (const [a, an, b, bn] of pairs) {
    const gap = unitGap(a, an, b, bn);
    if (gap) ctx.warn(gap);
  }
}

/** Arguments of formula.cagr. */
export interface FormulaCagrArgs {
  start: number;
  end: number;
  periods: number;
}

/** formula.cagr. */
export function formulaCagr(args: FormulaCagrArgs) {
  const growth = cagr(args.start, args.end, args.periods);
  return finite({
    cagr: growth,
    cagr_pct: percent(growth),
    inputs: { start: args.start, end: args.end, periods: args.periods },
    method: "CAGR = (end / start)^(1 / periods) − 1",
  });
}

/** Arguments of formula.capm. */
export interface FormulaCapmArgs {
  risk_free: number;
  beta: number;
  market_return: number;
}

/** formula.capm. */
export function formulaCapm(args: FormulaCapmArgs, ctx: ComputeContext) {
  const premium = args.market_return - args.risk_free;
  // equity betas lie within about -1 and 3; 79 is most often 0.79 typed as a percent
  if (Math.abs(args.beta) > 5) {
    ctx.warn(
      `beta=${args.beta} is far outside the range of equity betas (about -1 to 3), so the cost of equity is ${
        Number(((args.risk_free + args.beta * premium) * 100).toPrecision(4))
      }%: a beta is a plain ratio; if ${args.beta} was meant as a percent, the beta is ${
        Number((args.beta / 100).toPrecision(6))
      }`,
    );
  }
  if (premium < 0) {
    ctx.warn(
      `market_return is below risk_free: a negative market risk premium (${
        (premium * 100).toFixed(2)
      }%) makes a higher beta a lower cost of equity; check the inputs`,
    );
  }
  return finite({
    cost_of_equity: args.risk_free + args.beta * premium,
    market_risk_premium: premium,
    inputs: { risk_free: args.risk_free, beta: args.beta, market_return: args.market_return },
    method: "cost of equity = risk_free + beta × (market_return − risk_free)",
  });
}

/** Arguments of formula.days. */
export interface FormulaDaysArgs {
  current: number;
  prior: number;
  denominator: number;
  days: number;
}

/** formula.days. */
export function formulaDays(args: FormulaDaysArgs, ctx: ComputeContext) {
  if (!(args.days > 0)) throw new InputError(`days must be greater than 0 (got ${args.days})`);
  const average = averageBalance(args.current, args.prior);
  const share = divide(average, args.denominator, "days");
  if (share.reason) ctx.warn(share.reason);
  if (args.denominator < 0 || average < 0) {
    ctx.warn(
      `the ${
        args.denominator < 0 ? "denominator" : "average balance"
      } is negative: days outstanding of a negative balance or flow have no usual meaning; check the signs`,
    );
  } else negativeBalance(args.current, args.prior, ctx);
  if (share.value !== null) {
    const days = share.value * args.days;
    outlandish(days, "days", 1e-3, 1e5, `${Number(days.toPrecision(4))} days`, ctx);
  }
  if (args.days > 366) {
    ctx.warn(
      `days=${args.days} is more than a year: days must be the length of the period the denominator covers (365 for a year's flow, 91 or 92 for a quarter's)`,
    );
  }
  return finite({
    days: share.value === null ? null : share.value * args.days,
    average_balance: average,
    inputs: {
      current: args.current,
      prior: args.prior,
      denominator: args.denominator,
      days: args.days,
    },
    method:
      `days = ((current + prior) / 2) / denominator × ${args.days}; the denominator must be ` +
      `the flow of those ${args.days} days (a quarter's flow needs days=91 or 92, or the result is ` +
      `about 4 times too large)`,
  });
}

/** Arguments of formula.ebitda. */
export interface FormulaEbitdaArgs {
  ebit: number;
  d_and_a: number;
}

/** formula.ebitda. */
export function formulaEbitda(args: FormulaEbitdaArgs, ctx: ComputeContext) {
  warnNegativeDa(args.d_and_a, ctx);
  return finite({
    ebitda: args.ebit + args.d_and_a,
    inputs: { ebit: args.ebit, d_and_a: args.d_and_a },
    method: "EBITDA = EBIT + depreciation and amortization",
  });
}

/** Arguments of formula.enterprise_value. */
export interface FormulaEnterpriseValueArgs {
  market_equity: number;
  /** Left out: 0, with a warning (an EV without debt is the equity value, not the firm's). */
  debt?: number;
  /** Left out: 0, with a warning. */
  cash?: number;
  operating_cash: number;
}

/** formula.enterprise_value. */
export function formulaEnterpriseValue(args: FormulaEnterpriseValueArgs, ctx: ComputeContext) {
  const missing = (["debt", "cash"] as const).filter((k) => args[k] === undefined);
  const debt = args.debt ?? 0;
  const cash = args.cash ?? 0;
  notNegative(args.market_equity, "market_equity");
  notNegative(debt, "debt");
  const excess = excessCash(cash, args.operating_cash);
  shortCash(cash, args.operating_cash, ctx);
  if (missing.length) {
    ctx.warn(
      `${missing.join(" and ")} not given, counted as 0: enterprise_value is then ${
        missing.length === 2
          ? "the market equity alone"
          : `market equity ${
            missing[0] === "debt" ? "less excess cash, with no debt" : "plus debt, with no cash"
          }`
      }, not the company's enterprise value unless it truly has ${
        missing.length === 2 ? "neither" : "none"
      }; pass ${
        missing.map((k) => `${k}=`).join(" and ")
      } from the balance sheet (0 when there is none)`,
    );
  }
  warnGaps(ctx, [
    [args.market_equity, "market_equity", debt, "debt"],
    [args.market_equity, "market_equity", cash, "cash"],
  ]);
  return finite({
    enterprise_value: args.market_equity + debt - excess,
    excess_cash: excess,
    inputs: {
      market_equity: args.market_equity,
      debt,
      cash,
      operating_cash: args.operating_cash,
    },
    method:
      "enterprise value = market_equity + debt − excess cash; excess cash = max(cash − operating_cash, 0)",
  });
}

/** Arguments of formula.lease_equivalent. */
export interface FormulaLeaseEquivalentArgs {
  base_liability: number;
  variable_cost: number;
  operating_cost: number;
}

/** formula.lease_equivalent. */
export function formulaLeaseEquivalent(args: FormulaLeaseEquivalentArgs, ctx: ComputeContext) {
  notNegative(args.base_liability, "base_liability");
  notNegative(args.variable_cost, "variable_cost");
  notNegative(args.operating_cost, "operating_cost");
  const ratio = divide(args.variable_cost, args.operating_cost, "lease_equivalent ratio");
  if (ratio.reason) ctx.warn(ratio.reason);
  // variable lease cost can exceed the fixed (percentage rents), but not by a hundred times:
  // that is dollars beside millions
  if (ratio.value !== null) {
    outlandish(
      ratio.value,
      "the ratio of variable_cost to operating_cost",
      1e-4,
      100,
      `${Number(ratio.value.toPrecision(4))}`,
      ctx,
    );
  }
  warnGaps(ctx, [[args.base_liability, "base_liability", args.operating_cost, "operating_cost"]]);
  return finite({
    lease_equivalent: ratio.value === null ? null : args.base_liability * ratio.value,
    ratio: ratio.value,
    inputs: {
      base_liability: args.base_liability,
      variable_cost: args.variable_cost,
      operating_cost: args.operating_cost,
    },
    method: "lease equivalent = base_liability × (variable_cost / operating_cost)",
  });
}

/** Arguments of formula.margin. */
export interface FormulaMarginArgs {
  numerator: number;
  denominator: number;
}

/** formula.margin. */
export function formulaMargin(args: FormulaMarginArgs, ctx: ComputeContext) {
  const margin = divide(args.numerator, args.denominator, "margin");
  if (margin.reason) ctx.warn(margin.reason);
  if (args.denominator < 0) {
    ctx.warn(
      "the denominator is negative: a margin on negative revenue has no usual meaning, and its sign does not say profit or loss",
    );
  }
  outlandish(
    margin.value,
    "margin",
    1e-5,
    10,
    `${Number((margin.value ?? 0) * 100).toPrecision(4)}%`,
    ctx,
    "a company with almost no revenue can truly have such a margin",
  );
  return finite({
    margin: margin.value,
    margin_pct: percent(margin.value),
    inputs: { numerator: args.numerator, denominator: args.denominator },
    method: "margin = numerator / denominator; margin_pct = margin × 100",
  });
}

/** Operating cash above the cash held: no excess cash is subtracted, which is said. */
function shortCash(cash: number, operating: number, ctx: ComputeContext): void {
  if (operating > cash) {
    ctx.warn(
      `operating_cash (${operating}) is more than cash (${cash}): excess cash is 0, so none is ` +
        "subtracted (the shortfall is not added back as debt)",
    );
  }
}

/** Arguments of formula.net_debt. */
export interface FormulaNetDebtArgs {
  debt: number;
  cash: number;
  operating_cash: number;
}

/** formula.net_debt. */
export function formulaNetDebt(args: FormulaNetDebtArgs, ctx: ComputeContext) {
  notNegative(args.debt, "debt");
  const excess = excessCash(args.cash, args.operating_cash);
  shortCash(args.cash, args.operating_cash, ctx);
  warnGaps(ctx, [[args.debt, "debt", args.cash, "cash"]]);
  return finite({
    net_debt: args.debt - excess,
    excess_cash: excess,
    inputs: { debt: args.debt, cash: args.cash, operating_cash: args.operating_cash },
    method: "net debt = debt − max(cash − operating_cash, 0)",
  });
}

/** Arguments of formula.operating_cash. */
export interface FormulaOperatingCashArgs {
  revenue: number;
  cash_like_assets: number;
  percent_revenue: number;
}

/** formula.operating_cash. */
export function formulaOperatingCash(args: FormulaOperatingCashArgs, ctx: ComputeContext) {
  if (args.percent_revenue < 0) {
    throw new InputError(
      `percent_revenue must be 0% or more (got ${formatPercent(args.percent_revenue)})`,
    );
  }
  notNegative(args.revenue, "revenue");
  notNegative(args.cash_like_assets, "cash_like_assets");
  warnGaps(ctx, [[args.revenue, "revenue", args.cash_like_assets, "cash_like_assets"]]);
  const revenueCap = args.revenue * args.percent_revenue;
  const operatingCash = Math.min(revenueCap, args.cash_like_assets);
  return finite({
    operating_cash: operatingCash,
    revenue_cap: revenueCap,
    cash_like_assets: args.cash_like_assets,
    capped_by: revenueCap <= args.cash_like_assets
      ? "revenue_share" as const
      : "cash_like_assets" as const,
    inputs: {
      revenue: args.revenue,
      cash_like_assets: args.cash_like_assets,
      percent_revenue: args.percent_revenue,
    },
    method: "operating cash = min(revenue × percent_revenue, cash_like_assets)",
  });
}

/** Arguments of formula.operating_current_assets. */
export interface FormulaOperatingCurrentAssetsArgs {
  current_assets: number;
  cash_like_assets: number;
  operating_cash: number;
}

/**
 * formula.operating_current_assets. The cash put back is at most the cash taken out: operating
 * cash beyond it does not exist in these current assets (formula.net_debt caps excess cash the
 * same way), so it is capped with a warning.
 */
export function formulaOperatingCurrentAssets(
  args: FormulaOperatingCurrentAssetsArgs,
  ctx: ComputeContext,
) {
  notNegative(args.current_assets, "current_assets");
  notNegative(args.cash_like_assets, "cash_like_assets");
  notNegative(args.operating_cash, "operating_cash");
  warnGaps(ctx, [[
    args.current_assets,
    "current_assets",
    args.cash_like_assets,
    "cash_like_assets",
  ]]);
  const back = Math.min(args.operating_cash, args.cash_like_assets);
  if (back < args.operating_cash) {
    ctx.warn(
      `operating_cash (${args.operating_cash}) is more than the cash_like_assets taken out (${args.cash_like_assets}): only ${back} is put back, since the rest is not cash these current assets hold`,
    );
  }
  const value = args.current_assets - args.cash_like_assets + back;
  if (value < 0) {
    ctx.warn(
      `operating current assets come out negative (${value}): cash_like_assets is more than current_assets; check the inputs`,
    );
  }
  return finite({
    operating_current_assets: value,
    inputs: {
      current_assets: args.current_assets,
      cash_like_assets: args.cash_like_assets,
      operating_cash: args.operating_cash,
    },
    method:
      "operating current assets = current_assets − cash_like_assets + min(operating_cash, cash_like_assets)",
  });
}

/** Arguments of formula.operating_current_liabilities. */
export interface FormulaOperatingCurrentLiabilitiesArgs {
  current_liabilities: number;
  interest_bearing_current_debt: number;
}

/** formula.operating_current_liabilities. */
export function formulaOperatingCurrentLiabilities(
  args: FormulaOperatingCurrentLiabilitiesArgs,
  ctx: ComputeContext,
) {
  notNegative(args.current_liabilities, "current_liabilities");
  notNegative(args.interest_bearing_current_debt, "interest_bearing_current_debt");
  warnGaps(ctx, [[
    args.current_liabilities,
    "current_liabilities",
    args.interest_bearing_current_debt,
    "interest_bearing_current_debt",
  ]]);
  if (args.interest_bearing_current_debt > args.current_liabilities) {
    ctx.warn(
      `interest_bearing_current_debt (${args.interest_bearing_current_debt}) is more than current_liabilities (${args.current_liabilities}), so operating current liabilities come out negative; the debt should be part of the current liabilities`,
    );
  }
  return finite({
    operating_current_liabilities: args.current_liabilities - args.interest_bearing_current_debt,
    inputs: {
      current_liabilities: args.current_liabilities,
      interest_bearing_current_debt: args.interest_bearing_current_debt,
    },
    method: "operating current liabilities = current_liabilities − interest_bearing_current_debt",
  });
}

/** Arguments of formula.roic. */
export interface FormulaRoicArgs {
  nopat: number;
  invested_capital: number;
}

/** formula.roic. */
export function formulaRoic(args: FormulaRoicArgs, ctx: ComputeContext) {
  const roic = divide(args.nopat, args.invested_capital, "roic");
  if (roic.reason) ctx.warn(roic.reason);
  if (args.invested_capital < 0) {
    ctx.warn(
      "invested_capital is negative: a return on it has no usual meaning (a loss over negative capital reads as a positive ROIC)",
    );
  }
  outlandish(
    roic.value,
    "roic",
    1e-5,
    10,
    `${Number((roic.value ?? 0) * 100).toPrecision(4)}%`,
    ctx,
    "a business with almost no invested capital can truly have such a return",
  );
  return finite({
    roic: roic.value,
    roic_pct: percent(roic.value),
    inputs: { nopat: args.nopat, invested_capital: args.invested_capital },
    method: "ROIC = nopat / invested_capital; roic_pct = ROIC × 100",
  });
}

/**
 * One balance below zero while their average is not: the average hides it (100 and -100 average
 * 0, read as "no balance"), so it is said. A balance sheet's inventory or receivables are not
 * negative; a sign copied from a cash-flow line most likely is.
 */
function negativeBalance(current: number, prior: number, ctx: ComputeContext): void {
  const below = ([["current", current], ["prior", prior]] as const).filter(([, v]) => v < 0);
  if (!below.length) return;
  ctx.warn(
    `${below.map(([k, v]) => `${k} is ${v}`).join(" and ")}: a balance below zero has no usual ` +
      "meaning here, and averaging it with the other balance hides it; check the signs (a " +
      "change from a cash-flow statement carries the opposite sign)",
  );
}

/** Arguments of formula.turnover. */
export interface FormulaTurnoverArgs {
  numerator: number;
  current: number;
  prior: number;
}

/** formula.turnover. */
export function formulaTurnover(args: FormulaTurnoverArgs, ctx: ComputeContext) {
  const average = averageBalance(args.current, args.prior);
  const turnover = divide(args.numerator, average, "turnover");
  if (turnover.reason) ctx.warn(turnover.reason);
  if (average < 0) {
    ctx.warn(
      `the average balance is negative (${average}): a turnover of a negative balance has no usual meaning; check the signs of current and prior`,
    );
  } else negativeBalance(args.current, args.prior, ctx);
  outlandish(
    turnover.value,
    "turnover",
    1e-5,
    1e4,
    `${Number((turnover.value ?? 0).toPrecision(4))} times`,
    ctx,
  );
  return finite({
    turnover: turnover.value,
    average_balance: average,
    inputs: { numerator: args.numerator, current: args.current, prior: args.prior },
    method: "turnover = numerator / ((current + prior) / 2)",
  });
}

/** Arguments of formula.wacc. */
export interface FormulaWaccArgs {
  equity_value: number;
  debt_value: number;
  cost_of_equity: number;
  cost_of_debt: number;
  /** Absent: 0, said in a warning when there is debt and the shield is asked for. */
  tax_rate?: number;
  debt_tax: "pretax" | "after_tax";
}

/** formula.wacc. */
export function formulaWacc(args: FormulaWaccArgs, ctx: ComputeContext) {
  const afterTax = args.debt_tax === "after_tax";
  warnGaps(ctx, [[args.equity_value, "equity_value", args.debt_value, "debt_value"]]);
  const swapped = args.debt_value > 0 ? swappedCosts(args.cost_of_equity, args.cost_of_debt) : null;
  if (swapped) ctx.warn(swapped);
  const tax = args.tax_rate ?? 0;
  if (args.tax_rate !== undefined && args.tax_rate !== 0 && !afterTax) {
    ctx.warn(
      `tax_rate=${args.tax_rate} is not used: debt_tax=pretax applies no tax shield to the cost of debt; pass debt_tax=after_tax to use it`,
    );
  }
  if (args.tax_rate === undefined && afterTax && args.debt_value > 0) {
    ctx.warn(
      "tax_rate not given: 0% was used, so debt_tax=after_tax applies no tax shield and WACC is the pretax one; pass tax_rate=21% (US federal) or the company's marginal rate, or debt_tax=pretax to say no shield is meant",
    );
  }
  const result = wacc(
    args.equity_value,
    args.debt_value,
    args.cost_of_equity,
    args.cost_of_debt,
    tax,
    afterTax,
  );
  return finite({
    wacc: result.wacc,
    wacc_pct: percent(result.wacc),
    weights: result.weights,
    cost_of_debt_used: result.cost_of_debt_used,
    inputs: {
      equity_value: args.equity_value,
      debt_value: args.debt_value,
      cost_of_equity: args.cost_of_equity,
      cost_of_debt: args.cost_of_debt,
      tax_rate: tax,
      debt_tax: args.debt_tax,
    },
    method: afterTax
      ? "WACC = E/(D+E) × cost_of_equity + D/(D+E) × cost_of_debt × (1 − tax_rate)"
      : "WACC = E/(D+E) × cost_of_equity + D/(D+E) × cost_of_debt (pretax: no tax shield)",
  });
}

/** Arguments of formula.working_capital. */
export interface FormulaWorkingCapitalArgs {
  operating_current_assets: number;
  operating_current_liabilities: number;
}

/** formula.working_capital. */
export function formulaWorkingCapital(args: FormulaWorkingCapitalArgs, ctx: ComputeContext) {
  warnGaps(ctx, [[
    args.operating_current_assets,
    "operating_current_assets",
    args.operating_current_liabilities,
    "operating_current_liabilities",
  ]]);
  return finite({
    working_capital: args.operating_current_assets - args.operating_current_liabilities,
    inputs: {
      operating_current_assets: args.operating_current_assets,
      operating_current_liabilities: args.operating_current_liabilities,
    },
    method: "working capital = operating_current_assets − operating_current_liabilities",
  });
}
