/**
 * Listings nobody tuned the code on: futures and currency bars dated across daylight saving,
 * intraday windows Yahoo keeps only briefly, lunch breaks and regions Yahoo does not cover,
 * a quote row for another symbol, market caps in a minor unit (ZAc) and fils (KWF).
 * Each answer here is written in the shape of Yahoo's own (chart, quote, markettime).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { barDate } from "../../providers/market_a/bars.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-03-20T12:00:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

interface Listing {
  quote?: Record<string, unknown>;
  chart?: Record<string, unknown>;
  /** The symbol Yahoo's quote row names (another listing's, when Yahoo answers with one). */
  rowSymbol?: string;
}

/** Yahoo for the listings given (quote row, chart); every URL asked is logged. */
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
  regularMarketTime: sec("2025-03-19T15:00:00Z"),
  ...over,
});

/** A daily chart as Yahoo answers it: meta, timestamps and one quote indicator. */
function dailyChart(meta: Record<string, unknown>, stamps: number[], closes: number[]) {
  return {
    meta: {
      dataGranularity: "1d",
      regularMarketTime: stamps.at(-1),
      ...meta,
    },
    timestamp: stamps,
    indicators: {
      quote: [{
        open: closes,
        high: closes.map((c) => c + 1),
        low: closes.map((c) => c - 1),
        close: closes,
        volume: closes.map(() => 1000),
      }],
      adjclose: [{ adjclose: closes }],
    },
  };
}

// ---- market.ohlcv ---------------------------------------------------------------------------

Deno.test("market.ohlcv: futures bars stamped at New York midnight keep their date in summer", async () => {
  // Yahoo stamps a future's daily bar at 00:00 New York: 04:00 UTC in summer. Its gmtoffset is
  // the one at the time of the request (winter, -5 h), which puts the bar on the day before.
  const chart = dailyChart(
    {
      currency: "USD",
      symbol: "GC=F",
      exchangeName: "CMX",
      instrumentType: "FUTURE",
      gmtoffset: -18000,
      exchangeTimezoneName: "America/New_York",
      regularMarketPrice: 2331,
    },
    [sec("2024-07-01T04:00:00Z"), sec("2024-07-02T04:00:00Z")],
    [2330, 2331],
  );
  const out = await run("market.ohlcv", {
    symbols: "GC=F",
    start_date: "2024-07-01",
    end_date: "2024-07-02",
    provider: "market_a",
  }, { fetch: yahoo({ "GC=F": { chart } }), now: NOW });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), ["2024-07-01", "2024-07-02"]);
  assert.deepEqual(d.rows.map((r: Any) => r.close), [2330, 2331]);
  // a continuous futures series rolls between contract months: said, never silent
  assert.ok(out.envelope.warnings.some((w) => /GC=F .*continuous futures.*rolls/.test(w)));
});

Deno.test("market.ohlcv: a currency pair's summer bar at London midnight is that day's", () => {
  // 2024-07-01 00:00 in London is 2024-06-30 23:00 UTC; Yahoo's offset in winter is 0
  assert.equal(barDate(sec("2024-06-30T23:00:00Z"), 0, false, "Europe/London"), "2024-07-01");
  // a session-open stamp far from midnight needs no zone (New York 09:30 in summer)
  assert.equal(
    barDate(sec("2024-07-01T13:30:00Z"), -18000, false, "America/New_York"),
    "2024-07-01",
  );
  // Tokyo's open is 00:00 UTC: the exchange's date, not UTC's day before
  assert.equal(barDate(sec("2024-07-01T00:00:00Z"), 32400, false, "Asia/Tokyo"), "2024-07-01");
  // without a zone Yahoo's offset is still used
  assert.equal(barDate(sec("2024-07-01T00:00:00Z"), 32400, false, null), "2024-07-01");
  // an unknown zone falls back to the offset, never throws
  assert.equal(barDate(sec("2024-07-01T00:00:00Z"), 32400, false, "Mars/Olympus"), "2024-07-01");
});

Deno.test("market.ohlcv: 1m bars beyond Yahoo's 7 days are fewer than the limit, and said so", async () => {
  const t0 = sec("2025-03-19T13:30:00Z");
  const stamps = [0, 60, 120].map((s) => t0 + s);
  const chart = {
    meta: {
      currency: "USD",
      symbol: "MINI",
      exchangeName: "NMS",
      instrumentType: "EQUITY",
      gmtoffset: -14400,
      exchangeTimezoneName: "America/New_York",
      dataGranularity: "1m",
      regularMarketPrice: 10.2,
      regularMarketTime: t0 + 120,
    },
    timestamp: stamps,
    indicators: {
      quote: [{
        open: [10, 10.1, 10.2],
        high: [10.1, 10.2, 10.3],
        low: [9.9, 10, 10.1],
        close: [10.1, 10.2, 10.2],
        volume: [500, 600, 700],
      }],
    },
  };
  const urls: string[] = [];
  const out = await run("market.ohlcv", {
    symbols: "MINI",
    timeframe: "1m",
    limit: 5000,
    provider: "market_a",
  }, { fetch: yahoo({ MINI: { chart } }, urls), now: NOW });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.count, 3);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /MINI: 3 1m bars, not the 5000 asked .*only about 7 days/.test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
  // the request stays inside Yahoo's 7 days of 1m bars a request
  const asked = new URL(urls.find((u) => u.includes("/v8/finance/chart/MINI"))!);
  const span = Number(asked.searchParams.get("period2")) -
    Number(asked.searchParams.get("period1"));
  assert.ok(span <= 7 * 86_400, `1m request spans ${span / 86_400} days`);
});

// ---- market.status --------------------------------------------------------------------------

/** Yahoo's markettime answer for one market. */
function marketTime(mt: Record<string, unknown>) {
  return {
    finance: {
      marketTimes: [{ id: "finance", marketTime: [mt] }],
      error: null,
    },
  };
}

const tokyo = (over: Record<string, unknown>) =>
  marketTime({
    id: "jp",
    name: "Japan markets",
    status: "open",
    yfit_market_id: "jp_market",
    close: "2025-11-21T06:30:00Z",
    message: "Japan markets close in 3 hrs 45 mins",
    open: "2025-11-21T00:00:00Z",
    yfit_market_status: "YFT_MARKET_OPEN",
    timezone: [{ $text: "Asia/Tokyo", dst: "false", gmtoffset: "32400000", short: "JST" }],
    duration: [{ hrs: "3", mins: "45" }],
    time: "2025-11-21T02:45:00Z",
    ...over,
  });

async function status(region: string, body: unknown) {
  const fetch = fakeMarket(undefined, { [`region=${region}`]: () => json(body) });
  return (await run("market.status", { market: region }, { fetch, now: "2025-11-21T12:00:00Z" }))
    .envelope;
}

Deno.test("market.status: Tokyo at 11:45 is in its lunch break though Yahoo says open", async () => {
  const env = await status("JP", tokyo({}));
  const d = dataOf(env) as Any;
  assert.equal(d.state, "open");
  assert.equal(d.local_time, "11:45");
  assert.equal(d.lunch_break_local, "11:30-12:30");
  assert.equal(d.in_lunch_break, true);
  assert.ok(env.warnings.some((w) => /JP: .*lunch break .*no trading until 12:30/.test(w)));
  // at 11:00 the morning session trades
  const morning = dataOf(await status("JP", tokyo({ time: "2025-11-21T02:00:00Z" }))) as Any;
  assert.equal(morning.in_lunch_break, false);
});

Deno.test("market.status: a region Yahoo answers with another market's times is refused", async () => {
  const us = marketTime({
    id: "us",
    name: "U.S. markets",
    status: "open",
    yfit_market_id: "us_market",
    close: "2025-11-21T21:00:00Z",
    message: "U.S. markets close in 6 hrs",
    open: "2025-11-21T14:30:00Z",
    yfit_market_status: "YFT_MARKET_OPEN",
    timezone: [{ $text: "America/New_York", dst: "false", gmtoffset: "-18000000", short: "EST" }],
    time: "2025-11-21T15:00:00Z",
  });
  const env = await status("KR", us);
  assert.equal(env.ok, false);
  assert.match(env.error!, /no market time for region KR.*U\.S\. markets/);
  // the same answer for US itself is read
  assert.equal((dataOf(await status("US", us)) as Any).state, "open");
});

Deno.test("market.status: closed on a weekday without the next open is no claimed holiday", async () => {
  const closed = (over: Record<string, unknown>) =>
    marketTime({
      id: "gb",
      name: "U.K. markets",
      status: "closed",
      yfit_market_id: "gb_market",
      message: "U.K. markets closed",
      yfit_market_status: "YFT_MARKET_CLOSED",
      timezone: [{ $text: "Europe/London", dst: "false", gmtoffset: "0", short: "GMT" }],
      time: "2025-11-20T07:00:00Z",
      ...over,
    });
  // no session times at all: why it is closed is not known
  const bare = await status("GB", closed({}));
  assert.equal((dataOf(bare) as Any).closed_reason, null);
  assert.ok(bare.warnings.some((w) => /GB: .*no next open.*not known/.test(w)));
  // the session given is the past one (Tuesday's), not the next open: not a holiday either
  const past = await status(
    "GB",
    closed({ open: "2025-11-18T08:00:00Z", close: "2025-11-18T16:30:00Z" }),
  );
  assert.equal((dataOf(past) as Any).closed_reason, null);
  assert.ok(past.warnings.some((w) => /past session.*not known/.test(w)));
  // a next open on a later day with the last close before today is a holiday
  const holiday = await status(
    "GB",
    closed({ close: "2025-11-19T16:30:00Z", open: "2025-11-21T08:00:00Z" }),
  );
  assert.equal((dataOf(holiday) as Any).closed_reason, "holiday");
});

// ---- market.quote and symbol.snapshot --------------------------------------------------------

Deno.test("market.quote: a row Yahoo answers for another symbol is not the one asked", async () => {
  const other = quote({
    symbol: "NEWCO",
    currency: "USD",
    exchange: "NYQ",
    fullExchangeName: "NYSE",
    longName: "New Co",
    regularMarketPrice: 50,
    regularMarketPreviousClose: 49,
    regularMarketChange: 1,
  });
  const env = (await run("market.quote", { symbol: "OLDCO" }, {
    fetch: yahoo({ OLDCO: { quote: other } }),
    now: NOW,
  })).envelope;
  assert.equal(env.ok, false);
  assert.match(env.error!, /no quote for 'OLDCO' \(it answered NEWCO instead\)/);
});

Deno.test("market.quote: a market cap stated in ZAc cents is put into rand", async () => {
  const row = quote({
    symbol: "TSTX.JO",
    currency: "ZAc",
    financialCurrency: "ZAR",
    exchange: "JNB",
    fullExchangeName: "Johannesburg",
    longName: "Test Holdings Ltd",
    regularMarketPrice: 350000,
    regularMarketPreviousClose: 348000,
    regularMarketChange: 2000,
    sharesOutstanding: 170000000,
    // the price in cents times the shares: a cap in cents, 100 times the one in rand
    marketCap: 59500000000000,
  });
  const env = (await run("market.quote", { symbol: "TSTX.JO" }, {
    fetch: yahoo({ "TSTX.JO": { quote: row } }),
    now: NOW,
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.market_cap, 595000000000);
  assert.equal(d.market_cap_currency, "ZAR");
  assert.ok(env.warnings.some((w) => /TSTX\.JO: .*market cap .*in ZAc; shown as .* ZAR/.test(w)));
  // a cap already in rand (the price in rand times the shares) stays as it is, without a note
  const rand = (dataOf(
    (await run("market.quote", { symbol: "TSTX.JO" }, {
      fetch: yahoo({ "TSTX.JO": { quote: { ...row, marketCap: 595000000000 } } }),
      now: NOW,
    })).envelope,
  )) as Any;
  assert.equal(rand.market_cap, 595000000000);
});

Deno.test("market.quote: a Kuwaiti listing quoted in fils has its cap in dinars", async () => {
  const row = quote({
    symbol: "TSTK.KW",
    currency: "KWF",
    financialCurrency: "KWD",
    exchange: "KUW",
    fullExchangeName: "Kuwait",
    regularMarketPrice: 480,
    regularMarketPreviousClose: 478,
    regularMarketChange: 2,
    sharesOutstanding: 4000000000,
    marketCap: 1920000000,
  });
  const d = dataOf(
    (await run("market.quote", { symbol: "TSTK.KW" }, {
      fetch: yahoo({ "TSTK.KW": { quote: row } }),
      now: NOW,
    })).envelope,
  ) as Any;
  assert.equal(d.market_cap, 1920000000);
  assert.equal(d.market_cap_currency, "KWD");
});

Deno.test("market.ohlcv: Alpha Vantage's intraday bars are unadjusted and dated in UTC", async () => {
  const urls: string[] = [];
  const av: typeof fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    return Promise.resolve(json({
      "Meta Data": {
        "1. Information": "Intraday (5min) open, high, low, close prices and volume",
        "2. Symbol": "MINI",
        "3. Last Refreshed": "2024-07-01 09:40:00",
        "4. Interval": "5min",
        "5. Output Size": "Full size",
        "6. Time Zone": "US/Eastern",
      },
      "Time Series (5min)": {
        "2024-07-01 09:40:00": {
          "1. open": "10.1000",
          "2. high": "10.3000",
          "3. low": "10.0000",
          "4. close": "10.2000",
          "5. volume": "1200",
        },
        "2024-07-01 09:35:00": {
          "1. open": "10.0000",
          "2. high": "10.2000",
          "3. low": "9.9000",
          "4. close": "10.1000",
          "5. volume": "1500",
        },
      },
    }));
  };
  const d = dataOf(
    (await run("market.ohlcv", {
      symbols: "MINI",
      timeframe: "5m",
      start_date: "2024-07-01",
      end_date: "2024-07-01",
      provider: "market_b",
    }, { fetch: av, env: { ALPHA_VANTAGE_API_KEY: "demo" }, now: NOW })).envelope,
  ) as Any;
  // 09:35 in New York in summer is 13:35 UTC, written as UTC like Yahoo's and Alpaca's bars
  assert.deepEqual(d.rows.map((r: Any) => r.date), [
    "2024-07-01T13:35:00Z",
    "2024-07-01T13:40:00Z",
  ]);
  // raw OHLC, as price_basis says
  assert.match(d.price_basis, /raw OHLC/);
  assert.equal(new URL(urls[0]).searchParams.get("adjusted"), "false");
});

Deno.test("market.status text view shows the lunch break and that nothing trades in it", async () => {
  const { renderOutput } = await import("../../adapters/render.ts");
  const env = await status("JP", tokyo({}));
  const text = renderOutput(env, "text", { view: "market_status", width: 100 }).out;
  assert.match(text, /lunch break: +11:30-12:30 Asia\/Tokyo \(in the break now: nothing trades\)/);
});
