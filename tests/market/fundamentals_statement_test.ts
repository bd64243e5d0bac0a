/**
 * fundamentals.statement on listings the AAPL fixture does not cover: per-share items Yahoo
 * stamps with the listing's currency (BABA), an amount named after a rate, trailing-twelve-month
 * figures, half-year periods asked as quarters, a change of reporting currency, two figures for
 * one period, quarters Yahoo does not fill, and a series that stopped. Each fixture is written
 * here in the shape of Yahoo's fundamentals-timeseries answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { unitOf } from "../../analysis/market/statement.ts";
import { renderOutput } from "../../adapters/render.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2024-03-20T12:00:00Z";

/** One point: [period end, value, currency, periodType]. */
type P = [string, number | null, string, string?];

/** A timeseries item as Yahoo answers it. */
function item(type: string, points: P[]) {
  return {
    meta: { symbol: ["X"], type: [type] },
    timestamp: points.map(([d]) => Date.parse(`${d}T00:00:00Z`) / 1000),
    [type]: points.map(([asOfDate, raw, currencyCode, periodType]) => ({
      asOfDate,
      periodType: periodType ?? (type.startsWith("annual") ? "12M" : "3M"),
      currencyCode,
      reportedValue: raw === null ? {} : { raw, fmt: String(raw) },
    })),
  };
}

/** Yahoo answering `items` as `symbol`'s (each names it in meta.symbol, as Yahoo's do). */
function yahoo(items: unknown[], symbol = "BABA"): typeof fetch {
  const own = (items as { meta: Record<string, unknown> }[])
    .map((it) => ({ ...it, meta: { ...it.meta, symbol: [symbol] } }));
  return fakeMarket(undefined, {
    "fundamentals-timeseries": () =>
      new Response(JSON.stringify({ timeseries: { result: own, error: null } }), {
        headers: { "content-type": "application/json" },
      }),
  });
}

async function statement(items: unknown[], args: Record<string, unknown> = {}) {
  const symbol = String(args.symbol ?? "BABA");
  const out = await run("fundamentals.statement", { symbol, ...args }, {
    fetch: yahoo(items, symbol),
    now: NOW,
  });
  return out.envelope;
}

const row = (d: Any, key: string) => d.rows.find((r: Any) => r.key === key);

// BABA's quarters: amounts in CNY; shares and EPS stamped USD, yet 34,332M / 2,561.6M = 13.40
const baba = (eps = true) => [
  item("quarterlyNetIncomeCommonStockholders", [
    ["2023-06-30", 34332000000, "CNY"],
    ["2023-09-30", 27706000000, "CNY"],
    ["2023-12-31", 14433000000, "CNY"],
  ]),
  item("quarterlyTotalRevenue", [
    ["2023-06-30", 234156000000, "CNY"],
    ["2023-09-30", 224790000000, "CNY"],
    ["2023-12-31", 260348000000, "CNY"],
  ]),
  ...(eps
    ? [
      item("quarterlyBasicAverageShares", [
        ["2023-06-30", 2561625000, "USD"],
        ["2023-09-30", 2541875000, "USD"],
        ["2023-12-31", 2517250000, "USD"],
      ]),
    ]
    : []),
  item("quarterlyBasicEPS", [
    ["2023-06-30", 13.44, "USD"],
    ["2023-09-30", 10.88, "USD"],
    ["2023-12-31", 5.76, "USD"],
  ]),
];

Deno.test("fundamentals.statement: EPS Yahoo stamps USD but that is in CNY is CNY per share, said", async () => {
  const env = await statement(baba(), { period: "quarterly" });
  const d = dataOf(env) as Any;
  assert.equal(row(d, "quarterlyTotalRevenue").unit, "CNY");
  assert.equal(row(d, "quarterlyBasicEPS").unit, "CNY per share");
  assert.equal(row(d, "quarterlyBasicAverageShares").unit, "shares");
  assert.ok(env.warnings.some((w) => /stamps BABA's per-share items.*USD.*CNY per share/.test(w)));
});

Deno.test("fundamentals.statement: per-share items whose currency cannot be checked have none", async () => {
  // no share count to divide by: CNY or USD cannot be told, so neither is claimed
  const env = await statement(baba(false), { period: "quarterly" });
  const d = dataOf(env) as Any;
  assert.equal(row(d, "quarterlyBasicEPS").unit, null);
  assert.ok(env.warnings.some((w) => /currency is left null/.test(w)));
});

Deno.test("fundamentals.statement: the effect of exchange-rate changes is an amount, not a ratio", async () => {
  assert.equal(unitOf("annualEffectOfExchangeRateChanges", "EUR"), "EUR");
  assert.equal(unitOf("annualTaxRateForCalcs", "EUR"), "ratio");
  const d = dataOf(
    await statement([
      item("annualEffectOfExchangeRateChanges", [["2023-12-31", -1234000000, "EUR"]]),
      item("annualTaxRateForCalcs", [["2023-12-31", 0.21, "EUR"]]),
    ], { statement: "cashflow" }),
  ) as Any;
  assert.equal(row(d, "annualEffectOfExchangeRateChanges").unit, "EUR");
  assert.equal(row(d, "annualTaxRateForCalcs").unit, "ratio");
});

Deno.test("fundamentals.statement: trailing-twelve-month figures are not shown as a fiscal year", async () => {
  const env = await statement([
    item("annualTotalRevenue", [["2022-12-31", 100, "USD"], ["2023-12-31", 110, "USD"]]),
    // Yahoo's TTM column ends with the last quarter: 2023-12-31 here, a fiscal year's date too
    item("trailingTotalRevenue", [["2023-12-31", 999, "USD", "TTM"]]),
    item("annualNetIncome", [["2023-12-31", 7, "USD"], ["2023-12-31", 70, "USD", "TTM"]]),
  ]);
  const d = dataOf(env) as Any;
  assert.deepEqual(row(d, "annualTotalRevenue").values, { "2022-12-31": 100, "2023-12-31": 110 });
  assert.equal(row(d, "trailingTotalRevenue"), undefined);
  assert.deepEqual(row(d, "annualNetIncome").values, { "2023-12-31": 7 });
  assert.deepEqual(d.period_types, { "2023-12-31": "12M", "2022-12-31": "12M" });
  assert.ok(env.warnings.some((w) => /left out Yahoo's trailing-twelve-month figures/.test(w)));
});

Deno.test("fundamentals.statement: half-year periods asked as quarters are said to be 6M", async () => {
  // a company that reports half-yearly: Yahoo's quarterly series holds six-month figures
  const env = await statement([
    item("quarterlyTotalRevenue", [
      ["2023-06-30", 1300, "GBP", "6M"],
      ["2023-12-31", 1500, "GBP", "6M"],
    ]),
  ], { period: "quarterly", symbol: "OCDO.L" });
  const d = dataOf(env) as Any;
  assert.deepEqual(d.period_types, { "2023-12-31": "6M", "2023-06-30": "6M" });
  assert.ok(env.warnings.some((w) => /other lengths than 3M.*2023-12-31 \(6M\)/.test(w)));
});

Deno.test("fundamentals.statement: an item given in two currencies has each period's unit", async () => {
  // the company moved its reporting currency from GBP to USD in 2023
  const env = await statement([
    item("annualTotalRevenue", [["2022-12-31", 800, "GBP"], ["2023-12-31", 1000, "USD"]]),
    item("annualDilutedEPS", [["2022-12-31", 0.5, "GBP"], ["2023-12-31", 0.6, "USD"]]),
  ]);
  const d = dataOf(env) as Any;
  const rev = row(d, "annualTotalRevenue");
  assert.equal(rev.unit, null);
  assert.deepEqual(rev.units, { "2022-12-31": "GBP", "2023-12-31": "USD" });
  assert.deepEqual(row(d, "annualDilutedEPS").units, {
    "2022-12-31": "GBP per share",
    "2023-12-31": "USD per share",
  });
  assert.ok(env.warnings.some((w) => /Total Revenue in GBP and USD/.test(w)));
});

Deno.test("fundamentals.statement: two figures for one period are not settled silently", async () => {
  const env = await statement([
    item("annualTotalRevenue", [
      ["2022-12-31", 100, "USD"],
      ["2023-12-31", 110, "USD"],
      ["2023-12-31", 104, "USD"],
    ]),
  ]);
  const d = dataOf(env) as Any;
  assert.deepEqual(row(d, "annualTotalRevenue").values, { "2022-12-31": 100, "2023-12-31": null });
  assert.ok(env.warnings.some((w) => /two different figures.*Total Revenue 2023-12-31/.test(w)));
});

Deno.test("fundamentals.statement: no quarters from Yahoo points to period=annual", async () => {
  const env = await statement([item("quarterlyTotalRevenue", [])], {
    period: "quarterly",
    symbol: "OCDO.L",
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /fills quarters for few listings outside the US.*try period=annual/);
});

Deno.test("fundamentals.statement: a series that stopped years ago is said to be stale", async () => {
  const env = await statement([
    item("annualTotalRevenue", [["2021-06-30", 100, "USD"], ["2022-06-30", 90, "USD"]]),
  ]);
  dataOf(env);
  assert.ok(env.warnings.some((w) => /newest fiscal year for BABA ends 2022-06-30/.test(w)));
  // a recent year is not
  const fresh = await statement([item("annualTotalRevenue", [["2023-12-31", 1, "USD"]])]);
  assert.ok(!fresh.warnings.some((w) => /newest fiscal year/.test(w)));
});

Deno.test("fundamentals.statement: a pair, a coin, a contract or an index is refused before any request", async () => {
  let asked = 0;
  const counting: typeof fetch = () => {
    asked++;
    return Promise.reject(new Error("no request expected"));
  };
  for (
    const [symbol, what] of [
      ["BTC-USD", "a cryptocurrency"],
      ["EURUSD=X", "a currency pair"],
      ["GC=F", "a futures contract"],
      ["^GSPC", "an index"],
    ]
  ) {
    const { envelope } = await run("fundamentals.statement", { symbol, period: "quarterly" }, {
      fetch: counting,
      now: NOW,
    });
    assert.equal(envelope.ok, false, symbol);
    assert.match(envelope.error!, new RegExp(`is ${what}, which has no financial statements`));
  }
  assert.equal(asked, 0);
});

Deno.test("fundamentals.statement: rows' values run newest first, as periods do, so the sheet's columns match", async () => {
  const env = await statement(baba(), { period: "quarterly" });
  const d = dataOf(env) as Any;
  assert.deepEqual(d.periods, ["2023-12-31", "2023-09-30", "2023-06-30"]);
  assert.deepEqual(Object.keys(row(d, "quarterlyTotalRevenue").values), d.periods);
  const head = renderOutput(env, "csv", { view: "fundamentals" }).out.split("\n")[0];
  const dates = [...head.matchAll(/values\.(\d{4}-\d\d-\d\d)/g)].map((m) => m[1]);
  assert.deepEqual(dates, d.periods);
});
