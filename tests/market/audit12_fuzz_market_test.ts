/**
 * Inputs a user types that the market commands answered unhelpfully or wrongly (argument fuzzing
 * under replay): each test performs the input on a fake network shaped like the real answers.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { beyondIntradayDepth, emptyWindow } from "../../analysis/market/ohlcv_window.ts";
import { historySpan } from "../../providers/stooq/client.ts";

const NOW = "2026-11-27T20:00:00Z";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** Yahoo's quoteSummary answer for a module it keeps none of for the symbol (an ETF, a pair). */
const noModule = () =>
  json({
    quoteSummary: {
      result: null,
      error: {
        code: "Not Found",
        description: "No fundamentals data found for any of the summaryTypes=calendarEvents",
      },
    },
  }, 404);

Deno.test("calendar.company of an ETF: Yahoo's 'No fundamentals data found' says what to do", async () => {
  const env = await envelope("calendar.company", { symbol: "QQQ" }, {
    fetch: fakeMarket(undefined, { "/v10/finance/quoteSummary/QQQ": noModule }),
    now: NOW,
  });
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  // names the provider and the request, and says why and what to check; not Yahoo's raw text
  assert.match(env.error!, /^market_a: quoteSummary \w+ of QQQ: Yahoo holds none of this data/);
  assert.match(env.error!, /ETFs, funds, indexes, currencies/);
  assert.match(env.error!, /check that the symbol is a company's shares/);
  assert.doesNotMatch(env.error!, /summaryTypes=|failed: No fundamentals/);
});

Deno.test("market.ohlcv: an empty window says where the listing's history lies", () => {
  const w = (start: string, end: string) => ({ start, end, keepLast: null });
  const history = { first: "1984-09-07", last: "2026-06-26" };
  assert.match(
    emptyWindow(history, w("1960-01-01", "1960-01-31"), null),
    /history of this listing starts at 1984-09-07 .*give an end_date on or after 1984-09-07/,
  );
  assert.match(
    emptyWindow(history, w("2026-07-01", "2026-07-31"), null),
    /history of this listing ends at 2026-06-26 .*give a start_date on or before 2026-06-26/,
  );
  assert.match(
    emptyWindow(history, w("2024-01-06", "2024-01-07"), null),
    /inside the provider's history \(1984-09-07\.\.2026-06-26\): no trading session fell in it/,
  );
  assert.match(emptyWindow(null, w("2024-01-06", "2024-01-07"), null), /sent none for it/);
});

Deno.test("stooq: a window before the listing's first bar names that bar's date", async () => {
  const csv = "Date,Open,High,Low,Close,Volume\n" +
    "2023-11-16,370.1,373.0,368.2,371.0,20000000\n2023-11-17,371.5,372.4,369.0,370.1,25000000\n";
  assert.deepEqual(historySpan(csv, "MSFT"), { first: "2023-11-16", last: "2023-11-17" });
  const env = await envelope("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2020-01-01",
    end_date: "2020-01-31",
    provider: "stooq",
  }, { fetch: fakeMarket(undefined, { "stooq.com": () => new Response(csv) }), now: NOW });
  assert.equal(env.ok, false);
  assert.match(env.error!, /^stooq: no bars for MSFT/);
  assert.match(env.error!, /starts at 2023-11-16 .*give an end_date on or after 2023-11-16/);
});

Deno.test("price.context: a move date after today is refused, not an empty timeline", async () => {
  for (const symbol of ["AAPL", "7203.T"]) {
    const env = await envelope("price.context", { symbol, date: "2031-03-14" }, {
      fetch: fakeMarket(),
      now: NOW,
    });
    assert.equal(env.ok, false, `${symbol}: ${JSON.stringify(env.data)}`);
    assert.equal(env.data, null);
    assert.match(env.error!, /argument `date`: 2031-03-14 is after today \(2026-11-2\d in /);
  }
  // the listing's today, not UTC's: Tokyo is already on the 28th at 20:00 UTC on the 27th
  const tokyo = await envelope("price.context", { symbol: "7203.T", date: "2026-11-28" }, {
    fetch: fakeMarket(),
    now: NOW,
  });
  assert.doesNotMatch(tokyo.error ?? "", /is after today/);
});

Deno.test("price.moves: too few bars and a future start say what to give instead", async () => {
  const csv = "Date,Open,High,Low,Close,Volume\n2023-11-16,370.1,373.0,368.2,371.0,20000000\n";
  const one = await envelope("price.moves", {
    symbol: "MSFT",
    start_date: "2023-11-16",
    end_date: "2023-11-16",
    provider: "stooq",
  }, { fetch: fakeMarket(undefined, { "stooq.com": () => new Response(csv) }), now: NOW });
  assert.equal(one.ok, false);
  assert.match(one.error!, /returned 1 daily bars .* at least 2 are needed for a 1d window/);
  assert.match(one.error!, /give an earlier start_date \(or more years\)/);
  const future = await envelope("price.moves", { symbol: "SPY", start_date: "2029-01-01" }, {
    fetch: fakeMarket(),
    now: NOW,
  });
  assert.equal(future.ok, false);
  assert.match(future.error!, /end_date 2026-11-27 \(today, as no end_date was given\)/);
});

Deno.test("screen.run: a predefined screen's id typed in capitals is that screen", async () => {
  const log = { urls: [] as string[], posts: [] };
  const env = await envelope("screen.run", { query: "DAY_GAINERS", count: 2 }, {
    fetch: fakeMarket(log),
    now: NOW,
  });
  assert.equal(env.ok, true, env.error ?? "");
  assert.equal((env.data as { query: string }).query, "day_gainers");
  assert.ok(log.urls.some((u) => u.includes("scrIds=day_gainers")));
  const word = await envelope("screen.run", { query: "Technology" }, {
    fetch: fakeMarket(),
    now: NOW,
  });
  assert.equal(word.ok, false);
  assert.match(
    word.error!,
    /'technology' is not a predefined screen \(did you mean growth_technology_stocks\?\); list them with/,
  );
  // a near miss names the screen it most likely meant
  const near = await envelope("screen.run", { query: "day_gainer" }, {
    fetch: fakeMarket(),
    now: NOW,
  });
  assert.equal(near.ok, false);
  assert.match(
    near.error!,
    /'day_gainer' is not a predefined screen \(did you mean day_gainers\?\)/,
  );
});

Deno.test("valuation.scenario: a currency pair, index, future or crypto has no revenue", async () => {
  for (const symbol of ["EURUSD=X", "^GSPC", "GC=F", "BTC-USD"]) {
    const log = { urls: [] as string[], posts: [] };
    const env = await envelope("valuation.scenario", {
      symbol,
      revenue: "4B",
      bear_multiple: 1,
      base_multiple: 2,
      bull_multiple: 3,
      shares: "1B",
    }, { fetch: fakeMarket(log), now: NOW });
    assert.equal(env.ok, false, `${symbol} gave ok`);
    assert.match(
      env.error!,
      new RegExp(`${symbol.replace(/[\^=]/g, "\\$&")} is an? [a-z ]+, not a company's shares`),
    );
    assert.equal(log.urls.length, 0, "refused before any request");
  }
});

Deno.test("screen.run: clauses joined by AND that can match nothing are refused before Yahoo", async () => {
  const cases: [string, RegExp][] = [
    [
      "region=us AND intradayprice>100 AND region=gb",
      /region=us AND region=gb can match no listing.*IN \(us, gb\)/,
    ],
    [
      "region=us AND intradaymarketcap>10B AND intradaymarketcap<1B",
      /intradaymarketcap>10000000000 AND intradaymarketcap<1000000000 can match no listing/,
    ],
    ["region=us AND beta>=2 AND beta<2", /beta>=2 AND beta<2 can match no listing/],
  ];
  for (const [query, want] of cases) {
    const log = { urls: [] as string[], posts: [] };
    const env = await envelope("screen.run", { query }, { fetch: fakeMarket(log), now: NOW });
    assert.equal(env.ok, false, query);
    assert.match(env.error!, want);
    assert.equal(log.posts.length, 0, "no screener request");
  }
  // a range that can hold a value, and the same equality twice, are asked as before
  for (const query of ["region=us AND beta>=2 AND beta<=2", "region=us AND region=US AND beta>1"]) {
    const env = await envelope("screen.run", { query }, { fetch: fakeMarket(), now: NOW });
    assert.equal(env.ok, true, `${query}: ${env.error}`);
  }
});

/** Yahoo's row for a delisted listing it keeps a record of (shaped as its answer for ADH). */
const priceless = () =>
  json({
    quoteResponse: {
      result: [{
        language: "en-US",
        region: "US",
        quoteType: "MUTUALFUND",
        typeDisp: "Fund",
        shortName: "54688",
        exchangeTimezoneName: "America/New_York",
        gmtOffSetMilliseconds: -18000000,
        market: "us_market",
        regularMarketTime: 1561759658,
        exchange: "YHD",
        marketState: "CLOSED",
        fiftyTwoWeekLow: 5.6,
        fiftyTwoWeekHigh: 9.24,
        tradeable: false,
        priceHint: 2,
        symbol: "ADH",
      }],
      error: null,
    },
  });

Deno.test("a quote without any price fails naming why, not ok with every figure null", async () => {
  for (const command of ["market.quote", "symbol.snapshot", "valuation.multiples"]) {
    const env = await envelope(command, { symbol: "ADH" }, {
      fetch: fakeMarket(undefined, { "/v7/finance/quote": priceless }),
      now: NOW,
    });
    assert.equal(env.ok, false, `${command} answered ok`);
    assert.equal(env.data, null);
    assert.match(
      env.error!,
      /^market_a: Yahoo's quote of ADH has no price and no previous close \(its last trade time is 2019-06-28/,
    );
    assert.match(env.error!, /look up the company's current ticker/);
  }
});

Deno.test("price.moves: a negative threshold is said to be read as a size, both ways", async () => {
  const csv = "Date,Open,High,Low,Close,Volume\n" +
    "2023-11-16,370,373,368,100,20000000\n2023-11-17,371,372,369,80,25000000\n" +
    "2023-11-20,371,378,370,100,51000000\n";
  const env = await envelope("price.moves", {
    symbol: "MSFT",
    start_date: "2023-11-16",
    end_date: "2023-11-20",
    threshold: "-5%",
    provider: "stooq",
  }, { fetch: fakeMarket(undefined, { "stooq.com": () => new Response(csv) }), now: NOW });
  assert.equal(env.ok, true, env.error ?? "");
  assert.ok(
    env.warnings.some((w) => /threshold -5% was read as its size, 5%: moves up and down/.test(w)),
    env.warnings.join(" | "),
  );
  const dirs = (env.data as { moves: { direction: string }[] }).moves.map((m) => m.direction);
  assert.deepEqual(dirs.sort(), ["down", "up"]);
});

Deno.test({
  name: "conformance: Stooq's recorded AAPL history bounds an empty window's answer",
  ignore: !SHARED,
  async fn() {
    const stooq = join(sharedOrSkip("stooq cassette")!, "cassettes", "stooq");
    const ask = (start_date: string, end_date: string) =>
      envelope("market.ohlcv", { symbols: "AAPL", start_date, end_date, provider: "stooq" }, {
        replay: [stooq],
      });
    const before = await ask("1960-01-01", "1960-01-31");
    assert.equal(before.ok, false);
    assert.match(before.error!, /history of this listing starts at 1984-09-07/);
    const weekend = await ask("2024-01-06", "2024-01-07");
    assert.match(weekend.error!, /inside the provider's history \(1984-09-07\.\.\d{4}-\d\d-\d\d\)/);
  },
});

Deno.test("market.ohlcv: an intraday window older than Yahoo keeps is refused saying how far back", async () => {
  const NOW_D = new Date(NOW);
  const w = (start: string, end: string) => ({ start, end, keepLast: null });
  assert.match(
    beyondIntradayDepth("5m", w("2024-01-02", "2026-11-27"), NOW_D)!,
    /Yahoo serves 5m bars of only the last 60 days, .* give a start_date on or after 2026-09-30/,
  );
  // the first start Yahoo serves, once its request reaches 14 hours before the UTC midnight
  assert.equal(beyondIntradayDepth("5m", w("2026-09-30", "2026-10-01"), NOW_D), null);
  assert.match(beyondIntradayDepth("5m", w("2026-09-29", "2026-10-01"), NOW_D)!, /last 60 days/);
  assert.match(
    beyondIntradayDepth("1m", w("2026-11-10", "2026-11-20"), NOW_D)!,
    /at most 7 days of 1m bars a request/,
  );
  assert.equal(beyondIntradayDepth("1m", w("2026-11-16", "2026-11-20"), NOW_D), null);
  assert.equal(beyondIntradayDepth("1d", w("1990-01-02", "2026-11-20"), NOW_D), null);
  // through the command: no request that Yahoo answers with a bare HTTP 422
  const log = { urls: [] as string[], posts: [] };
  const env = await envelope("market.ohlcv", {
    symbols: "MSFT",
    timeframe: "5m",
    start_date: "2024-01-02",
    provider: "market_a",
  }, { fetch: fakeMarket(log), now: NOW });
  assert.equal(env.ok, false);
  assert.match(env.error!, /Yahoo serves 5m bars of only the last 60 days/);
  assert.ok(!log.urls.some((u) => u.includes("/v8/finance/chart/")), log.urls.join("\n"));
});
