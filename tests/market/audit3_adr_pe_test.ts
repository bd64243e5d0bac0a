/**
 * A US depositary share quoted in USD by a filer reporting in USD: price and statements in one
 * currency, so the snapshot took P/E as the price over Yahoo's per-share earnings. Yahoo's
 * per-share figures of an ADR may be per ordinary share while the price is per ADS (one ADS
 * standing for 6 shares here), which gave a P/E six times too high with no word. The per-share
 * ratios are now checked against the market cap over net income to common. Rows shaped as
 * Yahoo's v7 quote and v10 quoteSummary answers.
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
  exchange: "NYQ",
  fullExchangeName: "NYSE",
  longName: "Test Depositary plc",
  symbol: "TADR",
  regularMarketPrice: 36,
  regularMarketPreviousClose: 35.5,
  regularMarketChange: 0.5,
  regularMarketChangePercent: 1.4085,
  regularMarketTime: sec("2025-02-24T21:00:02Z"),
  // ADS-equivalent count: the cap is the price times it
  sharesOutstanding: 2_700_000_000,
  marketCap: 97_200_000_000,
  // per ordinary share: one ADS is six shares
  epsTrailingTwelveMonths: 0.9,
  epsForward: 1.0,
  bookValue: 0.7,
  trailingPE: 40,
  forwardPE: 36,
  priceToBook: 51.43,
};

const MODULES: Record<string, unknown> = {
  financialData: { financialCurrency: "USD", totalRevenue: 190_000_000_000 },
  defaultKeyStatistics: { netIncomeToCommon: 14_600_000_000, trailingEps: 0.9, bookValue: 0.7 },
  summaryDetail: { currency: "USD", marketCap: 97_200_000_000 },
  summaryProfile: { sector: "Energy", country: "United Kingdom" },
};

function yahoo(row: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === row.symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    if (u.pathname === `/v10/finance/quoteSummary/${row.symbol}`) {
      const m = u.searchParams.get("modules")!;
      return Promise.resolve(json({
        quoteSummary: { result: [{ [m]: MODULES[m] ?? {} }], error: null },
      }));
    }
    return rest(input, init);
  };
}

Deno.test("symbol.snapshot: an ADR's earnings per ordinary share give no P/E at the ADS price", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "TADR" }, {
    fetch: yahoo(ROW),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.price, 36);
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(d.valuation.forward_pe, null);
  assert.equal(d.valuation.price_to_book, null);
  // aggregates over aggregates stay
  assert.ok(d.valuation.price_to_sales_ttm > 0.5 && d.valuation.price_to_sales_ttm < 0.52);
  const w = envelope.warnings.find((x) =>
    /^trailing_pe, forward_pe, price_to_book of TADR/.test(x)
  );
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /P\/E of 40, the market cap .* gives 6\.66, 6\.01 times apart/);
  assert.match(w!, /depositary share/);
  assert.ok(!d.sources.some((s: Any) => /valuation\.trailing_pe/.test(s.fields)));
});

Deno.test("symbol.snapshot: a P/E that agrees with the cap over net income is kept without a word", async () => {
  // per-ADS figures: 5.4 of earnings, 4.2 of book per ADS
  const row = { ...ROW, epsTrailingTwelveMonths: 5.4, epsForward: 6, bookValue: 4.2 };
  const { envelope } = await run("symbol.snapshot", { symbol: "TADR" }, {
    fetch: yahoo(row),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.ok(Math.abs(d.valuation.trailing_pe - 6.6667) < 1e-3, String(d.valuation.trailing_pe));
  assert.equal(d.valuation.forward_pe, 6);
  assert.ok(!envelope.warnings.some((w) => /trailing_pe/.test(w)), envelope.warnings.join("\n"));
});

Deno.test("symbol.snapshot: a P/E somewhat apart from the cap over net income is kept and said", async () => {
  const row = { ...ROW, epsTrailingTwelveMonths: 3.6, epsForward: 6, bookValue: 4.2 };
  const { envelope } = await run("symbol.snapshot", { symbol: "TADR" }, {
    fetch: yahoo(row),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.valuation.trailing_pe, 10);
  const w = envelope.warnings.find((x) => /^trailing_pe of TADR/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /1\.5 times apart/);
});
