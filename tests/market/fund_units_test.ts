/**
 * An ETF listed in London is quoted in pence (GBp), while Yahoo's total assets of the fund are
 * in its base currency and name none: shown beside fund.currency "GBp", 40 billion reads as
 * 400 million pounds. Answers shaped as Yahoo's v7 quote row and quoteSummary modules.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { render } from "../../adapters/render.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function yahoo(row: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  const symbol = String(row.symbol);
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    if (decodeURIComponent(u.pathname) === `/v10/finance/quoteSummary/${symbol}`) {
      const m = u.searchParams.get("modules");
      const modules: Record<string, unknown> = {
        summaryDetail: {
          currency: row.currency,
          totalAssets: 40_123_000_000,
          navPrice: 91.2,
          yield: 0.0105,
        },
        defaultKeyStatistics: { fundFamily: "Test Funds", legalType: "Exchange Traded Fund" },
      };
      const body = m && m in modules ? { [m]: modules[m] } : {};
      return Promise.resolve(json({ quoteSummary: { result: [body], error: null } }));
    }
    return rest(input, init);
  };
}

const row = (over: Record<string, unknown>) => ({
  language: "en-GB",
  region: "GB",
  quoteType: "ETF",
  marketState: "CLOSED",
  exchange: "LSE",
  fullExchangeName: "LSE",
  longName: "Test S&P 500 UCITS ETF",
  regularMarketPrice: 9120,
  regularMarketPreviousClose: 9100,
  regularMarketChange: 20,
  regularMarketTime: Date.parse("2025-03-19T16:35:00Z") / 1000,
  ...over,
});

Deno.test("symbol.snapshot: a pence-quoted ETF's total assets are said not to be in pence", async () => {
  const env = (await run("symbol.snapshot", { symbol: "TSTE.L" }, {
    fetch: yahoo(row({ symbol: "TSTE.L", currency: "GBp" })),
    now: "2025-03-20T12:00:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.fund.net_assets, 40_123_000_000);
  assert.equal(d.fund.currency, "GBp");
  const w = env.warnings.find((x) => /^fund\.net_assets of TSTE\.L/.test(x));
  assert.ok(w, env.warnings.join("\n"));
  assert.match(w!, /not in GBp like the price .*base currency/);
  // the text view never prints the total as pence
  const text = render(env, "text", { view: "snapshot", width: 110 });
  assert.match(
    text,
    /net_assets:?\s+40,123,000,000 \(40\.12 billion\) \(currency not stated; not GBp\)/,
  );
  assert.doesNotMatch(text, /GBp 40,123/);
  // a fund quoted in a major unit: nothing to say
  const usd = (await run("symbol.snapshot", { symbol: "TSTU" }, {
    fetch: yahoo(row({ symbol: "TSTU", currency: "USD", region: "US", regularMarketPrice: 91.2 })),
    now: "2025-03-20T12:00:00Z",
  })).envelope;
  assert.ok(!usd.warnings.some((x) => /fund\.net_assets/.test(x)), usd.warnings.join("\n"));
});
