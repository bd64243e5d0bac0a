/**
 * What a backtest says of its inputs and figures, on cases nobody tuned on:
 * - a start_date after today failed as "no aligned bars" (or named the warm-up's start, not the
 *   user's): it is now refused as a start in the future, by market.ohlcv's rule;
 * - an end_date after today ended the run at the latest bar without a word;
 * - an index (^GSPC) was labelled with its constituents' currency (USD) in the run's sources;
 *   it is now null, and an index of another market beside a fund is still refused;
 * - Sharpe and Sortino ratios are worked out with a risk-free rate of 0 and did not say so.
 * Bars shaped as Yahoo's v8 chart (tests/market/_fake.ts, chartBody).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "../market/_fake.ts";
import { windowNotes } from "../../analysis/backtest/metrics.ts";
import { loadPanel } from "../../analysis/backtest/load.ts";
import type { Context } from "../../core/context.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-11-21T21:00:00Z";

/**
 * Yahoo's chart for any symbol (daily weekday bars), with the currency stated for some; symbols
 * in `unadjusted` come without adjusted closes.
 */
function yahoo(currency: Record<string, string> = {}, unadjusted: string[] = []): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const p1 = Number(url.searchParams.get("period1"));
    // Yahoo answers up to its latest bar, not the future asked for
    const p2 = Math.min(Number(url.searchParams.get("period2")), Date.parse(NOW) / 1000);
    const body = chartBody(sym, p1, p2, 5000, 0.0004);
    if (currency[sym]) body.chart.result[0].meta.currency = currency[sym];
    if (unadjusted.includes(sym)) {
      (body.chart.result[0].indicators as { adjclose?: unknown }).adjclose = undefined;
    }
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  };
}

const backtest = (args: Record<string, unknown>, currency: Record<string, string> = {}) =>
  run("backtest.run", { provider: "market_a", ...args }, { fetch: yahoo(currency), now: NOW });

Deno.test("backtest.run: a start_date after today is refused as such, warm-up or not", async () => {
  // sma_cross's warm-up asks market.ohlcv for bars from before today: it answered them, and the
  // run failed as "no aligned bars on or after 2025-12-08"
  for (
    const [strategy, start] of [["sma_cross", "2025-12-08"], ["sma_cross", "2026-06-01"], [
      "buy_hold",
      "2026-01-05",
    ]]
  ) {
    const { envelope } = await backtest({
      strategy,
      symbols: "SPY",
      start_date: start,
      end_date: "2026-12-31",
    });
    assert.equal(envelope.ok, false);
    assert.match(
      envelope.error!,
      new RegExp(`^start_date ${start} is in the future \\(today is 2025-11-21 UTC\\)`),
      `${strategy} ${start}`,
    );
  }
});

Deno.test("backtest.run: an end_date after today is said to end at the latest bar", async () => {
  const { envelope } = await backtest({
    strategy: "buy_hold",
    symbols: "SPY",
    start_date: "2025-01-02",
    end_date: "2026-06-30",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.data.last_date, "2025-11-21");
  assert.ok(
    envelope.warnings.some((w) =>
      w.startsWith(
        "end_date 2026-06-30 is after today (2025-11-21 UTC): the run ends at the latest bar, 2025-11-21",
      )
    ),
    envelope.warnings.join("\n"),
  );
  // a window that ends before today: nothing to say
  const past = await backtest({
    strategy: "buy_hold",
    symbols: "SPY",
    start_date: "2025-01-02",
    end_date: "2025-10-31",
  });
  assert.ok(!past.envelope.warnings.some((w) => /after today/.test(w)));
});

Deno.test("backtest.run: an index's bars carry no currency; beside another market's fund it is refused", async () => {
  const idx = await backtest({
    strategy: "buy_hold",
    symbols: "^GSPC",
    start_date: "2025-01-02",
    end_date: "2025-10-31",
  });
  const d = dataOf(idx.envelope) as Any;
  assert.equal(d.data.sources["^GSPC"].currency, null);
  assert.match(d.data.sources["^GSPC"].provider_price_basis, /^index levels in points/);
  assert.ok(idx.envelope.warnings.some((w) => /in points, not in USD/.test(w)));
  // ^GSPC beside a US fund: one market's currency, and no "no currency stated" guess
  const us = await backtest({
    strategy: "buy_hold",
    symbols: "^GSPC,SPY",
    start_date: "2025-01-02",
    end_date: "2025-10-31",
  });
  assert.equal(us.envelope.ok, true, us.envelope.error ?? "");
  assert.ok(!us.envelope.warnings.some((w) => /states no currency/.test(w)));
  // ^FTSE (a London index, Yahoo: GBP) beside SPY (USD): no conversion is made, so refused
  const mixed = await backtest({
    strategy: "buy_hold",
    symbols: "^FTSE,SPY",
    start_date: "2025-01-02",
    end_date: "2025-10-31",
  }, { "^FTSE": "GBP" });
  assert.equal(mixed.envelope.ok, false);
  assert.match(mixed.envelope.error!, /\^FTSE \(an index of a GBP market\) in GBP; SPY in USD/);
});

Deno.test("backtest.run: the Sharpe and Sortino ratios state the risk-free rate they use (0%)", async () => {
  const { envelope } = await backtest({
    strategy: "buy_hold",
    symbols: "SPY",
    start_date: "2024-11-01",
    end_date: "2025-10-31",
  });
  const d = dataOf(envelope) as Any;
  assert.notEqual(d.metrics.sharpe_ratio, null);
  const w = envelope.warnings.find((x) => x.startsWith("sharpe_ratio and sortino_ratio"));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /risk-free rate of 0%/);
  // said once for a tune too (windowNotes), and not when the ratios are null (a short window)
  const rate = (notes: string[]) => notes.some((n) => /risk-free rate of 0%/.test(n));
  assert.ok(rate(windowNotes(252, 252, true)));
  assert.ok(!rate(windowNotes(10, 252, true)));
  // deno-lint-ignore no-explicit-any
  assert.ok(!rate((windowNotes as any)(252, 252, true, false)));
});

Deno.test("backtest.run: a bar size market.ohlcv does not serve names the one meant (1M is months)", async () => {
  for (
    const [tf, meant] of [["1M", /for monthly bars write timeframe=1mo \(1m is one minute\)/], [
      "1W",
      /for weekly bars write timeframe=1wk/,
    ], ["daily", /for daily bars write timeframe=1d/]] as const
  ) {
    const { envelope } = await backtest({
      strategy: "buy_hold",
      symbols: "SPY",
      start_date: "2024-11-01",
      end_date: "2025-10-31",
      timeframe: tf,
    });
    assert.equal(envelope.ok, false);
    // it was "price data unavailable … did you mean "1m"?" (minutes) for 1M and 1W
    assert.doesNotMatch(envelope.error!, /price data unavailable|did you mean "1m"/);
    assert.match(envelope.error!, new RegExp(`^timeframe "${tf}" is not a bar size`));
    assert.match(envelope.error!, meant);
  }
});

Deno.test("loadPanel: adjusted closes missing on some bars are said to be some, not none", async () => {
  const day = (d: string, close: number, adj: number | null) => ({
    date: d,
    open: close,
    high: close,
    low: close,
    close,
    adj_close: adj,
    volume: 1000,
  });
  const rows = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    return day(d, 100 + i, i === 10 || i === 17 ? null : (100 + i) * 0.98);
  }).filter((r) => ![0, 6].includes(new Date(`${r.date}T00:00:00Z`).getUTCDay()));
  const warnings: string[] = [];
  const ctx = {
    warn: (w: string) => warnings.push(w),
    call: () =>
      Promise.resolve({
        ok: true,
        data: { symbol: "X", provider: "test", currency: "USD", rows },
        error: null,
        warnings: [],
      }),
  } as unknown as Context;
  await loadPanel(ctx, {
    symbols: ["X"],
    startDate: "2024-01-01",
    endDate: "2024-01-31",
    timeframe: "1d",
    provider: "test",
    warmupBars: 0,
    dropMissing: false,
    portfolio: true,
  });
  const missing = rows.filter((r) => r.adj_close === null);
  const w = warnings.find((x) => x.startsWith("X: the provider gave no adjusted close"));
  assert.ok(w, warnings.join("\n"));
  assert.match(
    w!,
    new RegExp(
      `for ${missing.length} of its ${rows.length} bars \\(first ${
        missing[0].date
      }\\), so all are read unadjusted`,
    ),
  );
});

Deno.test("backtest.run: config.price_basis names the symbols whose bars had no adjusted close", async () => {
  const args = {
    strategy: "buy_hold",
    start_date: "2025-01-02",
    end_date: "2025-10-31",
    provider: "market_a",
  };
  const both = await run("backtest.run", { ...args, symbols: "SPY,QQQ" }, {
    fetch: yahoo({}, ["QQQ"]),
    now: NOW,
  });
  const d = dataOf(both.envelope) as Any;
  assert.equal(d.data.sources.QQQ.price_adjustment, "none");
  // it said "total-return adjusted OHLC" of every run
  assert.match(
    d.config.price_basis,
    /total-return adjusted OHLC .* for SPY; unadjusted OHLC for QQQ \(the provider gave no adjusted close/,
  );
  const one = await run("backtest.run", { ...args, symbols: "SPY" }, { fetch: yahoo(), now: NOW });
  assert.match(
    (dataOf(one.envelope) as Any).config.price_basis,
    /^total-return adjusted OHLC \(each bar scaled by adj_close \/ close\); trade and order prices are on this adjusted scale, not the prices quoted on their dates$/,
  );
});
