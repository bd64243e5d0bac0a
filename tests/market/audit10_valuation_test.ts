/**
 * Follow-ups on valuation.multiples, valuation.scenario, symbol.snapshot and screen.run:
 * - scenario cited the snapshot's exchange-rate URL (EURUSD=X) among the figures' URLs, though
 *   that rate gives no figure of its answer;
 * - multiples left trailing_pe null for a reason (price in USD, EPS in EUR, as SPOT) that only
 *   the envelope's warnings gave, so its data (and the views) read "not reported";
 * - symbol.snapshot gave EV/revenue below zero (a negative enterprise value, as CRON) without a
 *   word, and EV/EBITDA of 1.116 from a negative EV over a negative EBITDA (CRON again) read as
 *   a cheap company in both commands;
 * - screen.run stated as retrieved_at the time the call began, not the time its answer was read.
 * Rows shaped as Yahoo's v7 quote and v10 quoteSummary answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { negativeMultiples } from "../../analysis/market/valuation.ts";
import { Session } from "../../core/session.ts";
import { loadConfig } from "../../core/config.ts";
import { execute } from "../../core/runner.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

interface Listing {
  row: Record<string, unknown>;
  modules: Record<string, Record<string, unknown>>;
}

/** An ADR-like listing: price and cap in USD, statements and per-share figures in EUR (SPOT). */
const CARRIER: Listing = {
  row: {
    quoteType: "EQUITY",
    currency: "USD",
    financialCurrency: "EUR",
    marketState: "CLOSED",
    exchange: "NYQ",
    fullExchangeName: "NYSE",
    longName: "Test Carrier S.A.",
    symbol: "TCSA",
    regularMarketPrice: 50,
    regularMarketTime: sec("2025-02-24T21:00:02Z"),
    sharesOutstanding: 2_000_000_000,
    marketCap: 100_000_000_000,
    trailingPE: 40,
    epsTrailingTwelveMonths: 1.25,
  },
  modules: {
    financialData: {
      financialCurrency: "EUR",
      totalRevenue: 50_000_000_000,
      ebitda: 5_000_000_000,
      totalCash: 8_000_000_000,
      totalDebt: 3_000_000_000,
    },
    defaultKeyStatistics: { trailingEps: 1.25, enterpriseValue: 95_000_000_000 },
    summaryDetail: { currency: "USD", marketCap: 100_000_000_000 },
    summaryProfile: { country: "Luxembourg" },
  },
};

/** A US company with more cash than its market cap plus debt, and an operating loss (CRON). */
const CASHBOX: Listing = {
  row: {
    quoteType: "EQUITY",
    currency: "USD",
    financialCurrency: "USD",
    marketState: "CLOSED",
    exchange: "NMS",
    fullExchangeName: "NasdaqGS",
    longName: "Test Cashbox Inc.",
    symbol: "TCBX",
    regularMarketPrice: 2,
    regularMarketTime: sec("2025-02-24T21:00:02Z"),
    sharesOutstanding: 400_000_000,
    marketCap: 800_000_000,
    epsTrailingTwelveMonths: -0.1,
  },
  modules: {
    financialData: {
      financialCurrency: "USD",
      totalRevenue: 110_000_000,
      ebitda: -50_000_000,
      totalCash: 860_000_000,
      totalDebt: 5_000_000,
    },
    defaultKeyStatistics: {
      trailingEps: -0.1,
      enterpriseValue: -55_000_000,
      enterpriseToRevenue: -0.5,
      enterpriseToEbitda: 1.1,
    },
    summaryDetail: { currency: "USD", marketCap: 800_000_000 },
    summaryProfile: { country: "United States" },
  },
};

const FX: Record<string, number> = { "EURUSD=X": 1.1 };

function yahoo(listings: Listing[]): typeof fetch {
  const rest = fakeMarket();
  const by = new Map(listings.map((l) => [l.row.symbol as string, l]));
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote") {
      const s = u.searchParams.get("symbols")!;
      const result = by.has(s) ? [by.get(s)!.row] : FX[s]
        ? [{
          symbol: s,
          quoteType: "CURRENCY",
          currency: "USD",
          regularMarketPrice: FX[s],
          regularMarketTime: sec("2025-02-24T21:00:00Z"),
        }]
        : [];
      return Promise.resolve(json({ quoteResponse: { result, error: null } }));
    }
    const summary = /^\/v10\/finance\/quoteSummary\/([^/]+)$/.exec(u.pathname);
    if (summary && by.has(summary[1])) {
      const m = u.searchParams.get("modules")!;
      const modules = by.get(summary[1])!.modules;
      return Promise.resolve(
        json({ quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null } }),
      );
    }
    if (u.pathname.includes("/timeseries/")) {
      return Promise.resolve(json({ timeseries: { result: [], error: null } }));
    }
    return rest(input, init);
  };
}

const fetchAll = yahoo([CARRIER, CASHBOX]);

Deno.test("audit10 scenario: the snapshot's exchange rate is not cited as a source of the figures", async () => {
  const { envelope } = await run("valuation.scenario", {
    symbol: "TCSA",
    revenue: 55_000_000_000,
    bear_multiple: 1,
    base_multiple: 2,
    bull_multiple: 3,
  }, { fetch: fetchAll, now: NOW });
  const d = dataOf(envelope) as Any;
  const figures = d.citations[0];
  assert.match(figures.fields, /^current_price, market_cap/);
  assert.ok(figures.urls.length > 0);
  assert.ok(
    figures.urls.every((u: string) => !/EURUSD/i.test(decodeURIComponent(u))),
    figures.urls.join("\n"),
  );
  assert.ok(figures.urls.some((u: string) => u.includes("symbols=TCSA")), figures.urls);
  // the snapshot does read the rate (its unit check of revenue), so the call's list keeps it
  assert.ok(d.source_urls.some((u: string) => /EURUSD/i.test(decodeURIComponent(u))));
});

Deno.test("audit10 multiples: a multiple left null for a reason carries the reason in data.warnings", async () => {
  const { envelope } = await run("valuation.multiples", { symbol: "TCSA" }, {
    fetch: fetchAll,
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.multiples.trailing_pe, null);
  const why = d.warnings.find((w: string) => /^trailing_pe: /.test(w));
  assert.equal(
    why,
    "trailing_pe: the price is in USD and per-share figures in EUR (per share of the filer, not of the listing); not computed",
  );
  assert.ok(envelope.warnings.includes(why));
  // price_to_book is no multiple of this answer: its reason stays out of the data
  assert.ok(!d.warnings.some((w: string) => /^price_to_book/.test(w)), d.warnings);
});

Deno.test("audit10 snapshot: EV/revenue below zero and EV/EBITDA above zero from two negatives are warned", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "TCBX" }, {
    fetch: fetchAll,
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.ok(d.enterprise_value < 0);
  assert.ok(d.valuation.ev_to_revenue < 0);
  assert.ok(d.valuation.ev_to_ebitda > 0);
  const w = envelope.warnings;
  assert.ok(
    w.includes(
      `ev_to_revenue is ${d.valuation.ev_to_revenue}, below zero because the enterprise value (cash above market cap plus debt) is negative: a negative multiple is not a valuation (it does not rank below a small positive one, and averaging it with peers' or comparing them says nothing); do not use it as a multiple`,
    ),
    w.join("\n"),
  );
  assert.ok(
    w.some((x) =>
      x.startsWith(
        `ev_to_ebitda is ${d.valuation.ev_to_ebitda}, above zero only because both the enterprise value`,
      )
    ),
    w.join("\n"),
  );
});

Deno.test("audit10 multiples: the same EV/EBITDA warning as the snapshot's, and none about ratios it does not show", async () => {
  const { envelope } = await run("valuation.multiples", { symbol: "TCBX" }, {
    fetch: fetchAll,
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.ok(d.multiples.ev_to_ebitda > 0);
  const ebitda = d.warnings.filter((w: string) => w.startsWith("ev_to_ebitda is "));
  assert.equal(ebitda.length, 1, d.warnings.join("\n"));
  assert.match(ebitda[0], /above zero only because both the enterprise value .* are negative/);
  assert.ok(d.warnings.some((w: string) => w.startsWith("ev_to_sales is ")));
  // the snapshot's own ev_to_revenue is not part of this answer
  assert.ok(
    !envelope.warnings.some((w) => w.startsWith("ev_to_revenue")),
    envelope.warnings.join("\n"),
  );
});

Deno.test("audit10 snapshot and multiples: a P/E left null for a loss says so, in the data of multiples too", async () => {
  const snap = await run("symbol.snapshot", { symbol: "TCBX" }, { fetch: fetchAll, now: NOW });
  const d = dataOf(snap.envelope) as Any;
  assert.equal(d.valuation.trailing_pe, null);
  const loss =
    "trailing_pe: not computed: Yahoo's quote API epsTrailingTwelveMonths is -0.1, at or below zero (a loss), and a ratio of the price to it is no multiple";
  assert.ok(snap.envelope.warnings.includes(loss), snap.envelope.warnings.join("\n"));
  const mult = await run("valuation.multiples", { symbol: "TCBX" }, { fetch: fetchAll, now: NOW });
  const m = dataOf(mult.envelope) as Any;
  assert.equal(m.multiples.trailing_pe, null);
  assert.ok(m.warnings.includes(loss), m.warnings.join("\n"));
});

Deno.test("audit10 negativeMultiples: one helper for both commands, each ratio's reason named", () => {
  const said = negativeMultiples(
    { price_to_book: -2, ev_to_ebitda: -3, ev_to_revenue: 4, some_ratio: -1, trailing_pe: null },
    { enterprise_value: 100, market_cap: 50, ebitda: -10 },
  );
  assert.deepEqual(said.map((w) => w.split(" is negative")[0]), [
    "price_to_book is -2, below zero because book value per share (liabilities above assets)",
    "ev_to_ebitda is -3, below zero because EBITDA (an operating loss before D&A)",
    "some_ratio is -1, below zero because its numerator or denominator",
  ]);
});

Deno.test("audit10 screen.run: retrieved_at is when the screen's answer was read, on the session's clock", async () => {
  let t = Date.parse("2025-02-21T12:00:00Z");
  const clock = { now: () => new Date(t), fixed: true };
  const market = fakeMarket();
  const session = new Session({
    config: loadConfig({ FINANCE_CACHE: "off" }),
    clock,
    fetch: (input, init) => {
      // the screen answers ten minutes after the call began
      if (String(input instanceof Request ? input.url : input).includes("/screener")) {
        t = Date.parse("2025-02-21T12:10:00Z");
      }
      return market(input, init);
    },
    backoffBaseMs: 1,
    politeness: false,
  });
  try {
    for (const query of ["day_gainers", "region=us AND intradaymarketcap>10B"]) {
      t = Date.parse("2025-02-21T12:00:00Z");
      const { envelope } = await execute("screen.run", { query, count: 2 }, {
        session,
        surface: "library",
        validateData: true,
      });
      assert.equal((dataOf(envelope) as Any).retrieved_at, "2025-02-21T12:10:00.000Z", query);
    }
  } finally {
    session.close();
  }
});

Deno.test("snapshot: a ratio left null for a reason says it on its own line (data.not_computed, view)", async () => {
  // the text view showed "P/E (trailing) —" with the reason only among the warnings at the end
  const { envelope } = await run("symbol.snapshot", { symbol: "TCSA" }, {
    fetch: fetchAll,
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(
    d.not_computed.trailing_pe,
    "the price is in USD and per-share figures in EUR (per share of the filer, not of the listing)",
  );
  // only null figures get a reason
  for (const name of Object.keys(d.not_computed)) {
    assert.equal(name in d.valuation ? d.valuation[name] : d[name], null, name);
  }
  const { renderOutput } = await import("../../adapters/render.ts");
  const text = renderOutput(envelope, "text", { view: "snapshot" }).out;
  assert.match(
    text,
    /P\/E \(trailing\) +— +price \/ EPS \(TTM\); not computed: the price is in USD and per-share figures\s+in EUR/,
  );
});

Deno.test("whyNull: a refusal's field names and reason, for the fields left null", async () => {
  const { whyNull } = await import("../../analysis/market/snapshot.ts");
  assert.deepEqual(
    whyNull(
      [
        "price_to_sales_ttm, ev_to_revenue of BABA: the market cap is in USD and Yahoo's revenue in CNY; not computed",
        "enterprise_value: Yahoo's figure mixes USD and CNY; not shown",
        "trailing_pe of X: not computed: X is a preferred share",
        "a sentence that names no field",
      ],
      { price_to_sales_ttm: null, ev_to_revenue: 2.5, enterprise_value: null, trailing_pe: null },
    ),
    {
      price_to_sales_ttm: "the market cap is in USD and Yahoo's revenue in CNY",
      enterprise_value: "Yahoo's figure mixes USD and CNY",
      trailing_pe: "X is a preferred share",
    },
  );
});
