/**
 * Currencies of a listing and of its statements in symbol.snapshot. Yahoo states the filer's
 * currency twice, in the quote (financialCurrency) and in quoteSummary's financialData: two that
 * disagree were read as the quote's, so financialData's EUR revenue was taken for USD and
 * converted at the USD rate (a P/S off by the exchange rate, no word); a minor unit (ZAc) was
 * read as the major one. A missing exchange rate left P/S, EV/revenue and EV/EBITDA null with
 * only a note on the rate, naming no ratio. Rows shaped as Yahoo's v7 quote and v10
 * quoteSummary answers (as in the recorded SHEL.L-like and NPN.JO-like listings).
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

/** A London listing in pence of a filer reporting in USD (as Shell's SHEL.L). */
const ROW = {
  quoteType: "EQUITY",
  currency: "GBp",
  financialCurrency: "USD",
  marketState: "CLOSED",
  exchange: "LSE",
  fullExchangeName: "LSE",
  longName: "Test Energy plc",
  symbol: "TEN.L",
  regularMarketPrice: 2650,
  regularMarketTime: sec("2025-02-24T16:35:00Z"),
  sharesOutstanding: 6_100_000_000,
  marketCap: 161_650_000_000,
  epsTrailingTwelveMonths: 2.65,
  bookValue: 29.5,
};

const MODULES: Record<string, Record<string, unknown>> = {
  financialData: {
    financialCurrency: "USD",
    totalRevenue: 290_000_000_000,
    ebitda: 60_000_000_000,
    totalCash: 39_000_000_000,
    totalDebt: 75_000_000_000,
  },
  defaultKeyStatistics: {
    netIncomeToCommon: 16_000_000_000,
    trailingEps: 2.65,
    enterpriseValue: 200_000_000_000,
    enterpriseToRevenue: 0.69,
    enterpriseToEbitda: 3.3,
  },
  summaryDetail: { currency: "GBp", marketCap: 161_650_000_000 },
  summaryProfile: { sector: "Energy", country: "United Kingdom" },
};

/** Yahoo with the listing, its quoteSummary, and FX quotes (`fx`: pair → price). */
function yahoo(
  row: Record<string, unknown>,
  modules: Record<string, Record<string, unknown>>,
  fx: Record<string, number>,
): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote") {
      const s = u.searchParams.get("symbols")!;
      const result = s === row.symbol ? [row] : fx[s]
        ? [{
          symbol: s,
          quoteType: "CURRENCY",
          currency: s.slice(3, 6),
          regularMarketPrice: fx[s],
          regularMarketTime: sec("2025-02-24T21:00:00Z"),
        }]
        : [];
      return Promise.resolve(json({ quoteResponse: { result, error: null } }));
    }
    if (u.pathname === `/v10/finance/quoteSummary/${row.symbol}`) {
      const m = u.searchParams.get("modules")!;
      return Promise.resolve(
        json({ quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null } }),
      );
    }
    return rest(input, init);
  };
}

async function snap(
  row: Record<string, unknown>,
  modules: Record<string, Record<string, unknown>>,
  fx: Record<string, number> = { "GBPUSD=X": 1.25 },
) {
  const { envelope } = await run("symbol.snapshot", { symbol: String(row.symbol) }, {
    fetch: yahoo(row, modules, fx),
    now: NOW,
  });
  return { d: dataOf(envelope) as Any, warnings: envelope.warnings };
}

Deno.test("symbol.snapshot: a pence listing of a USD filer converts USD into GBP at the cited rate", async () => {
  const { d } = await snap(ROW, MODULES);
  assert.equal(d.financial_currency, "USD");
  assert.equal(d.fx.symbol, "GBPUSD=X");
  // the GBP cap over the USD revenue put into GBP (1/1.25)
  assert.equal(d.valuation.price_to_sales_ttm, Math.round(161.65 / (290 * 0.8) * 1e4) / 1e4);
  assert.equal(d.valuation.trailing_pe, null);
});

Deno.test("symbol.snapshot: the quote's and financialData's financial currencies disagree: no ratio of the statement figures", async () => {
  const fin = { ...MODULES.financialData, financialCurrency: "EUR" };
  const { d, warnings } = await snap(ROW, { ...MODULES, financialData: fin }, {
    "GBPUSD=X": 1.25,
    "EURGBP=X": 0.83,
  });
  assert.equal(d.financial_currency, null);
  for (const k of ["price_to_sales_ttm", "ev_to_revenue", "ev_to_ebitda", "trailing_pe"]) {
    assert.equal(d.valuation[k], null, k);
  }
  assert.equal(d.enterprise_value, null);
  assert.equal(d.fx, null);
  assert.equal(d.figure_currencies.total_revenue_ttm, null);
  assert.ok(
    warnings.some((w) =>
      /^financial_currency of TEN\.L: Yahoo's quote states USD and its financialData EUR/.test(w)
    ),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: a financial currency in a minor unit (ZAc) is not read as rand", async () => {
  const row = {
    ...ROW,
    symbol: "TNP.JO",
    currency: "ZAc",
    financialCurrency: "ZAc",
    regularMarketPrice: 300_000,
    marketCap: 1_200_000_000_000,
    sharesOutstanding: 400_000_000,
  };
  const modules = {
    ...MODULES,
    financialData: { ...MODULES.financialData, financialCurrency: "ZAc" },
    summaryDetail: { currency: "ZAc", marketCap: 1_200_000_000_000 },
  };
  const { d, warnings } = await snap(row, modules, {});
  assert.equal(d.financial_currency, null);
  assert.equal(d.valuation.price_to_sales_ttm, null);
  assert.equal(d.valuation.ev_to_ebitda, null);
  assert.ok(
    warnings.some((w) => /financial_currency of TNP\.JO: Yahoo states ZAc.*ZAR or ZAc/.test(w)),
    warnings.join("\n"),
  );
  assert.ok(
    warnings.some((w) =>
      /^price_to_sales_ttm, ev_to_revenue, ev_to_ebitda of TNP\.JO: .*not known; not computed/
        .test(w)
    ),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: without a rate, the ratios left null are named with both currencies", async () => {
  const { d, warnings } = await snap(ROW, MODULES, {});
  assert.equal(d.valuation.price_to_sales_ttm, null);
  assert.equal(d.valuation.ev_to_ebitda, null);
  assert.ok(
    warnings.includes(
      "price_to_sales_ttm, ev_to_revenue, ev_to_ebitda of TEN.L: the market cap is in GBP and Yahoo's revenue and EBITDA in USD, and Yahoo quotes no USD→GBP rate to convert them; not computed",
    ),
    warnings.join("\n"),
  );
});

/** A US listing of a filer reporting in TWD, one ADS standing for five ordinary shares. */
const ADR = {
  ...ROW,
  symbol: "TSMX",
  currency: "USD",
  financialCurrency: "TWD",
  exchange: "NYQ",
  fullExchangeName: "NYSE",
  longName: "Test Semiconductor Manufacturing Co",
  regularMarketPrice: 200,
  regularMarketTime: sec("2025-02-24T21:00:02Z"),
  sharesOutstanding: 5_200_000_000,
  marketCap: 1_040_000_000_000,
  epsTrailingTwelveMonths: 7.0,
  bookValue: 680,
};

const ADR_MODULES = (rate: number, dividendYield: number) => ({
  financialData: {
    financialCurrency: "TWD",
    totalRevenue: 2_900_000_000_000,
    ebitda: 2_000_000_000_000,
    totalCash: 2_300_000_000_000,
    totalDebt: 950_000_000_000,
  },
  defaultKeyStatistics: { netIncomeToCommon: 1_170_000_000_000, trailingEps: 45 },
  summaryDetail: {
    currency: "USD",
    marketCap: 1_040_000_000_000,
    dividendRate: rate,
    dividendYield,
    payoutRatio: 0.3,
  },
  summaryProfile: { sector: "Technology", country: "Taiwan" },
});

Deno.test("symbol.snapshot: a dividend rate in the filer's TWD per ordinary share over the USD price per ADS gives no yield", async () => {
  // Yahoo: 18 (TWD a share) over USD 200 = 9%; the payout gives 0.3 × 1.17T TWD / 32.5 over
  // the USD 1.04T cap = 1.04%
  const { d, warnings } = await snap(ADR, ADR_MODULES(18, 0.09), { "USDTWD=X": 32.5 });
  assert.equal(d.valuation.dividend_yield, null);
  assert.equal(d.fx.symbol, "USDTWD=X");
  const w = warnings.find((x) => /^dividend_yield of TSMX: not shown: Yahoo states 0\.09/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(
    w!,
    /1170000000000 TWD \(36000000000 USD\) over the market cap 1040000000000 USD gives 0\.0104/,
  );
  assert.match(w!, /8\.7 times apart/);
});

Deno.test("symbol.snapshot: a dividend rate per ADS in USD keeps Yahoo's yield", async () => {
  const { d, warnings } = await snap(ADR, ADR_MODULES(2.8, 0.014), { "USDTWD=X": 32.5 });
  assert.equal(d.valuation.dividend_yield, 0.014);
  assert.ok(!warnings.some((x) => /dividend_yield/.test(x)), warnings.join("\n"));
});

Deno.test("symbol.snapshot: a Toronto listing in CAD of a USD filer keeps Yahoo's yield and says the one of a USD dividend", async () => {
  const row = {
    ...ROW,
    symbol: "TRX.TO",
    currency: "CAD",
    financialCurrency: "USD",
    exchange: "TOR",
    fullExchangeName: "Toronto",
    regularMarketPrice: 230,
    sharesOutstanding: 450_000_000,
    marketCap: 103_500_000_000,
  };
  const modules = {
    financialData: { financialCurrency: "USD", totalRevenue: 7_000_000_000 },
    // 0.6 × 2.5bn USD × 1.38 / 103.5bn CAD = 2.0%; Yahoo: 2.16 / 230 = 0.94%, or 1.3% if USD
    defaultKeyStatistics: { netIncomeToCommon: 2_500_000_000 },
    summaryDetail: {
      currency: "CAD",
      marketCap: 103_500_000_000,
      dividendRate: 2.16,
      dividendYield: 0.0094,
      payoutRatio: 0.6,
    },
    summaryProfile: { country: "Canada" },
  };
  const { d, warnings } = await snap(row, modules, { "USDCAD=X": 1.38 });
  assert.equal(d.valuation.dividend_yield, 0.0094);
  assert.equal(d.fx.symbol, "USDCAD=X");
  const w = warnings.find((x) => /^dividend_yield of TRX\.TO: Yahoo states no currency/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /reads it in CAD, the price's, while TRX\.TO reports in USD/);
  assert.match(w!, /declared in USD would give 0\.013 \(at USDCAD=X\)/);
});

Deno.test("symbol.snapshot: a quote labelled GBp beside financialData in GBP reads the figures in GBP", async () => {
  const row = { ...ROW, financialCurrency: "GBp" };
  const fin = { ...MODULES.financialData, financialCurrency: "GBP" };
  const { d, warnings } = await snap(row, { ...MODULES, financialData: fin }, {});
  assert.equal(d.financial_currency, "GBP");
  assert.equal(d.fx, null);
  assert.equal(d.valuation.price_to_sales_ttm, Math.round(161.65 / 290 * 1e4) / 1e4);
  assert.ok(!warnings.some((w) => /financial_currency/.test(w)), warnings.join("\n"));
});

Deno.test("symbol.snapshot: a pence listing's EV that Yahoo summed with the price in pence is rebuilt in pounds, said", async () => {
  // OCDO.L's recorded layout: cap GBP 2.544bn, debt 1.9687bn, cash 0.7466bn
  const row = {
    ...ROW,
    symbol: "TOCD.L",
    financialCurrency: "GBP",
    regularMarketPrice: 309,
    sharesOutstanding: 823_350_016,
    marketCap: 2_544_151_552,
    epsTrailingTwelveMonths: -0.26,
    bookValue: 1.668,
  };
  const modules = {
    financialData: {
      financialCurrency: "GBP",
      totalRevenue: 2_997_400_064,
      ebitda: 52_800_000,
      totalCash: 746_600_000,
      totalDebt: 1_968_700_032,
    },
    // the cap in pence (254.4bn) plus net debt
    defaultKeyStatistics: {
      enterpriseValue: 255_637_251_584,
      enterpriseToRevenue: 85.287,
      enterpriseToEbitda: 4841.6,
      netIncomeToCommon: -216_600_000,
    },
    summaryDetail: { currency: "GBp", marketCap: 2_544_151_552 },
    summaryProfile: { country: "United Kingdom" },
  };
  const { d, warnings } = await snap(row, modules, {});
  assert.equal(d.enterprise_value, 2_544_151_552 + 1_968_700_032 - 746_600_000);
  assert.equal(d.valuation.ev_to_revenue, Math.round(3_766_251_584 / 2_997_400_064 * 1e4) / 1e4);
  assert.ok(
    warnings.some((w) => /^enterprise_value of TOCD\.L: Yahoo states 255637251584 GBP/.test(w)),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: a pence listing's EV near the market cap plus net debt is Yahoo's, without a word", async () => {
  const row = { ...ROW, symbol: "TOCE.L", financialCurrency: "GBP", marketCap: 2_544_151_552 };
  const modules = {
    financialData: { financialCurrency: "GBP", totalCash: 746_600_000, totalDebt: 1_968_700_032 },
    defaultKeyStatistics: { enterpriseValue: 3_761_557_760 },
    summaryDetail: { currency: "GBp", marketCap: 2_544_151_552 },
  };
  const { d, warnings } = await snap(row, modules, {});
  assert.equal(d.enterprise_value, 3_761_557_760);
  assert.ok(!warnings.some((w) => /enterprise_value/.test(w)), warnings.join("\n"));
});
