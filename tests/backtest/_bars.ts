/** Synthetic bars for engine tests: no provider, hand-picked prices. */
import type { Panel } from "../../analysis/backtest/types.ts";

/** A panel from per-symbol closes (and optional opens); dates are consecutive weekdays. */
export function panelOf(
  closes: Record<string, number[]>,
  opens?: Record<string, number[]>,
  start = 0,
): Panel {
  const symbols = Object.keys(closes);
  const n = closes[symbols[0]].length;
  const dates: string[] = [];
  let day = Date.parse("2024-01-01T00:00:00Z");
  while (dates.length < n) {
    const d = new Date(day);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) dates.push(d.toISOString().slice(0, 10));
    day += 86400000;
  }
  const arr = (v: number[]) => Float64Array.from(v);
  return {
    symbols,
    dates,
    open: symbols.map((s) => arr(opens?.[s] ?? closes[s])),
    high: symbols.map((s) => arr(closes[s].map((c, i) => Math.max(c, opens?.[s]?.[i] ?? c)))),
    low: symbols.map((s) => arr(closes[s].map((c, i) => Math.min(c, opens?.[s]?.[i] ?? c)))),
    close: symbols.map((s) => arr(closes[s])),
    volume: symbols.map(() => new Float64Array(n).fill(1000)),
    start,
  };
}

/** A deterministic random walk (xorshift), `n` bars per symbol, for benches and property tests. */
export function randomPanel(symbols: number, n: number, seed = 7): Panel {
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const closes: Record<string, number[]> = {};
  const opens: Record<string, number[]> = {};
  for (let s = 0; s < symbols; s++) {
    let p = 50 + 100 * rnd();
    const c: number[] = [];
    const o: number[] = [];
    for (let i = 0; i < n; i++) {
      const open = p * (1 + (rnd() - 0.5) * 0.01);
      p = open * (1 + (rnd() - 0.49) * 0.04);
      o.push(open);
      c.push(p);
    }
    closes[`S${String(s).padStart(2, "0")}`] = c;
    opens[`S${String(s).padStart(2, "0")}`] = o;
  }
  return panelOf(closes, opens);
}
