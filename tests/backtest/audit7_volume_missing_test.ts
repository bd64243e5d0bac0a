/**
 * A backtest panel stored a volume the provider does not state (an index's or a currency pair's,
 * null in market.ohlcv) and the volume of a day a symbol had no bar (carried from another
 * symbol's calendar) as 0: a custom strategy then read a day without a bar, or a series without
 * volumes, as a day nothing traded. Such volumes are NaN now (null in the strategy's JSON), and
 * every built-in strategy's targets and the simulation are the same as before.
 */
import assert from "node:assert/strict";
import { alignBars, type Bar } from "../../analysis/backtest/data.ts";
import { customInput } from "../../analysis/backtest/custom.ts";
import { simulate } from "../../analysis/backtest/engine.ts";
import { STRATEGIES } from "../../analysis/backtest/strategies.ts";
import { resolveParams } from "../../analysis/backtest/params.ts";
import type { Panel, SimConfig } from "../../analysis/backtest/types.ts";
import { deferRows } from "../../providers/bar_columns.ts";
import type { Bar as ProviderBar } from "../../providers/market_a/bars.ts";

const bar = (date: string, close: number, volume: number | null): Bar => ({
  date,
  open: close,
  high: close * 1.01,
  low: close * 0.99,
  close,
  adj_close: close,
  volume,
});

/** Weekdays from 2024-01-01, `n` of them. */
function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse("2024-01-01T00:00:00Z"); out.length < n; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() % 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

Deno.test("alignBars: an unstated volume and a carried day's volume are NaN, not 0", () => {
  const days = weekdays(6);
  const out = alignBars(
    {
      // an equity that traded nothing on day 2 (a real 0), and has no bar on day 4
      A: {
        rows: days.filter((_, i) => i !== 4).map((d, i) => bar(d, 10 + i, i === 2 ? 0 : 500)),
      },
      // an index: its provider states no volume (market.ohlcv: null)
      I: { rows: days.map((d, i) => bar(d, 5000 + i, null)) },
    },
    ["A", "I"],
    days[0],
    days[5],
  );
  const [a, i] = out.panel.volume;
  assert.equal(a[2], 0, "a stated 0 is a day nothing traded, and stays");
  assert.equal(a[1], 500);
  assert.ok(Number.isNaN(a[4]), `carried day: ${a[4]}`);
  assert.ok(Array.from(i).every(Number.isNaN), `index volumes: ${Array.from(i)}`);
  // a custom strategy gets them as null (the panel goes to it as JSON), never as 0
  const input = JSON.parse(JSON.stringify(customInput(out.panel, {})));
  assert.equal(input.ohlcv.A.volume[4], null);
  assert.equal(input.ohlcv.A.volume[2], 0);
  assert.deepEqual(input.ohlcv.I.volume, days.map(() => null));
});

Deno.test("alignBars: rows without a volume field give NaN too", () => {
  const days = weekdays(4);
  // rows without the volume field at all (a provider that has none)
  const rows = days.map((d, i) => {
    const { volume: _, ...r } = bar(d, 1.1 + i / 100, null);
    return r as Bar;
  });
  const out = alignBars({ "EURUSD=X": { rows } }, ["EURUSD=X"], days[0], days[3]);
  assert.ok(Array.from(out.panel.volume[0]).every(Number.isNaN));
});

Deno.test("alignBars: bars in columns (Stooq's reader) keep a missing volume NaN", () => {
  const dates = weekdays(4);
  const close = Float64Array.from([10, 11, 12, 13]);
  const holder = { rows: [] as ProviderBar[] };
  deferRows(holder, {
    dates,
    open: close,
    high: close,
    low: close,
    close,
    adjClose: Float64Array.from(close),
    volume: Float64Array.from([100, NaN, 0, 300]),
  });
  const out = alignBars({ S: holder }, ["S"], dates[0], dates[3]);
  const v = Array.from(out.panel.volume[0]);
  assert.deepEqual([v[0], v[2], v[3]], [100, 0, 300]);
  assert.ok(Number.isNaN(v[1]), `unstated volume: ${v[1]}`);
});

const CONFIG: SimConfig = {
  initialCash: 10_000,
  fees: 0.001,
  fixedFees: 0,
  slippage: 0,
  fill: "next_open",
  leverage: 1,
};

Deno.test("built-in strategies and the simulation ignore volume: NaN changes nothing", () => {
  const n = 260;
  const close = (k: number) =>
    Array.from({ length: n }, (_, t) => 100 + 10 * Math.sin((t + 7 * k) / 9) + t / 20);
  const mk = (volume: () => Float64Array): Panel => ({
    symbols: ["A", "B"],
    dates: weekdays(n),
    open: [0, 1].map((k) => Float64Array.from(close(k))),
    high: [0, 1].map((k) => Float64Array.from(close(k), (c) => c * 1.01)),
    low: [0, 1].map((k) => Float64Array.from(close(k), (c) => c * 0.99)),
    close: [0, 1].map((k) => Float64Array.from(close(k))),
    volume: [volume(), volume()],
    start: 60,
  });
  const zero = mk(() => new Float64Array(n));
  const nan = mk(() => new Float64Array(n).fill(NaN));
  let compared = 0;
  for (const def of STRATEGIES) {
    let params;
    try {
      params = resolveParams(def, {});
    } catch {
      continue; // a strategy that needs arguments (a custom file, a weights table)
    }
    let a;
    try {
      a = def.targets(zero, params, new Map());
    } catch {
      continue;
    }
    const b = def.targets(nan, params, new Map());
    assert.deepEqual(b.map((x) => Array.from(x)), a.map((x) => Array.from(x)), def.name);
    const sa = simulate(zero, a, CONFIG);
    const sb = simulate(nan, b, CONFIG);
    assert.deepEqual(Array.from(sb.equity), Array.from(sa.equity), def.name);
    compared++;
  }
  assert.ok(compared >= 5, `only ${compared} built-in strategies compared`);
});
