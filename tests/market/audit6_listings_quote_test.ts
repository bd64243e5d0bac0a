/**
 * Quotes of listings nobody tuned the code on, each row shaped as Yahoo's v7 quote (the GC=F,
 * EURUSD=X and BTC-USD recordings): an equity-index future whose price is index points, not
 * dollars; an oil future's price per barrel with its contract and expiry; a contract past its
 * expiry; a Treasury future in points of par; a currency pair's unit (quote currency per base);
 * a cryptocurrency's price two days old over a weekend (it trades every day).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { futureRoot, readYahooQuote } from "../../analysis/market/quote_row.ts";
import { plainQuoteRow } from "../../providers/market_a/quote_direct.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

function yahoo(rows: Record<string, unknown>[]): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    const row = rows.find((r) => r.symbol === u.searchParams.get("symbols"));
    if (u.pathname === "/v7/finance/quote" && row) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    if (u.pathname.startsWith("/v10/finance/quoteSummary/") && row === undefined) {
      // Yahoo's answer for a listing without the module
      const modules = u.searchParams.get("modules");
      return Promise.resolve(json({
        quoteSummary: {
          result: null,
          error: {
            code: "Not Found",
            description: `No fundamentals data found for any of the summaryTypes=${modules}`,
          },
        },
      }, 404));
    }
    return rest(input, init);
  };
}

/** A futures row as Yahoo answers GC=F, for another contract. */
function future(over: Record<string, unknown>) {
  return {
    language: "en-US",
    region: "US",
    quoteType: "FUTURE",
    typeDisp: "Futures",
    quoteSourceName: "Delayed Quote",
    contractSymbol: false,
    currency: "USD",
    marketState: "REGULAR",
    exchangeTimezoneName: "America/New_York",
    sourceInterval: 10,
    exchangeDataDelayedBy: 10,
    ...over,
  };
}

const ES = future({
  symbol: "ES=F",
  headSymbolAsString: "ES=F",
  shortName: "E-Mini S&P 500 Mar 25",
  underlyingSymbol: "ESH25.CME",
  underlyingExchangeSymbol: "ESH25.CME",
  exchange: "CME",
  fullExchangeName: "CME",
  expireDate: sec("2025-03-21T00:00:00Z"),
  expireIsoDate: "2025-03-21T00:00:00Z",
  regularMarketPrice: 6129.25,
  regularMarketPreviousClose: 6118.5,
  regularMarketChange: 10.75,
  regularMarketChangePercent: 0.1757,
  regularMarketDayHigh: 6140,
  regularMarketDayLow: 6110.5,
  regularMarketOpen: 6119,
  regularMarketVolume: 1_234_567,
  regularMarketTime: sec("2025-02-17T15:00:00Z"),
  openInterest: 2_100_000,
});

const CL = future({
  symbol: "CL=F",
  headSymbolAsString: "CL=F",
  shortName: "Crude Oil Apr 25",
  underlyingSymbol: "CLJ25.NYM",
  underlyingExchangeSymbol: "CLJ25.NYM",
  exchange: "NYM",
  fullExchangeName: "NY Mercantile",
  expireDate: sec("2025-03-20T00:00:00Z"),
  expireIsoDate: "2025-03-20T00:00:00Z",
  regularMarketPrice: 71.74,
  regularMarketPreviousClose: 70.74,
  regularMarketChange: 1,
  regularMarketChangePercent: 1.4136,
  regularMarketDayHigh: 71.92,
  regularMarketDayLow: 70.8,
  regularMarketOpen: 70.9,
  regularMarketVolume: 180_000,
  regularMarketTime: sec("2025-02-17T15:00:00Z"),
});

const ZN = future({
  symbol: "ZN=F",
  shortName: "10-Year T-Note Futures,Mar-2025",
  underlyingSymbol: "ZNH25.CBT",
  exchange: "CBT",
  fullExchangeName: "CBOT",
  expireIsoDate: "2025-03-20T00:00:00Z",
  regularMarketPrice: 109.015625,
  regularMarketPreviousClose: 108.90625,
  regularMarketChange: 0.109375,
  regularMarketChangePercent: 0.1004,
  regularMarketTime: sec("2025-02-17T15:00:00Z"),
});

const EURUSD = {
  language: "en-US",
  region: "US",
  quoteType: "CURRENCY",
  typeDisp: "Currency",
  currency: "USD",
  shortName: "EUR/USD",
  longName: "EUR/USD",
  symbol: "EURUSD=X",
  exchange: "CCY",
  fullExchangeName: "CCY",
  marketState: "REGULAR",
  regularMarketPrice: 1.0489877,
  regularMarketPreviousClose: 1.0495383,
  regularMarketChange: -0.0005505085,
  regularMarketChangePercent: -0.052457344,
  regularMarketVolume: 0,
  regularMarketTime: sec("2025-02-17T10:54:43Z"),
};

const BTC = {
  language: "en-US",
  region: "US",
  quoteType: "CRYPTOCURRENCY",
  typeDisp: "Cryptocurrency",
  quoteSourceName: "CoinMarketCap",
  currency: "USD",
  shortName: "Bitcoin USD",
  longName: "Bitcoin USD",
  symbol: "BTC-USD",
  exchange: "CCC",
  fullExchangeName: "CCC",
  exchangeTimezoneName: "UTC",
  marketState: "REGULAR",
  fromCurrency: "BTC",
  toCurrency: "USD=X",
  regularMarketPrice: 96077.45,
  regularMarketPreviousClose: 96137.88,
  regularMarketChange: -60.43,
  regularMarketChangePercent: -0.0629,
  regularMarketVolume: 21_228_961_792,
  marketCap: 1_904_783_523_840,
  circulatingSupply: 19_825_500,
  // a Saturday morning
  regularMarketTime: sec("2025-02-15T09:00:00Z"),
};

Deno.test("market.quote: an equity-index future's price is index points, not USD", async () => {
  const { envelope } = await run("market.quote", { symbol: "ES=F" }, {
    fetch: yahoo([ES]),
    now: "2025-02-17T15:05:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.price, 6129.25);
  assert.equal(d.currency, null);
  const w = envelope.warnings.find((x) => x.startsWith("ES=F is a futures contract"));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /ESH25\.CME, expiring 2025-03-21/);
  assert.match(w!, /6129\.25 is in index points, not in USD/);
});

Deno.test("market.quote: an oil future's price is USD per barrel, with its contract and expiry", async () => {
  const { envelope } = await run("market.quote", { symbol: "CL=F" }, {
    fetch: yahoo([CL]),
    now: "2025-02-17T15:05:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, "USD");
  assert.equal(d.market_cap, null);
  const w = envelope.warnings.find((x) => x.startsWith("CL=F is a futures contract"));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /CLJ25\.NYM, expiring 2025-03-20/);
  assert.match(w!, /71\.74 is in USD per barrel, not the value of one contract/);
  assert.ok(!envelope.warnings.some((x) => /expired/.test(x)), envelope.warnings.join("\n"));
});

Deno.test("market.quote: a contract past its expiry is said to be expired", async () => {
  const { envelope } = await run("market.quote", { symbol: "CL=F" }, {
    fetch: yahoo([{ ...CL, regularMarketTime: sec("2025-03-20T18:00:00Z") }]),
    now: "2025-03-24T15:00:00Z",
  });
  const w = envelope.warnings.find((x) => /expired on 2025-03-20/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /CLJ25\.NYM expired on 2025-03-20, before 2025-03-24/);
});

Deno.test("market.quote: a Treasury future is in points of par, with no currency", async () => {
  const { envelope } = await run("market.quote", { symbol: "ZN=F" }, {
    fetch: yahoo([ZN]),
    now: "2025-02-17T15:05:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, null);
  assert.ok(envelope.warnings.some((x) => /points of par/.test(x)), envelope.warnings.join("\n"));
});

Deno.test("market.quote: a currency pair's price is the quote currency per one of the base", async () => {
  const { envelope } = await run("market.quote", { symbol: "eur-usd" }, {
    fetch: yahoo([EURUSD]),
    now: "2025-02-17T11:00:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.symbol, "EURUSD=X");
  assert.equal(d.currency, "USD");
  assert.ok(
    envelope.warnings.some((x) => /1\.0489877 is in USD per 1 EUR/.test(x)),
    envelope.warnings.join("\n"),
  );
});

Deno.test("market.quote: a pair whose stated currency is not its quote currency has none", async () => {
  const { envelope } = await run("market.quote", { symbol: "EURUSD=X" }, {
    fetch: yahoo([{ ...EURUSD, currency: "EUR" }]),
    now: "2025-02-17T11:00:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, null);
  assert.ok(
    envelope.warnings.some((x) =>
      /states the currency EUR, but the pair's price is in USD per EUR/.test(x)
    ),
    envelope.warnings.join("\n"),
  );
});

Deno.test("market.quote: a cryptocurrency's price two days old over a weekend is stale", async () => {
  // Monday morning: a stock's Friday close would be current, a coin's Saturday price is not
  const { envelope } = await run("market.quote", { symbol: "BTC-USD" }, {
    fetch: yahoo([BTC]),
    now: "2025-02-17T09:00:00Z",
  });
  dataOf(envelope);
  const w = envelope.warnings.find((x) => /around the clock/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /from 2025-02-15 09:00 UTC, 48 hours before now/);
});

Deno.test("market.quote: a cryptocurrency's price minutes old says nothing of staleness", async () => {
  const { envelope } = await run("market.quote", { symbol: "BTC-USD" }, {
    fetch: yahoo([BTC]),
    now: "2025-02-15T09:20:00Z",
  });
  dataOf(envelope);
  assert.ok(!envelope.warnings.some((x) => /before now/.test(x)), envelope.warnings.join("\n"));
});

Deno.test("readYahooQuote on the direct path's rows: the same future and pair notes", () => {
  const now = new Date("2025-02-17T15:05:00Z");
  const es = readYahooQuote(plainQuoteRow(ES)!, now);
  assert.equal(es.quote.currency, null);
  assert.ok(es.notes.some((n) => /index points/.test(n)), es.notes.join("\n"));
  const fx = readYahooQuote(plainQuoteRow(EURUSD)!, now);
  assert.ok(fx.notes.some((n) => /USD per 1 EUR/.test(n)), fx.notes.join("\n"));
  // an equity's row says nothing of contracts or pairs
  const eq = readYahooQuote(plainQuoteRow({ ...CL, symbol: "XOM", quoteType: "EQUITY" })!, now);
  assert.equal(eq.quote.currency, "USD");
  assert.ok(!eq.notes.some((n) => /futures|exchange rate/.test(n)), eq.notes.join("\n"));
});

Deno.test("futureRoot: continuous symbols and contract spellings", () => {
  assert.equal(futureRoot("ES=F"), "ES");
  assert.equal(futureRoot("ESH25.CME"), "ES");
  assert.equal(futureRoot("CLK25.NYM"), "CL");
  assert.equal(futureRoot("ZNM25.CBT"), "ZN");
  assert.equal(futureRoot("MESH25.CME"), "MES");
  assert.equal(futureRoot("6E=F"), "6E");
  assert.equal(futureRoot("AAPL"), null);
});

/** A listing's row as Yahoo answers an ordinary equity, last traded at `at`. */
const equity = (at: string, marketState = "CLOSED") => ({
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  typeDisp: "Equity",
  currency: "USD",
  symbol: "HALT",
  shortName: "Halted Holdings Inc.",
  exchange: "NMS",
  fullExchangeName: "NasdaqGS",
  marketState,
  regularMarketPrice: 12.5,
  regularMarketPreviousClose: 12.4,
  regularMarketChange: 0.1,
  regularMarketChangePercent: 0.8065,
  regularMarketVolume: 10_000,
  regularMarketTime: sec(at),
});

Deno.test("market.quote: a closed market's last price from last week's Friday is stale by Thursday night", async () => {
  // Thursday 23:00 UTC, the market closed for the night; no trade Monday to Wednesday
  const { envelope } = await run("market.quote", { symbol: "HALT" }, {
    fetch: yahoo([equity("2025-02-14T21:00:00Z")]),
    now: "2025-02-20T23:00:00Z",
  });
  dataOf(envelope);
  const w = envelope.warnings.find((x) => /whole weekdays have passed/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /from 2025-02-14 21:00 UTC, and 3 whole weekdays/);
  assert.match(w!, /market state: CLOSED/);
});

Deno.test("market.quote: Friday's close seen on Monday morning, or over a one-day holiday, is current", async () => {
  for (const now of ["2025-02-17T08:00:00Z", "2025-02-18T08:00:00Z"]) {
    const { envelope } = await run("market.quote", { symbol: "HALT" }, {
      fetch: yahoo([equity("2025-02-14T21:00:00Z")]),
      now,
    });
    dataOf(envelope);
    assert.ok(
      !envelope.warnings.some((x) => /before now|weekdays/.test(x)),
      envelope.warnings.join("\n"),
    );
  }
});

Deno.test("symbol.snapshot: an index future has no currency and no company figures", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "ES=F" }, {
    fetch: yahoo([ES]),
    now: "2025-02-17T15:05:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, null);
  assert.equal(d.figure_currencies.price, null);
  assert.equal(d.market_cap, null);
  assert.equal(d.cik, null);
  assert.ok(envelope.warnings.some((x) => /index points/.test(x)), envelope.warnings.join("\n"));
});

/** Alpha Vantage's GLOBAL_QUOTE for `symbol`. */
const globalQuote = (symbol: string) => ({
  "Global Quote": {
    "01. symbol": symbol,
    "02. open": "33.1000",
    "03. high": "33.4000",
    "04. low": "32.9000",
    "05. price": "33.2500",
    "06. volume": "4523000",
    "07. latest trading day": "2025-02-14",
    "08. previous close": "33.0000",
    "09. change": "0.2500",
    "10. change percent": "0.7576%",
  },
});

const avAnswers = (symbol: string) =>
  fakeMarket(undefined, {
    "alphavantage.co": () => json(globalQuote(symbol)),
  });

Deno.test("market.quote: Alpha Vantage's quote of another symbol is not the listing asked for", async () => {
  // asked for London's SHEL.LON, answered with the US line SHEL (USD, per ADS)
  const { envelope } = await run("market.quote", { symbol: "SHEL.L" }, {
    fetch: avAnswers("SHEL"),
    env: { ALPHA_VANTAGE_API_KEY: "k" },
    now: "2025-02-17T12:00:00Z",
  });
  assert.equal(envelope.ok, false);
  assert.match(
    envelope.error!,
    /Alpha Vantage answered SHEL\.LON with a quote of SHEL, another listing; not used/,
  );
});

Deno.test("market.quote: Alpha Vantage's quote of the symbol asked is used", async () => {
  const { envelope } = await run("market.quote", { symbol: "SHEL.L" }, {
    fetch: avAnswers("SHEL.LON"),
    env: { ALPHA_VANTAGE_API_KEY: "k" },
    now: "2025-02-17T12:00:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.provider, "market_b");
  assert.equal(d.price, 33.25);
});

Deno.test("readYahooQuote: a row without Yahoo's type is read by its =F or =X spelling", () => {
  const { quoteType: _f, ...cl } = CL;
  const fut = readYahooQuote(plainQuoteRow(cl)!, new Date("2025-02-17T15:05:00Z"));
  assert.ok(fut.notes.some((n) => /USD per barrel/.test(n)), fut.notes.join("\n"));
  const { quoteType: _x, ...fx } = EURUSD;
  const pair = readYahooQuote(plainQuoteRow(fx)!);
  assert.ok(pair.notes.some((n) => /USD per 1 EUR/.test(n)), pair.notes.join("\n"));
});

Deno.test("market.quote and symbol.snapshot: a ticker Yahoo has no quote for may be delisted or renamed, and say so", async () => {
  // Yahoo's answer for BRKS after Brooks Automation became Azenta (AZTA): an empty result
  for (const command of ["market.quote", "symbol.snapshot"]) {
    const { envelope } = await run(command, { symbol: "BRKS" }, {
      fetch: yahoo([]),
      now: "2025-02-17T12:00:00Z",
    });
    assert.equal(envelope.ok, false);
    assert.match(envelope.error!, /Yahoo has no quote for 'BRKS'/);
    assert.match(envelope.error!, /delisted, merged or renamed has no quote under its old ticker/);
  }
});

Deno.test("market.quote: Alpha Vantage's echo of a share class in another spelling is the same listing", async () => {
  const { envelope } = await run("market.quote", { symbol: "BRK.B" }, {
    fetch: avAnswers("BRK-B"),
    env: { ALPHA_VANTAGE_API_KEY: "k" },
    now: "2025-02-17T12:00:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.provider, "market_b");
  assert.equal(d.provider_symbol, "BRK.B");
});

Deno.test("market.quote: a cryptocurrency's volume is said to be 24 hours' traded value, not coins", async () => {
  const { envelope } = await run("market.quote", { symbol: "BTC-USD" }, {
    fetch: yahoo([BTC]),
    now: "2025-02-15T09:20:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.volume, 21_228_961_792);
  assert.ok(
    envelope.warnings.some((x) =>
      /volume 21228961792 for a cryptocurrency is the value traded over the last 24 hours/.test(x)
    ),
    envelope.warnings.join("\n"),
  );
});

/** An option's row as Yahoo answers one (quoteType OPTION, an OCC symbol). */
const OPTION = {
  language: "en-US",
  region: "US",
  quoteType: "OPTION",
  typeDisp: "Option",
  currency: "USD",
  symbol: "AAPL250321C00150000",
  shortName: "AAPL Mar 2025 150.000 call",
  underlyingSymbol: "AAPL",
  exchange: "OPR",
  fullExchangeName: "OPR",
  marketState: "REGULAR",
  strike: 150,
  expireDate: sec("2025-03-21T00:00:00Z"),
  expireIsoDate: "2025-03-21T00:00:00Z",
  openInterest: 8123,
  regularMarketPrice: 95.4,
  regularMarketPreviousClose: 94.1,
  regularMarketChange: 1.3,
  regularMarketChangePercent: 1.38,
  regularMarketVolume: 112,
  regularMarketTime: sec("2025-02-18T15:00:00Z"),
};

Deno.test("market.quote: an option's price is per share of the underlying; an expired one is said", async () => {
  const live = await run("market.quote", { symbol: "AAPL250321C00150000" }, {
    fetch: yahoo([OPTION]),
    now: "2025-02-18T15:05:00Z",
  });
  dataOf(live.envelope);
  const w = live.envelope.warnings.find((x) => /is a call option/.test(x));
  assert.ok(w, live.envelope.warnings.join("\n"));
  assert.match(w!, /on AAPL, strike 150, expiring 2025-03-21/);
  assert.match(w!, /95\.4 is per share of the underlying/);
  assert.ok(!live.envelope.warnings.some((x) => /expired/.test(x)));
  const late = await run("market.quote", { symbol: "AAPL250321C00150000" }, {
    fetch: yahoo([{ ...OPTION, regularMarketTime: sec("2025-03-21T19:59:00Z") }]),
    now: "2025-03-24T15:00:00Z",
  });
  assert.ok(
    late.envelope.warnings.some((x) => /option expired on 2025-03-21, before 2025-03-24/.test(x)),
    late.envelope.warnings.join("\n"),
  );
});

Deno.test("market.quote: a future the exchange quotes in cents is in cents, though Yahoo says USD", async () => {
  const kc = future({
    symbol: "KC=F",
    shortName: "Coffee May 25",
    underlyingSymbol: "KCK25.NYB",
    exchange: "NYB",
    fullExchangeName: "ICE Futures",
    expireIsoDate: "2025-05-19T00:00:00Z",
    regularMarketPrice: 380.5,
    regularMarketPreviousClose: 378.1,
    regularMarketChange: 2.4,
    regularMarketChangePercent: 0.63,
    regularMarketTime: sec("2025-02-17T15:00:00Z"),
  });
  const { envelope } = await run("market.quote", { symbol: "KC=F" }, {
    fetch: yahoo([kc]),
    now: "2025-02-17T15:05:00Z",
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.price, 380.5);
  assert.equal(d.currency, "USX");
  const w = envelope.warnings.find((x) => x.startsWith("KC=F is a futures contract"));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /380\.5 is in US cents per pound.*380\.5 cents is USD 3\.805/);
  // corn stated in USX by Yahoo is said in its unit, and kept
  const zc = future({
    symbol: "ZC=F",
    currency: "USX",
    shortName: "Corn Futures,May-2025",
    regularMarketPrice: 498.25,
    regularMarketTime: sec("2025-02-17T15:00:00Z"),
  });
  const corn = await run("market.quote", { symbol: "ZC=F" }, {
    fetch: yahoo([zc]),
    now: "2025-02-17T15:05:00Z",
  });
  assert.equal((dataOf(corn.envelope) as Any).currency, "USX");
  assert.ok(
    corn.envelope.warnings.some((x) => /498\.25 is in US cents \(USX\) per bushel/.test(x)),
    corn.envelope.warnings.join("\n"),
  );
});

Deno.test("market.quote and symbol.snapshot: an OCC option symbol Yahoo has no row for is read for its terms, expired or not", async () => {
  // Yahoo's recorded answer for AAPL220121C00025000 (17 Feb 2025): an empty result
  for (const command of ["market.quote", "symbol.snapshot"]) {
    const { envelope } = await run(command, { symbol: "AAPL220121C00025000" }, {
      fetch: yahoo([]),
      now: "2025-02-17T12:00:00Z",
    });
    assert.equal(envelope.ok, false);
    assert.match(
      envelope.error!,
      /'AAPL220121C00025000' reads as an OCC option symbol \(AAPL call, strike 25, expiring 2022-01-21\): that contract expired on 2022-01-21/,
    );
    assert.match(envelope.error!, /`finance market\.quote AAPL`/);
    assert.doesNotMatch(envelope.error!, /delisted, merged or renamed/);
  }
  // a contract still to expire on the day asked: no word of expiry, the chain to check instead
  const { envelope } = await run("market.quote", { symbol: "MSFT270115P00412500" }, {
    fetch: yahoo([]),
    now: "2025-02-17T12:00:00Z",
  });
  assert.match(
    envelope.error!,
    /\(MSFT put, strike 412\.5, expiring 2027-01-15\): check the expiry/,
  );
  assert.doesNotMatch(envelope.error!, /expired/);
});
