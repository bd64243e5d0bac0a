/**
 * Hostile inputs to the backtests: a short added beside a long already held under leverage 1,
 * fixed fees above the cash or the order, parameters and account sizes past any history or
 * float range, and a run agreeing with the matching set of a tune under every cost option.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { capGross, evaluate, round6 } from "../../analysis/backtest/pipeline.ts";
import { resolveParams } from "../../analysis/backtest/params.ts";
import { findStrategy } from "../../analysis/backtest/strategies.ts";
import type { SimConfig } from "../../analysis/backtest/types.ts";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { panelOf } from "./_bars.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;
const BASE = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};
const FREE: SimConfig = {
  initialCash: 1000,
  fees: 0,
  fixedFees: 0,
  slippage: 0,
  fill: "next_open",
  leverage: 1,
};

function rising(n: number) {
  return panelOf({
    A: Array.from({ length: n }, (_, i) => 100 + i),
    B: Array.from({ length: n }, (_, i) => 100 - i),
  });
}

function only(n: number, at: Record<number, number>) {
  const t = new Float64Array(n).fill(NaN);
  for (const [bar, w] of Object.entries(at)) t[Number(bar)] = w;
  return t;
}

Deno.test("audit9: a short on its own bar beside a long still held counts against leverage", () => {
  // +1 A on bar 2, then −1 B alone on bar 5: the bar's own weights sum to 1, but with A held the
  // book is 2x; leverage=1 ran it at 2x gross exposure without a word
  const n = 20;
  const panel = rising(n);
  const ev = evaluate(panel, [only(n, { 2: 1 }), only(n, { 5: -1 })], FREE, "1d");
  const most = Math.max(...ev.sim.exposure);
  assert.ok(most <= 1 + 1e-9, `gross exposure reached ${most}`);
  assert.ok(
    ev.notes.some((w) => /asked for up to 2\.00x gross exposure.*leverage=1/.test(w)),
    ev.notes.join("\n"),
  );
  // with leverage 2 the short is placed in full: about 2x, no note
  const lev = evaluate(panel, [only(n, { 2: 1 }), only(n, { 5: -1 })], {
    ...FREE,
    leverage: 2,
  }, "1d");
  assert.ok(Math.max(...lev.sim.exposure) > 1.9);
  assert.ok(!lev.notes.some((w) => /gross exposure/.test(w)));
});

Deno.test("audit9: capGross scales only the new weights, to the room the kept ones leave", () => {
  // kept A at 0.6; the bar asks B −0.8: 0.6 + 0.8 = 1.4 > 1, so B gets (1 − 0.6) / 0.8 = 0.5 of it
  const a = only(4, { 0: 0.6 });
  const b = only(4, { 2: -0.8 });
  const r = capGross([a, b], 1);
  assert.equal(r.bars, 1);
  assert.ok(Math.abs(r.most - 1.4) < 1e-12);
  assert.ok(Math.abs(b[2] - -0.4) < 1e-12, `B was ${b[2]}`);
  assert.equal(a[0], 0.6);
  // weights before `from` never trade and do not count
  const early = only(4, { 0: 1 });
  const late = only(4, { 2: -1 });
  assert.equal(capGross([early, late], 1, 1).bars, 0);
  assert.equal(late[2], -1);
});

Deno.test("audit9: buys the cash cannot fund after fixed fees are said, not silently dropped", () => {
  const n = 10;
  const panel = rising(n);
  // 1000 of cash and a fixed fee of 2000: the buy on bar 3 is never placed
  const none = evaluate(panel, [only(n, { 2: 1 }), only(n, {})], {
    ...FREE,
    fixedFees: 2000,
  }, "1d");
  assert.equal(none.sim.orders.length, 0);
  assert.ok(
    none.notes.some((w) => /1 buy order\(s\) were not placed.*fixed_fees=2000/.test(w)),
    none.notes.join("\n"),
  );
  // a fixed fee of 600: the buy gets the 400 left (1000 − 600) and pays 600 for it
  const dear = evaluate(panel, [only(n, { 2: 1 }), only(n, {})], {
    ...FREE,
    fixedFees: 600,
  }, "1d");
  assert.equal(dear.sim.orders.length, 1);
  const o = dear.sim.orders[0];
  assert.ok(Math.abs(o.size * o.price - 400) < 1e-9, `order worth ${o.size * o.price}`);
  assert.equal(o.fees, 600);
  assert.ok(
    dear.notes.some((w) =>
      /1 order\(s\) paid more in fees than they were worth.*600\.00 on 400\.00/.test(w)
    ),
    dear.notes.join("\n"),
  );
  // no fixed fee: neither note
  const free = evaluate(panel, [only(n, { 2: 1 }), only(n, {})], FREE, "1d");
  assert.ok(!free.notes.some((w) => /not placed|paid more in fees/.test(w)));
});

Deno.test("audit9: a window parameter past any history names the parameter", () => {
  const def = findStrategy("sma_cross")!;
  assert.throws(
    () => resolveParams(def, { fast: 1e9, slow: 2e9 }),
    /parameter `fast` must be at most 5000/,
  );
  assert.equal(resolveParams(def, { fast: 4999, slow: 5000 }).slow, 5000);
  // a declared maximum still rules (rsi levels stop at 100)
  const rsi = findStrategy("rsi_reversion")!;
  assert.throws(() => resolveParams(rsi, { lower: 101 }), /at most 100/);
});

Deno.test("audit9: backtest.run and tune refuse account sizes that overflow, naming the argument", async () => {
  const run = await envelope("backtest.run", {
    ...BASE,
    params: { fast: 5, slow: 20 },
    initial_cash: 1e308,
  }, replay);
  assert.equal(run.ok, false);
  assert.equal(run.data, null);
  assert.match(run.error ?? "", /initial_cash must be at most 1e\+15/);
  assert.doesNotMatch(run.error ?? "", /internal error/);
  const fees = await envelope("backtest.run", {
    ...BASE,
    params: { fast: 5, slow: 20 },
    fixed_fees: 1e300,
  }, replay);
  assert.match(fees.error ?? "", /fixed_fees must be at most/);
  // a tune set with a window past any history is skipped with the reason; the others run
  const tune = dataOf(
    await envelope<Data>("backtest.tune", {
      ...BASE,
      grid: { fast: [5, 1e9], slow: [20] },
    }, replay),
  );
  assert.equal(tune.runs, 1);
  assert.match(JSON.stringify(tune.skipped), /must be at most 5000/);
});

Deno.test("audit9: backtest.run equals the matching tune set under every cost and fill option", async () => {
  const options: Record<string, unknown>[] = [
    { fees: 0.003, slippage: 0.002, fill: "next_close" },
    { fixed_fees: 5000 },
    { fixed_fees: 200000 },
    { leverage: 2 },
    { initial_cash: 100, fixed_fees: 1 },
  ];
  for (const o of options) {
    const run = dataOf(
      await envelope<Data>(
        "backtest.run",
        { ...BASE, ...o, params: { fast: 5, slow: 20 } },
        replay,
      ),
    );
    const tune = dataOf(
      await envelope<Data>("backtest.tune", {
        ...BASE,
        ...o,
        grid: { fast: [3, 5], slow: [20] },
      }, replay),
    );
    const row = tune.leaderboard.find((r: Data) => r.params.fast === 5);
    assert.deepEqual(row.metrics, run.metrics, JSON.stringify(o));
  }
});

Deno.test("audit9: factor scores read as numbers only, and huge scores come back as given", async () => {
  // "0x10" was taken as 16 and ranked; "1,234" (a statement's thousands) was refused
  const hex = await envelope("backtest.factor.weights", {
    factor_name: "m",
    scores: { A: "0x10", B: 1 },
  });
  assert.equal(hex.ok, false);
  assert.match(hex.error ?? "", /scores: A must be a number.*got "0x10"/);
  const text = dataOf(
    await envelope<Data>("backtest.factor.weights", {
      factor_name: "m",
      scores: { A: "1,234", B: "(5)", C: "2.5e-3" },
    }),
  );
  assert.deepEqual(text.long, [{ symbol: "A", weight: 0.5, score: 1234 }]);
  assert.deepEqual(text.short, [{ symbol: "B", weight: -0.5, score: -5 }]);
  // 1e308 × 1e6 overflowed in the rounding: an internal error naming the score as null
  const huge = dataOf(
    await envelope<Data>("backtest.factor.weights", {
      factor_name: "m",
      scores: { A: 1e308, B: -1e308 },
    }),
  );
  assert.equal(huge.long[0].score, 1e308);
  assert.equal(huge.short[0].score, -1e308);
  assert.equal(round6(1e308), 1e308);
  assert.equal(round6(1.23456789), 1.234568);
});

Deno.test("audit9: a leveraged or short run says that no financing cost was charged", () => {
  const n = 20;
  const panel = rising(n);
  const fees = { ...FREE, fees: 0.001, leverage: 2 };
  const said = (notes: string[]) => notes.some((w) => /no financing cost is charged/.test(w));
  // 1.5x long on leverage 2: half the equity borrowed, free of interest
  const long = evaluate(panel, [only(n, { 2: 1.5 }), only(n, {})], fees, "1d");
  assert.ok(long.notes.some((w) => /held up to 1\.5\dx its equity/.test(w)), long.notes.join("\n"));
  // a short at any leverage
  const short = evaluate(panel, [only(n, { 2: 0.5 }), only(n, { 2: -0.5 })], FREE, "1d");
  assert.ok(short.notes.some((w) => /sold short, and no financing cost/.test(w)));
  // a plain 1x long, even with leverage 2 borrowing the fee, is not
  assert.ok(!said(evaluate(panel, [only(n, { 2: 1 }), only(n, {})], fees, "1d").notes));
  assert.ok(!said(evaluate(panel, [only(n, { 2: 1 }), only(n, {})], FREE, "1d").notes));
});
