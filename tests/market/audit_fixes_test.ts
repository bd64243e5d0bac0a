/**
 * Market-data answers that must not mislead: estimate currencies from the estimate's own module,
 * placeholders in Yahoo's quote (a change of 0, a volume of 0), ratios at the price shown, fund
 * figures for funds, "reported" only with an actual, and Stooq rows or files it cannot read.
 * Each fixture is written here, in the shape of Yahoo's and Stooq's answers.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { readYahooQuote } from "../../analysis/market/quote_row.ts";
import { quoteRow } from "../../providers/market_a/schemas.ts";
import { parseStooqColumns, withoutUnreadable } from "../../providers/stooq/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-03-20T12:00:00Z";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
const sec = (iso: string) => Date.parse(iso) / 1000;

/** One quoteSummary module's answer, as Yahoo wraps it. */
const module = (name: string, body: unknown) => ({
  quoteSummary: { result: [{ [name]: body }], error: null },
});
const noModule = {
  quoteSummary: {
    result: null,
    error: { code: "Not Found", description: "No fundamentals data found for this module" },
  },
};

interface Listing {
  quote?: Record<string, unknown>;
  modules?: Record<string, unknown>;
  chart?: Record<string, unknown>;
}

/** Yahoo for the listings given (quote row, quoteSummary modules, chart); the rest as _fake. */
function yahoo(listings: Record<string, Listing>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    const p = decodeURIComponent(u.pathname);
    for (const [symbol, l] of Object.entries(listings)) {
      if (p === "/v7/finance/quote" && u.searchParams.get("symbols") === symbol && l.quote) {
        return Promise.resolve(json({ quoteResponse: { result: [l.quote], error: null } }));
      }
      if (p.startsWith(`/v10/finance/quoteSummary/${symbol}`) && l.modules) {
        const m = u.searchParams.get("modules")!;
        const body = l.modules[m];
        return Promise.resolve(body ? json(module(m, body)) : json(noModule, 404));
      }
      if (p.startsWith(`/v8/finance/chart/${symbol}`) && l.chart) {
        return Promise.resolve(json({ chart: { result: [l.chart], error: null } }));
      }
    }
    return rest(input, init);
  };
}

// ---- 1 and 5: calendar.company and calendar.earnings -------------------------------------

const turkish: Listing = {
  modules: {
    calendarEvents: {
      maxAge: 1,
      earnings: {
        earningsDate: [sec("2025-02-28T11:00:00Z")],
        earningsCallDate: [sec("2025-02-28T14:00:00Z")],
        isEarningsDateEstimate: false,
        earningsAverage: 4.1,
        earningsLow: 3.9,
        earningsHigh: 4.4,
        revenueAverage: 150000000000,
        revenueLow: 140000000000,
        revenueHigh: 160000000000,
      },
    },
    earningsTrend: {
      trend: [
        {
          maxAge: 1,
          period: "0q",
          endDate: "2024-12-31",
          earningsEstimate: {
            avg: { raw: 4.1, fmt: "4.1" },
            low: { raw: 3.9, fmt: "3.9" },
            high: { raw: 4.4, fmt: "4.4" },
            earningsCurrency: null,
          },
          revenueEstimate: {
            avg: { raw: 150000000000, fmt: "150B", longFmt: "150,000,000,000" },
            low: { raw: 140000000000, fmt: "140B", longFmt: "140,000,000,000" },
            high: { raw: 160000000000, fmt: "160B", longFmt: "160,000,000,000" },
            revenueCurrency: "TRY",
          },
        },
      ],
      maxAge: 1,
    },
    earningsHistory: { history: [], maxAge: 86400 },
    // Yahoo's financialData names another currency: the estimates must not take it
    financialData: { maxAge: 86400, currentPrice: 300, financialCurrency: "USD" },
  },
};

Deno.test("calendar.company: each estimate in the currency its own module states", async () => {
  const out = await run("calendar.company", { symbol: "TKAIR.IS" }, {
    fetch: yahoo({ "TKAIR.IS": turkish }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.revenue_estimate.average, 150000000000);
  assert.equal(d.revenue_estimate.currency, "TRY");
  // earningsTrend states no currency for the EPS estimate: null and said, never assumed
  assert.equal(d.eps_estimate.average, 4.1);
  assert.equal(d.eps_estimate.currency, null);
  assert.ok(out.envelope.warnings.some((w) => /no currency for TKAIR\.IS's EPS estimate/.test(w)));
});

Deno.test("calendar.company: a past date without an actual is date_passed, not reported", async () => {
  const out = await run("calendar.company", { symbol: "TKAIR.IS" }, {
    fetch: yahoo({ "TKAIR.IS": turkish }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.earnings_status, "date_passed");
  assert.ok(out.envelope.warnings.some((w) => /records no actual EPS/.test(w)));
  // with the quarter's actual in earningsHistory the same dates are reported
  const reported: Listing = {
    modules: {
      ...turkish.modules,
      earningsHistory: {
        history: [{
          maxAge: 1,
          epsActual: { raw: 4.3, fmt: "4.3" },
          epsEstimate: { raw: 4.1, fmt: "4.1" },
          epsDifference: { raw: 0.2, fmt: "0.2" },
          surprisePercent: { raw: 0.0488, fmt: "4.88%" },
          quarter: { raw: sec("2024-12-31T00:00:00Z"), fmt: "2024-12-31" },
          currency: "TRY",
          period: "-1q",
        }],
        maxAge: 86400,
      },
    },
  };
  const done = (await run("calendar.company", { symbol: "TKAIR.IS" }, {
    fetch: yahoo({ "TKAIR.IS": reported }),
    now: NOW,
  })).envelope;
  const r = dataOf(done) as Any;
  assert.equal(r.earnings_status, "reported");
  // a reported quarter's estimate and actual are its history row's; calendarEvents' are the
  // coming report's by then (SPOT showed the next quarter's estimate beside a past report)
  assert.equal(r.eps_estimate.average, 4.1);
  assert.equal(r.eps_actual, 4.3);
  assert.equal(r.revenue_estimate.average, null);
  // calendarEvents' EPS estimate there is the history's (4.1): only its revenue one is moved
  assert.ok(
    done.warnings.some((w) =>
      /is past and reported: Yahoo's calendarEvents revenue estimate 150000000000 is most likely the coming report's/
        .test(w)
    ),
    done.warnings.join("\n"),
  );
  assert.equal(d.eps_actual, null);
});

Deno.test("calendar.earnings: a past row with no actual EPS is date_passed", async () => {
  const listing: Listing = {
    modules: {
      calendarEvents: {
        maxAge: 1,
        earnings: {
          earningsDate: [sec("2025-03-03T21:00:00Z"), sec("2025-03-07T21:00:00Z")],
          earningsCallDate: [],
          isEarningsDateEstimate: true,
          earningsAverage: 1.2,
        },
      },
      earningsHistory: {
        history: [{
          maxAge: 1,
          epsActual: { raw: 1.1, fmt: "1.1" },
          epsEstimate: { raw: 1.0, fmt: "1" },
          epsDifference: { raw: 0.1, fmt: "0.1" },
          surprisePercent: { raw: 0.1, fmt: "10%" },
          quarter: { raw: sec("2024-09-30T00:00:00Z"), fmt: "2024-09-30" },
          currency: "USD",
          period: "-1q",
        }],
        maxAge: 86400,
      },
    },
  };
  const d = dataOf(
    (await run("calendar.earnings", { symbol: "PASTCO" }, {
      fetch: yahoo({ PASTCO: listing }),
      now: NOW,
    })).envelope,
  ) as Any;
  assert.equal(d.rows[0].earnings_date, "2025-03-03");
  assert.equal(d.rows[0].eps_actual, null);
  assert.equal(d.rows[0].date_is_estimate, true);
  assert.equal(d.rows[0].status, "date_passed");
  assert.equal(d.rows[1].status, "reported");
});

// ---- the next report under 120 days after the last reported quarter ----------------------
// (a quarter ended 2024-12-31 reported in January, the next report on 2025-04-24): the old rule
// took any report within 120 days of a quarter's end as that quarter's, so January's row was
// given April's date and called reported with January's EPS.

const lagging = (actualOfMarch: boolean): Listing => ({
  modules: {
    calendarEvents: {
      maxAge: 1,
      earnings: {
        earningsDate: [sec("2025-04-24T20:00:00Z")],
        earningsCallDate: [],
        isEarningsDateEstimate: false,
        earningsAverage: 1.6,
      },
    },
    earningsHistory: {
      history: [
        {
          maxAge: 1,
          epsActual: { raw: 1.4, fmt: "1.4" },
          epsEstimate: { raw: 1.3, fmt: "1.3" },
          epsDifference: { raw: 0.1, fmt: "0.1" },
          surprisePercent: { raw: 0.0769, fmt: "7.69%" },
          quarter: { raw: sec("2024-12-31T00:00:00Z"), fmt: "2024-12-31" },
          currency: "USD",
          period: "-1q",
        },
        ...(actualOfMarch
          ? [{
            maxAge: 1,
            epsActual: { raw: 1.7, fmt: "1.7" },
            epsEstimate: { raw: 1.6, fmt: "1.6" },
            epsDifference: { raw: 0.1, fmt: "0.1" },
            surprisePercent: { raw: 0.0625, fmt: "6.25%" },
            quarter: { raw: sec("2025-03-31T00:00:00Z"), fmt: "2025-03-31" },
            currency: "USD",
            period: "0q",
          }]
          : []),
      ],
      maxAge: 86400,
    },
  },
});

Deno.test("calendar.earnings: a report under 120 days after the last reported quarter is the next quarter's", async () => {
  const env = (await run("calendar.earnings", { symbol: "LAGCO" }, {
    fetch: yahoo({ LAGCO: lagging(false) }),
    now: "2025-04-10T12:00:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.rows[0].earnings_date, "2025-04-24");
  assert.equal(d.rows[0].status, "upcoming");
  assert.equal(d.rows[0].quarter_end, null); // not stated by Yahoo: never invented
  assert.equal(d.rows[0].eps_estimate, 1.6);
  assert.equal(d.rows[0].eps_actual, null);
  assert.equal(d.rows[1].quarter_end, "2024-12-31");
  assert.equal(d.rows[1].earnings_date, null);
  assert.equal(d.rows[1].eps_actual, 1.4);
  assert.equal(d.rows[1].status, "reported");
});

Deno.test("calendar.earnings: once the history has the quarter, its row takes the report's date", async () => {
  const d = dataOf(
    (await run("calendar.earnings", { symbol: "LAGCO" }, {
      fetch: yahoo({ LAGCO: lagging(true) }),
      now: "2025-04-28T12:00:00Z",
    })).envelope,
  ) as Any;
  assert.equal(d.rows[0].quarter_end, "2025-03-31");
  assert.equal(d.rows[0].earnings_date, "2025-04-24");
  assert.equal(d.rows[0].eps_actual, 1.7);
  assert.equal(d.rows[0].status, "reported");
  assert.equal(d.rows[1].quarter_end, "2024-12-31");
  assert.equal(d.rows[1].earnings_date, null);
});

Deno.test("calendar.company: a past report the history has no actual for is not lent the previous quarter's", async () => {
  const env = (await run("calendar.company", { symbol: "LAGCO" }, {
    fetch: yahoo({ LAGCO: lagging(false) }),
    now: "2025-04-28T12:00:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  assert.equal(d.earnings_status, "date_passed");
  assert.ok(
    env.warnings.some((w: string) => /quarter after the one ended 2024-12-31/.test(w)),
    env.warnings.join("\n"),
  );
});

// ---- 2 and 4: market.quote placeholders ---------------------------------------------------

const quote = (over: Record<string, unknown>) => ({
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  currency: "USD",
  marketState: "CLOSED",
  exchange: "PNK",
  fullExchangeName: "OTC Markets OTCPK",
  regularMarketTime: sec("2025-03-19T20:00:00Z"),
  ...over,
});

Deno.test("market.quote: a change of 0 that the prices contradict is null, said", async () => {
  const moved = quote({
    symbol: "ZZC-USD",
    quoteType: "CRYPTOCURRENCY",
    regularMarketPrice: 0.0765,
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    regularMarketPreviousClose: 0.0247,
    regularMarketDayHigh: 0.084,
    regularMarketDayLow: 0.0168,
  });
  const noPrevious = quote({
    symbol: "OTCF",
    regularMarketPrice: 8.46,
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    regularMarketPreviousClose: 0,
    regularMarketOpen: 8.08,
    regularMarketDayHigh: 8.08,
    regularMarketDayLow: 8.08,
    regularMarketVolume: 1,
  });
  const flat = quote({
    symbol: "FLAT",
    regularMarketPrice: 10,
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    regularMarketPreviousClose: 10,
  });
  const fetch = yahoo({
    "ZZC-USD": { quote: moved },
    OTCF: { quote: noPrevious },
    FLAT: { quote: flat },
  });
  const a = await run("market.quote", { symbol: "ZZC-USD" }, { fetch, now: NOW });
  assert.equal((a.envelope.data as Any).change, null);
  assert.equal((a.envelope.data as Any).change_pct, null);
  assert.ok(
    a.envelope.warnings.some((w) => /change of 0 is a placeholder.*0\.0765.*0\.0247/.test(w)),
  );
  const b = await run("market.quote", { symbol: "OTCF" }, { fetch, now: NOW });
  const bd = b.envelope.data as Any;
  assert.equal(bd.previous_close, null);
  assert.equal(bd.change, null);
  assert.equal(bd.change_pct, null);
  assert.ok(b.envelope.warnings.some((w) => /states no previous close/.test(w)));
  // the price above the day's range is said
  assert.ok(b.envelope.warnings.some((w) => /8\.46 is above the day's range 8\.08–8\.08/.test(w)));
  // a real unchanged day keeps its 0
  const c = await run("market.quote", { symbol: "FLAT" }, { fetch, now: NOW });
  assert.equal((c.envelope.data as Any).change, 0);
  assert.deepEqual(c.envelope.warnings, []);
});

Deno.test("market.quote: volume 0 of a currency, index or fund is null; an equity's stays", () => {
  const read = (type: string) =>
    readYahooQuote(quoteRow.parse(quote({
      symbol: "X",
      quoteType: type,
      regularMarketPrice: 1.05,
      regularMarketChange: 0.01,
      regularMarketChangePercent: 0.96,
      regularMarketPreviousClose: 1.04,
      regularMarketVolume: 0,
    })));
  for (const type of ["CURRENCY", "INDEX", "MUTUALFUND"]) {
    const r = read(type);
    assert.equal(r.quote.volume, null, type);
    assert.ok(r.notes.some((n) => /volume 0 .* no volume is reported/.test(n)), type);
  }
  const equity = read("EQUITY");
  assert.equal(equity.quote.volume, 0);
  assert.deepEqual(equity.notes, []);
});

Deno.test("market.ohlcv: Yahoo's volume 0 of a currency pair is null, with a note", async () => {
  const t0 = sec("2020-01-01T00:00:00Z");
  const chart = {
    meta: {
      currency: "USD",
      symbol: "EURUSD=X",
      exchangeName: "CCY",
      instrumentType: "CURRENCY",
      gmtoffset: 0,
      exchangeTimezoneName: "Europe/London",
      regularMarketPrice: 1.12,
      regularMarketTime: t0 + 86400,
    },
    timestamp: [t0, t0 + 86400],
    indicators: {
      quote: [{
        open: [1.121, 1.122],
        high: [1.123, 1.124],
        low: [1.115, 1.116],
        close: [1.122, 1.121],
        volume: [0, 0],
      }],
      adjclose: [{ adjclose: [1.122, 1.121] }],
    },
  };
  const out = await run("market.ohlcv", {
    symbols: "EURUSD=X",
    start_date: "2020-01-01",
    end_date: "2020-01-02",
    provider: "market_a",
  }, { fetch: yahoo({ "EURUSD=X": { chart } }), now: NOW });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.count, 2);
  assert.ok(d.rows.every((r: Any) => r.volume === null));
  assert.ok(out.envelope.warnings.some((w) => /volume 0 for a currency pair/.test(w)));
});

// ---- 3 and 6: symbol.snapshot -------------------------------------------------------------

Deno.test("symbol.snapshot: P/E and P/B at the price shown, cited", async () => {
  const listing: Listing = {
    quote: quote({
      symbol: "WIND.CO",
      currency: "DKK",
      financialCurrency: "DKK",
      exchange: "CPH",
      fullExchangeName: "Copenhagen",
      regularMarketPrice: 300,
      regularMarketChange: -1,
      regularMarketChangePercent: -0.33,
      regularMarketPreviousClose: 301,
      marketCap: 126000000000,
      sharesOutstanding: 420000000,
      forwardPE: 10.909091,
      priceToBook: 2.0,
      epsTrailingTwelveMonths: 12,
      epsForward: 27.5,
      bookValue: 150,
    }),
    modules: {
      // taken at another moment's price (320): not the ratios beside a price of 300
      defaultKeyStatistics: {
        forwardPE: 11.636364,
        priceToBook: 2.133333,
        trailingEps: 12,
        forwardEps: 27.5,
        bookValue: 150,
      },
      summaryDetail: { trailingPE: 26.666667, forwardPE: 11.636364, currency: "DKK" },
      financialData: { totalRevenue: 70000000000, financialCurrency: "DKK" },
    },
  };
  const d = dataOf(
    (await run("symbol.snapshot", { symbol: "WIND.CO" }, {
      fetch: yahoo({ "WIND.CO": listing }),
      now: NOW,
    })).envelope,
  ) as Any;
  assert.equal(d.price, 300);
  assert.equal(d.valuation.trailing_pe, 25);
  assert.equal(d.valuation.forward_pe, Math.round(300 / 27.5 * 1e4) / 1e4);
  assert.equal(d.valuation.price_to_book, 2);
  assert.equal(d.valuation.price_to_sales_ttm, 1.8);
  const cite = d.sources.find((s: Any) => /valuation\.trailing_pe/.test(s.fields));
  assert.match(cite.source, /forward_pe over quote API epsForward/);
});

Deno.test("symbol.snapshot: an ETF shows fund figures, not a company's", async () => {
  const listing: Listing = {
    quote: quote({
      symbol: "QQQX",
      quoteType: "ETF",
      exchange: "NMS",
      fullExchangeName: "NasdaqGS",
      regularMarketPrice: 500,
      regularMarketChange: 2,
      regularMarketChangePercent: 0.4,
      regularMarketPreviousClose: 498,
      marketCap: 200000000000,
      sharesOutstanding: 400000000,
      trailingPE: 34.5,
      priceToBook: 1.4,
      epsTrailingTwelveMonths: 14.49,
      bookValue: 357.1,
      financialCurrency: "USD",
    }),
    modules: {
      defaultKeyStatistics: {
        yield: 0.0055,
        beta3Year: 1.15,
        totalAssets: 310000000000,
        fundFamily: "Example Funds",
        legalType: "Exchange Traded Fund",
      },
      summaryDetail: {
        trailingPE: 33.9,
        yield: 0.0055,
        totalAssets: 310000000000,
        navPrice: 499.2,
        currency: "USD",
      },
    },
  };
  const out = await run("symbol.snapshot", { symbol: "QQQX" }, {
    fetch: yahoo({ QQQX: listing }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.market_cap, null);
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(d.valuation.price_to_book, null);
  assert.deepEqual(
    [d.fund.net_assets, d.fund.nav_price, d.fund.yield, d.fund.beta_3y],
    [310000000000, 499.2, 0.0055, 1.15],
  );
  assert.ok(out.envelope.warnings.some((w) => /QQQX is an ETF: market_cap, trailing_pe/.test(w)));
});

// ---- 7: Stooq -------------------------------------------------------------------------------

const stooq = (csv: string): typeof fetch => () =>
  Promise.resolve(new Response(csv, { status: 200, headers: { "content-type": "text/csv" } }));
const bars = (csv: string) =>
  run("market.ohlcv", {
    symbols: "MSFT",
    provider: "stooq",
    start_date: "2023-03-15",
    end_date: "2023-03-17",
  }, { fetch: stooq(csv), now: NOW });

Deno.test("stooq: rows it cannot read are left out with a warning; none readable is an error", async () => {
  const head = "Data,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen";
  const quoted = '2023-03-16,"265,2","276,5","263,2","276,2",54832140';
  const good = "2023-03-17,278.2,283.3,276.3,279.4,69527371";
  const some = await bars([head, quoted, good].join("\n"));
  const d = dataOf(some.envelope) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.date), ["2023-03-17"]);
  assert.ok(some.envelope.warnings.some((w) => /left out 1 Stooq row.*2023-03-16/.test(w)));
  const none = await bars([head, quoted].join("\n"));
  assert.equal(none.envelope.ok, false);
  assert.match(none.envelope.error!, /no price in any that this reader can read/);
  // the parser alone still reads what it can; the reading that drops is its own step
  const cols = parseStooqColumns([head, quoted, good].join("\n"), "MSFT");
  const warned: string[] = [];
  assert.equal(withoutUnreadable(cols, "MSFT", (w) => warned.push(w)).dates.length, 1);
  assert.equal(warned.length, 1);
});

Deno.test("stooq: the bulk format and a semicolon CSV are refused as formats it does not read", async () => {
  const bulk = await bars([
    "<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>",
    "MSFT.US,D,20230316,000000,265.2,276.5,263.2,276.2,54832140,0",
  ].join("\n"));
  assert.equal(bulk.envelope.ok, false);
  assert.match(bulk.envelope.error!, /bulk-download format.*does not read/);
  assert.doesNotMatch(bulk.envelope.error!, /download limit/);
  const semi = await bars([
    "Data;Otwarcie;Najwyzszy;Najnizszy;Zamkniecie;Wolumen",
    "2023-03-16;265,2;276,5;263,2;276,2;54832140",
  ].join("\n"));
  assert.equal(semi.envelope.ok, false);
  assert.match(semi.envelope.error!, /separated by semicolons.*does not read/);
  assert.doesNotMatch(semi.envelope.error!, /download limit/);
});

// ---- the same on Yahoo's and Stooq's real recordings (when ../shared/fixtures is there) ------

const cassette = () => join(sharedOrSkip("yahoo cassette")!, "cassettes", "yahoo");

Deno.test({
  name: "conformance: the auditor's listings on Yahoo's recorded answers",
  ignore: !SHARED,
  async fn() {
    const data = async (name: string, args: Record<string, unknown>) => {
      const out = await run(name, args, { replay: [cassette()] });
      return { d: dataOf(out.envelope) as Any, warnings: out.envelope.warnings };
    };
    // 1: earningsTrend says TRY and CAD; financialData's USD is not the estimates' currency
    const thy = await data("calendar.company", { symbol: "THYAO.IS" });
    assert.equal(thy.d.revenue_estimate.average, 6822218711500);
    assert.equal(thy.d.revenue_estimate.currency, "TRY");
    assert.equal(
      (await data("calendar.company", { symbol: "CRON" })).d.revenue_estimate.currency,
      "CAD",
    );
    // 5: past dates without actuals
    assert.equal(thy.d.earnings_status, "date_passed");
    const aapl = await data("calendar.earnings", { symbol: "AAPL" });
    const row = aapl.d.rows.find((r: Any) => r.earnings_date === "2025-04-30");
    assert.equal(row.eps_actual, null);
    assert.equal(row.status, "date_passed");
    // 2 and 4: placeholders in the quote
    const zrc = await data("market.quote", { symbol: "ZRC-USD" });
    assert.deepEqual([zrc.d.change, zrc.d.change_pct], [null, null]);
    const afraf = await data("market.quote", { symbol: "AFRAF" });
    assert.deepEqual([afraf.d.previous_close, afraf.d.change, afraf.d.change_pct], [
      null,
      null,
      null,
    ]);
    assert.ok(afraf.warnings.some((w: string) => /above the day's range/.test(w)));
    assert.equal((await data("market.quote", { symbol: "EURUSD=X" })).d.volume, null);
    assert.equal((await data("market.quote", { symbol: "^VXAPL" })).d.volume, null);
    // 3: ORSTED.CO's forward P/E at 299.7 over the forward EPS of 27.55, not Yahoo's 12.07
    const orsted = await data("symbol.snapshot", { symbol: "ORSTED.CO" });
    assert.equal(orsted.d.price, 299.7);
    assert.equal(orsted.d.valuation.forward_pe, Math.round(299.7 / 27.55 * 1e4) / 1e4);
    // 6: QQQ is a fund
    const qqq = await data("symbol.snapshot", { symbol: "QQQ" });
    assert.equal(qqq.d.market_cap, null);
    assert.equal(qqq.d.valuation.trailing_pe, null);
    assert.equal(qqq.d.fund.yield, 0.0054);
    assert.equal(qqq.d.fund.beta_3y, 1.16);
    assert.ok(qqq.d.fund.net_assets > 3e11);
  },
});

Deno.test({
  name: "conformance: Stooq's bulk-download file is refused as a format, not a download limit",
  ignore: !SHARED,
  async fn() {
    const file = join(sharedOrSkip("stooq bulk format")!, "stooq", "bulk-format", "aapl.us.txt");
    const out = await bars(readFileSync(file, "utf8"));
    assert.equal(out.envelope.ok, false);
    assert.match(out.envelope.error!, /bulk-download format/);
  },
});

Deno.test("market.quote: a name without a letter is Yahoo's placeholder, not the company's", () => {
  const read = (longName: string | undefined, shortName: string | undefined) =>
    readYahooQuote(quoteRow.parse(quote({
      symbol: "ADH",
      regularMarketPrice: 1.05,
      ...(longName === undefined ? {} : { longName }),
      ...(shortName === undefined ? {} : { shortName }),
    }))).quote.company_name;
  assert.equal(read("54688", undefined), null); // a delisted listing's placeholder
  assert.equal(read("54688", "Adh Corp"), "Adh Corp");
  assert.equal(read("3M Company", undefined), "3M Company");
});
