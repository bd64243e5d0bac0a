import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { type FakeLog, fakeMarket, offline } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2023-11-22T20:00:00Z";
const opts = (log?: FakeLog) => ({ fetch: fakeMarket(log), now: NOW });

Deno.test("market.quote: Yahoo quote with time, currency and source (crumb handshake)", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const d = dataOf((await run("market.quote", { symbol: "aapl" }, opts(log))).envelope) as Any;
  assert.equal(d.price, 190.5);
  assert.equal(d.currency, "USD");
  assert.equal(d.as_of, new Date(1700586000 * 1000).toISOString());
  assert.equal(d.provider, "market_a");
  assert.ok(log.urls.some((u) => u.includes("/v1/test/getcrumb")));
  const unknown = await run("market.quote", { symbol: "NOPE" }, opts());
  assert.equal(unknown.envelope.ok, false);
  assert.match(unknown.envelope.error!, /no quote for 'NOPE'/);
});

Deno.test("symbol.snapshot and symbol.profile", async () => {
  const snap = await run("symbol.snapshot", { symbol: "AAPL" }, opts());
  const d = dataOf(snap.envelope) as Any;
  assert.equal(d.market_cap, 2960000000000);
  assert.equal(d.enterprise_value, 3010000000000);
  assert.equal(d.net_debt, 50000000000);
  assert.equal(d.valuation.trailing_pe, 31);
  assert.equal(d.sector, "Technology");
  assert.ok(d.sources.length >= 2);
  const p = dataOf((await run("symbol.profile", { symbol: "AAPL" }, opts())).envelope) as Any;
  assert.equal(p.company_name, "Apple Inc.");
  assert.equal(p.employees, 161000);
  assert.equal(p.address, "One Apple Park Way, Cupertino, CA");
});

Deno.test("fundamentals.statement: line items per period with units", async () => {
  const d = dataOf(
    (await run("fundamentals.statement", { symbol: "AAPL" }, opts())).envelope,
  ) as Any;
  const rev = d.rows.find((r: Any) => r.field === "Total Revenue");
  assert.deepEqual(rev.values, { "2022-09-30": 394328000000, "2023-09-30": 383285000000 });
  assert.equal(rev.unit, "USD");
  assert.equal(d.rows.find((r: Any) => r.field === "Diluted EPS").unit, "USD per share");
  assert.equal(d.rows.find((r: Any) => r.field === "Diluted Average Shares").unit, "shares");
  assert.deepEqual(d.periods, ["2023-09-30", "2022-09-30"]);
  // An item with no points (annualEbitda) is left out rather than shown empty.
  assert.ok(!d.rows.some((r: Any) => r.key === "annualEbitda"));
});

Deno.test("calendar.company and calendar.earnings", async () => {
  const ce = (await run("calendar.company", { symbol: "AAPL" }, opts())).envelope;
  const c = dataOf(ce) as Any;
  assert.deepEqual(c.earnings_dates, ["2024-02-01"]);
  // the call an hour after the report's date is that report's call
  assert.deepEqual(c.earnings_call_times, ["2024-02-01T22:00:00.000Z"]);
  assert.equal(c.ex_dividend_date, "2023-11-10");
  // on 2023-11-22 the ex-dividend and payment dates are behind: said, not passed as upcoming
  assert.ok(
    ce.warnings.some((w) =>
      /ex-dividend date 2023-11-10 and dividend payment date 2023-11-13 are past/.test(w)
    ),
  );
  // this fake has no earningsTrend, which states the estimates' currency: null and said,
  // not financialData's reporting currency assumed
  assert.equal(c.eps_estimate.currency, null);
  assert.equal(c.revenue_estimate.currency, null);
  assert.ok(
    ce.warnings.some((w) => /no currency for AAPL's EPS estimate \(earningsTrend\)/.test(w)),
  );
  const e = dataOf(
    (await run("calendar.earnings", { symbol: "AAPL", limit: 2 }, opts())).envelope,
  ) as Any;
  assert.equal(e.count, 2);
  assert.equal(e.rows[0].status, "upcoming");
  assert.equal(e.rows[1].surprise_pct, 5);
});

Deno.test("screen.predefined lists ids; screen.run runs one and a query", async () => {
  const list = dataOf((await run("screen.predefined", {}, opts())).envelope) as Any;
  assert.ok(list.queries.some((q: Any) => q.key === "day_gainers"));
  const r = dataOf(
    (await run("screen.run", { query: "day_gainers", count: 2 }, opts())).envelope,
  ) as Any;
  assert.deepEqual(r.quotes.map((q: Any) => q.symbol), ["ABC", "XYZ"]);
  assert.equal(r.total, 40);
  // the same screen read three weeks later: its "gainers" are old prices, and it says so
  const later = await run("screen.run", { query: "day_gainers", count: 2 }, {
    fetch: fakeMarket(),
    now: "2023-12-15T20:00:00Z",
  });
  assert.ok(
    later.envelope.warnings.some((w) =>
      /newest quote is from 2023-11-21 17:00 UTC, 24 days/.test(w)
    ),
  );
  const fresh = await run("screen.run", { query: "day_gainers", count: 2 }, opts());
  assert.ok(!fresh.envelope.warnings.some((w) => /newest quote/.test(w)));
  const log: FakeLog = { urls: [], posts: [] };
  const q = await run("screen.run", {
    query: 'region=us AND sector="Technology" AND intradaymarketcap>10B',
    count: 1,
  }, opts(log));
  assert.equal((dataOf(q.envelope) as Any).quotes[0].symbol, "NVDA");
  const body = JSON.parse(log.posts[0].body);
  assert.deepEqual(body.query, {
    operator: "and",
    operands: [
      { operator: "eq", operands: ["region", "us"] },
      { operator: "eq", operands: ["sector", "Technology"] },
      { operator: "gt", operands: ["intradaymarketcap", 10e9] },
    ],
  });
  const bad = await run("screen.run", { query: "regoin=us" }, opts());
  assert.match(bad.envelope.error!, /unknown field 'regoin'/);
  const badId = await run("screen.run", { query: "day_winners" }, opts());
  assert.match(badId.envelope.error!, /not a predefined screen/);
});

Deno.test("sector.* and industry.* return rows for every table kind", async () => {
  const keys = dataOf((await run("sector.keys", {}, opts())).envelope) as Any;
  assert.equal(keys.count, 11);
  for (const table of ["top_companies", "top_etfs", "top_mutual_funds", "research_reports"]) {
    const e = (await run("sector.table", { key: "Technology", table }, opts())).envelope;
    const t = dataOf(e) as Any;
    assert.equal(t.count, 1, table);
    // prices without a currency or a time are said to be so
    const said = e.warnings.some((w) => /states no currency for .*last_price/.test(w));
    assert.equal(said, table !== "research_reports", table);
  }
  const ov = dataOf((await run("sector.overview", { key: "technology" }, opts())).envelope) as Any;
  assert.equal(ov.performance.ytd_change_pct, 12);
  const inds = dataOf(
    (await run("sector.industries", { key: "technology" }, opts())).envelope,
  ) as Any;
  assert.deepEqual(inds.industries.map((i: Any) => i.key), ["semiconductors"]);
  for (
    const table of [
      "top_companies",
      "top_growth_companies",
      "top_performing_companies",
      "research_reports",
    ]
  ) {
    const t = dataOf(
      (await run("industry.table", { key: "semiconductors", table }, opts())).envelope,
    ) as Any;
    assert.equal(t.count, 1, table);
  }
  const io = dataOf(
    (await run("industry.overview", { key: "semiconductors" }, opts())).envelope,
  ) as Any;
  assert.equal(io.sector_key, "technology");
  const ik = await run("industry.keys", { sector: "technology" }, opts());
  assert.equal((dataOf(ik.envelope) as Any).industries[0].sector_name, "Technology");
  const bad = await run("sector.overview", { key: "tech" }, opts());
  assert.match(bad.envelope.error!, /unknown sector key 'tech'/);
});

Deno.test("market.status reports the exchange's own state", async () => {
  const d = dataOf((await run("market.status", {}, opts())).envelope) as Any;
  assert.equal(d.state, "closed");
  assert.equal(d.timezone, "America/New_York");
  const down = await run("market.status", {}, { fetch: offline, now: NOW });
  assert.equal(down.envelope.ok, false);
});

Deno.test("valuation.multiples and valuation.scenario keep market cap and shares", async () => {
  const m = dataOf(
    (await run("valuation.multiples", { symbol: "AAPL" }, {
      ...opts(),
      env: { ALPHA_VANTAGE_API_KEY: "demo-key-1234" },
    })).envelope,
  ) as Any;
  assert.equal(m.revenue, 383285000000);
  assert.equal(m.revenue_period, "2023-09-30");
  assert.equal(m.multiples.price_to_sales, Math.round(2960000000000 / 383285000000 * 1e4) / 1e4);
  const s = dataOf(
    (await run("valuation.scenario", {
      symbol: "AAPL",
      revenue: "400B",
      bear_multiple: 6,
      base_multiple: 8,
      bull_multiple: 10,
    }, opts())).envelope,
  ) as Any;
  assert.equal(s.shares, 15540000000);
  assert.equal(s.cases[1].implied_market_cap, 3.2e12);
  // shares given in millions are a million times off the count Yahoo states: said
  const millions = await run("valuation.scenario", {
    symbol: "AAPL",
    revenue: "400B",
    bear_multiple: 6,
    base_multiple: 8,
    bull_multiple: 10,
    shares: 15540,
  }, opts());
  assert.ok(
    millions.envelope.warnings.some((w) =>
      /shares=15540 is 1\/1000000 of the 15540000000 shares/.test(w)
    ),
    millions.envelope.warnings.join("\n"),
  );
  const bad = await run("valuation.scenario", {
    symbol: "AAPL",
    revenue: 0,
    bear_multiple: 1,
    base_multiple: 2,
    bull_multiple: 3,
  }, opts());
  assert.match(bad.envelope.error!, /revenue must be greater than 0/);
});

Deno.test("estimates.consensus needs ESTIMATES_A_API_KEY and maps FMP rows", async () => {
  const missing = await run("estimates.consensus", { symbol: "AAPL" }, { fetch: offline });
  assert.equal(missing.envelope.ok, false);
  assert.match(missing.envelope.error!, /ESTIMATES_A_API_KEY/);
  const log: FakeLog = { urls: [], posts: [] };
  const ce = (await run("estimates.consensus", { symbol: "AAPL", period: "quarterly" }, {
    fetch: fakeMarket(log),
    env: { ESTIMATES_A_API_KEY: "fmp-secret-999" },
  })).envelope;
  const d = dataOf(ce) as Any;
  assert.ok(
    ce.warnings.some((w) => /FMP gave 0 for the average, low and high of eps 2025-06-28/.test(w)),
  );
  assert.ok(ce.warnings.some((w) => /FMP states no currency/.test(w)));
  assert.equal(d.period, "quarter");
  assert.deepEqual(d.estimates[0].revenue, { avg: 415e9, low: 400e9, high: 430e9 });
  assert.equal(d.estimates[0].analyst_count.eps, 22);
  // FMP's 0 average, low and high (six analysts counted) is no estimate, not a forecast of 0
  assert.deepEqual(d.estimates[1].eps, { avg: null, low: null, high: null });
  assert.deepEqual(d.estimates[1].net_income, { avg: null, low: null, high: null });
  assert.ok(new URL(log.urls[0]).searchParams.get("period") === "quarter");
});

Deno.test("estimates.consensus: years ending in January or February are warned about their name", async () => {
  const rows = (date: string) => [{
    symbol: "NVDA",
    date,
    revenueLow: 1e11,
    revenueHigh: 1.2e11,
    revenueAvg: 1.1e11,
    epsAvg: 2.9,
    epsHigh: 3.1,
    epsLow: 2.7,
    numAnalystsRevenue: 30,
    numAnalystsEps: 31,
  }];
  const fmp = (date: string): typeof fetch => (input) =>
    Promise.resolve(
      new URL(String(input instanceof Request ? input.url : input)).host ===
          "financialmodelingprep.com"
        ? Response.json(rows(date))
        : new Response("no", { status: 404 }),
    );
  const env = { ESTIMATES_A_API_KEY: "fmp-secret-999" };
  const jan = (await run("estimates.consensus", { symbol: "NVDA", period: "annual" }, {
    fetch: fmp("2026-01-25"),
    env,
  })).envelope;
  assert.equal((dataOf(jan) as Any).estimates[0].fiscal_year, "2026");
  assert.ok(
    jan.warnings.some((w) =>
      /NVDA's years end in January \(2026-01-25\), which some companies name for the year before/
        .test(w)
    ),
    jan.warnings.join("\n"),
  );
  const sep = (await run("estimates.consensus", { symbol: "NVDA", period: "annual" }, {
    fetch: fmp("2025-09-27"),
    env,
  })).envelope;
  assert.ok(!sep.warnings.some((w) => /years end in/.test(w)), sep.warnings.join("\n"));
});

Deno.test({
  name: "conformance: snapshot, predefined screen and FMP body (shared recordings)",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("yahoo cassette")!;
    const yahoo = join(shared, "cassettes", "yahoo");
    const snap = await run("symbol.snapshot", { symbol: "AAPL" }, { replay: [yahoo] });
    const d = dataOf(snap.envelope) as Any;
    assert.equal(d.company_name, "Apple Inc.");
    assert.ok(d.market_cap > 1e12 && d.as_of);
    // recorded on 2025-02-14: read later, the price is not passed off as current
    assert.ok(
      snap.envelope.warnings.some((w) =>
        /^AAPL's last price .* is from 2025-02-14 .*; the market cap and valuation ratios here rest on it$/
          .test(w)
      ),
      snap.envelope.warnings.join("\n"),
    );
    const scr = await run("screen.run", { query: "day_gainers", count: 5 }, { replay: [yahoo] });
    assert.equal((dataOf(scr.envelope) as Any).count, 5);
  },
});
