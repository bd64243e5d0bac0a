/**
 * symbol.snapshot's own text view: price with currency and time, ratios with what they are
 * formed from, a fund's figures for a fund, every source in full with its URLs. End to end over
 * the fake market (AAPL), view-level over results shaped exactly like the command's (a GBp
 * listing, a EUR filer quoted in USD, an ETF), and over the shared recordings when present.
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";
import { loadCommand } from "../../commands/registry.ts";
import { dataOf, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { join } from "node:path";

// deno-lint-ignore no-explicit-any
type Any = any;
const QUOTE = "Yahoo Finance quote API (v7/finance/quote)";
const Q2 = "https://query2.finance.yahoo.com";

const text = (data: unknown) => blocksText(viewBlocks(data, "snapshot"), 100).join("\n");

/** A snapshot result as the command returns it; `over` replaces fields. */
function snap(over: Record<string, unknown>) {
  const symbol = String(over.symbol);
  return {
    symbol,
    provider_symbol: symbol,
    company_name: null,
    sector: null,
    sector_key: null,
    industry: null,
    industry_key: null,
    website: null,
    ir_website: null,
    country: null,
    cik: null,
    price: null,
    change_pct: null,
    currency: null,
    exchange: null,
    market_state: null,
    market_cap: null,
    enterprise_value: null,
    shares_outstanding: null,
    total_revenue_ttm: null,
    ebitda_ttm: null,
    cash: null,
    debt: null,
    net_debt: null,
    financial_currency: null,
    figure_currencies: {},
    fx: null,
    valuation: {
      trailing_pe: null,
      forward_pe: null,
      price_to_sales_ttm: null,
      price_to_book: null,
      ev_to_revenue: null,
      ev_to_ebitda: null,
      dividend_yield: null,
      beta: null,
    },
    fund: null,
    as_of: null,
    retrieved_at: "2025-02-17T12:00:00.000Z",
    provider: "market_a",
    sources: [{
      fields: "price, market_cap, shares_outstanding, as_of",
      source: QUOTE,
      urls: [`${Q2}/v7/finance/quote?symbols=${encodeURIComponent(symbol)}`],
    }],
    ...over,
  };
}

Deno.test("symbol.snapshot text: sources in full with their URLs, price with its time", async () => {
  const out = await run("symbol.snapshot", { symbol: "AAPL" }, {
    fetch: fakeMarket(),
    now: "2023-11-22T20:00:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.sources[0].urls, [`${Q2}/v7/finance/quote?symbols=AAPL`]);
  assert.deepEqual(
    d.sources[1].urls,
    ["summaryProfile", "financialData", "defaultKeyStatistics", "summaryDetail"].map((m) =>
      `${Q2}/v10/finance/quoteSummary/AAPL?formatted=false&modules=${m}`
    ),
  );
  const def = await loadCommand("symbol.snapshot");
  const t = renderOutput(out.envelope, "text", { view: def.view, width: 100 }).out;
  assert.match(t, /^Apple Inc\. \(AAPL\)/);
  assert.match(t, /^price: +USD 190\.50\n +\+0\.79% on the day · at 2023-11-21 17:00:00 UTC/m);
  assert.match(t, /^market_cap: +USD 2,960,000,000,000 \(2\.96 trillion\)/m);
  assert.match(t, /P\/S \(TTM\) +7\.73 +market cap \/ revenue \(TTM\)/);
  assert.match(t, /dividend yield +0\.50%/);
  // every source whole: its text, then its URLs, none cut with "…"
  assert.ok(t.includes(`: ${QUOTE}\n    ${Q2}/v7/finance/quote?symbols=AAPL`), t);
  assert.ok(
    t.includes(`${Q2}/v10/finance/quoteSummary/AAPL?formatted=false&modules=summaryDetail`),
  );
  assert.ok(!t.includes("…"), t);
});

Deno.test("symbol.snapshot view: a GBp price reads in GBP too, caps in GBP, P/B's basis said", () => {
  const t = text(snap({
    symbol: "OCDO.L",
    company_name: "Ocado Group plc",
    price: 308.8,
    change_pct: -2.0304644,
    currency: "GBp",
    exchange: "LSE",
    market_cap: 2554603520,
    total_revenue_ttm: 2997400064,
    financial_currency: "GBP",
    figure_currencies: {
      price: "GBp",
      market_cap: "GBP",
      enterprise_value: null,
      total_revenue_ttm: "GBP",
      per_share: "GBP",
    },
    valuation: {
      ...snap({ symbol: "X" }).valuation,
      price_to_sales_ttm: 0.8523,
      price_to_book: 1.8513,
    },
    as_of: "2025-02-17T10:38:44.000Z",
    sources: [...snap({ symbol: "OCDO.L" }).sources, {
      fields: "valuation.price_to_book",
      source:
        "the price shown over Yahoo's per-share figure: price_to_book over quote API bookValue",
      urls: [],
    }],
  }));
  assert.match(
    t,
    /^price: +GBp 308\.80\n += GBP 3\.088 · -2\.03% on the day · at 2025-02-17 10:38:44 UTC/m,
  );
  assert.match(t, /^market_cap: +GBP 2,554,603,520 \(2\.55 billion\)/m);
  assert.match(
    t,
    /P\/B +1\.85 +price \/ book value per share: the price shown over quote API bookValue/,
  );
  assert.ok(t.includes(`${Q2}/v7/finance/quote?symbols=OCDO.L`), t);
});

Deno.test("symbol.snapshot view: ratios across EUR and USD name the rate they were converted at", () => {
  const t = text(snap({
    symbol: "SPOT",
    price: 638.18,
    currency: "USD",
    market_cap: 130089164800,
    enterprise_value: 125183049394.23521,
    total_revenue_ttm: 15672999936,
    financial_currency: "EUR",
    figure_currencies: {
      price: "USD",
      market_cap: "USD",
      enterprise_value: "USD",
      total_revenue_ttm: "EUR",
      per_share: "EUR",
    },
    fx: {
      rate: 1.0489877,
      from: "EUR",
      to: "USD",
      symbol: "EURUSD=X",
      as_of: "2025-02-17T10:54:43.000Z",
      provider: "market_a",
      source: QUOTE,
    },
    valuation: {
      ...snap({ symbol: "X" }).valuation,
      price_to_sales_ttm: 7.9126,
      ev_to_revenue: 7.6142,
    },
    sources: [...snap({ symbol: "SPOT" }).sources, {
      fields: "fx EURUSD=X",
      source: `${QUOTE}, EURUSD=X`,
      urls: [`${Q2}/v7/finance/quote?symbols=EURUSD%3DX`],
    }],
  }));
  assert.match(t, /^total_revenue_ttm: +EUR 15,672,999,936 \(15\.67 billion\)/m);
  assert.match(
    t,
    /P\/S \(TTM\) +7\.91 +market cap \/ revenue \(TTM\); EUR converted to USD at 1\.0489877/,
  );
  assert.match(t, /EV\/revenue +7\.61 +.*EUR converted to USD at 1\.0489877/);
  assert.match(t, /1 EUR = 1\.0489877 USD \(EURUSD=X, 2025-02-17 10:54:43 UTC/);
  assert.ok(t.includes(`${Q2}/v7/finance/quote?symbols=EURUSD%3DX`), t);
});

Deno.test("symbol.snapshot view: a fund shows its own figures, not a company's ratios", () => {
  const t = text(snap({
    symbol: "QQQ",
    company_name: "Invesco QQQ Trust",
    price: 538.15,
    currency: "USD",
    fund: {
      net_assets: 328302690304,
      nav_price: 526.07,
      yield: 0.0054,
      beta_3y: 1.16,
      fund_family: "Invesco",
      legal_type: "Exchange Traded Fund",
      currency: "USD",
    },
  }));
  assert.match(t, /fund: +Exchange Traded Fund · Invesco/);
  assert.match(t, /^net_assets: +USD 328,302,690,304 \(328\.30 billion\)/m);
  assert.match(t, /^nav_price: +USD 526\.07 per share/m);
  assert.match(t, /^yield: +0\.54% \(trailing\)/m);
  assert.match(t, /No company ratios for a fund/);
  assert.ok(!/market_cap:|P\/E \(trailing\)/.test(t), t);
});

Deno.test("symbol.snapshot view: a fund's figures Yahoo leaves out read as not reported", () => {
  const t = text(snap({
    symbol: "0P000071W8.TO",
    company_name: "TD US Index e",
    price: 152.63,
    currency: "CAD",
    fund: {
      net_assets: null,
      nav_price: null,
      yield: 0.0073,
      beta_3y: null,
      fund_family: null,
      legal_type: null,
      currency: "CAD",
    },
  }));
  assert.match(t, /^fund: +a fund; its legal type and family are not reported$/m);
  assert.match(t, /^net_assets: +not reported$/m);
  // never "— per share": a missing figure with a unit read as if a figure were there
  assert.match(t, /^nav_price: +not reported$/m);
  assert.match(t, /^yield: +0\.73% \(trailing\)$/m);
  assert.match(t, /^beta_3y: +not reported$/m);
});

Deno.test({
  name: "symbol.snapshot text over the shared Yahoo recordings: AAPL, OCDO.L, SPOT, QQQ",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("symbol.snapshot recordings");
    if (!shared) return;
    const replay = [join(shared, "cassettes", "yahoo")];
    const def = await loadCommand("symbol.snapshot");
    const show = async (symbol: string) => {
      const out = await run("symbol.snapshot", { symbol }, { replay, now: "2025-02-18T12:00:00Z" });
      return renderOutput(out.envelope, "text", { view: def.view, width: 100 }).out;
    };
    assert.match(await show("AAPL"), /^price: +USD 244\.60\n.* at 2025-02-14 21:00:00 UTC/m);
    assert.match(await show("OCDO.L"), /^price: +GBp 308\.80\n += GBP 3\.088/m);
    const spot = await show("SPOT");
    assert.match(spot, /EUR converted to USD at 1\.0489877/);
    assert.ok(spot.includes(`${Q2}/v7/finance/quote?symbols=EURUSD%3DX`), spot);
    assert.match(await show("QQQ"), /^net_assets: +USD 328,302,690,304/m);
  },
});

Deno.test("symbol.snapshot sources cite only URLs the call requested (crumb removed)", async () => {
  const log = { urls: [] as string[], posts: [] as unknown[] };
  const out = await run("symbol.snapshot", { symbol: "AAPL" }, {
    fetch: fakeMarket(log as Any),
    now: "2023-11-22T20:00:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  const asked = new Set(log.urls.map((u) => {
    const url = new URL(u);
    url.searchParams.delete("crumb");
    return url.toString();
  }));
  const cited: string[] = d.sources.flatMap((s: Any) => s.urls);
  assert.ok(cited.length >= 2, JSON.stringify(d.sources));
  for (const u of cited) assert.ok(asked.has(new URL(u).toString()), `${u} was not requested`);
});
