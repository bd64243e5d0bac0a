/**
 * Factor scores from bars and long/short baskets from scores. A higher score always means "more
 * of the long side": momentum and reversal are returns (reversal negated), low_volatility is
 * minus realised volatility, size is minus log market capitalisation.
 */
import { InputError } from "../../core/errors.ts";
import type { Panel } from "./types.ts";

export interface FactorDef {
  name: string;
  summary: string;
  /** Bars of history a score needs. */
  lookback: number;
}

export const FACTORS: FactorDef[] = [
  {
    name: "momentum",
    summary: "12-1 momentum: return from 252 bars ago to 21 bars ago (skips the latest month)",
    lookback: 252,
  },
  {
    name: "reversal",
    summary: "Short-term reversal: minus the return of the last 21 bars",
    lookback: 21,
  },
  {
    name: "volatility",
    summary: "Realised volatility of the last 63 daily returns, annualised (high = long side)",
    lookback: 64,
  },
  {
    name: "low_volatility",
    summary: "Minus realised volatility of the last 63 returns (calm stocks on the long side)",
    lookback: 64,
  },
];

/** A factor's score for symbol s at bar t, or null when history is too short. */
export function factorScore(name: string, panel: Panel, s: number, t: number): number | null {
  const c = panel.close[s];
  switch (name) {
    case "momentum":
      return t >= 252 ? c[t - 21] / c[t - 252] - 1 : null;
    case "reversal":
      return t >= 21 ? -(c[t] / c[t - 21] - 1) : null;
    case "volatility":
    case "low_volatility": {
      if (t < 63) return null;
      let sum = 0;
      let sq = 0;
      for (let i = t - 62; i <= t; i++) {
        const r = c[i] / c[i - 1] - 1;
        sum += r;
        sq += r * r;
      }
      const mean = sum / 63;
      const vol = Math.sqrt(Math.max(0, (sq - 63 * mean * mean) / 62)) * Math.sqrt(252);
      return name === "volatility" ? vol : -vol;
    }
    default:
      throw new InputError(`unknown factor ${name}`);
  }
}

export type Direction = "long_short" | "long_only";

export interface Basket {
  long: { symbol: string; weight: number; score: number }[];
  short: { symbol: string; weight: number; score: number }[];
  weights: Record<string, number>;
  gross_exposure: number;
  net_exposure: number;
}

/**
 * Long/short baskets from scores. n_long = max(1, ⌊n·top_pct⌋) highest scores; with long_short,
 * n_short = max(1, ⌊n·bottom_pct⌋) lowest, minus any symbol already long. Ties keep the input
 * order. Long weights are 1/len(long) (long_only or no shorts) or 0.5/len(long); short weights
 * −0.5/len(short). Every scored symbol appears in `weights` (0 when in neither basket).
 */
export function basketWeights(
  scores: [string, number][],
  topPct: number,
  bottomPct: number,
  direction: Direction,
): Basket {
  const n = scores.length;
  if (!n) return { long: [], short: [], weights: {}, gross_exposure: 0, net_exposure: 0 };
  const indexed = scores.map(([symbol, score], i) => ({ symbol, score, i }));
  const nLong = Math.max(1, Math.floor(n * topPct + 1e-9));
  const nShort = direction === "long_short" ? Math.max(1, Math.floor(n * bottomPct + 1e-9)) : 0;
  const longs = [...indexed].sort((a, b) => b.score - a.score || a.i - b.i).slice(0, nLong);
  const longSet = new Set(longs.map((x) => x.symbol));
  const shorts = [...indexed].sort((a, b) => a.score - b.score || a.i - b.i).slice(0, nShort)
    .filter((x) => !longSet.has(x.symbol));
  const weights: Record<string, number> = {};
  for (const x of indexed) weights[x.symbol] = 0;
  const lw = direction === "long_only" || !shorts.length ? 1 / longs.length : 0.5 / longs.length;
  const sw = shorts.length ? -0.5 / shorts.length : 0;
  for (const x of longs) weights[x.symbol] = lw;
  for (const x of shorts) weights[x.symbol] = sw;
  const long = longs.map((x) => ({ symbol: x.symbol, weight: lw, score: x.score }));
  const short = shorts.map((x) => ({ symbol: x.symbol, weight: sw, score: x.score }));
  const sumL = long.reduce((a, x) => a + x.weight, 0);
  const sumS = short.reduce((a, x) => a + x.weight, 0);
  return {
    long,
    short,
    weights,
    gross_exposure: sumL + Math.abs(sumS),
    net_exposure: sumL + sumS,
  };
}

/**
 * Symbols left out of a basket although their score equals that of one put in (a tie across the
 * basket's edge, decided by input order alone): one sentence per basket, or none.
 */
export function edgeTies(
  scores: [string, number][],
  basket: Basket,
): string[] {
  const out: string[] = [];
  const inside = new Set([...basket.long, ...basket.short].map((x) => x.symbol));
  for (const [side, members] of [["long", basket.long], ["short", basket.short]] as const) {
    if (!members.length) continue;
    const edge = side === "long"
      ? Math.min(...members.map((x) => x.score))
      : Math.max(...members.map((x) => x.score));
    const left = scores.filter(([sym, v]) => v === edge && !inside.has(sym)).map(([sym]) => sym);
    if (!left.length) continue;
    const inn = members.filter((x) => x.score === edge).map((x) => x.symbol);
    out.push(
      `${inn.join(", ")} and ${left.join(", ")} tie at ${edge} on the ${side} basket's edge: ${
        inn.join(", ")
      } ${inn.length === 1 ? "was" : "were"} taken by input order alone`,
    );
  }
  return out;
}

/**
 * What a long_short basket did not do as asked, or null: with no symbol left for the short side
 * (one scored symbol, or top_pct taking them all) the weights are long only, 100% net long
 * whatever the scores say; with top_pct + bottom_pct above 1 the symbols in both quantiles stay
 * long and the short basket is smaller than bottom_pct.
 */
export function basketNote(
  count: number,
  basket: Basket,
  topPct: number,
  bottomPct: number,
  direction: Direction,
): string | null {
  if (direction !== "long_short" || !count) return null;
  if (!basket.short.length) {
    return `direction=long_short, but no symbol is left for the short basket (${count} scored ${
      count === 1 ? "symbol" : "symbols"
    }, top_pct=${topPct}): the weights are long only, ${
      Math.round(basket.net_exposure * 100)
    }% net long whatever the scores; give more symbols or a smaller top_pct`;
  }
  const asked = Math.max(1, Math.floor(count * bottomPct + 1e-9));
  if (basket.short.length < asked) {
    return `top_pct=${topPct} and bottom_pct=${bottomPct} add up to more than 1: ${
      asked - basket.short.length
    } of the ${asked} lowest-scored symbols are also in the long basket and stay long, so the short basket holds ${basket.short.length}`;
  }
  return null;
}

/** Checks a quantile argument: a fraction in (0, 1]. */
export function checkPct(name: string, v: number): number {
  if (!(v > 0 && v <= 1)) {
    throw new InputError(`${name} must be a fraction above 0 and at most 1 (e.g. 0.2), got ${v}`);
  }
  return v;
}
