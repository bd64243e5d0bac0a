/**
 * market.regime and market.sector_heat (BEHAVIOR 3.1 rules), computed from market.ohlcv so the
 * provider chain and its errors are the same; every signal carries its inputs.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import { oneBasis } from "./bar_basis.ts";
import { USUAL_CLOSED_WEEKDAYS, weekdaysAfter } from "../evidence/moves.ts";

export const LOOKBACK: Record<string, number> = { short: 20, swing: 60, long: 120 };

const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

export interface Stats {
  symbol: string;
  provider: string;
  /** The currency of the closes, as market.ohlcv states it (null when it does not). */
  currency: string | null;
  last_date: string;
  last_close: number;
  return_pct: number;
  lookback_bars: number;
  /** Null with fewer than 50 bars: an average of fewer is not a 50-day one. */
  sma_50: number | null;
  sma_200: number | null;
  sma_200_bars: number;
  above_sma_50: boolean | null;
  above_sma_200: boolean | null;
}

interface Bars {
  provider: string;
  currency?: string | null;
  rows: { date: string; close: number | null; adj_close: number | null }[];
}

/**
 * Daily closes of one symbol via market.ohlcv; null plus a warning when none. What market.ohlcv
 * says of the bars (they end months ago, dividends left out) is passed on: a regime read from
 * stale bars must say so.
 */
export async function closes(ctx: Context, symbol: string, limit: number) {
  const env = await ctx.call<Bars>("market.ohlcv", { symbols: symbol, limit, timeframe: "1d" });
  for (const w of env.warnings ?? []) {
    ctx.warn(w.startsWith(`${symbol}:`) || w.startsWith(`${symbol} `) ? w : `${symbol}: ${w}`);
  }
  if (!env.ok || !env.data) {
    ctx.warn(`${symbol}: ${env.error ?? "no bars"}`);
    return null;
  }
  // one basis: a close beside adjusted closes would read the dividends between as a move
  const basis = oneBasis(env.data.rows, symbol);
  if (basis.note) ctx.warn(basis.note);
  // a close of 0 or below is no price (a provider's placeholder): a return from it is infinite
  const rows = basis.rows.filter((r) => {
    const v = r.adj_close ?? r.close;
    return typeof v === "number" && Number.isFinite(v) && v > 0;
  });
  const bad = basis.rows.filter((r) => {
    const v = r.adj_close ?? r.close;
    return v !== null && !(typeof v === "number" && Number.isFinite(v) && v > 0);
  });
  if (bad.length) {
    ctx.warn(
      `${symbol}: ${bad.length} bar(s) have a close of 0 or below (${
        bad.slice(0, 3).map((r) => r.date).join(", ")
      }${bad.length > 3 ? ", …" : ""}), which is no price: they are left out`,
    );
  }
  return { provider: env.data.provider, currency: env.data.currency ?? null, rows };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function stats(symbol: string, bars: Bars, lookback: number): Stats | null {
  // Adjusted closes, so a dividend or split is not read as a price move.
  const c = bars.rows.map((r) => (r.adj_close ?? r.close)!);
  const n = c.length;
  if (n < 2) return null;
  const L = Math.min(Math.max(lookback, 1), n - 1);
  const last = c[n - 1];
  const sma50 = n >= 50 ? mean(c.slice(-50)) : null;
  // A 200-day average from fewer bars is not one: report null instead of a shorter mean.
  const sma200 = n >= 200 ? mean(c.slice(-200)) : null;
  return {
    symbol,
    provider: bars.provider,
    currency: bars.currency ?? null,
    last_date: bars.rows[n - 1].date,
    last_close: r4(last),
    return_pct: r2((last / c[n - 1 - L] - 1) * 100),
    lookback_bars: L,
    sma_50: sma50 === null ? null : r4(sma50),
    sma_200: sma200 === null ? null : r4(sma200),
    sma_200_bars: Math.min(n, 200),
    above_sma_50: sma50 === null ? null : last >= sma50,
    above_sma_200: sma200 === null ? null : last >= sma200,
  };
}

/**
 * Warnings for what a symbol's stats rest on: a return over fewer bars than asked (the history is
 * shorter than the lookback) and no 50-day average.
 */
export function shortfalls(s: Stats, lookback: number): string[] {
  const out: string[] = [];
  if (s.lookback_bars < lookback) {
    out.push(
      `${s.symbol} has ${
        s.lookback_bars + 1
      } bars: its return covers ${s.lookback_bars} bars, not the ${lookback} asked`,
    );
  }
  if (s.sma_50 === null) out.push(`${s.symbol} has fewer than 50 bars: no 50-day average`);
  return out;
}

/**
 * A warning when the bars a symbol's measures rest on hold a run of more than two weekdays in a
 * row without a bar (bars missing from the provider, a market shut for days, or bars further
 * apart than a day): its N-bar return and averages then span more time than N sessions. Names
 * the longest run and the measures whose bars take it in. Linear in the bars read.
 */
export function gapNote(
  symbol: string,
  rows: { date: string }[],
  measures: { label: string; bars: number }[],
): string | null {
  const n = rows.length;
  const widest = Math.min(n, Math.max(0, ...measures.map((m) => m.bars)));
  let most = 0;
  let at = -1;
  let holes = 0;
  for (let k = n - widest + 1; k < n; k++) {
    const gap = weekdaysAfter(rows[k - 1].date, rows[k].date) - 1;
    if (gap > USUAL_CLOSED_WEEKDAYS) holes++;
    if (gap > most) [most, at] = [gap, k];
  }
  if (most <= USUAL_CLOSED_WEEKDAYS) return null;
  // a measure over the last `bars` bars takes in the step from bar k-1 to bar k when k-1 is one
  const hit = measures.filter((m) => at - 1 >= n - Math.min(m.bars, n)).map((m) => m.label);
  const one = hit.length === 1;
  return `${symbol}: ${most} weekdays in a row without a bar between ${rows[at - 1].date} and ${
    rows[at].date
  }${holes > 1 ? ` (and ${holes - 1} more gap(s) of 3 weekdays or more)` : ""}: its ${
    hit.join(", ")
  } ${one ? "spans" : "span"} that gap, so ${one ? "it covers" : "they cover"} more time than ${
    one ? "its" : "their"
  } bars say (bars missing from the provider, the market shut for days, or bars further apart than a day)`;
}

/** The measures {@link stats} reads from a symbol's last bars, for {@link gapNote}. */
export function measuresOf(s: Stats) {
  return [
    { label: `${s.lookback_bars}-bar return`, bars: s.lookback_bars + 1 },
    ...(s.sma_50 === null ? [] : [{ label: "50-day average", bars: 50 }]),
    ...(s.sma_200 === null ? [] : [{ label: "200-day average", bars: 200 }]),
  ];
}

export function breadthOf(all: Stats[]) {
  // a benchmark without a 50-day average cannot vote on breadth
  const risk = all.filter((s) => s.above_sma_50 !== null);
  const T = risk.length;
  const positive = risk.filter((s) => s.return_pct > 0).length;
  const above50 = risk.filter((s) => s.above_sma_50).length;
  // two thirds up for constructive, at most a third for weak: 2 and 1 of 3 as the rules say,
  // and with fewer benchmarks no looser (1 of 2 up is mixed, not constructive)
  const c = Math.max(1, Math.ceil((2 * T) / 3));
  const w = Math.floor(T / 3);
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
  const vixDate = vixBars?.rows.length ? vixBars.rows.at(-1)!.date : null;
  const vol = volatilityOf(vixLast);
  if (vixLast !== null && vixDate && vixDate !== spy.last_date) {
    ctx.warn(
      `the VIX close used (${vixLast}) is from ${vixDate}, SPY's last bar from ${spy.last_date}: the volatility signal and the trend are not read on the same day`,
    );
  }
  const missing = risk.filter((_, i) => !st[i] || st[i]!.above_sma_50 === null);
  if (b.T > 0 && missing.length) {
    ctx.warn(
      `breadth is read from ${b.T} of ${risk.length} benchmarks (${
        missing.join(", ")
      } without bars or a 50-day average): it rests on fewer votes than the rules assume, and the confidence is lowered`,
    );
  }
  // bars with a hole of days: a 200-bar average over them is no 200-day one
  let spyGap = false;
  st.forEach((s, i) => {
    if (!s) return;
    const note = gapNote(s.symbol, got[i]!.rows, measuresOf(s));
    if (note) ctx.warn(note);
    if (note && i === 0) spyGap = true;
  });
  // breadth compares returns: ending on other days, they are not of one window
  const late = avail.filter((s) => s.last_date !== spy.last_date);
  if (late.length) {
    ctx.warn(
      `${
        late.map((s) => `${s.symbol}'s last bar is from ${s.last_date}`).join(", ")
      }, SPY's from ${spy.last_date}: breadth compares returns that end on different days`,
    );
  }
  const value = classify(spy.above_sma_200, b.value, vol);
  if (spy.sma_200 === null) {
    ctx.warn(`SPY has only ${spy.sma_200_bars} bars; the 200-day trend is unknown`);
  }
  for (const s of avail) for (const w of shortfalls(s, L)) ctx.warn(w);
  let confidence = 0.45;
  if (spy.above_sma_200) confidence += 0.15;
  if (b.value === "constructive" || b.value === "weak") confidence += 0.2;
  if (vol !== "unknown") confidence += 0.1;
  // a call resting on fewer signals is less sure: a tenth off for each one unknown
  const unknown = [
    spy.above_sma_200 === null && "index trend",
    b.value === "unknown" && "breadth",
    vol === "unknown" && "volatility",
  ].filter((x): x is string => Boolean(x));
  confidence -= 0.1 * unknown.length;
  if (b.T > 0 && missing.length) confidence -= 0.1;
  if (spyGap) confidence -= 0.1;
  if (unknown.length) {
    ctx.warn(
      `${unknown.length} of 3 signals unknown (${
        unknown.join(", ")
      }): the regime rests on the rest, and its confidence is lowered`,
    );
  }
  return {
    market,
    timeframe,
    lookback_bars: L,
    regime: value,
    confidence: Math.max(0.1, Math.min(0.9, r2(confidence))),
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

/** The most frequent of `xs` (the first of equals). */
function mode(xs: string[]): string {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

export async function sectorHeat(ctx: Context, market: string, lookback: number) {
  if (market !== "US") {
    throw new InputError(`market.sector_heat: only market=US is configured, not ${market}`);
  }
  const entries = Object.entries(SECTOR_ETFS);
  const limit = Math.max(lookback + 5, 30);
  const got = await Promise.all(entries.map(([, s]) => closes(ctx, s, limit)));
  const starts = new Map<string, string>();
  const rows = entries.flatMap(([name, symbol], i) => {
    const s = got[i] ? stats(symbol, got[i]!, lookback) : null;
    if (got[i] && !s) {
      ctx.warn(`${symbol}: ${got[i]!.rows.length} bar(s), too few for a return; left out`);
    }
    if (s) starts.set(symbol, got[i]!.rows[got[i]!.rows.length - 1 - s.lookback_bars].date);
    const gap = s &&
      gapNote(symbol, got[i]!.rows, [{
        label: `${s.lookback_bars}-bar return`,
        bars: s.lookback_bars + 1,
      }]);
    if (gap) ctx.warn(gap);
    return s
      ? [{
        name,
        symbol,
        heat_score: s.return_pct,
        return_pct: s.return_pct,
        lookback_bars: s.lookback_bars,
        last_close: s.last_close,
        currency: s.currency,
        last_date: s.last_date,
        provider: s.provider,
      }]
      : [];
  });
  if (!rows.length) {
    throw new FinanceError("market.sector_heat: no sector ETF returned bars; see warnings");
  }
  for (const r of rows) {
    if (r.lookback_bars < lookback) {
      ctx.warn(
        `${r.symbol} has ${
          r.lookback_bars + 1
        } bars: its return covers ${r.lookback_bars} bars, not the ${lookback} asked, so it ranks against longer returns`,
      );
    }
  }
  if (rows.length < entries.length) {
    const absent = entries.filter(([, sym]) => !rows.some((r) => r.symbol === sym));
    ctx.warn(
      `the ranking covers ${rows.length} of ${entries.length} sector ETFs (no return for ${
        absent.map(([n, sym]) => `${sym} ${n}`).join(", ")
      }): leaders and laggards are among those ranked only`,
    );
  }
  const ends = [...new Set(rows.map((r) => r.last_date))].sort();
  // same end and the same number of bars can still start on other days when an ETF lacks a
  // bar inside the window: its return then spans more calendar days than the others'
  const full = rows.filter((r) => r.lookback_bars === lookback);
  const begins = [...new Set(full.map((r) => starts.get(r.symbol)!))].sort();
  if (ends.length === 1 && begins.length > 1) {
    const usual = mode(full.map((r) => starts.get(r.symbol)!));
    const odd = full.filter((r) => starts.get(r.symbol) !== usual);
    ctx.warn(
      `the ETFs' return windows start on different dates (${begins[0]} to ${
        begins.at(-1)
      }) though they end on the same day: ${
        odd.map((r) => `${r.symbol} from ${starts.get(r.symbol)}`).join(", ")
      } against ${usual} for the rest; a window missing bars spans other days, so those returns do not compare like for like`,
    );
  }
  if (ends.length > 1) {
    ctx.warn(
      `the ETFs' bars end on different dates (${ends[0]} to ${
        ends.at(-1)
      }): their returns cover different windows (each row's last_date says which)`,
    );
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
    source: "market.ohlcv daily adjusted closes of SPDR sector ETFs (last_close is the " +
      "adjusted close, in currency; heat_score is return_pct, in percent)",
  };
}
