/**
 * Bars of a listing quoted in a minor unit (GBp, ZAc, ILA, KWF) that Yahoo wrote in the major
 * one: an LSE history in pence with a day in pounds reads as a 99% crash and a 100-fold
 * recovery the next day. A close the unit's factor (100, or 1000 for fils) from the one before,
 * give or take a third, is taken for a change of unit: no listing's split-adjusted price moves a
 * hundredfold in one bar, while a real move stays far from it.
 */
import type { Bar } from "../../providers/market_a/bars.ts";
import { unitOf } from "./units.ts";
import { someOf } from "../../core/lists.ts";

/** How far from the factor a ratio may be and still be a slip of unit (a third either way). */
const SLACK = Math.log(1.35);

const FIELDS = ["open", "high", "low", "close", "adj_close"] as const;

export interface UnitSlip {
  date: string;
  /** What the bar's prices were multiplied by to be in the series' unit (100 or 0.01). */
  times: number;
}

/** +1 when `b` is `f` times `a` (give or take SLACK), -1 when 1/f times, else 0. */
function step(a: number, b: number, lf: number): number {
  const lr = Math.log(b / a);
  return Math.abs(lr - lf) < SLACK ? 1 : Math.abs(lr + lf) < SLACK ? -1 : 0;
}

/**
 * The bars with prices in the other unit put into the series' unit, and which were. Each jump
 * of the factor between one close and the next is a change of unit; the unit most bars are in
 * is the series' (a slipped day, a slipped run of days, or a slipped last bar are each fewer).
 * Rows are not changed in place; the same array comes back when none slipped (and always for
 * a listing quoted in a major unit). Linear in the bars.
 */
export function fixUnitSlips(
  rows: Bar[],
  currency: string | null,
  splits: { ratio: number }[] = [],
): { rows: Bar[]; slips: UnitSlip[] } {
  const u = unitOf(currency);
  if (!u || u.factor === 1 || rows.length < 3) return { rows, slips: [] };
  const lf = Math.log(1 / u.factor);
  // a split of about the factor (a 100-for-1 consolidation) moves the price by as much: the
  // history is then left as Yahoo gives it
  if (splits.some((s) => s.ratio > 0 && Math.abs(Math.abs(Math.log(s.ratio)) - lf) < SLACK)) {
    return { rows, slips: [] };
  }
  // the level of each bar: how many factors above the first valid close its close is
  const level = new Array<number | null>(rows.length).fill(null);
  let prev: number | null = null;
  let at = 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const c = rows[i].close;
    if (c === null || !(c > 0)) continue;
    if (prev !== null) at += step(prev, c, lf);
    prev = c;
    level[i] = at;
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  if (counts.size < 2) return { rows, slips: [] };
  // the unit most closes are in; on a tie, the latest close's
  const last = level.findLast((x) => x !== null);
  let main = 0;
  let most = -1;
  for (const [l, n] of counts) {
    if (n > most || (n === most && l === last)) [main, most] = [l, n];
  }
  const slips: UnitSlip[] = [];
  const out = rows.slice();
  for (let i = 0; i < rows.length; i++) {
    const l = level[i];
    if (l === null || l === main) continue;
    const times = Math.exp((main - l) * lf);
    const r = rows[i];
    const fixed: Bar = { ...r };
    for (const field of FIELDS) {
      const v = r[field];
      if (v !== null) fixed[field] = Math.round(v * times * 1e6) / 1e6;
    }
    out[i] = fixed;
    slips.push({ date: r.date, times: Math.round(times * 1e6) / 1e6 });
  }
  return slips.length ? { rows: out, slips } : { rows, slips };
}

/** The warning naming the bars {@link fixUnitSlips} put into the series' unit. */
export function unitSlipNote(symbol: string, currency: string, slips: UnitSlip[]): string {
  const u = unitOf(currency)!;
  const dates = slips.map((s) => s.date.slice(0, 16));
  const shown = someOf(dates, 6);
  const up = slips.filter((s) => s.times > 1).length;
  const what = up === slips.length
    ? `in ${u.major}, 1/${1 / u.factor} of`
    : up === 0
    ? `${1 / u.factor} times`
    : `${1 / u.factor} times or 1/${1 / u.factor} of`;
  return `${symbol}: Yahoo's prices of ${shown} are ${what} the ${u.code} of the bars around them (a unit slip in Yahoo's history, not a move); they are shown in ${u.code} like the rest`;
}

/** A dividend Yahoo stated in the major unit of a series quoted in a minor one. */
export interface DividendSlip {
  date: string;
  /** The amount as Yahoo stated it, in the major unit. */
  stated: number;
  /** The amount in the series' unit. */
  amount: number;
}

/**
 * Dividends of a listing quoted in a minor unit (GBp, ZAc, ILA) that Yahoo stated in the major
 * one, put into the series' unit. Yahoo's adjusted closes say how large each dividend is: across
 * its ex-date the adjustment factor (adj_close over close) changes by the dividend over the
 * close before it. An amount the unit's factor (1/100) of that, give or take a third, while the
 * amount in the series' unit is within a third of it, is in the major unit: a pence series with
 * a dividend of 0.26 that its closes show to be 26 pence. Amounts the bars do not show (no
 * adjusted close, no bar before the ex-date) stay as they are. Linear in bars and dividends.
 */
export function fixDividendUnits(
  rows: Bar[],
  dividends: { date: string; amount: number }[],
  currency: string | null,
): { dividends: { date: string; amount: number }[]; slips: DividendSlip[] } {
  const u = unitOf(currency);
  if (!u || u.factor === 1 || !dividends.length) return { dividends, slips: [] };
  const at = new Map<string, number>();
  rows.forEach((r, i) => at.set(r.date.slice(0, 10), i));
  const factor = (r: Bar) =>
    r.close !== null && r.close > 0 && r.adj_close !== null && r.adj_close > 0
      ? r.adj_close / r.close
      : null;
  const slips: DividendSlip[] = [];
  const out = dividends.map((d) => {
    const i = at.get(d.date);
    if (i === undefined || i === 0 || !(d.amount > 0)) return d;
    const before = factor(rows[i - 1]);
    const after = factor(rows[i]);
    if (before === null || after === null || !(after > before)) return d;
    const implied = rows[i - 1].close! * (1 - before / after);
    if (!(implied > 0)) return d;
    const asIs = Math.abs(Math.log(d.amount / implied));
    const inMinor = d.amount / u.factor;
    if (!(Math.abs(Math.log(inMinor / implied)) < SLACK && asIs > SLACK)) return d;
    slips.push({ date: d.date, stated: d.amount, amount: Math.round(inMinor * 1e6) / 1e6 });
    return { ...d, amount: Math.round(inMinor * 1e6) / 1e6 };
  });
  return slips.length ? { dividends: out, slips } : { dividends, slips };
}

/** The warning naming the dividends {@link fixDividendUnits} put into the series' unit. */
export function dividendSlipNote(
  symbol: string,
  currency: string,
  slips: DividendSlip[],
  what = "dividend",
): string {
  const u = unitOf(currency)!;
  return `${symbol}: Yahoo states the ${what}${slips.length > 1 ? "s" : ""} of ${
    someOf(slips.map((s) => `${s.date} as ${s.stated}`), 6)
  } in ${u.major}, while the prices are in ${u.code} and the adjusted closes show ${
    slips.length > 1 ? "them" : "it"
  } to be ${1 / u.factor} times that; shown in ${u.code} (${
    someOf(slips.map((s) => String(s.amount)), 6)
  }) like the prices`;
}
