import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, run } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "backtest", "cassette");
const replay = { replay: [CASSETTE] };
// deno-lint-ignore no-explicit-any
type Data = any;

const SMA = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  params: { fast: 5, slow: 20 },
};

Deno.test("backtest.run sma_cross: metrics, trades, curve; identical JSON on rerun", async () => {
  const a = await envelope<Data>("backtest.run", SMA, replay);
  const b = await envelope<Data>("backtest.run", SMA, replay);
  const d = dataOf(a);
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.equal(d.data.first_date, "2023-03-01");
  assert.equal(d.data.warmup_bars_loaded, 29, "warm-up bars come before start_date");
  assert.equal(d.config.warmup_bars, 20);
  assert.ok(d.metrics.total_trades > 0);
  assert.equal(d.equity_curve[0].equity, 100000);
  assert.equal(d.equity_curve[0].date, "2023-03-01");
  // No look-ahead: every order fills on the bar after a target was set.
  const fills = new Set(d.target_weights.map((r: Data) => r.fill_date));
  for (const o of d.orders) assert.ok(fills.has(o.date), `order on ${o.date} without a signal`);
  for (const r of d.target_weights) {
    if (r.fill_date !== null) assert.ok(r.fill_date > r.signal_date);
    else assert.equal(r.signal_date, "2023-06-30", "only a last-bar signal has no fill");
  }
});

Deno.test("backtest.run: bare key=value params land in params and are validated", async () => {
  const { params: _p, ...rest } = SMA;
  const out = await run("backtest.run", { ...rest, fast: "5", slow: "20" }, replay);
  assert.equal(out.status, "ok");
  assert.deepEqual((out.envelope.data as Data).config.params, { fast: 5, slow: 20 });
  const bad = await envelope("backtest.run", { ...rest, fastt: 5 }, replay);
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /no parameter `fastt`; its parameters are fast, slow/);
  const order = await envelope("backtest.run", { ...rest, fast: 30, slow: 20 }, replay);
  assert.match(order.error!, /fast must be below slow/);
});

Deno.test("backtest.run: provider failure is ok:false with the provider error", async () => {
  const env = await envelope("backtest.run", { ...SMA, start_date: "2021-03-01" }, replay);
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(env.error!, /price data unavailable, backtest not run/);
  assert.match(env.error!, /market_a/);
});

Deno.test("backtest.run: a symbol without data is named, never dropped silently", async () => {
  const args = { ...SMA, strategy: "buy_hold", symbols: "AAPL,ZZZZ", params: {} };
  const env = await envelope("backtest.run", args, replay);
  assert.equal(env.ok, false);
  assert.match(env.error!, /ZZZZ/);
  assert.match(env.error!, /drop_missing=true/);
  const kept = await envelope<Data>("backtest.run", { ...args, drop_missing: true }, replay);
  const d = dataOf(kept);
  assert.deepEqual(d.data.symbols, ["AAPL"]);
  assert.ok(kept.warnings.some((w) => w.includes("ZZZZ")));
});

Deno.test("backtest.run buy_hold: first order fills at the second bar's open", async () => {
  const env = await envelope<Data>(
    "backtest.run",
    { ...SMA, strategy: "buy_hold", params: {}, fees: 0 },
    replay,
  );
  const d = dataOf(env);
  assert.equal(d.orders.length, 2);
  assert.equal(d.orders[0].date, "2023-03-02");
  assert.equal(d.target_weights[0].signal_date, "2023-03-01");
  assert.equal(d.metrics.total_fees_paid, 0);
});

Deno.test("backtest.run custom: example rule runs sandboxed; Python and escapes refused", async () => {
  const base = { ...SMA, strategy: "custom", params: { window: 10 } };
  const ok = await envelope<Data>(
    "backtest.run",
    { ...base, strategy_file: join(FIXTURES, "backtest", "rule.ts"), warmup_bars: 20 },
    replay,
  );
  const d = dataOf(ok);
  assert.ok(d.metrics.total_trades > 0);
  assert.match(d.config.isolation, /read|file/);
  assert.ok(!ok.warnings.some((w) => w.includes("looks ahead")), ok.warnings.join("\n"));

  const py = await envelope("backtest.run", {
    ...base,
    strategy_file: join(FIXTURES, "backtest", "rule.py"),
  }, replay);
  assert.match(py.error!, /Python.*TypeScript or JavaScript/);

  const escape = await envelope("backtest.run", {
    ...base,
    strategy_file: join(FIXTURES, "backtest", "escape.ts"),
    warmup_bars: 20,
  }, replay);
  assert.equal(escape.ok, false);
  // said in the sandbox's words, not Deno's (whose --allow-read advice the user cannot follow)
  assert.match(escape.error!, /tried to read \/etc\/hostname, which the strategy sandbox/);
  assert.doesNotMatch(escape.error!, /NotCapable|--allow-read/);
});

Deno.test("backtest.run custom: a module that never returns is stopped", async () => {
  const env = await envelope("backtest.run", {
    ...SMA,
    strategy: "custom",
    params: {},
    strategy_file: join(FIXTURES, "backtest", "spin.ts"),
    warmup_bars: 20,
    timeout_s: 1,
  }, replay);
  assert.equal(env.ok, false);
  assert.match(env.error!, /did not finish within 1 s and was stopped/);
});

Deno.test("backtest.run custom: a module that reads future bars is reported", async () => {
  const env = await envelope<Data>("backtest.run", {
    ...SMA,
    strategy: "custom",
    params: {},
    strategy_file: join(FIXTURES, "backtest", "peek.ts"),
    warmup_bars: 20,
  }, replay);
  dataOf(env);
  assert.ok(
    env.warnings.some((w) => w.includes("custom strategy looks ahead")),
    env.warnings.join("\n"),
  );
});

Deno.test("backtest.run plot_path writes an SVG chart", async () => {
  const dir = await Deno.makeTempDir({ dir: Deno.cwd(), prefix: ".bt-plot-" });
  try {
    const path = join(dir, "equity.svg");
    const env = await envelope<Data>("backtest.run", { ...SMA, plot_path: path }, replay);
    assert.equal(dataOf(env).plot_path, path);
    const svg = await Deno.readTextFile(path);
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /Drawdown/);
    assert.match(svg, /sma_cross on AAPL, MSFT/);
    assert.match(svg, /Portfolio value \(USD\)/); // the axis names its currency
    assert.doesNotMatch(svg, /&(?!(amp|lt|gt|quot|apos|#\d+);)/, "every & is an XML entity");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backtest.run: a chart it cannot write is refused before any bar is read", async () => {
  // a cassette holding nothing: a run that asked for bars would fail on the missing recording
  const empty = await Deno.makeTempDir({ prefix: "finance-bt-empty-" });
  const dir = await Deno.makeTempDir({ dir: Deno.cwd(), prefix: ".bt-plot-" });
  try {
    await Deno.writeTextFile(join(empty, "index.json"), '{"entries":[]}');
    const none = { replay: [empty] };
    const png = await envelope("backtest.run", { ...SMA, plot_path: join(dir, "a.png") }, none);
    assert.equal(png.ok, false);
    assert.match(png.error!, /^plot_path .*a\.png must end in \.svg \(the chart is SVG\)$/);
    const folder = join(dir, "missing", "a.svg");
    const missing = await envelope("backtest.run", { ...SMA, plot_path: folder }, none);
    assert.match(missing.error!, /its folder does not exist/);
    for (const env of [png, missing]) {
      assert.ok(!env.warnings.some((w) => w.startsWith("market.ohlcv")), env.warnings.join("\n"));
    }
  } finally {
    await Deno.remove(empty, { recursive: true });
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("backtest.run: a fee read as a percent is named in the warning", async () => {
  const out = await run("backtest.run", { ...SMA, fees: 1.5, slippage: "2" }, replay);
  assert.equal(out.status, "ok");
  assert.equal((out.envelope.data as Data).config.fees, 0.015);
  const w = out.envelope.warnings.join("\n");
  assert.match(w, /^fees=1\.5 was read as 1\.5% \(0\.015\)/m);
  assert.match(w, /^slippage=2 was read as 2% \(0\.02\)/m, "it said rate=2");
});

Deno.test("backtest.run: annualised figures from under a year say they extrapolate", async () => {
  const e = await envelope("backtest.run", SMA, replay);
  const d = dataOf(e) as { metrics: { cagr_pct: number | null; total_return_pct: number } };
  assert.notEqual(d.metrics.cagr_pct, null);
  assert.ok(
    e.warnings.some((w) =>
      /the run covers \d+ bar returns over \d+ calendar days \(0\.\d\d of a year\): cagr_pct.*extrapolate/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("backtest.run: fees=0.1 (10% of every order) is said, with the spelling for a tenth of a percent", async () => {
  const e = await envelope("backtest.run", { ...SMA, fees: 0.1 }, replay);
  assert.ok(
    e.warnings.some((w) =>
      /fees=0\.1 takes 10% of every order's value; for 0\.1 percent write 0\.1% \(or 0\.001\)/.test(
        w,
      )
    ),
    e.warnings.join("\n"),
  );
  const usual = await envelope("backtest.run", { ...SMA, fees: 0.001 }, replay);
  assert.ok(!usual.warnings.some((w) => /of every order's value/.test(w)));
});

Deno.test("backtest.run custom: weights over leverage are scaled to it and said", async () => {
  const e = await envelope<Data>("backtest.run", {
    ...SMA,
    strategy: "custom",
    params: { weight: 1 },
    strategy_file: join(FIXTURES, "backtest", "long_short.ts"),
  }, replay);
  const d = dataOf(e);
  assert.ok(
    e.warnings.some((w) =>
      /asked for up to 2\.00x gross exposure.* on \d+ bar\(s\), more than leverage=1/.test(w)
    ),
    e.warnings.join("\n"),
  );
  // the weights run are half of those asked: +0.5 and -0.5
  const first = d.target_weights[0];
  assert.deepEqual(
    Object.values(first.weights ?? first).filter((v) => typeof v === "number").map((v) =>
      Math.abs(v as number)
    ).slice(0, 2),
    [0.5, 0.5],
  );
  const levered = await envelope<Data>("backtest.run", {
    ...SMA,
    strategy: "custom",
    params: { weight: 1 },
    strategy_file: join(FIXTURES, "backtest", "long_short.ts"),
    leverage: 2,
  }, replay);
  assert.ok(!levered.warnings.some((w) => /gross exposure/.test(w)));
});
