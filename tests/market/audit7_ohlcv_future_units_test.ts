/**
 * market.ohlcv of a point-priced future (ES=F, NQ=F, YM=F, ZN=F, ZQ=F, SR3=F) carried Yahoo's
 * "USD" while market.quote said points, and of a future the exchange quotes in US cents (KC=F,
 * ZC=F, LE=F) Yahoo's "USD" while market.quote said USX: one rule now (quote_row.ts
 * futurePrice), so the bars say what the quote says; a point-priced future's market_currency
 * keeps the currency it settles in, so a backtest still refuses it beside a listing in another.
 * A currency pair's bars likewise take market.quote's rule (EURUSD=X is in USD; another currency
 * Yahoo states is left null). Answers shaped as Yahoo's v8 chart.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";
import { readYahooQuote } from "../../analysis/market/quote_row.ts";
import { quoteRow } from "../../providers/market_a/schemas.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-11-21T21:00:00Z";
const WINDOW = { start_date: "2025-10-01", end_date: "2025-10-10" };

/**
 * Yahoo's chart of a future: instrumentType FUTURE, the currency Yahoo states (USD); `others`
 * gives other symbols their own currency and type.
 */
function yahoo(
  currency = "USD",
  type: string | null = "FUTURE",
  others: Record<string, [string, string]> = {},
): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const p1 = Number(url.searchParams.get("period1"));
    const p2 = Number(url.searchParams.get("period2"));
    const body = chartBody(sym, p1, p2, 400, 0.001) as Any;
    const [cur, kind] = others[sym] ?? [currency, type];
    body.chart.result[0].meta.currency = cur;
    if (kind) body.chart.result[0].meta.instrumentType = kind;
    else delete body.chart.result[0].meta.instrumentType;
    body.chart.result[0].meta.exchangeName = "CME";
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  };
}

const ohlcv = (symbols: string, net: typeof fetch) =>
  run("market.ohlcv", { symbols, ...WINDOW, provider: "market_a" }, { fetch: net, now: NOW });

/** market.quote's currency for the same future, as Yahoo's quote row states it. */
const quoteCurrency = (symbol: string, currency = "USD") =>
  readYahooQuote(quoteRow.parse({ symbol, quoteType: "FUTURE", currency, regularMarketPrice: 400 }))
    .quote.currency;

Deno.test("market.ohlcv: a point-priced future's bars have no currency, as its quote", async () => {
  for (const sym of ["ES=F", "NQ=F", "YM=F", "ZN=F", "ZQ=F", "SR3=F"]) {
    const { envelope } = await ohlcv(sym, yahoo());
    const d = dataOf(envelope) as Any;
    assert.equal(d.rows[0].close, 400, sym);
    assert.equal(d.currency, null, sym);
    assert.equal(d.currency, quoteCurrency(sym), `${sym}: ohlcv and quote agree`);
    const w = envelope.warnings.find((x) => x.startsWith(`${sym} is a futures contract: each`));
    assert.ok(w, envelope.warnings.join("\n"));
    assert.match(w!, /currency is left null/);
    assert.match(w!, /not in USD|not an amount in USD/);
    // the currency the contract settles in, as an index's market currency
    assert.equal(d.market_currency, "USD", sym);
  }
  // without Yahoo's instrument type, the =F spelling says it is a future
  const es = dataOf((await ohlcv("ES=F", yahoo("USD", null))).envelope) as Any;
  assert.equal(es.currency, null);
});

Deno.test("market.ohlcv: a future quoted in cents that Yahoo labels USD is in USX", async () => {
  for (const sym of ["KC=F", "SB=F", "CT=F", "ZC=F", "ZS=F", "ZW=F", "LE=F"]) {
    const { envelope } = await ohlcv(sym, yahoo());
    const d = dataOf(envelope) as Any;
    assert.equal(d.currency, "USX", sym);
    assert.equal(d.market_currency, undefined, sym);
    assert.equal(d.currency, quoteCurrency(sym), `${sym}: ohlcv and quote agree`);
    assert.ok(
      envelope.warnings.some((x) => x.startsWith(`${sym} is a futures contract`) && /USX/.test(x)),
      envelope.warnings.join("\n"),
    );
  }
  // Yahoo's own USX stays, with nothing to say
  const zc = await ohlcv("ZC=F", yahoo("USX"));
  assert.equal((dataOf(zc.envelope) as Any).currency, "USX");
  assert.ok(!zc.envelope.warnings.some((x) => x.startsWith("ZC=F is a futures contract")));
});

Deno.test("market.ohlcv: a future priced in money keeps Yahoo's currency, unremarked", async () => {
  for (const sym of ["CL=F", "GC=F", "6E=F"]) {
    const { envelope } = await ohlcv(sym, yahoo());
    assert.equal((dataOf(envelope) as Any).currency, "USD", sym);
    assert.equal(quoteCurrency(sym), "USD", sym);
    assert.ok(!envelope.warnings.some((x) => x.startsWith(`${sym} is a futures contract`)));
  }
  // an equity is no future, whatever its letters
  const { envelope } = await ohlcv("ESZ", yahoo("USD", "EQUITY"));
  assert.equal((dataOf(envelope) as Any).currency, "USD");
});

Deno.test("backtest.run: a point-priced future beside a listing in another currency is refused", async () => {
  const base = {
    strategy: "buy_hold",
    start_date: "2025-10-01",
    end_date: "2025-10-10",
    provider: "market_a",
    warmup_bars: 0,
  };
  const net = yahoo("USD", "FUTURE", { "SAP.DE": ["EUR", "EQUITY"], SPY: ["USD", "ETF"] });
  const mixed = await run("backtest.run", { ...base, symbols: "ES=F,SAP.DE" }, {
    fetch: net,
    now: NOW,
  });
  assert.equal(mixed.envelope.ok, false);
  assert.match(mixed.envelope.error!, /ES=F \(a future in points, settled in USD\) in USD/);
  assert.match(mixed.envelope.error!, /SAP\.DE in EUR/);
  // beside a listing of its own currency it runs, without a guessed currency
  const same = await run("backtest.run", { ...base, symbols: "ES=F,SPY" }, {
    fetch: net,
    now: NOW,
  });
  assert.equal(same.envelope.ok, true, same.envelope.error ?? "");
  assert.ok(
    !same.envelope.warnings.some((w) => /states no currency for ES=F/.test(w)),
    same.envelope.warnings.join("\n"),
  );
});

Deno.test("market.ohlcv: a pair's currency is its quote currency, as market.quote says", async () => {
  const pairQuote = (symbol: string, currency?: string) =>
    readYahooQuote(
      quoteRow.parse({ symbol, quoteType: "CURRENCY", currency, regularMarketPrice: 1.1 }),
    )
      .quote.currency;
  // Yahoo's currency is the quote currency: kept, unremarked
  const usd = await ohlcv("EURUSD=X", yahoo("USD", "CURRENCY"));
  assert.equal((dataOf(usd.envelope) as Any).currency, "USD");
  assert.ok(!usd.envelope.warnings.some((w) => /Yahoo states the currency/.test(w)));
  // another currency stated: null, said, as the quote
  const eur = await ohlcv("EURUSD=X", yahoo("EUR", "CURRENCY"));
  const d = dataOf(eur.envelope) as Any;
  assert.equal(d.currency, null);
  assert.equal(d.currency, pairQuote("EURUSD=X", "EUR"));
  assert.equal(d.market_currency, undefined);
  assert.ok(
    eur.envelope.warnings.some((w) =>
      /^EURUSD=X: Yahoo states the currency EUR, but the pair's prices are in USD per EUR/.test(w)
    ),
    eur.envelope.warnings.join("\n"),
  );
  // JPY=X is JPY per USD
  const jpy = await ohlcv("JPY=X", yahoo("USD", "CURRENCY"));
  assert.equal((dataOf(jpy.envelope) as Any).currency, null);
  assert.equal(pairQuote("JPY=X", "USD"), null);
});
