/**
 * symbol.snapshot gave Yahoo's own EV/EBITDA, EV/revenue and dividend yield as they came,
 * checked only for a sign: a ratio 6 or 100 times off the figures beside it in the same answer
 * passed with no word. Each is now checked against the figures it comes from (EV over EBITDA
 * or revenue, dividend rate over the price, in one currency). Rows shaped as Yahoo's v7 quote
 * and v10 quoteSummary answers.
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
  financialCurrency: "USD",
  marketState: "CLOSED",
  exchange: "NMS",
  fullExchangeName: "NasdaqGS",
  longName: "Test Widgets Inc.",
  symbol: "TWID",
  regularMarketPrice: 50,
  regularMarketPreviousClose: 49,
  regularMarketChange: 1,
  regularMarketChangePercent: 2.0408,
  regularMarketTime: sec("2025-02-24T21:00:02Z"),
  sharesOutstanding: 1_000_000_000,
  marketCap: 50_000_000_000,
  epsTrailingTwelveMonths: 2.5,
};

const MODULES: Record<string, Any> = {
  financialData: {
    financialCurrency: "USD",
    totalRevenue: 20_000_000_000,
    ebitda: 5_000_000_000,
    totalCash: 4_000_000_000,
    totalDebt: 9_000_000_000,
  },
  defaultKeyStatistics: {
    netIncomeToCommon: 2_500_000_000,
    trailingEps: 2.5,
    enterpriseValue: 55_000_000_000,
    enterpriseToRevenue: 2.75,
    enterpriseToEbitda: 11,
  },
  summaryDetail: {
    currency: "USD",
    marketCap: 50_000_000_000,
    dividendRate: 1,
    dividendYield: 0.02,
  },
  summaryProfile: { sector: "Industrials", country: "United States" },
};

function yahoo(row: Record<string, unknown>, modules: Record<string, Any>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === row.symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    if (u.pathname === `/v10/finance/quoteSummary/${row.symbol}`) {
      const m = u.searchParams.get("modules")!;
      return Promise.resolve(json({
        quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null },
      }));
    }
    return rest(input, init);
  };
}

async function snap(row: Record<string, unknown>, modules: Record<string, Any>) {
  const { envelope } = await run("symbol.snapshot", { symbol: String(row.symbol) }, {
    fetch: yahoo(row, modules),
    now: NOW,
  });
  return { d: dataOf(envelope) as Any, warnings: envelope.warnings };
}

Deno.test("symbol.snapshot: ratios agreeing with their figures are Yahoo's, without a word", async () => {
  const { d, warnings } = await snap(ROW, MODULES);
  assert.equal(d.valuation.ev_to_ebitda, 11);
  assert.equal(d.valuation.ev_to_revenue, 2.75);
  assert.equal(d.valuation.dividend_yield, 0.02);
  assert.ok(
    !warnings.some((w) => /ev_to|dividend_yield/.test(w)),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: an EV/EBITDA six times off the EV and EBITDA shown is replaced and said", async () => {
  const k = { ...MODULES.defaultKeyStatistics, enterpriseToEbitda: 66 };
  const { d, warnings } = await snap(ROW, { ...MODULES, defaultKeyStatistics: k });
  assert.equal(d.valuation.ev_to_ebitda, 11);
  const w = warnings.find((x) => /^ev_to_ebitda of TWID: Yahoo states 66/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /give 11 \(55000000000 over 5000000000\), 6 times apart/);
});

Deno.test("symbol.snapshot: a dividend yield 100 times off the rate over the price is left out", async () => {
  const d0 = { ...MODULES.summaryDetail, dividendYield: 2 };
  const { d, warnings } = await snap(ROW, { ...MODULES, summaryDetail: d0 });
  assert.equal(d.valuation.dividend_yield, null);
  const w = warnings.find((x) => /^dividend_yield of TWID: not shown/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /dividend rate 1 over the price 50 USD, 0\.02, 100 times apart/);
});

Deno.test("symbol.snapshot: a dividend yield somewhat off the rate is kept and said", async () => {
  const d0 = { ...MODULES.summaryDetail, dividendYield: 0.03 };
  const { d, warnings } = await snap(ROW, { ...MODULES, summaryDetail: d0 });
  assert.equal(d.valuation.dividend_yield, 0.03);
  assert.ok(
    warnings.some((x) => /^dividend_yield of TWID: .*1\.5 times apart.*read it with care/.test(x)),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: a pence listing's rate in pence or pounds both check its yield", async () => {
  const row = {
    ...ROW,
    symbol: "TWID.L",
    currency: "GBp",
    financialCurrency: "GBP",
    exchange: "LSE",
    fullExchangeName: "LSE",
    regularMarketPrice: 400,
    regularMarketPreviousClose: 396,
    regularMarketChange: 4,
    regularMarketChangePercent: 1.0101,
    epsTrailingTwelveMonths: undefined,
    marketCap: 4_000_000_000,
  };
  for (const rate of [12, 0.12]) {
    const d0 = {
      currency: "GBp",
      marketCap: 4_000_000_000,
      dividendRate: rate,
      dividendYield: 0.03,
    };
    const { d, warnings } = await snap(row, {
      summaryDetail: d0,
      financialData: { financialCurrency: "GBP" },
    });
    assert.equal(d.valuation.dividend_yield, 0.03, String(rate));
    assert.ok(!warnings.some((w) => /dividend_yield/.test(w)), warnings.join("\n"));
  }
});
