/**
 * Share counts that are not the ones a market cap is of. Yahoo's `sharesOutstanding` of a
 * company with several share classes counts the listed class only (GOOG: 5.50 billion class C
 * shares) while its `marketCap` is the whole company's (2.27 trillion USD, 2.21 times the price
 * times those shares): dividing an implied company value by the class's count gives a price
 * twice too high. The rows here are shaped as Yahoo's v7 quote rows (the GOOG figures are its
 * recorded answer's).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { capOverShares } from "../../analysis/market/quote_row.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** Yahoo answering one quote row for `symbol`; everything else as the shared fake. */
function yahoo(symbol: string, row: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    return rest(input, init);
  };
}

const GOOG = {
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  typeDisp: "Equity",
  quoteSourceName: "Nasdaq Real Time Price",
  currency: "USD",
  financialCurrency: "USD",
  marketState: "CLOSED",
  exchange: "NMS",
  fullExchangeName: "NasdaqGS",
  longName: "Alphabet Inc.",
  symbol: "GOOG",
  regularMarketPrice: 186.87,
  regularMarketPreviousClose: 186.64,
  regularMarketChange: 0.23,
  regularMarketChangePercent: 0.1232,
  regularMarketTime: sec("2025-02-24T21:00:01Z"),
  sharesOutstanding: 5496999936,
  marketCap: 2266975961088,
};

Deno.test("market.quote: a share count of one class beside the whole company's cap is said", async () => {
  const env = (await run("market.quote", { symbol: "GOOG" }, {
    fetch: yahoo("GOOG", GOOG),
    now: NOW,
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.market_cap, 2266975961088);
  assert.equal(d.shares_outstanding, 5496999936);
  const w = env.warnings.find((x) => /^GOOG: Yahoo's market cap/.test(x));
  assert.ok(w, env.warnings.join("\n"));
  assert.match(w!, /2\.21 times the price times the 5496999936 shares/);
  assert.match(w!, /do not divide the market cap by shares_outstanding/);
  // a count the cap is of (AAPL's recorded row: cap = price × shares) says nothing
  const aapl = { ...GOOG, symbol: "AAPL", sharesOutstanding: 15022100480 };
  aapl.marketCap = Math.round(244.6 * 15022100480);
  aapl.regularMarketPrice = 244.6;
  const env2 = (await run("market.quote", { symbol: "AAPL" }, {
    fetch: yahoo("AAPL", aapl),
    now: NOW,
  })).envelope;
  assert.ok(!env2.warnings.some((x) => /market cap .* times the price/.test(x)), env2.warnings[0]);
});

Deno.test("valuation.scenario: GOOG's implied prices use the shares its cap is of, not class C's", async () => {
  const env = (await run("valuation.scenario", {
    symbol: "GOOG",
    revenue: "350B",
    bear_multiple: 5,
    base_multiple: 6.5,
    bull_multiple: 8,
  }, { fetch: yahoo("GOOG", GOOG), now: NOW })).envelope;
  const d = dataOf(env) as Any;
  const equivalent = 2266975961088 / 186.87;
  assert.ok(Math.abs(d.shares - equivalent) < 1, String(d.shares));
  assert.equal(d.shares_source.source, "derived: market_cap / price");
  const base = d.cases.find((c: Any) => c.case === "base");
  // 350B × 6.5 = 2.275T, about the market cap: about the price, not 2.2 times it
  assert.equal(base.implied_price, Math.round((2.275e12 / equivalent) * 10_000) / 10_000);
  assert.ok(Math.abs(base.implied_price - 187.53) < 0.01, String(base.implied_price));
  assert.ok(Math.abs(base.upside_pct - 0.35) < 0.02, String(base.upside_pct));
  assert.ok(
    env.warnings.some((w) =>
      /^shares: Yahoo's market cap of GOOG is 2\.21 times .*5496999936 shares/.test(w)
    ),
    env.warnings.join("\n"),
  );
  // shares given are used as given
  const given = dataOf(
    (await run("valuation.scenario", {
      symbol: "GOOG",
      revenue: "350B",
      bear_multiple: 5,
      base_multiple: 6.5,
      bull_multiple: 8,
      shares: "12.2B",
    }, { fetch: yahoo("GOOG", GOOG), now: NOW })).envelope,
  ) as Any;
  assert.equal(given.shares, 12.2e9);
  assert.equal(given.shares_source.source, "user_input");
});

Deno.test("capOverShares: minor units are read in the major one; a cap within 5% agrees", () => {
  const base = { market_cap: 2554603520, price: 308.8, shares_outstanding: 823350016 };
  // OCDO.L: 308.8 GBp × 823 million shares is the 2.55 billion GBP cap
  assert.equal(capOverShares({ ...base, currency: "GBp" }), null);
  // the same figures read as pounds are 100 times the cap
  assert.ok(Math.abs(capOverShares({ ...base, currency: "GBP" })! - 0.01) < 0.001);
  // BABA's recorded row: 2.2% apart (the cap at another moment's price) is not flagged
  assert.equal(
    capOverShares({
      market_cap: 302870626304,
      price: 124.73,
      shares_outstanding: 2375950080,
      currency: "USD",
    }),
    null,
  );
  assert.equal(capOverShares({ ...base, currency: "GBp", shares_outstanding: null }), null);
});

Deno.test("market.quote and symbol.snapshot: Yahoo's market cap and share count of 0 are none", async () => {
  const row = {
    ...GOOG,
    symbol: "TSTZ",
    longName: "Test Zero Corp",
    marketCap: 0,
    sharesOutstanding: 0,
  };
  const env = (await run("market.quote", { symbol: "TSTZ" }, {
    fetch: yahoo("TSTZ", row),
    now: NOW,
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.market_cap, null);
  assert.equal(d.market_cap_currency, null);
  assert.equal(d.shares_outstanding, null);
  assert.ok(
    env.warnings.some((w) =>
      /^TSTZ: Yahoo's marketCap and sharesOutstanding of 0 means it states none/.test(w)
    ),
    env.warnings.join("\n"),
  );
  // the snapshot's price-to-sales is no 0 over a revenue
  const base = yahoo("TSTZ", row);
  const fetch: typeof globalThis.fetch = (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname.startsWith("/v10/finance/quoteSummary/TSTZ")) {
      const m = u.searchParams.get("modules");
      const body = m === "financialData"
        ? { financialData: { totalRevenue: 5e9, financialCurrency: "USD" } }
        : m === "summaryDetail"
        ? { summaryDetail: { currency: "USD", marketCap: 0 } }
        : {};
      return Promise.resolve(json({ quoteSummary: { result: [body], error: null } }));
    }
    return base(input, init);
  };
  const snap = (await run("symbol.snapshot", { symbol: "TSTZ" }, { fetch, now: NOW })).envelope;
  const s = dataOf(snap) as Any;
  assert.equal(s.total_revenue_ttm, 5e9);
  assert.equal(s.market_cap, null);
  assert.equal(s.valuation.price_to_sales_ttm, null);
  assert.equal(s.shares_outstanding, null);
});

Deno.test("screen.run: a row's market cap of 0 is none, with no currency", async () => {
  const body = {
    finance: {
      result: [{
        start: 0,
        count: 2,
        total: 2,
        quotes: [["TSTA.L", 125000000], ["TSTB.L", 0]].map(([symbol, marketCap]) => ({
          symbol,
          currency: "GBp",
          marketCap,
          regularMarketPrice: 120,
          regularMarketChangePercent: 1.5,
          regularMarketTime: sec("2025-02-24T16:30:00Z"),
        })),
      }],
      error: null,
    },
  };
  const env = (await run("screen.run", { query: "region=gb" }, {
    fetch: fakeMarket(undefined, { "screener?": () => json(body) }),
    now: NOW,
  })).envelope;
  const d = dataOf(env) as Any;
  assert.deepEqual(d.quotes.map((q: Any) => [q.market_cap, q.market_cap_currency]), [
    [125000000, "GBP"],
    [null, null],
  ]);
  assert.ok(!env.warnings.some((w) => /currencies/.test(w)), env.warnings.join("\n"));
});
