/**
 * market.regime and market.sector_heat (BEHAVIOR 3.1 rules), computed from market.ohlcv so the
 * provider chain and its errors are the same; every signal carries its inputs.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError } from "../../core/errors.ts";

export const LOOKBACK: Record<string, number> = { short: 20, swing: 60, long: 120 };

const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

export interface Stats {
  symbol: string;
  provider: string;
  last_date: string;
  last_close: number;
  return_pct: number;
  lookback_bars: number;
  sma_50: number;
  sma_200: number | null;
  sma_200_bars: number;
  above_sma_50: boolean;
  above_sma_200: boolean | null;
}

interface Bars {
  provider: string;
  rows: { date: string; close: number | null; adj_close: number | null }[];
}

/** Daily closes of one symbol via market.ohlcv; null plus a warning when none. */
export async function closes(ctx: Context, symbol: string, limit: number) {
  const env = await ctx.call<Bars>("market.ohlcv", { symbols: symbol, limit, timeframe: "1d" });
  if (!env.ok || !env.data) {
    ctx.warn(`${symbol}: ${env.error ?? "no bars"}`);
    return null;
  }
  const rows = env.data.rows.filter((r) => (r.adj_close ?? r.close) !== null);
  return { provider: env.data.provider, rows };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function stats(symbol: string, bars: Bars, lookback: number): Stats | null {
  // Adjusted closes, so a dividend or split is not read as a price move.
  const c = bars.rows.map((r) => (r.adj_close ?? r.close)!);
  const n = c.length;
  if (n < 2) return null;
  const L = Math.min(Math.max(lookback, 1), n - 1);
  const last = c[n - 1];
  const sma50 = mean(c.slice(-50));
  // A 200-day average from fewer bars is not one: report null instead of a shorter mean.
  const sma200 = n >= 200 ? mean(c.slice(-200)) : null;
  return {
    symbol,
    provider: bars.provider,
    last_date: bars.rows[n - 1].date,
    last_close: r4(last),
    return_pct: r2((last / c[n - 1 - L] - 1) * 100),
    lookback_bars: L,
    sma_50: r4(sma50),
    sma_200: sma200 === null ? null : r4(sma200),
    sma_200_bars: Math.min(n, 200),
    above_sma_50: last >= sma50,
    above_sma_200: sma200 === null ? null : last >= sma200,
  };
}

export function breadthOf(risk: Stats[]) {
  const T = risk.length;
  const positive = risk.filter((s) => s.return_pct > 0).length;
  const above50 = risk.filter((s) => s.above_sma_50).length;
  const c = Math.max(1, Math.round(0.67 * T));
  const w = Math.max(1, Math.round(0.34 * T));
  const value = T === 0
    ? "unknown"
    : positive >= c && above50 >= c
    ? "constructive"
    : positive <= w && above50 <= w
    ? "weak"
    : "mixed";
  return { value, positive, above50, T };
}

export function volatilityOf(vix: number | null) {
  if (vix === null) return "unknown";
  return vix < 20 ? "contained" : vix < 30 ? "elevated" : "stressed";
}

export function classify(
  spyAbove200: boolean | null,
  breadth: string,
  vol: string,
): "risk_on" | "bear_trend" | "risk_off" | "mixed" {
  if (
    spyAbove200 === true && breadth === "constructive" && (vol === "contained" || vol === "unknown")
  ) {
    return "risk_on";
  }
  if (spyAbove200 === false && breadth === "weak") return "bear_trend";
  if (vol === "stressed") return "risk_off";
  return "mixed";
}

export async function regime(ctx: Context, market: string, timeframe: string) {
  if (market !== "US") {
    throw new InputError(`market.regime: only market=US is configured, not ${market}`);
  }
  const L = LOOKBACK[timeframe];
  const risk = ["SPY", "QQQ", "IWM"];
  const got = await Promise.all([...risk, "^VIX"].map((s) => closes(ctx, s, 260)));
  const st = risk.map((s, i) => (got[i] ? stats(s, got[i]!, L) : null));
  const spy = st[0];
  if (!spy) {
    throw new FinanceError(
      "market.regime: no daily bars for SPY, the primary benchmark; see warnings",
    );
  }
  const avail = st.filter((s): s is Stats => s !== null);
  const b = breadthOf(avail);
  const vixBars = got[3];
  const vixLast = vixBars?.rows.length ? (vixBars.rows.at(-1)!.close ?? null) : null;
  const vol = volatilityOf(vixLast);
  const value = classify(spy.above_sma_200, b.value, vol);
  if (spy.sma_200 === null) {
    ctx.warn(`SPY has only ${spy.sma_200_bars} bars; the 200-day trend is unknown`);
  }
  let confidence = 0.45;
  if (spy.above_sma_200) confidence += 0.15;
  if (b.value === "constructive" || b.value === "weak") confidence += 0.2;
  if (vol !== "unknown") confidence += 0.1;
  return {
    market,
    timeframe,
    lookback_bars: L,
    regime: value,
    confidence: Math.min(0.9, r2(confidence)),
    signals: [
      {
        name: "index_trend",
        symbol: "SPY",
        value: spy.above_sma_200 === null
          ? "unknown"
          : spy.above_sma_200
          ? "above_200dma"
          : "below_200dma",
        direction: spy.above_sma_200 === null
          ? "neutral"
          : spy.above_sma_200
          ? "bullish"
          : "bearish",
        inputs: spy,
      },
      {
        name: "breadth",
        value: b.value,
        direction: b.value === "constructive"
          ? "bullish"
          : b.value === "weak"
          ? "bearish"
          : "neutral",
        positive_benchmark_count: b.positive,
        above_50dma_count: b.above50,
        total_benchmarks: b.T,
        inputs: avail,
      },
      {
        name: "volatility",
        symbol: "^VIX",
        value: vol,
        direction: vol === "stressed" ? "bearish" : "neutral",
        last_close: vixLast,
        thresholds: { contained_below: 20, stressed_from: 30 },
      },
    ],
    rules: "risk_on: SPY above 200-day SMA, breadth constructive, volatility contained/unknown; " +
      "bear_trend: SPY below 200-day SMA and breadth weak; risk_off: VIX >= 30; else mixed",
    source: "market.ohlcv daily adjusted closes",
    as_of: spy.last_date,
  };
}

export const SECTOR_ETFS: Record<string, string> = {
  Technology: "XLK",
  "Communication Services": "XLC",
  "Consumer Discretionary": "XLY",
  "Consumer Staples": "XLP",
  Energy: "XLE",
  Financials: "XLF",
  "Health Care": "XLV",
  Industrials: "XLI",
  Materials: "XLB",
  "Real Estate": "XLRE",
  Utilities: "XLU",
};

export async function sectorHeat(ctx: Context, market: string, lookback: number) {
  if (market !== "US") {
    throw new InputError(`market.sector_heat: only market=US is configured, not ${market}`);
  }
  const entries = Object.entries(SECTOR_ETFS);
  const limit = Math.max(lookback + 5, 30);
  const got = await Promise.all(entries.map(([, s]) => closes(ctx, s, limit)));
  const rows = entries.flatMap(([name, symbol], i) => {
    const s = got[i] ? stats(symbol, got[i]!, lookback) : null;
    return s
      ? [{
        name,
        symbol,
        heat_score: s.return_pct,
        return_pct: s.return_pct,
        lookback_bars: s.lookback_bars,
        last_close: s.last_close,
        last_date: s.last_date,
        provider: s.provider,
      }]
      : [];
  });
  if (!rows.length) {
    throw new FinanceError("market.sector_heat: no sector ETF returned bars; see warnings");
  }
  rows.sort((a, b) => b.heat_score - a.heat_score);
  const half = Math.floor(rows.length / 2);
  const k = Math.min(5, half || 1);
  return {
    market,
    group_by: "sector",
    lookback_days: lookback,
    leaders: rows.slice(0, k),
    laggards: rows.slice(-k).reverse(),
    all: rows,
    count: rows.length,
    source: "market.ohlcv daily adjusted closes of SPDR sector ETFs",
  };
}
