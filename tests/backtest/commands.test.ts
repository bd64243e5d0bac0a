import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;

Deno.test("backtest.strategies lists the built-ins with parameter schemas", async () => {
  const d = dataOf(await envelope<Data>("backtest.strategies"));
  const names = d.strategies.map((s: Data) => s.name);
  for (const n of ["buy_hold", "sma_cross", "rsi_reversion", "momentum_top_n"]) {
    assert.ok(names.includes(n), n);
  }
  const mom = d.strategies.find((s: Data) => s.name === "momentum_top_n");
  assert.deepEqual(mom.parameters.rebalance.allowed, ["D", "W", "M"]);
  assert.equal(mom.parameters.lookback.default, 63);
});

Deno.test("backtest.describe: built-in, custom contract, unknown name", async () => {
  const d = dataOf(await envelope<Data>("backtest.describe", { strategy: "rsi_reversion" }));
  assert.deepEqual(
    Object.fromEntries(Object.entries(d.parameters).map(([k, v]) => [k, (v as Data).default])),
    { window: 14, lower: 30, upper: 55 },
  );
  const c = dataOf(await envelope<Data>("backtest.describe", { strategy: "custom" }));
  assert.match(c.contract.generateWeights, /generateWeights\(ctx\)/);
  const bad = await envelope("backtest.describe", { strategy: "macd" });
  assert.match(bad.error!, /unknown strategy "macd"; built-ins are buy_hold, sma_cross/);
});

Deno.test("backtest.factor.weights: BEHAVIOR example, long_only, bad input", async () => {
  const scores = { aapl: 1.2, MSFT: 0.4, NVDA: 2.0, TSLA: -1.0, META: 0.9, XOM: null };
  const d = dataOf(await envelope<Data>("backtest.factor.weights", { factor_name: "m", scores }));
  assert.deepEqual(d.weights, { AAPL: 0, META: 0, MSFT: 0, NVDA: 0.5, TSLA: -0.5 });
  assert.deepEqual(d.skipped, ["XOM"]);
  assert.equal(d.gross_exposure, 1);
  assert.equal(d.net_exposure, 0);
  const lo = dataOf(
    await envelope<Data>("backtest.factor.weights", {
      factor_name: "m",
      scores: JSON.stringify(scores),
      direction: "long_only",
      top_pct: 0.4,
    }),
  );
  assert.deepEqual(lo.long.map((x: Data) => [x.symbol, x.weight]), [["NVDA", 0.5], ["AAPL", 0.5]]);
  assert.equal(lo.short.length, 0);
  const bad = await envelope("backtest.factor.weights", { factor_name: "m", scores: { A: "x" } });
  assert.match(bad.error!, /A must be a number/);
  const dir = await envelope("backtest.factor.weights", {
    factor_name: "m",
    scores,
    direction: "sideways",
  });
  assert.equal(dir.ok, false, "unknown direction is refused, not read as long-only");
  const pct = await envelope("backtest.factor.weights", { factor_name: "m", scores, top_pct: 20 });
  assert.match(pct.error!, /top_pct must be a fraction/);
});

Deno.test("backtest.factor.payload reversal: scores from bars on month ends", async () => {
  const d = dataOf(
    await envelope<Data>("backtest.factor.payload", {
      factor_name: "reversal",
      symbols: "AAPL,MSFT",
      start_date: "2023-03-01",
      end_date: "2023-06-30",
      provider: "market_a",
    }, replay),
  );
  assert.deepEqual(d.rebalances.map((r: Data) => r.date), [
    "2023-03-31",
    "2023-04-28",
    "2023-05-31",
    "2023-06-30",
  ]);
  for (const r of d.rebalances) {
    assert.equal(r.unscored.length, 0, "warm-up history gives a score on the first date");
    const [hi] = Object.entries(r.scores).sort((a, b) => (b[1] as number) - (a[1] as number));
    assert.equal(r.long[0].symbol, hi[0]);
    assert.equal(r.net_exposure, 0);
  }
  const size = await envelope("backtest.factor.payload", {
    factor_name: "size",
    symbols: "AAPL",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
  }, replay);
  assert.match(size.error!, /unknown factor "size"; available: momentum, reversal/);
});

Deno.test("backtest.strategy.payload: run_args run as-is in backtest.run", async () => {
  const p = dataOf(
    await envelope<Data>("backtest.strategy.payload", {
      strategy_id: "sma_cross",
      start_date: "2023-03-01",
      end_date: "2023-06-30",
      parameters: { fast: 5 },
      symbols: "aapl,msft",
      provider: "market_a",
    }),
  );
  assert.equal(p.complete, true);
  assert.deepEqual(p.run_args.params, { fast: 5, slow: 100 });
  const bad = await envelope("backtest.strategy.payload", {
    strategy_id: "sma_cross",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    parameters: { fast: 500 },
  });
  assert.match(bad.error!, /fast must be below slow/);
  // slow=100 needs more warm-up than the cassette holds, so run it with slow=20.
  const again = dataOf(
    await envelope<Data>("backtest.strategy.payload", {
      strategy_id: "sma_cross",
      start_date: "2023-03-01",
      end_date: "2023-06-30",
      parameters: { fast: 5, slow: 20 },
      symbols: "AAPL,MSFT",
      provider: "market_a",
    }),
  );
  const ran = await envelope<Data>("backtest.run", again.run_args, replay);
  assert.equal(dataOf(ran).config.params.slow, 20);
});
