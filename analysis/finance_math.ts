/**
 * Pure finance arithmetic shared by the formula, valuation and estimates calculators.
 *
 * Policy for values that cannot be computed (kept the same in every calculator):
 * - A value that is undefined for otherwise valid inputs (a zero denominator, cash flows with no
 *   internal rate of return) comes back as `null` with a reason; the command reports the reason
 *   as an envelope warning and still succeeds, so the other fields stay usable.
 * - Inputs outside a formula's domain (a non-positive CAGR base, growth at or above the discount
 *   rate, negative capital weights) throw `InputError`: the caller must change the inputs.
 * Nothing here returns NaN or an infinity.
 */
import { InputError } from "../core/errors.ts";

/** A computed value, or null with the reason it could not be computed. */
export interface Maybe {
  value: number | null;
  reason: string | null;
}

/** `numerator / denominator`, or null (with a reason naming `what`) when the result is not finite. */
export function divide(numerator: number, denominator: number, what: string): Maybe {
  if (denominator === 0) {
    return { value: null, reason: `${what} is null: its denominator is zero` };
  }
  const value = numerator / denominator;
  if (!Number.isFinite(value)) {
    return { value: null, reason: `${what} is null: the division overflowed` };
  }
  return { value, reason: null };
}

/** Multiplies a fraction by 100, keeping null. */
export function percent(fraction: number): number;
export function percent(fraction: number | null): number | null;
export function percent(fraction: number | null): number | null {
  // to 15 significant digits: 0.0875 × 100 is 8.75, not the float's 8.750000000000002
  return fraction === null ? null : Number((fraction * 100).toPrecision(15));
}

/** The mean of the opening and closing balance. */
export function averageBalance(current: number, prior: number): number {
  // halved first: two balances near 1e308 have a finite mean but an infinite sum
  return current / 2 + prior / 2;
}

/** Compound annual growth rate `(end/start)^(1/periods) − 1`; throws outside its domain. */
export function cagr(start: number, end: number, periods: number): number {
  if (!(start > 0)) {
    throw new InputError(
      `start must be greater than 0 for a growth rate (got ${start}); a CAGR has no meaning from a zero or negative base`,
    );
  }
  if (end < 0) {
    throw new InputError(
      `end must be 0 or more for a growth rate (got ${end}); a CAGR cannot cross from positive to negative`,
    );
  }
  if (!(periods > 0)) throw new InputError(`periods must be greater than 0 (got ${periods})`);
  return Math.pow(end / start, 1 / periods) - 1;
}

/** Weights and cost of a capital mix. */
export interface WaccResult {
  wacc: number;
  weights: { equity: number; debt: number };
  /** The cost of debt that entered the average (after the tax shield when applied). */
  cost_of_debt_used: number;
}

/** Weighted average cost of capital; `applyTaxShield` multiplies the debt cost by (1 − tax). */
export function wacc(
  equity: number,
  debt: number,
  costOfEquity: number,
  costOfDebt: number,
  taxRate: number,
  applyTaxShield: boolean,
): WaccResult {
  if (equity < 0) throw new InputError(`equity_value must be 0 or more (got ${equity})`);
  if (debt < 0) throw new InputError(`debt_value must be 0 or more (got ${debt})`);
  if (equity + debt <= 0) {
    throw new InputError("equity_value plus debt_value must be greater than 0 to weight the costs");
  }
  if (taxRate < 0 || taxRate > 1) {
    throw new InputError(`tax_rate must be between 0% and 100% (got ${formatPercent(taxRate)})`);
  }
  // weighed on the larger of the two, so values near 1e308 whose sum overflows to Infinity
  // still give their true shares (E/Infinity would make both weights, and WACC, zero)
  const scale = Math.max(equity, debt);
  const total = equity / scale + debt / scale;
  const weights = { equity: equity / scale / total, debt: debt / scale / total };
  const debtCost = applyTaxShield ? costOfDebt * (1 - taxRate) : costOfDebt;
  return {
    wacc: weights.equity * costOfEquity + weights.debt * debtCost,
    weights,
    cost_of_debt_used: debtCost,
  };
}

/**
 * Cash beyond what operations need: `max(cash − operating_cash, 0)`. Negative cash or operating
 * cash has no meaning here and would move excess cash silently (cash −500 counted as 0; operating
 * cash −50 making excess cash more than the cash held), so both are refused.
 */
export function excessCash(cash: number, operatingCash: number): number {
  notNegative(cash, "cash");
  notNegative(operatingCash, "operating_cash");
  return Math.max(cash - operatingCash, 0);
}

/** Throws InputError when a balance that cannot be negative is (a sign copied from a statement). */
export function notNegative(value: number, name: string): void {
  if (value < 0) {
    throw new InputError(
      `${name} must be 0 or more (got ${value}); give the balance as a positive amount, not with the sign a statement or data feed shows it`,
    );
  }
}

/**
 * Returns `data` when every number in it is finite; otherwise throws InputError naming the first
 * field that overflowed (inputs near 1e308, a tiny CAGR period, a rate near −100% over many
 * periods), so no calculator answers Infinity or NaN, or null where its schema promises a number.
 */
export function finite<T>(data: T): T {
  const bad = nonFinite(data, "");
  if (bad) {
    throw new InputError(
      `${bad.path} comes out as ${bad.value}, not a finite number: the inputs are too large or too extreme to compute (check their units and zeros, e.g. 2.2B rather than 2200000000000000)`,
    );
  }
  return data;
}

function nonFinite(value: unknown, path: string): { path: string; value: number } | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : { path, value };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = nonFinite(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const bad = nonFinite(item, path ? `${path}.${key}` : key);
      if (bad) return bad;
    }
  }
  return null;
}

/** Net present value with the first flow at t = `firstPeriod` (0: undiscounted). */
export function npv(rate: number, flows: readonly number[], firstPeriod = 0): number {
  const base = 1 + rate;
  let total = 0;
  for (let i = 0; i < flows.length; i++) total += flows[i] / Math.pow(base, i + firstPeriod);
  return total;
}

/** How often consecutive non-zero flows change sign. */
export function signChanges(flows: readonly number[]): number {
  let changes = 0;
  let last = 0;
  for (const f of flows) {
    if (f === 0) continue;
    if (last !== 0 && Math.sign(f) !== Math.sign(last)) changes++;
    last = f;
  }
  return changes;
}

/** What the IRR solver found. */
export interface IrrResult {
  /** The root closest to 0%, or null when none was found. */
  irr: number | null;
  /** Every root found between −99.99% and 1,000,000%, ascending. */
  candidates: number[];
  sign_changes: number;
  /** Brent iterations summed over all roots. */
  iterations: number;
  reason: string | null;
}

/**
 * Internal rate of return. Scans NPV over a fixed grid of rates to find every bracket where it
 * changes sign, then refines each bracket with Brent's method (inverse quadratic interpolation
 * and secant steps, guarded by bisection), which converges much faster than plain bisection and
 * never leaves its bracket. The grid is fixed, so the answer is deterministic.
 */
export function irr(flows: readonly number[]): IrrResult {
  const changes = signChanges(flows);
  const none = (reason: string): IrrResult => ({
    irr: null,
    candidates: [],
    sign_changes: changes,
    iterations: 0,
    reason,
  });
  if (changes === 0) {
    return none(
      "irr is null: the cash flows never change sign (an IRR needs at least one negative and one positive flow)",
    );
  }
  const f = (r: number) => npv(r, flows);
  const grid = rateGrid();
  const roots: number[] = [];
  let iterations = 0;
  let prevRate = NaN;
  let prevValue = NaN;
  for (const r of grid) {
    const v = f(r);
    if (!Number.isFinite(v)) continue;
    if (v === 0) {
      roots.push(r);
    } else if (
      Number.isFinite(prevValue) && prevValue !== 0 && Math.sign(v) !== Math.sign(prevValue)
    ) {
      const found = brent(f, prevRate, r, prevValue, v);
      iterations += found.iterations;
      if (found.root !== null) roots.push(found.root);
    }
    prevRate = r;
    prevValue = v;
  }
  // two roots closer than a grid step leave no sign change between grid points (-1, 2.205,
  // -1.2155 has 10% and 10.5%): where |NPV| dips between its neighbours without crossing, the
  // turning point is found and, when NPV crosses zero there, each side is solved
  const pts = grid.map((r) => [r, f(r)] as const).filter(([, v]) => Number.isFinite(v));
  // an NPV this close to zero is rounding, not a crossing (a triple root at 0% must not split)
  const noise = 1e-9 * flows.reduce((sum, c) => sum + Math.abs(c), 0);
  for (let i = 1; i + 1 < pts.length; i++) {
    const [[a, fa], [m, fm], [b, fb]] = [pts[i - 1], pts[i], pts[i + 1]];
    const sign = Math.sign(fm);
    if (sign === 0) {
      // a root on the grid point itself: another may sit beside it, NPV leaving zero and coming
      // back across it before the next point
      for (const [lo, hi, fEnd, end] of [[m, b, fb, b], [a, m, fa, a]] as const) {
        if (fEnd === 0) continue;
        const s0 = Math.sign(fEnd);
        const t = turningPoint((x) => s0 * f(x), lo, hi);
        const ft = f(t);
        if (Math.abs(ft) > noise && Math.sign(ft) !== s0 && Math.abs(t - m) > 1e-9) {
          const found = end === b ? brent(f, t, b, ft, fb) : brent(f, a, t, fa, ft);
          iterations += found.iterations;
          if (found.root !== null) roots.push(found.root);
        }
      }
      continue;
    }
    if (Math.sign(fa) !== sign || Math.sign(fb) !== sign) continue;
    if (!(Math.abs(fm) <= Math.abs(fa) && Math.abs(fm) <= Math.abs(fb))) continue;
    const turn = turningPoint((x) => sign * f(x), a, b);
    const ft = f(turn);
    if (Math.abs(ft) <= noise && Math.abs(fm) > noise) roots.push(turn);
    else if (Math.abs(ft) > noise && Math.sign(ft) !== sign) {
      for (const [lo, flo, hi, fhi] of [[a, fa, turn, ft], [turn, ft, b, fb]] as const) {
        const found = brent(f, lo, hi, flo, fhi);
        iterations += found.iterations;
        if (found.root !== null) roots.push(found.root);
      }
    }
  }
  if (!roots.length) {
    return none(
      "irr is null: no rate between -99.99% and 1,000,000% sets the NPV to zero, so the solver has nothing to converge on",
    );
  }
  const candidates = [...new Set(roots)].sort((a, b) => a - b);
  const best = candidates.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
  return { irr: best, candidates, sign_changes: changes, iterations, reason: null };
}

/** Where g is least on [a, b] (golden-section search; g has one dip there). */
function turningPoint(g: (x: number) => number, a: number, b: number): number {
  const k = (Math.sqrt(5) - 1) / 2;
  let x1 = b - k * (b - a);
  let x2 = a + k * (b - a);
  let g1 = g(x1);
  let g2 = g(x2);
  for (let i = 0; i < 100 && b - a > 1e-12; i++) {
    if (g1 < g2) {
      b = x2;
      x2 = x1;
      g2 = g1;
      x1 = b - k * (b - a);
      g1 = g(x1);
    } else {
      a = x1;
      x1 = x2;
      g1 = g2;
      x2 = a + k * (b - a);
      g2 = g(x2);
    }
  }
  return (a + b) / 2;
}

/** −99.99% … 100% in 1-point steps, then coarser steps up to 1,000,000%. */
function rateGrid(): number[] {
  const grid = [-0.9999, -0.999, -0.995];
  for (let i = -99; i <= 100; i++) grid.push(i / 100);
  for (let i = 11; i <= 100; i++) grid.push(i / 10);
  for (let r = 20; r < 10000; r *= 2) grid.push(r);
  grid.push(10000);
  return grid;
}

/** Brent's root finder on [a, b] where f(a) and f(b) have opposite signs. */
function brent(
  f: (x: number) => number,
  a: number,
  b: number,
  fa: number,
  fb: number,
): { root: number | null; iterations: number } {
  const tol = 1e-13;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 1; i <= 200; i++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, b, c] = [b, c, b];
      [fa, fb, fc] = [fb, fc, fb];
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + tol / 2;
    const m = (c - b) / 2;
    if (Math.abs(m) <= tol1 || fb === 0) return { root: b, iterations: i };
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      // Try interpolation: secant with two points, inverse quadratic with three.
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : (m > 0 ? tol1 : -tol1);
    fb = f(b);
    if (!Number.isFinite(fb)) return { root: null, iterations: i };
  }
  return { root: null, iterations: 200 };
}

/**
 * A warning when two amounts a formula combines are `limit` times apart or more (1e6 by
 * default): the sign of one given in millions or thousands and the other in whole units
 * (debt=110000 meaning $110B beside market_equity=2.9T), which no formula can tell from the
 * numbers. Null when either is zero or they are closer.
 */
export function unitGap(
  a: number,
  aName: string,
  b: number,
  bName: string,
  limit = 1e6,
): string | null {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (!(x > 0) || !(y > 0)) return null;
  const factor = Math.max(x, y) / Math.min(x, y);
  if (!(factor >= limit)) return null;
  const [small, large] = x < y ? [aName, bName] : [bName, aName];
  return `${small} is about 1/${
    Number(factor.toPrecision(2)).toLocaleString("en-US")
  } of ${large}: if one is given in millions or thousands and the other in whole units, the ` +
    "result is off by that factor; give every amount in one unit (2.5B or 2500M, not 2500 " +
    "meaning millions)";
}

/**
 * A warning when the cost of debt is above the cost of equity: debt is paid before equity, so it
 * costs less; above it, the two rates are most likely swapped (or the equity cost too low).
 */
export function swappedCosts(costOfEquity: number, costOfDebt: number): string | null {
  if (!(costOfDebt > costOfEquity)) return null;
  return `cost_of_debt (${formatPercent(costOfDebt)}) is above cost_of_equity (${
    formatPercent(costOfEquity)
  }): debt is paid before equity and costs less, so check the two rates are not swapped`;
}

/** A fraction as a short percent for messages: 0.030000000000000002 → "3%". */
export function formatPercent(fraction: number): string {
  return `${Number((fraction * 100).toPrecision(10))}%`;
}
