/**
 * Sessions and units nobody tuned the code on: intraday windows of exchanges far from UTC,
 * intraday closes called adjusted, pre- and post-market trades beside the regular price, a
 * listing open for trading that has not traded for days, a cap and per-share figures in pence,
 * and instruments that have no SEC filer. Each answer is written in the shape of Yahoo's own
 * (chart, quote, quoteSummary) or Alpha Vantage's.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { plainQuoteRow } from "../../providers/market_a/quote_direct.ts";
import { quoteRow } from "../../providers/market_a/schemas.ts";
import { readYahooQuote, staleQuote } from "../../analysis/market/quote_row.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

interface Listing {
  quote?: Record<string, unknown>;
  chart?: Record<string, unknown>;
  /** quoteSummary modules by name. */
  summary?: Record<string, Record<string, unknown>>;
}

/** Yahoo for the listings given; every URL asked is logged. */
function yahoo(listings: Record<string, Listing>, urls: string[] = []): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const u = new URL(url);
    const p = decodeURIComponent(u.pathname);
    for (const [symbol, l] of Object.entries(listings)) {
      if (p === "/v7/finance/quote" && u.searchParams.get("symbols") === symbol && l.quote) {
        return Promise.resolve(json({ quoteResponse: { result: [l.quote], error: null } }));
      }
      if (p === `/v8/finance/chart/${symbol}` && l.chart) {
        return Promise.resolve(json({ chart: { result: [l.chart], error: null } }));
      }
      if (p === `/v10/finance/quoteSummary/${symbol}` && l.summary) {
        const m = u.searchParams.get("modules") ?? "";
        const body = l.summary[m];
        return Promise.resolve(
          body ? json({ quoteSummary: { result: [{ [m]: body }], error: null } }) : json({
            quoteSummary: {
              result: null,
              error: { code: "Not Found", description: "No data found" },
            },
          }, 404),
        );
      }
    }
    return rest(input, init);
  };
}

const quote = (over: Record<string, unknown>) => ({
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  typeDisp: "Equity",
  quoteSourceName: "Delayed Quote",
  marketState: "CLOSED",
  exchange: "NMS",
  fullExchangeName: "NasdaqGS",
  currency: "USD",
  regularMarketTime: sec("2025-03-19T20:00:00Z"),
  ...over,
});

/** An intraday chart as Yahoo answers it (no adjclose indicator). */
function intradayChart(meta: Record<string, unknown>, stamps: number[], closes: number[]) {
  return {
    meta: { dataGranularity: "5m", regularMarketTime: stamps.at(-1), ...meta },
    timestamp: stamps,
    indicators: {
      quote: [{
        open: closes,
        high: closes.map((c) => c + 0.1),
        low: closes.map((c) => c - 0.1),
        close: closes,
        volume: closes.map(() => 1000),
      }],
    },
  };
}

const sydney = {
  currency: "AUD",
  symbol: "TSTA.AX",
  exchangeName: "ASX",
  instrumentType: "EQUITY",
  // Yahoo's offset at the time of the request: AEDT, 11 hours ahead
  gmtoffset: 39600,
  exchangeTimezoneName: "Australia/Sydney",
  regularMarketPrice: 10.3,
};

// Sydney's session of 2025-03-20 runs 10:00-16:00 AEDT: 2025-03-19 23:00 to 2025-03-20 05:00 UTC
const ASX_BARS = [
  "2025-03-19T04:55:00Z", // 2025-03-19 15:55 in Sydney: the day before
  "2025-03-19T23:00:00Z", // 2025-03-20 10:00: the window's first bar
  "2025-03-20T02:00:00Z", // 13:00
  "2025-03-20T04:55:00Z", // 15:55: its last
  "2025-03-20T23:00:00Z", // 2025-03-21 10:00: the day after
];

// ---- 1. intraday windows are the exchange's local days ---------------------------------------

Deno.test("market.ohlcv: a Sydney intraday day is Sydney's, not UTC's", async () => {
  const chart = intradayChart(sydney, ASX_BARS.map(sec), [10, 10.1, 10.2, 10.3, 10.4]);
  const urls: string[] = [];
  const out = await run("market.ohlcv", {
    symbols: "TSTA.AX",
    timeframe: "5m",
    start_date: "2025-03-20",
    end_date: "2025-03-20",
    provider: "market_a",
  }, { fetch: yahoo({ "TSTA.AX": { chart } }, urls), now: "2025-03-22T00:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  // the whole session of 2025-03-20 in Sydney, and nothing of the days either side
  assert.deepEqual(d.rows.map((r: Any) => r.date), [
    "2025-03-19T23:00:00Z",
    "2025-03-20T02:00:00Z",
    "2025-03-20T04:55:00Z",
  ]);
  assert.equal(d.start_date, "2025-03-20");
  assert.equal(d.end_date, "2025-03-20");
  // the request reaches back to Sydney's midnight, before the UTC one
  const asked = new URL(urls.find((u) => u.includes("/v8/finance/chart/TSTA.AX"))!);
  assert.ok(Number(asked.searchParams.get("period1")) <= sec("2025-03-19T13:00:00Z"));
  assert.ok(Number(asked.searchParams.get("period2")) >= sec("2025-03-21T00:00:00Z"));
});

Deno.test("market.ohlcv: without end_date a Sydney morning's bars are kept (its today is UTC's tomorrow)", async () => {
  const chart = intradayChart(sydney, ASX_BARS.map(sec), [10, 10.1, 10.2, 10.3, 10.4]);
  // 2025-03-20 23:30 UTC is 2025-03-21 10:30 in Sydney
  const out = await run("market.ohlcv", {
    symbols: "TSTA.AX",
    timeframe: "5m",
    start_date: "2025-03-21",
    provider: "market_a",
  }, { fetch: yahoo({ "TSTA.AX": { chart } }), now: "2025-03-20T23:30:00Z" });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), ["2025-03-20T23:00:00Z"]);
  assert.equal(d.end_date, "2025-03-21");
});

Deno.test("market.ohlcv: Alpha Vantage's New York evening bars stay on their New York day", async () => {
  const av: typeof fetch = () =>
    Promise.resolve(json({
      "Meta Data": {
        "1. Information": "Intraday (60min) open, high, low, close prices and volume",
        "2. Symbol": "MINI",
        "4. Interval": "60min",
        "6. Time Zone": "US/Eastern",
      },
      "Time Series (60min)": {
        // 19:00 in New York's winter is 00:00 UTC the next day
        "2025-01-15 19:00:00": {
          "1. open": "11",
          "2. high": "11",
          "3. low": "11",
          "4. close": "11",
          "5. volume": "10",
        },
        "2025-01-15 10:00:00": {
          "1. open": "10",
          "2. high": "10",
          "3. low": "10",
          "4. close": "10",
          "5. volume": "10",
        },
        "2025-01-14 19:00:00": {
          "1. open": "9",
          "2. high": "9",
          "3. low": "9",
          "4. close": "9",
          "5. volume": "10",
        },
      },
    }));
  const d = dataOf(
    (await run("market.ohlcv", {
      symbols: "MINI",
      timeframe: "1h",
      start_date: "2025-01-15",
      end_date: "2025-01-15",
      provider: "market_b",
    }, { fetch: av, env: { ALPHA_VANTAGE_API_KEY: "demo" }, now: "2025-01-20T00:00:00Z" }))
      .envelope,
  ) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), [
    "2025-01-15T15:00:00Z",
    "2025-01-16T00:00:00Z",
  ]);
  // 2. no adjusted close is made up for intraday bars, and none is claimed
  assert.deepEqual(d.rows.map((r: Any) => r.adj_close), [null, null]);
  assert.doesNotMatch(d.price_basis, /adj_close adjusted/);
});

// ---- 2. intraday closes are not called adjusted ---------------------------------------------

Deno.test("market.ohlcv: Yahoo's intraday bars have no adjusted close, and the basis says so", async () => {
  const chart = intradayChart(sydney, ASX_BARS.map(sec), [10, 10.1, 10.2, 10.3, 10.4]);
  const out = await run("market.ohlcv", {
    symbols: "TSTA.AX",
    timeframe: "5m",
    start_date: "2025-03-20",
    end_date: "2025-03-20",
    provider: "market_a",
  }, { fetch: yahoo({ "TSTA.AX": { chart } }), now: "2025-03-22T00:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  assert.ok(d.rows.every((r: Any) => r.adj_close === null), JSON.stringify(d.rows));
  assert.doesNotMatch(d.price_basis, /adj_close adjusted for splits and dividends/);
  assert.match(d.price_basis, /adj_close null/);
});

// ---- 5. extended hours ----------------------------------------------------------------------

const post = quote({
  symbol: "TSTP",
  longName: "Test Post Inc.",
  marketState: "POST",
  regularMarketPrice: 100,
  regularMarketPreviousClose: 99,
  regularMarketChange: 1,
  regularMarketChangePercent: 1.0101,
  regularMarketTime: sec("2025-03-19T20:00:00Z"),
  postMarketPrice: 92.5,
  postMarketChange: -7.5,
  postMarketChangePercent: -7.5,
  postMarketTime: sec("2025-03-19T22:30:00Z"),
});

Deno.test("market.quote: after the close the post-market trade is given beside the regular price", async () => {
  const out = await run("market.quote", { symbol: "TSTP" }, {
    fetch: yahoo({ TSTP: { quote: post } }),
    now: "2025-03-19T22:45:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  // the price stays the regular session's, and says so
  assert.equal(d.price, 100);
  assert.equal(d.as_of, "2025-03-19T20:00:00.000Z");
  assert.deepEqual(d.extended_hours, {
    session: "post",
    price: 92.5,
    change: -7.5,
    change_pct: -7.5,
    as_of: "2025-03-19T22:30:00.000Z",
  });
  assert.ok(
    out.envelope.warnings.some((w) =>
      /TSTP: market_state POST: price 100 is the regular session's .*post-market trade is 92\.5 at 2025-03-19 22:30 UTC/
        .test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
  // symbol.snapshot shows the same price, with the same warning
  const snap = await run("symbol.snapshot", { symbol: "TSTP" }, {
    fetch: yahoo({ TSTP: { quote: post } }),
    now: "2025-03-19T22:45:00Z",
  });
  assert.ok(snap.envelope.warnings.some((w) => /post-market trade is 92\.5/.test(w)));
});

Deno.test("market.quote: before the open the pre-market trade is the later one; a closed market has none", () => {
  const pre = {
    ...post,
    marketState: "PRE",
    preMarketPrice: 95,
    preMarketChange: -5,
    preMarketChangePercent: -5,
    preMarketTime: sec("2025-03-20T12:00:00Z"),
  };
  // the CLI's direct path and the ordinary one read the same
  for (const row of [plainQuoteRow(pre)!, quoteRow.parse(pre)]) {
    const q = readYahooQuote(row).quote;
    assert.equal(q.extended_hours?.session, "pre");
    assert.equal(q.extended_hours?.price, 95);
  }
  // a post-market trade older than the regular price is not passed on
  const late = { ...post, postMarketTime: sec("2025-03-19T19:00:00Z") };
  assert.equal(readYahooQuote(quoteRow.parse(late)).quote.extended_hours, undefined);
  // nor outside the extended sessions' states
  const closed = readYahooQuote(quoteRow.parse({ ...post, marketState: "CLOSED" }));
  assert.equal(closed.quote.extended_hours, undefined);
  assert.ok(!closed.notes.some((n) => /post-market/.test(n)));
});

// ---- more: an open market whose listing has not traded --------------------------------------

Deno.test("market.quote: an open market with a price from two weekdays ago says it has not traded", async () => {
  const halted = quote({
    symbol: "TSTH",
    marketState: "REGULAR",
    regularMarketPrice: 12,
    regularMarketPreviousClose: 12,
    regularMarketChange: 0,
    // Monday's price, read on Wednesday afternoon during the session
    regularMarketTime: sec("2025-03-17T19:59:00Z"),
  });
  const out = await run("market.quote", { symbol: "TSTH" }, {
    fetch: yahoo({ TSTH: { quote: halted } }),
    now: "2025-03-19T17:00:00Z",
  });
  assert.ok(
    out.envelope.warnings.some((w) =>
      /TSTH: Yahoo says its market is open \(REGULAR\), but the last price \(USD 12\) is from 2025-03-17 19:59 UTC, a whole weekday before this session: no trade since/
        .test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
  // Friday's price on Monday morning, or yesterday's today, is no such sign
  const q = { symbol: "X", price: 1, currency: "USD", market_state: "REGULAR" };
  assert.equal(
    staleQuote({ ...q, as_of: "2025-03-14T20:00:00Z" }, new Date("2025-03-17T14:00:00Z")),
    null,
  );
  assert.equal(
    staleQuote({ ...q, as_of: "2025-03-18T20:00:00Z" }, new Date("2025-03-19T17:00:00Z")),
    null,
  );
  // nor a closed market's (a holiday)
  assert.equal(
    staleQuote(
      { ...q, market_state: "CLOSED", as_of: "2025-03-17T20:00:00Z" },
      new Date("2025-03-19T17:00:00Z"),
    ),
    null,
  );
});

// ---- 3. pence and pounds in symbol.snapshot -------------------------------------------------

/** A London listing quoted in pence: 823.35 million shares at 308.8p, £2.54bn. */
function london(over: {
  quote?: Record<string, unknown>;
  keyStats?: Record<string, unknown>;
  financial?: Record<string, unknown>;
  detail?: Record<string, unknown>;
}): Listing {
  return {
    quote: quote({
      symbol: "TSTL.L",
      longName: "Test London plc",
      currency: "GBp",
      financialCurrency: "GBP",
      exchange: "LSE",
      fullExchangeName: "LSE",
      marketState: "CLOSED",
      regularMarketPrice: 308.8,
      regularMarketPreviousClose: 305,
      regularMarketChange: 3.8,
      sharesOutstanding: 823350016,
      marketCap: 2542504849,
      ...over.quote,
    }),
    summary: {
      summaryProfile: { sector: "Consumer Defensive", country: "United Kingdom" },
      financialData: {
        financialCurrency: "GBP",
        totalRevenue: 2997400064,
        totalCash: 750900000,
        totalDebt: 1900000000,
        ...over.financial,
      },
      defaultKeyStatistics: { sharesOutstanding: 823350016, ...over.keyStats },
      summaryDetail: { currency: "GBp", ...over.detail },
    },
  };
}

async function snapshotOf(l: Listing) {
  const out = await run("symbol.snapshot", { symbol: "TSTL.L" }, {
    fetch: yahoo({ "TSTL.L": l }),
    now: "2025-03-20T12:00:00Z",
  });
  return { d: dataOf(out.envelope) as Any, warnings: out.envelope.warnings };
}

Deno.test("symbol.snapshot: quoteSummary's market cap in pence is put into pounds", async () => {
  // the quote states no cap; summaryDetail's is the price in pence times the shares
  const { d, warnings } = await snapshotOf(london({
    quote: { marketCap: undefined },
    detail: { marketCap: 254250484900 },
  }));
  assert.equal(d.market_cap, 2542504849);
  assert.equal(d.figure_currencies.market_cap, "GBP");
  assert.ok(
    warnings.some((w) => /TSTL\.L: quoteSummary's market cap .* in GBp; shown as .* GBP/.test(w)),
    warnings.join("\n"),
  );
  // P/S at that cap: £2.54bn over £3.00bn of revenue
  assert.equal(d.valuation.price_to_sales_ttm, Math.round(2542504849 / 2997400064 * 1e4) / 1e4);
  // a cap already in pounds stays as it is
  const pounds = await snapshotOf(london({
    quote: { marketCap: undefined },
    detail: { marketCap: 2542504849 },
  }));
  assert.equal(pounds.d.market_cap, 2542504849);
});

Deno.test("symbol.snapshot: per-share figures Yahoo states in pence give a P/E in pence", async () => {
  // trailing EPS 26.3: net income of £216.6m over 823.35m shares is £0.263, i.e. 26.3p
  const { d, warnings } = await snapshotOf(london({
    quote: { epsTrailingTwelveMonths: 26.3, bookValue: 166.8 },
    keyStats: { netIncomeToCommon: 216600000, trailingEps: 26.3 },
  }));
  assert.equal(d.valuation.trailing_pe, Math.round(308.8 / 26.3 * 1e4) / 1e4);
  assert.equal(d.valuation.price_to_book, Math.round(308.8 / 166.8 * 1e4) / 1e4);
  assert.equal(d.figure_currencies.per_share, "GBp");
  assert.ok(
    warnings.some((w) => /TSTL\.L: Yahoo's per-share figures are in GBp like the price/.test(w)),
    warnings.join("\n"),
  );
  // the same figures in pounds (as Yahoo writes most) give the same P/E, without a warning
  const gbp = await snapshotOf(london({
    quote: { epsTrailingTwelveMonths: 0.263, bookValue: 1.668 },
    keyStats: { netIncomeToCommon: 216600000, trailingEps: 0.263 },
  }));
  assert.equal(gbp.d.valuation.trailing_pe, Math.round(3.088 / 0.263 * 1e4) / 1e4);
  assert.equal(gbp.d.figure_currencies.per_share, "GBP");
  assert.ok(!gbp.warnings.some((w) => /per-share/.test(w)), gbp.warnings.join("\n"));
});

Deno.test("symbol.snapshot: per-share figures in pence or pounds that nothing shows are no ratio", async () => {
  // an EPS with no net income, revenue per share or cash per share to tell its unit by
  const { d, warnings } = await snapshotOf(london({
    quote: { epsTrailingTwelveMonths: 26.3 },
    financial: { totalRevenue: null, totalCash: null },
  }));
  assert.equal(d.valuation.trailing_pe, null);
  assert.ok(
    warnings.some((w) =>
      /trailing_pe: the price is in GBp, and whether .* GBp or GBP .*not computed/.test(w)
    ),
    warnings.join("\n"),
  );
});

// ---- 4. instruments without an SEC filer ----------------------------------------------------

Deno.test("symbol.snapshot: a cryptocurrency, a currency pair or an index has no SEC filer, and no warning says one is missing", async () => {
  const cases: [string, Record<string, unknown>][] = [
    ["BTC-USD", { quoteType: "CRYPTOCURRENCY", marketState: "REGULAR" }],
    ["EURUSD=X", { quoteType: "CURRENCY", marketState: "REGULAR" }],
    ["^GSPC", { quoteType: "INDEX" }],
    ["GC=F", { quoteType: "FUTURE", marketState: "REGULAR" }],
  ];
  for (const [symbol, over] of cases) {
    const urls: string[] = [];
    const row = quote({
      symbol,
      ...over,
      regularMarketPrice: 100,
      regularMarketPreviousClose: 99,
      regularMarketChange: 1,
      regularMarketTime: sec("2025-03-20T11:00:00Z"),
    });
    const out = await run("symbol.snapshot", { symbol }, {
      fetch: yahoo({ [symbol]: { quote: row } }, urls),
      now: "2025-03-20T12:00:00Z",
    });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.cik, null);
    assert.ok(
      !out.envelope.warnings.some((w) => /cik|SEC/i.test(w)),
      out.envelope.warnings.join("\n"),
    );
    assert.ok(!urls.some((u) => u.includes("sec.gov")), `${symbol}: asked the SEC`);
    // one warning says why the company figures are empty; none of them is asked of Yahoo
    assert.equal(
      out.envelope.warnings.filter((w) => w.startsWith(`${symbol} is `) && /not a company/.test(w))
        .length,
      1,
      out.envelope.warnings.join("\n"),
    );
    assert.ok(
      !urls.some((u) => /modules=[^&]*(financialData|defaultKeyStatistics|summaryProfile)/.test(u)),
      urls.join("\n"),
    );
  }
});
