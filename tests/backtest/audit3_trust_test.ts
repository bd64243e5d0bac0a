/**
 * What a run says about its bars on inputs nobody tuned on: hourly bars of a market closed at
 * weekends are not called a market that trades every day; bars that span far more (or less)
 * calendar time than their count at the bars a year used say the annualised figures are off;
 * unadjusted closes with a split-sized jump and no split listed say it may be a split; a tune's
 * best is said to be picked in-sample.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadPanel } from "../../analysis/backtest/load.ts";
import { priorMax, priorMin } from "../../analysis/backtest/indicators.ts";
import { panelPeriodsPerYear } from "../../analysis/backtest/metrics.ts";
import { evaluate, reportSections } from "../../analysis/backtest/pipeline.ts";
import { findStrategy } from "../../analysis/backtest/strategies.ts";
import { panelOf } from "./_bars.ts";
import { costWarnings, type RunOptionValues } from "../../analysis/backtest/costs.ts";
import type { Context } from "../../core/context.ts";
import { envelope, FIXTURES } from "../_helpers.ts";

interface Row {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  adj_close: number | null;
}

/** A context whose market.ohlcv answers `rows` for any symbol; warnings are collected. */
function fakeContext(rows: Row[], currency = "USD") {
  const warnings: string[] = [];
  const ctx = {
    warn: (w: string) => warnings.push(w),
    call: () =>
      Promise.resolve({
        ok: true,
        data: { symbol: "X", provider: "test", currency, rows },
        error: null,
        warnings: [],
      }),
  } as unknown as Context;
  return { ctx, warnings };
}

const bar = (date: string, close: number, adj: number | null = close): Row => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  adj_close: adj,
});

/** Weekdays from `from` (YYYY-MM-DD) until `count` days are made, skipping `skip(date)`. */
function weekdays(from: string, count: number, skip = (_d: string) => false): string[] {
  const out: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); out.length < count; day += 86_400_000) {
    const d = new Date(day);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() % 6 && !skip(iso)) out.push(iso);
  }
  return out;
}

const load = (ctx: Context, start: string, end: string, timeframe = "1d") =>
  loadPanel(ctx, {
    symbols: ["X"],
    startDate: start,
    endDate: end,
    timeframe,
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });

Deno.test("hourly bars of a market closed at weekends: no note says they trade every day", async () => {
  // Yahoo's session bars: seven a weekday, 09:30 to 15:30 New York time, no adjusted close
  const rows: Row[] = [];
  let p = 100;
  for (const day of weekdays("2024-01-01", 120)) {
    for (let h = 0; h < 7; h++) {
      p *= 1.0005;
      const at = Date.parse(`${day}T14:30:00Z`) + h * 3_600_000;
      rows.push(bar(new Date(at).toISOString(), p, null));
    }
  }
  const { ctx, warnings } = fakeContext(rows);
  await load(ctx, "2024-01-01", "2024-12-31", "1h");
  // the old note said "0% of the bars fall on weekends (a market that trades every day, such
  // as crypto): metrics are annualised with 365 days of 24 hours a year", none of it true
  assert.ok(!warnings.some((w) => /weekends|365 days/.test(w)), warnings.join("\n"));
  assert.ok(!warnings.some((w) => /calendar years/.test(w)), warnings.join("\n"));
});

Deno.test("daily bars with a six-month hole: the annualised figures are said to count bars", async () => {
  const dates = weekdays("2022-01-03", 380, (d) => d > "2022-06-01" && d < "2022-12-15");
  const { ctx, warnings } = fakeContext(dates.map((d, i) => bar(d, 10 + i / 100)));
  const loaded = await load(ctx, "2022-01-01", "2023-12-31");
  assert.equal(loaded.panel.dates.length, 380);
  const said = warnings.filter((w) => /calendar years/.test(w));
  assert.equal(said.length, 1, warnings.join("\n"));
  assert.match(
    said[0],
    /^the 380 bars from 2022-01-03 to \d{4}-\d\d-\d\d span 1\.\d\d calendar years, but at 252 bars a year they count as 1\.50; the longest gap has no bar between 2022-06-01 and 2022-12-15 \(197 days apart\): volatility_pct and the Sharpe and Sortino ratios annualise by that count, not by the calendar, so they are not the yearly figures they seem \(cagr_pct and the Calmar ratio compound over the calendar span/,
  );
  // the same bars without the hole: nothing said
  const whole = fakeContext(weekdays("2022-01-03", 380).map((d, i) => bar(d, 10 + i / 100)));
  await load(whole.ctx, "2022-01-01", "2023-12-31");
  assert.ok(!whole.warnings.some((w) => /calendar years/.test(w)), whole.warnings.join("\n"));
});

Deno.test("closes that quarter overnight with no split listed or adjusted: a possible split is said", async () => {
  const dates = weekdays("2024-01-01", 60);
  const rows = dates.map((d, i) => bar(d, i < 30 ? 400 + i : (400 + i) / 4, null));
  const { ctx, warnings } = fakeContext(rows);
  await load(ctx, "2024-01-01", "2024-12-31");
  const said = warnings.filter((w) => /split/.test(w));
  assert.equal(said.length, 1, warnings.join("\n"));
  assert.match(
    said[0],
    /^X: the close goes from 429 to 107\.5 on 2024-02-12 \(−75%\), the size of a 4-for-1 split, and the provider gives neither an adjusted close nor a split there: if it was one, the run counts it as a loss no holder had/,
  );
  // a reverse split
  const up = fakeContext(dates.map((d, i) => bar(d, i < 30 ? 2 : 20, null)));
  await load(up.ctx, "2024-01-01", "2024-12-31");
  assert.ok(up.warnings.some((w) => /\+900%\), the size of a 1-for-10 reverse split/.test(w)));
  // an adjusted close that still shows the split: the provider's adjustment missed it
  const missed = fakeContext(rows.map((r) => ({ ...r, adj_close: r.close })));
  await load(missed.ctx, "2024-01-01", "2024-12-31");
  assert.ok(
    missed.warnings.some((w) =>
      /^X: the adjusted close goes from 429 to 107\.5 .*4-for-1 split, and a split the provider's adjustment missed looks so/
        .test(w)
    ),
    missed.warnings.join("\n"),
  );
  // pence and pounds: a hundredfold jump
  const pence = fakeContext(dates.map((d, i) => bar(d, i < 30 ? 27 : 2700)));
  await load(pence.ctx, "2024-01-01", "2024-12-31");
  assert.ok(
    pence.warnings.some((w) =>
      /1-for-100 reverse split, or of prices switching between pence/.test(w)
    ),
    pence.warnings.join("\n"),
  );
  // a crash of about half in adjusted closes (AAPL, 2000-09-29: 0.801562 to 0.385972) is no split
  const crash = fakeContext(dates.map((d, i) => bar(d, i < 30 ? 0.801562 : 0.385972)));
  await load(crash.ctx, "2024-01-01", "2024-12-31");
  assert.ok(!crash.warnings.some((w) => /split/.test(w)), crash.warnings.join("\n"));
  // ordinary moves, or a split the adjusted close carries: nothing said
  const calm = fakeContext(dates.map((d, i) => bar(d, 100 * (1 + (i % 5) / 50), null)));
  await load(calm.ctx, "2024-01-01", "2024-12-31");
  assert.ok(!calm.warnings.some((w) => /split/.test(w)), calm.warnings.join("\n"));
  const adjusted = fakeContext(
    rows.map((r, i) => ({ ...r, adj_close: i < 30 ? r.close / 4 : r.close })),
  );
  await load(adjusted.ctx, "2024-01-01", "2024-12-31");
  assert.ok(!adjusted.warnings.some((w) => /split/.test(w)), adjusted.warnings.join("\n"));
});

Deno.test("backtest.tune: the best is said to be picked in-sample", async () => {
  const env = await envelope("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL,MSFT",
    provider: "market_a",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    warmup_bars: 20,
    grid: { fast: [3, 5], slow: [10, 20] },
  }, { replay: [join(FIXTURES, "backtest", "cassette")] });
  assert.equal(env.ok, true, env.error ?? "");
  const said = env.warnings.filter((w) => /in-sample/.test(w));
  assert.equal(said.length, 1, env.warnings.join("\n"));
  assert.match(
    said[0],
    /^best is the top sharpe_ratio of \d runs picked on the same bars it is scored on \(in-sample, 2023-03-01 to 2023-06-30\).*backtest\.run on a later period/,
  );
});

Deno.test("backtest.factor.payload on bars of every day (crypto): its bar-counted windows are said, not a run's 365", async () => {
  const days = Array.from({ length: 200 }, (_, i) => Date.UTC(2023, 7, 1) + i * 86_400_000);
  const close = days.map((_, i) => 40_000 * (1 + 0.02 * Math.sin(i)));
  const chart = {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "BTC-USD",
          exchangeName: "CCC",
          instrumentType: "CRYPTOCURRENCY",
          gmtoffset: 0,
          exchangeTimezoneName: "UTC",
          regularMarketPrice: close.at(-1),
          regularMarketTime: days.at(-1)! / 1000,
        },
        timestamp: days.map((d) => d / 1000),
        indicators: {
          quote: [{ open: close, high: close, low: close, close, volume: close.map(() => 1) }],
          adjclose: [{ adjclose: close }],
        },
      }],
      error: null,
    },
  };
  const { fakeMarket } = await import("../market/_fake.ts");
  const { run } = await import("../_helpers.ts");
  const out = await run("backtest.factor.payload", {
    factor_name: "volatility",
    symbols: "BTC-USD",
    start_date: "2024-01-01",
    end_date: "2024-02-15",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/BTC-USD": () => Response.json(chart) }),
    now: "2024-03-01T00:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const w = out.envelope.warnings;
  // the old note told of a run's metrics annualised with 365 bars a year, which no score here is
  assert.ok(!w.some((x) => /metrics are annualised/.test(x)), w.join("\n"));
  assert.ok(
    w.some((x) =>
      /^2\d% of the bars fall on weekends .*momentum's 252 and 21 bars here are about 8\.3 and 0\.7 months.*√252 where 365 bars make a year/
        .test(x)
    ),
    w.join("\n"),
  );
});

Deno.test("fees=10 meant as basis points: the warning names 10 basis points too", () => {
  const opts: RunOptionValues = {
    timeframe: "1d",
    initial_cash: 100000,
    fees: 0.1, // fees=10, read as 10%
    fixed_fees: 0,
    slippage: 0.05, // slippage=5
    fill: "next_open",
    leverage: 1,
    provider: "auto",
    drop_missing: false,
  };
  const [fees, slippage] = costWarnings(opts);
  assert.match(
    fees,
    /^fees=0\.1 takes 10% of every order's value; .*which is also 10 basis points$/,
  );
  assert.match(
    slippage,
    /^slippage=0\.05 takes 5% .*write 0\.05% \(or 0\.0005\), which is also 5 basis points$/,
  );
});

Deno.test("backtest.strategy.payload: fees=0.1 (10% of every order) is said before the run is stored", async () => {
  const args = {
    strategy_id: "sma_cross",
    start_date: "2020-01-01",
    end_date: "2024-12-31",
    symbols: "AAPL",
  };
  const high = await envelope("backtest.strategy.payload", { ...args, fees: 0.1 });
  assert.equal(high.ok, true, high.error ?? "");
  assert.ok(
    high.warnings.some((w) => /^fees=0\.1 takes 10% of every order's value/.test(w)),
    high.warnings.join("\n"),
  );
  const usual = await envelope("backtest.strategy.payload", { ...args, fees: "0.1%" });
  assert.ok(!usual.warnings.some((w) => /of every order's value/.test(w)));
});

Deno.test("a listing priced in pence (GBp): initial_cash and the amounts of the result are said to be in pence", async () => {
  const rows = weekdays("2024-01-01", 60).map((d, i) => bar(d, 2700 + i));
  const { ctx, warnings } = fakeContext(rows, "GBp");
  await loadPanel(ctx, {
    symbols: ["X"],
    startDate: "2024-01-01",
    endDate: "2024-12-31",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
    initialCash: 100000,
  });
  const said = warnings.filter((w) => /priced in GBp/.test(w));
  assert.equal(said.length, 1, warnings.join("\n"));
  assert.match(
    said[0],
    /^X is priced in GBp \(a hundredth of GBP\): the run counts money in GBp, so initial_cash and fixed_fees are read in GBp \(initial_cash=100000 is 1,000 GBP\)/,
  );
  // pounds, or dollars: nothing to say
  for (const currency of ["GBP", "USD"]) {
    const other = fakeContext(rows, currency);
    await load(other.ctx, "2024-01-01", "2024-12-31");
    assert.ok(!other.warnings.some((w) => /counts money in/.test(w)), currency);
  }
});

Deno.test("an index level (^GSPC): its returns are said to be price returns, not total returns", async () => {
  const rows = weekdays("2024-01-01", 60).map((d, i) => bar(d, 4700 + i));
  const { ctx, warnings } = fakeContext(rows);
  await loadPanel(ctx, {
    symbols: ["^GSPC"],
    startDate: "2024-01-01",
    endDate: "2024-12-31",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  assert.ok(
    warnings.some((w) =>
      /^\^GSPC is an index level: unless it is a total-return index .*price returns/.test(w)
    ),
    warnings.join("\n"),
  );
  const stock = fakeContext(rows);
  await load(stock.ctx, "2024-01-01", "2024-12-31");
  assert.ok(!stock.warnings.some((w) => /index level/.test(w)));
});

Deno.test("a Treasury yield index (^TNX): its changes are said to be yield changes, not returns, and no 'points'", async () => {
  const rows = weekdays("2024-01-01", 60).map((d, i) => bar(d, 4 + i / 100));
  const { ctx, warnings } = fakeContext(rows);
  await loadPanel(ctx, {
    symbols: ["^TNX", "^GSPC"],
    startDate: "2024-01-01",
    endDate: "2024-12-31",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  const yieldNote = warnings.filter((w) => w.includes("^TNX"));
  assert.equal(yieldNote.length, 1, warnings.join("\n"));
  assert.match(yieldNote[0], /^\^TNX is a Treasury yield index: its level is a yield in percent/);
  assert.match(yieldNote[0], /no position earns/);
  assert.ok(!/points/.test(yieldNote[0]), yieldNote[0]);
  // ^GSPC keeps its own note, without ^TNX in it
  assert.ok(warnings.some((w) => /^\^GSPC is an index level/.test(w)), warnings.join("\n"));
});

Deno.test("priorMax and priorMin in one pass answer as the scan of every window did (NaN skipped)", () => {
  const scan = (x: Float64Array, w: number, sign: number) => {
    const out = new Float64Array(x.length).fill(NaN);
    for (let i = w; i < x.length; i++) {
      let m = -sign * Infinity;
      for (let j = i - w; j < i; j++) if (sign * x[j] > sign * m) m = x[j];
      out[i] = m;
    }
    return out;
  };
  let seed = 3;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 200; trial++) {
    const n = 1 + Math.floor(rnd() * 150);
    const x = Float64Array.from({ length: n }, () => rnd() < 0.05 ? NaN : Math.floor(rnd() * 20));
    const w = 1 + Math.floor(rnd() * 30);
    assert.deepEqual(priorMax(x, w), scan(x, w, 1), `max trial ${trial}`);
    assert.deepEqual(priorMin(x, w), scan(x, w, -1), `min trial ${trial}`);
  }
});

Deno.test("a coin priced under a tenth of a cent: trade and order prices keep their digits", () => {
  // SHIB-like: 0.0000123 rising to 0.0000135
  const close = Array.from({ length: 40 }, (_, i) => 0.0000123 + i * 0.00000003);
  const panel = panelOf({ SHIB: close });
  const targets = findStrategy("buy_hold")!.targets(panel, {}, new Map());
  const cfg = {
    initialCash: 1000,
    fees: 0,
    fixedFees: 0,
    slippage: 0,
    fill: "next_close" as const,
    leverage: 1,
  };
  const ev = evaluate(panel, targets, cfg, "1d");
  const out = reportSections(panel, targets, ev, { maxPoints: 0, maxRecords: 0 });
  // bought at bar 1's close, 0.0000123 + 0.00000003 = 0.00001233: six decimals made it 0.000012
  assert.equal(out.orders[0].price, 0.00001233);
  assert.equal(out.trades[0].entry_price, 0.00001233);
  // float dust still reads 0, and ordinary figures keep six decimals
  assert.equal(out.metrics.excess_return_pct, 0);
  assert.equal(out.metrics.start_value, 1000);
});

Deno.test("hourly bars of a market open Sunday to Thursday (Tadawul): a session market, not 24/7", async () => {
  // 10:00 to 15:00 Riyadh is 07:00 to 12:00 UTC, six bars a session, Sunday to Thursday: a fifth
  // of the bars are dated on a weekend
  const rows: Row[] = [];
  let p = 30;
  for (let day = Date.parse("2024-01-07T00:00:00Z"); rows.length < 6 * 120; day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 5 || weekday === 6) continue;
    for (let h = 0; h < 6; h++) {
      p *= 1.0003;
      rows.push(bar(new Date(day + (7 + h) * 3_600_000).toISOString(), p, null));
    }
  }
  const dates = rows.map((r) => r.date);
  // the old reading: 365 days of 24 hours, 8,760 bars a year, where a year has 252 sessions of 6
  assert.equal(panelPeriodsPerYear(dates, 0, "1h"), 252 * 6);
  const { ctx, warnings } = fakeContext(rows);
  await load(ctx, "2024-01-01", "2024-12-31", "1h");
  assert.ok(!warnings.some((w) => /weekends|calendar years/.test(w)), warnings.join("\n"));
  // crypto's hourly bars, all 24 a day every day, stay 8,760 a year
  const crypto: string[] = [];
  for (let t = Date.parse("2024-01-01T00:00:00Z"); crypto.length < 24 * 60; t += 3_600_000) {
    crypto.push(new Date(t).toISOString());
  }
  assert.equal(panelPeriodsPerYear(crypto, 0, "1h"), 8760);
});
