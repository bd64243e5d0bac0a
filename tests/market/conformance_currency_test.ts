/** Real recorded Yahoo answers of listings whose quote and financials differ in currency. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, run, SHARED, sharedOrSkip, testSession } from "../_helpers.ts";
import { main } from "../../adapters/cli.ts";
import { assertMultiplesOneCurrency, assertSnapshotOneCurrency } from "./_currency_checks.ts";
import { setDefaultSession } from "../../core/session.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const yahoo = () => join(sharedOrSkip("yahoo cassette")!, "cassettes", "yahoo");

Deno.test({
  name: "conformance: SPOT (USD quote, EUR financials) multiples convert at EURUSD=X, cited",
  ignore: !SHARED,
  async fn() {
    const out = await run("valuation.multiples", { symbol: "spot" }, { replay: [yahoo()] });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.currency, "USD");
    assert.equal(d.financial_currency, "EUR");
    assert.equal(d.revenue_currency, "EUR");
    assert.equal(d.fx.symbol, "EURUSD=X");
    assert.ok(d.fx.rate > 1 && d.fx.rate < 1.2 && d.fx.as_of);
    // P/S is the USD cap over EUR revenue converted to USD, never the raw quotient.
    const raw = d.market_cap / d.revenue;
    assert.equal(d.multiples.price_to_sales, Math.round(raw / d.fx.rate * 1e4) / 1e4);
    assert.notEqual(d.multiples.price_to_sales_ttm, Math.round(raw * 1e4) / 1e4);
    // Yahoo's EV/EBITDA (80.659) mixes currencies; ours is rebuilt in USD.
    assert.notEqual(d.multiples.ev_to_ebitda, 80.659);
    // Per-share ratios across two currencies are refused, with a warning that says so.
    assert.equal(d.multiples.trailing_pe, null);
    assert.ok(out.envelope.warnings.some((w) => /trailing_pe: the price is in USD.*EUR/.test(w)));
  },
});

Deno.test({
  name: "conformance: OCDO.L prices in pence, caps and financials in GBP, no false mismatch",
  ignore: !SHARED,
  async fn() {
    const out = await run("symbol.snapshot", { symbol: "ocdo.l" }, { replay: [yahoo()] });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.figure_currencies.price, "GBp");
    assert.equal(d.figure_currencies.market_cap, "GBP");
    assert.equal(d.financial_currency, "GBP");
    assert.equal(d.fx, null);
    // Yahoo's priceToBook 185.13 divides pence by pounds; 308.8p / £1.668 is 1.85.
    assert.equal(d.valuation.price_to_book, Math.round(3.088 / 1.668 * 1e4) / 1e4);
    assert.ok(!out.envelope.warnings.some((w) => /currenc|mix|rate/i.test(w)));
  },
});

Deno.test({
  name: "conformance: BABA (USD vs CNY) without a recorded rate refuses every cross ratio",
  ignore: !SHARED,
  async fn() {
    const out = await run("symbol.snapshot", { symbol: "BABA" }, { replay: [yahoo()] });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.financial_currency, "CNY");
    for (const k of ["price_to_sales_ttm", "ev_to_revenue", "ev_to_ebitda", "trailing_pe"]) {
      assert.equal(d.valuation[k], null, k);
    }
    assert.equal(d.enterprise_value, null);
    assert.ok(out.envelope.warnings.some((w) => /no CNY→USD rate/.test(w)));
  },
});

Deno.test({
  name: "conformance: quoteSummary 404 (WSKT.JK) still answers from the quote, with a warning",
  ignore: !SHARED,
  async fn() {
    const snap = await run("symbol.snapshot", { symbol: "WSKT.JK" }, { replay: [yahoo()] });
    const d = dataOf(snap.envelope) as Any;
    assert.equal(d.company_name, "PT Waskita Karya (Persero) Tbk");
    assert.equal(d.currency, "IDR");
    assert.ok(d.price > 0 && d.market_cap > 0);
    assert.ok(
      snap.envelope.warnings.some((w) =>
        /quoteSummary has nothing for WSKT\.JK.*from the quote: price, name, currency, market cap/
          .test(w)
      ),
    );
    // ADH's recorded quote has no price nor previous close, and its only "name" is Yahoo's
    // placeholder "54688": no snapshot of nulls under ok, but a failure saying why
    const adh = await run("symbol.snapshot", { symbol: "ADH" }, { replay: [yahoo()] });
    assert.equal(adh.envelope.ok, false);
    assert.match(adh.envelope.error!, /Yahoo's quote of ADH has no price and no previous close/);
    const prof = await run("symbol.profile", { symbol: "WSKT.JK" }, { replay: [yahoo()] });
    const p = dataOf(prof.envelope) as Any;
    assert.equal(p.company_name, "PT Waskita Karya (Persero) Tbk");
    assert.ok(prof.envelope.warnings.some((w) => /assetProfile has nothing/.test(w)));
  },
});

Deno.test({
  name: "conformance: calendar.earnings status follows the replayed clock",
  ignore: !SHARED,
  async fn() {
    const at = async (now: string, symbol: string) =>
      dataOf(
        (await run("calendar.earnings", { symbol }, { replay: [yahoo()], now })).envelope,
      ) as Any;
    // SPOT reported on 2025-02-04 (a confirmed date).
    const before = await at("2025-01-20T12:00:00Z", "SPOT");
    assert.equal(before.rows[0].earnings_date, "2025-02-04");
    assert.equal(before.rows[0].status, "upcoming");
    // Q4 2024 is that coming report: its actuals (recorded later) are not shown before it.
    assert.equal(before.rows[0].quarter_end, "2024-12-31");
    assert.equal(before.rows[0].eps_actual, null);
    assert.ok(
      before.rows.slice(1).every((r: Any) => r.status === "reported" && r.eps_actual !== null),
    );
    const after = await at("2025-02-14T12:00:00Z", "SPOT");
    const rep = after.rows.find((r: Any) => r.earnings_date === "2025-02-04");
    assert.equal(rep.status, "reported");
    assert.equal(rep.eps_actual, 1.76);
    assert.equal(rep.quarter_end, "2024-12-31");
    assert.ok(after.rows.every((r: Any) => r.status === "reported"));
    // BABA's next date is Yahoo's estimate: a window, unconfirmed.
    const baba = await at("2025-02-20T12:00:00Z", "BABA");
    assert.equal(baba.rows[0].status, "unconfirmed");
    assert.equal(baba.rows[0].earnings_date_end, "2025-05-16");
    assert.equal(baba.rows[0].currency, "CNY");
    // BABA trades in USD; its estimates are CNY, and calendar.company says so
    const babaCal = dataOf(
      (await run("calendar.company", { symbol: "BABA" }, { replay: [yahoo()] })).envelope,
    ) as Any;
    assert.equal(babaCal.revenue_estimate.currency, "CNY");
    assert.equal(babaCal.revenue_estimate.average, 236980257980);
    assert.equal(babaCal.eps_estimate.currency, "CNY");
    // Yahoo's call time of 2025-02-20 belongs to the report before the May window
    const march = dataOf(
      (await run("calendar.company", { symbol: "BABA" }, {
        replay: [yahoo()],
        now: "2025-03-01T12:00:00Z",
      })).envelope,
    ) as Any;
    assert.deepEqual(march.earnings_dates, ["2025-05-12", "2025-05-16"]);
    assert.deepEqual(march.earnings_call_times, []);
    const company = async (now: string) =>
      dataOf(
        (await run("calendar.company", { symbol: "SPOT" }, { replay: [yahoo()], now }))
          .envelope,
      ) as Any;
    assert.equal((await company("2025-01-20T12:00:00Z")).earnings_status, "upcoming");
    assert.equal((await company("2025-02-14T12:00:00Z")).earnings_status, "reported");
  },
});

Deno.test({
  name: "conformance: `finance market.quote EURUSD=X` and `market.ohlcv GC=F` through the CLI",
  ignore: !SHARED,
  async fn() {
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      setDefaultSession(testSession({ replay: [yahoo()] }));
      try {
        const code = await main(argv, { out: (t) => out.push(t), err: () => {} });
        return { code, env: JSON.parse(out.join("\n")) };
      } finally {
        setDefaultSession(null);
      }
    };
    const q = await cli("market.quote", "EURUSD=X");
    assert.equal(q.code, 0, q.env.error);
    assert.equal(q.env.data.provider_symbol, "EURUSD=X");
    assert.equal(q.env.data.quote_type, "CURRENCY");
    const bars = await cli(
      "market.ohlcv",
      "GC=F",
      "start_date=2020-01-01",
      "end_date=2020-01-02",
      "provider=market_a",
    );
    assert.equal(bars.code, 0, bars.env.error);
    assert.equal(bars.env.data.provider_symbol, "GC=F");
    assert.ok(bars.env.data.count >= 1);
  },
});

Deno.test({
  name: "conformance: Stooq's real USD/PLN history through USDPLN=X (provider form usdpln)",
  ignore: !SHARED,
  async fn() {
    const csv = readFileSync(join(sharedOrSkip("stooq usdpln")!, "stooq", "usdpln_d.csv"), "utf8");
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      return Promise.resolve(new Response(csv, { status: 200 }));
    };
    const d = dataOf(
      (await run("market.ohlcv", {
        symbols: "USDPLN=X",
        provider: "stooq",
        start_date: "2025-01-06",
        end_date: "2025-01-08",
      }, { fetch })).envelope,
    ) as Any;
    assert.equal(d.provider_symbol, "usdpln");
    assert.equal(d.currency, "PLN");
    assert.equal(d.rows.at(-1).close, 4.1495);
    assert.ok(urls.every((u) => new URL(u).searchParams.get("s") === "usdpln"));
  },
});

Deno.test({
  name: "conformance: every recorded Yahoo quote answers with one currency per ratio",
  ignore: !SHARED,
  async fn() {
    const index = JSON.parse(readFileSync(join(yahoo(), "index.json"), "utf8"));
    const symbols = [
      ...new Set(
        (index.entries as { url: string }[])
          .map((e) => new URL(e.url))
          .filter((u) => u.pathname === "/v7/finance/quote" && !u.searchParams.has("fields"))
          .map((u) => u.searchParams.get("symbols")!)
          .filter((s) => !s.includes(",")),
      ),
    ];
    assert.ok(symbols.length >= 20, symbols.join(" "));
    let answered = 0;
    for (const symbol of symbols) {
      const snap = await run("symbol.snapshot", { symbol }, { replay: [yahoo()] });
      if (!snap.envelope.ok) {
        // Recordings of symbols Yahoo no longer lists (SI, SIX, options) answer no row; a
        // delisted listing's kept record (ADH) has no price.
        assert.match(
          snap.envelope.error!,
          /no quote for|has no price and no previous close/,
          symbol,
        );
        continue;
      }
      answered++;
      const d = snap.envelope.data as Any;
      assert.equal(d.provider_symbol, symbol);
      assertSnapshotOneCurrency(d, symbol);
      const m = await run("valuation.multiples", { symbol }, { replay: [yahoo()] });
      if (m.envelope.ok) assertMultiplesOneCurrency(m.envelope.data as Any, symbol);
    }
    assert.ok(answered >= 20, `${answered} of ${symbols.length} answered`);
  },
});

Deno.test({
  name: "conformance: OCDO.L's quote states its market cap in GBP beside a price in GBp",
  ignore: !SHARED,
  async fn() {
    const out = await run("market.quote", { symbol: "OCDO.L" }, { replay: [yahoo()] });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.currency, "GBp");
    // 308.8p × 823.35M shares is £2.54bn: Yahoo's cap is in pounds, not pence
    assert.equal(d.market_cap_currency, "GBP");
    assert.ok(Math.abs(d.price / 100 * d.shares_outstanding / d.market_cap - 1) < 0.02);
    // the CLI's own path (direct request) and its text view say the same
    const lines: string[] = [];
    setDefaultSession(testSession({ replay: [yahoo()] }));
    try {
      const code = await main(["market.quote", "OCDO.L", "--output", "text"], {
        out: (t) => lines.push(t),
        err: () => {},
      });
      assert.equal(code, 0);
    } finally {
      setDefaultSession(null);
    }
    const text = lines.join("\n");
    assert.match(text, /^market_cap: +GBP 2,554,603,520$/m);
    assert.match(text, /^price: +GBp 308\.80$/m);
  },
});
