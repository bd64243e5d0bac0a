/**
 * Backtest correctness against hand calculations on bars nobody tuned on:
 * - a fixed fee larger than a rebalance's trim took cash below zero with leverage=1 (a $3 sale
 *   paying a $5 fee); such sales are not placed now, and the run says how many;
 * - a bar a provider dated but gave no close (a halt) was dropped without a word, and a bar
 *   without an open was filled at its close without a word;
 * - a stretch of weeks with no bar of any symbol was stepped over in one return, unsaid;
 * - an account wiped out (equity below zero) still had a Sharpe, Sortino and Omega ratio, and
 *   its Calmar ratio was said to be null because "there was no drawdown";
 * - a custom module's weights under a name the run does not have (aapl for AAPL) were dropped,
 *   the symbol never traded, without a word;
 * - warmup_bars given below what the strategy needs left its first bars unable to trade, unsaid.
 */
import assert from "node:assert/strict";
import { alignBars, type Bar } from "../../analysis/backtest/data.ts";
import { simulate } from "../../analysis/backtest/engine.ts";
import * as custom from "../../analysis/backtest/custom.ts";
import { evaluate } from "../../analysis/backtest/pipeline.ts";
import { findStrategy } from "../../analysis/backtest/strategies.ts";
import { gridMetrics } from "../../analysis/backtest/tune.ts";
import { loadPanel } from "../../analysis/backtest/load.ts";
import type { Context } from "../../core/context.ts";
import type { SimConfig } from "../../analysis/backtest/types.ts";
import { panelOf, randomPanel } from "./_bars.ts";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const cfg = (over: Partial<SimConfig> = {}): SimConfig => ({
  initialCash: 100000,
  fees: 0,
  fixedFees: 0,
  slippage: 0,
  fill: "next_open",
  leverage: 1,
  ...over,
});

/** Cash after every order, from the orders alone (the engine keeps no cash curve). */
function lowestCash(initial: number, orders: { size: number; price: number; fees: number }[]) {
  let cash = initial;
  let low = cash;
  for (const o of orders) {
    cash -= o.size * o.price + o.fees;
    low = Math.min(low, cash);
  }
  return low;
}

Deno.test("a trim worth less than the fixed fee is not placed, so cash never goes negative", () => {
  // bought on bar 1 with all the cash (fee 5), then a $3 trim asked on bar 1: it would pay 5
  const panel = panelOf({ A: [100, 100, 100, 100] });
  const n = panel.dates.length;
  const w = new Float64Array(n).fill(NaN);
  w[0] = 1;
  w[1] = 1 - 3 / 99995;
  const sim = simulate(panel, [w], cfg({ fixedFees: 5 }));
  // hand calculation: 99,995 / 100 = 999.95 shares bought, cash 0; the trim is not placed
  assert.equal(sim.orders.length, 1, JSON.stringify(sim.orders));
  assert.ok(Math.abs(sim.orders[0].size - 999.95) < 1e-9);
  assert.ok(lowestCash(100000, sim.orders) >= -1e-6);
  assert.equal(sim.belowFixedFee, 1);
  assert.ok(Math.abs(sim.equity[n - 1] - 99995) < 1e-6, `${sim.equity[n - 1]}`);
  const ev = evaluate(panel, [w], cfg({ fixedFees: 5 }), "1d");
  assert.ok(
    ev.notes.some((t) =>
      /1 sale\(s\) whose proceeds after fees did not cover fixed_fees=5/.test(t)
    ),
    ev.notes.join("\n"),
  );
});

Deno.test("daily rebalancing with fixed fees keeps cash at or above zero, run and tune alike", () => {
  const panel = randomPanel(3, 400);
  panel.start = 30;
  const def = findStrategy("momentum_top_n")!;
  const params = { lookback: 20, top_n: 2, rebalance: "D" };
  const c = cfg({ fees: 0.001, fixedFees: 50 });
  const sim = simulate(panel, def.targets(panel, params, new Map()), c);
  assert.ok(lowestCash(100000, sim.orders) >= -1e-6, `${lowestCash(100000, sim.orders)}`);
  // every sale placed raised more than its fees
  assert.ok(sim.orders.every((o) => o.size > 0 || -o.size * o.price > o.fees));
  assert.ok((sim.belowFixedFee ?? 0) > 0);
  // the tune's one-pass engine fills the same way: the same metrics as one run at a time
  const grid = gridMetrics(panel, def, [params], c, "1d");
  const each = gridMetrics(panel, def, [params], c, "1d", undefined, true);
  assert.deepEqual(grid, each);
  assert.equal(each[0].total_fees_paid, sim.feesPaid);
});

const bar = (date: string, close: number | null, open: number | null = close): Bar => ({
  date,
  open,
  high: close,
  low: close,
  close,
  adj_close: close,
  volume: 100,
});
const days = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08", "2024-01-09"];

Deno.test("a dated bar without a close (a halt) is left out and said, one symbol or several", () => {
  const a = { currency: "USD", rows: days.map((d, i) => bar(d, i === 2 || i === 3 ? null : 10)) };
  const alone = alignBars({ A: a }, ["A"], days[0], days[5]);
  assert.deepEqual(alone.panel.dates, [days[0], days[1], days[4], days[5]]);
  assert.ok(
    alone.notes.some((t) => /^A: 2 bars \(first 2024-01-04\) came without a close/.test(t)),
    alone.notes.join("\n"),
  );
  const b = { currency: "USD", rows: days.map((d) => bar(d, 20)) };
  const both = alignBars({ A: a, B: b }, ["A", "B"], days[0], days[5]);
  assert.equal(both.panel.dates.length, 6);
  assert.ok(both.notes.some((t) => /^A: 2 bars .*without a close/.test(t)), both.notes.join("\n"));
});

Deno.test("a close below zero (a future's) is left out and said as such, not as a halt", () => {
  const rows = days.map((d, i) => bar(d, i === 3 ? -37.63 : 18 + i));
  const out = alignBars({ "CL=F": { currency: "USD", rows } }, ["CL=F"], days[0], days[5]);
  assert.equal(out.panel.dates.length, 5);
  assert.ok(
    out.notes.some((t) => /^CL=F: 1 bar \(first 2024-01-05\) closed at or below zero/.test(t)),
    out.notes.join("\n"),
  );
  assert.ok(!out.notes.some((t) => /without a close/.test(t)));
});

Deno.test("a bar without an open is read at its close, and said", () => {
  const rows = days.map((d, i) => bar(d, 10 + i, i === 3 ? null : i === 4 ? 0 : 10 + i));
  const out = alignBars({ A: { rows } }, ["A"], days[0], days[5]);
  assert.equal(out.panel.open[0][3], 13);
  assert.ok(
    out.notes.some((t) => /^A: 2 bars \(first 2024-01-05\) came without an open/.test(t)),
    out.notes.join("\n"),
  );
  // complete bars: nothing to say
  const full = alignBars({ A: { rows: days.map((d) => bar(d, 10)) } }, ["A"], days[0], days[5]);
  assert.ok(!full.notes.some((t) => /without an (open|close)/.test(t)), full.notes.join("\n"));
});

/** A context answering market.ohlcv with the given rows, collecting warnings. */
function fakeContext(rows: Bar[], warnings: string[]): Context {
  return {
    call: () =>
      Promise.resolve({
        ok: true,
        data: { symbol: "A", provider: "test", currency: "USD", rows },
        error: null,
        warnings: [],
      }),
    warn: (w: string) => warnings.push(w),
  } as unknown as Context;
}

/** Weekdays from `from`, `n` of them, skipping the dates in `skip`. */
function weekdays(from: string, n: number, skip: (d: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); out.length < n; t += 86_400_000) {
    const d = new Date(t);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() % 6 && !skip(iso)) out.push(iso);
  }
  return out;
}

Deno.test("weeks with no bar at all inside the window are said (a halt the bars do not show)", async () => {
  // 2024-03-04 … 2024-03-22: three weeks missing from the only symbol's history
  const dates = weekdays("2024-01-02", 120, (d) => d >= "2024-03-04" && d <= "2024-03-22");
  const rows = dates.map((d, i) => bar(d, 100 + Math.sin(i) * 5));
  const warnings: string[] = [];
  const loaded = await loadPanel(fakeContext(rows, warnings), {
    symbols: ["A"],
    startDate: "2024-01-02",
    endDate: dates.at(-1)!,
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  assert.equal(loaded.panel.dates.length, 120);
  assert.ok(
    warnings.some((w) =>
      /1 gap of more than 7 days with no bar of any symbol \(from 2024-03-01 to 2024-03-25, 24 days/
        .test(w)
    ),
    warnings.join("\n"),
  );
  // ordinary weekends and holidays are no gap
  const plain: string[] = [];
  await loadPanel(fakeContext(weekdays("2024-01-02", 120).map((d) => bar(d, 100)), plain), {
    symbols: ["A"],
    startDate: "2024-01-02",
    endDate: "2024-06-30",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  assert.ok(!plain.some((w) => /gap/.test(w)), plain.join("\n"));
});

Deno.test("an account wiped out (equity below zero): no Sharpe, Sortino, Omega or CAGR of it", () => {
  // 10x long: up for 30 bars, then −3% a bar; equity crosses zero and keeps "returning"
  const closes = [100];
  for (let i = 1; i < 60; i++) {
    closes.push(i < 30 ? 100 + i * 0.1 - (i % 2) * 0.3 : closes[i - 1] * 0.97);
  }
  const panel = panelOf({ A: closes });
  const w = new Float64Array(60).fill(NaN);
  w[0] = 10;
  const ev = evaluate(
    panel,
    [w],
    cfg({ initialCash: 1000, fill: "next_close", leverage: 10 }),
    "1d",
  );
  const m = ev.metrics;
  assert.ok(m.end_value < 0 && m.max_drawdown_pct > 100);
  // the old figures: a Sharpe of +0.05 and an Omega above 1 for a loss of 588%
  assert.equal(m.sharpe_ratio, null);
  assert.equal(m.sortino_ratio, null);
  assert.equal(m.omega_ratio, null);
  assert.equal(m.volatility_pct, null);
  assert.equal(m.cagr_pct, null);
  assert.equal(m.calmar_ratio, null);
  assert.ok(ev.notes.some((t) => /equity fell to zero or below \(max_drawdown_pct 475/.test(t)));
  // never "there was no drawdown" for a run that lost it all
  assert.ok(!ev.notes.some((t) => /no drawdown/.test(t)), ev.notes.join("\n"));
});

Deno.test("custom weights keyed by a name the run does not have are refused; a symbol left out is said", () => {
  const panel = panelOf({ AAPL: [1, 2, 3, 4], MSFT: [5, 6, 7, 8] });
  const w = [1, null, null, null];
  // "aapl" for AAPL: before, AAPL silently had no orders and the run was ok
  assert.throws(
    () => custom.toTargets(panel, { kind: "weights", weights: { aapl: w, MSFT: w } }),
    /weights has "aapl", not a symbol of this run; key each series by ctx\.symbols exactly \(AAPL, MSFT\)/,
  );
  assert.throws(
    () => custom.toTargets(panel, { kind: "signals", entries: { AAPL: [true] }, exits: { X: [] } }),
    /exits has "X"/,
  );
  const partial = { kind: "weights" as const, weights: { MSFT: w } };
  const targets = custom.toTargets(panel, partial);
  assert.ok(Array.from(targets[0]).every(Number.isNaN));
  assert.equal(
    custom.unansweredNote?.(panel, partial),
    "custom strategy gave no weights for AAPL: it is never traded in this run",
  );
  assert.equal(
    custom.unansweredNote?.(panel, { kind: "weights", weights: { AAPL: w, MSFT: w } }),
    null,
  );
});

Deno.test("warmup_bars below what the strategy needs is said, by backtest.run and backtest.tune", async () => {
  const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
  const args = {
    symbols: "AAPL,MSFT",
    provider: "market_a",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    warmup_bars: 20,
  };
  // sma_cross slow=50 needs 50 bars before start_date; 20 were asked for
  const run = await envelope<{ metrics: unknown }>("backtest.run", {
    ...args,
    strategy: "sma_cross",
    params: { fast: 5, slow: 50 },
  }, replay);
  dataOf(run);
  assert.ok(
    run.warnings.some((w) =>
      /^warmup_bars=20 is below the 50 bars sma_cross needs before start_date/.test(w)
    ),
    run.warnings.join("\n"),
  );
  const tune = await envelope<{ runs: number }>("backtest.tune", {
    ...args,
    strategy: "momentum_top_n",
    grid: { lookback: [5, 30], top_n: [1] },
  }, replay);
  dataOf(tune);
  assert.ok(
    tune.warnings.some((w) => /^warmup_bars=20 is below the 30 bars momentum_top_n needs/.test(w)),
    tune.warnings.join("\n"),
  );
  // a stored run description says it before the run
  const payload = await envelope<unknown>("backtest.strategy.payload", {
    strategy_id: "sma_cross",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    parameters: { fast: 5, slow: 50 },
    warmup_bars: 20,
  });
  assert.ok(
    payload.warnings.some((w) => /^warmup_bars=20 is below the 50 bars sma_cross/.test(w)),
    payload.warnings.join("\n"),
  );
  // enough warm-up: nothing said
  const enough = await envelope<{ runs: number }>("backtest.tune", {
    ...args,
    strategy: "momentum_top_n",
    grid: { lookback: [5, 10], top_n: [1] },
  }, replay);
  assert.ok(!enough.warnings.some((w) => /^warmup_bars=/.test(w)), enough.warnings.join("\n"));
});

Deno.test("a benchmark bought on a day one of its symbols had no bar is said", () => {
  // B has no bar on the second day, the benchmark's fill (a holiday of its market)
  const a = { currency: "USD", rows: days.map((d, i) => bar(d, 10 + i)) };
  const b = { currency: "USD", rows: days.filter((_d, i) => i !== 1).map((d) => bar(d, 20)) };
  const { panel } = alignBars({ A: a, B: b }, ["A", "B"], days[0], days[5]);
  const hold = new Float64Array(panel.dates.length).fill(NaN);
  const ev = evaluate(panel, [hold, hold.slice()], cfg(), "1d");
  assert.ok(
    ev.notes.some((t) =>
      /^the benchmark bought B on 2024-01-03, a day it had no bar of its own/.test(t)
    ),
    ev.notes.join("\n"),
  );
});
