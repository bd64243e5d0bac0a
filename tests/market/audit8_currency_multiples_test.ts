/**
 * valuation.multiples takes the latest fiscal year's revenue from fundamentals.statement with
 * the currency that statement states for it. A row whose periods Yahoo stamps in different
 * currencies (a filer that moved its reporting currency) has its unit per period (`units`), and
 * a row with no stamp has none; both were read as the snapshot's financial currency, so USD
 * revenue was converted as EUR (a P/S off by the exchange rate) and an unstamped figure was
 * given a currency nobody stated. Rows shaped as Yahoo's v7 quote, v10 quoteSummary and
 * fundamentals-timeseries answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const ROW = {
  quoteType: "EQUITY",
  currency: "USD",
  financialCurrency: "EUR",
  marketState: "CLOSED",
  exchange: "NYQ",
  fullExchangeName: "NYSE",
  longName: "Test Carrier N.V.",
  symbol: "TCNV",
  regularMarketPrice: 50,
  regularMarketTime: sec("2025-02-24T21:00:02Z"),
  sharesOutstanding: 2_000_000_000,
  marketCap: 100_000_000_000,
};

const MODULES: Record<string, Record<string, unknown>> = {
  financialData: { financialCurrency: "EUR", totalRevenue: 50_000_000_000 },
  defaultKeyStatistics: {},
  summaryDetail: { currency: "USD", marketCap: 100_000_000_000 },
  summaryProfile: { country: "Netherlands" },
};

/** One fundamentals-timeseries item: `points` are [period end, currency or null, value]. */
function item(type: string, points: [string, string | null, number][]) {
  return {
    meta: { symbol: [ROW.symbol], type: [type] },
    timestamp: points.map(([d]) => sec(`${d}T00:00:00Z`)),
    [type]: points.map(([d, c, v]) => ({
      dataId: 20100,
      asOfDate: d,
      periodType: "12M",
      ...(c ? { currencyCode: c } : {}),
      reportedValue: { raw: v, fmt: `${v / 1e9}B` },
    })),
  };
}

const FX: Record<string, number> = { "EURUSD=X": 1.1, "GBPUSD=X": 1.25 };

function yahoo(series: unknown[], modules = MODULES): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote") {
      const s = u.searchParams.get("symbols")!;
      const result = s === ROW.symbol ? [ROW] : FX[s]
        ? [{
          symbol: s,
          quoteType: "CURRENCY",
          currency: "USD",
          regularMarketPrice: FX[s],
          regularMarketTime: sec("2025-02-24T21:00:00Z"),
        }]
        : [];
      return Promise.resolve(json({ quoteResponse: { result, error: null } }));
    }
    if (u.pathname === `/v10/finance/quoteSummary/${ROW.symbol}`) {
      const m = u.searchParams.get("modules")!;
      return Promise.resolve(
        json({ quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null } }),
      );
    }
    if (u.pathname.endsWith(`/timeseries/${ROW.symbol}`)) {
      return Promise.resolve(json({ timeseries: { result: series, error: null } }));
    }
    return rest(input, init);
  };
}

async function multiples(series: unknown[]) {
  const { envelope } = await run("valuation.multiples", { symbol: ROW.symbol }, {
    fetch: yahoo(series),
    now: NOW,
  });
  return { d: dataOf(envelope) as Any, warnings: envelope.warnings };
}

Deno.test("valuation.multiples: the latest year's revenue stamped USD (earlier years EUR) is read in USD, not the snapshot's EUR", async () => {
  const { d } = await multiples([
    item("annualTotalRevenue", [
      ["2023-12-31", "EUR", 40_000_000_000],
      ["2024-12-31", "USD", 45_000_000_000],
    ]),
  ]);
  assert.equal(d.revenue, 45_000_000_000);
  assert.equal(d.revenue_period, "2024-12-31");
  assert.equal(d.revenue_currency, "USD");
  assert.equal(d.revenue_in_market_currency, 45_000_000_000);
  assert.equal(d.multiples.price_to_sales, Math.round(100 / 45 * 1e4) / 1e4);
  // the trailing revenue is still EUR (Yahoo's financialCurrency), converted at the cited rate
  assert.equal(d.multiples.price_to_sales_ttm, Math.round(100 / 55 * 1e4) / 1e4);
});

Deno.test("valuation.multiples: a year's revenue with no currency stamp is not given the snapshot's; TTM is used, said", async () => {
  const { d, warnings } = await multiples([
    item("annualTotalRevenue", [["2024-12-31", null, 45_000_000_000]]),
  ]);
  assert.equal(d.revenue_period_type, "TTM");
  assert.equal(d.revenue, 50_000_000_000);
  assert.equal(d.revenue_currency, "EUR");
  assert.equal(d.multiples.price_to_sales, Math.round(100 / 55 * 1e4) / 1e4);
  assert.ok(
    warnings.some((w) =>
      /^annual revenue of TCNV for 2024-12-31: Yahoo states no currency for it; the trailing twelve months/
        .test(w)
    ),
    warnings.join("\n"),
  );
});

Deno.test("valuation.multiples: a year's revenue stamped in a minor unit (GBp) is not read as pounds", async () => {
  const { d, warnings } = await multiples([
    item("annualTotalRevenue", [["2024-12-31", "GBp", 45_000_000_000]]),
  ]);
  assert.equal(d.revenue_period_type, "TTM");
  assert.equal(d.revenue_currency, "EUR");
  assert.ok(
    warnings.some((w) => /Yahoo stamps it GBp, a fraction \(0\.01\) of GBP/.test(w)),
    warnings.join("\n"),
  );
});

Deno.test("valuation.multiples: a year's revenue in GBP beside TTM figures in EUR cites the GBP rate it used, and both in sources", async () => {
  const { d } = await multiples([
    item("annualTotalRevenue", [["2024-12-31", "GBP", 40_000_000_000]]),
  ]);
  assert.equal(d.revenue_currency, "GBP");
  assert.equal(d.multiples.price_to_sales, 2);
  assert.equal(d.fx.symbol, "GBPUSD=X");
  assert.ok(d.sources.some((s: string) => /GBPUSD=X \(1\.25 USD per GBP/.test(s)), d.sources);
  assert.ok(d.sources.some((s: string) => /EURUSD=X \(1\.1 USD per EUR/.test(s)), d.sources);
});

Deno.test("valuation.scenario: with the filer's currency unknown (quote and financialData disagree), revenue's currency is said", async () => {
  const modules = {
    ...MODULES,
    financialData: { ...MODULES.financialData, financialCurrency: "GBP" },
  };
  const { envelope } = await run("valuation.scenario", {
    symbol: ROW.symbol,
    revenue: 50_000_000_000,
    bear_multiple: 1,
    base_multiple: 2,
    bull_multiple: 3,
  }, { fetch: yahoo([], modules), now: NOW });
  const d = dataOf(envelope) as Any;
  assert.equal(d.revenue_currency, "USD");
  assert.ok(
    envelope.warnings.some((w) =>
      /^revenue is read in USD, the market cap's currency; the currency TCNV reports in is not known/
        .test(w)
    ),
    envelope.warnings.join("\n"),
  );
});
