/**
 * Issue 18 acceptance: over 30 symbols of every kind (US common, share classes, ADRs with
 * foreign financials, LSE pence, JSE cents, TASE agorot, TSX, HKEX, Tokyo, indices, FX,
 * futures, crypto), the provider form used per provider, the currency of each figure, and that
 * no ok:true result holds a ratio across two currencies.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { tableFetch } from "./_table_fake.ts";
import { majorOf } from "../../analysis/market/currency.ts";
import { assertMultiplesOneCurrency, assertSnapshotOneCurrency, near } from "./_currency_checks.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2025-11-21T21:00:00Z";
const opts = () => ({ fetch: tableFetch(), now: NOW });

interface Row {
  /** As a user types it. */
  input: string;
  yahoo: string;
  /** Stooq's form, or null when Stooq must refuse it by name. */
  stooq: string | null;
  /** The quote's currency; null for an index, whose level is in points. */
  price: string | null;
  /** Market cap's currency (major unit); null when the instrument has none. */
  cap: string | null;
  /** financialCurrency; null when there are no financials. */
  fin: string | null;
  /** The FX quote converting financials into the cap's currency, when they differ. */
  fx: string | null;
}

// deno-fmt-ignore
const TABLE: Row[] = [
  // US common and share classes
  { input: "aapl", yahoo: "AAPL", stooq: "aapl.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  { input: "MSFT", yahoo: "MSFT", stooq: "msft.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  { input: "BRK.B", yahoo: "BRK-B", stooq: "brk-b.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  { input: "brk.b", yahoo: "BRK-B", stooq: "brk-b.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  { input: "BRK-B", yahoo: "BRK-B", stooq: "brk-b.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  { input: "BF.B", yahoo: "BF-B", stooq: "bf-b.us", price: "USD", cap: "USD", fin: "USD", fx: null },
  // ADRs and foreign filers on US exchanges
  { input: "SPOT", yahoo: "SPOT", stooq: "spot.us", price: "USD", cap: "USD", fin: "EUR", fx: "EURUSD=X" },
  { input: "ASML", yahoo: "ASML", stooq: "asml.us", price: "USD", cap: "USD", fin: "EUR", fx: "EURUSD=X" },
  { input: "BABA", yahoo: "BABA", stooq: "baba.us", price: "USD", cap: "USD", fin: "CNY", fx: "USDCNY=X" },
  { input: "BEKE", yahoo: "BEKE", stooq: "beke.us", price: "USD", cap: "USD", fin: "CNY", fx: "USDCNY=X" },
  { input: "TSM", yahoo: "TSM", stooq: "tsm.us", price: "USD", cap: "USD", fin: "TWD", fx: "TWDUSD=X" },
  { input: "SONY", yahoo: "SONY", stooq: "sony.us", price: "USD", cap: "USD", fin: "JPY", fx: "JPYUSD=X" },
  // London (pence), Johannesburg (cents), Tel Aviv (agorot)
  { input: "shel.l", yahoo: "SHEL.L", stooq: "shel.uk", price: "GBp", cap: "GBP", fin: "USD", fx: "USDGBP=X" },
  { input: "VOD.L", yahoo: "VOD.L", stooq: "vod.uk", price: "GBp", cap: "GBP", fin: "EUR", fx: "EURGBP=X" },
  { input: "TSCO.L", yahoo: "TSCO.L", stooq: "tsco.uk", price: "GBp", cap: "GBP", fin: "GBP", fx: null },
  { input: "NPN.JO", yahoo: "NPN.JO", stooq: null, price: "ZAc", cap: "ZAR", fin: "USD", fx: "USDZAR=X" },
  { input: "TEVA.TA", yahoo: "TEVA.TA", stooq: null, price: "ILA", cap: "ILS", fin: "USD", fx: "USDILS=X" },
  // Toronto, Hong Kong, Tokyo
  { input: "RY.TO", yahoo: "RY.TO", stooq: null, price: "CAD", cap: "CAD", fin: "CAD", fx: null },
  { input: "SHOP.TO", yahoo: "SHOP.TO", stooq: null, price: "CAD", cap: "CAD", fin: "USD", fx: "USDCAD=X" },
  { input: "0700.hk", yahoo: "0700.HK", stooq: "700.hk", price: "HKD", cap: "HKD", fin: "CNY", fx: "CNYHKD=X" },
  { input: "0005.HK", yahoo: "0005.HK", stooq: "5.hk", price: "HKD", cap: "HKD", fin: "USD", fx: "USDHKD=X" },
  { input: "7203.T", yahoo: "7203.T", stooq: "7203.jp", price: "JPY", cap: "JPY", fin: "JPY", fx: null },
  { input: "6758.t", yahoo: "6758.T", stooq: "6758.jp", price: "JPY", cap: "JPY", fin: "JPY", fx: null },
  // Indices, FX, futures, crypto: no financials, so no ratio at all
  { input: "^GSPC", yahoo: "^GSPC", stooq: "^spx", price: null, cap: null, fin: null, fx: null },
  { input: "^n225", yahoo: "^N225", stooq: "^nkx", price: null, cap: null, fin: null, fx: null },
  { input: "^FTSE", yahoo: "^FTSE", stooq: "^ukx", price: null, cap: null, fin: null, fx: null },
  { input: "EURUSD=X", yahoo: "EURUSD=X", stooq: "eurusd", price: "USD", cap: null, fin: null, fx: null },
  { input: "JPY=X", yahoo: "JPY=X", stooq: "usdjpy", price: "JPY", cap: null, fin: null, fx: null },
  { input: "gc=f", yahoo: "GC=F", stooq: "gc.f", price: "USD", cap: null, fin: null, fx: null },
  { input: "CL=F", yahoo: "CL=F", stooq: "cl.f", price: "USD", cap: null, fin: null, fx: null },
  { input: "BTC-USD", yahoo: "BTC-USD", stooq: "btcusd", price: "USD", cap: null, fin: null, fx: null },
  { input: "eth-usd", yahoo: "ETH-USD", stooq: "ethusd", price: "USD", cap: null, fin: null, fx: null },
];

for (const row of TABLE) {
  Deno.test(`symbol table: ${row.input}`, async () => {
    const q = await run("market.quote", { symbol: row.input }, opts());
    assert.equal(q.envelope.ok, true, q.envelope.error ?? "");
    const quote = q.envelope.data as Any;
    assert.equal(quote.provider_symbol, row.yahoo);
    assert.equal(quote.currency, row.price);

    // Stooq's spelling, or a refusal that names Stooq and the forms it takes.
    const bars = await run("market.ohlcv", {
      symbols: row.input,
      provider: "stooq",
      start_date: "2025-11-19",
      end_date: "2025-11-21",
    }, opts());
    if (row.stooq) {
      assert.equal(bars.envelope.ok, true, bars.envelope.error ?? "");
      assert.equal((bars.envelope.data as Any).provider_symbol, row.stooq);
    } else {
      assert.equal(bars.envelope.ok, false);
      assert.match(
        bars.envelope.error!,
        new RegExp(`stooq cannot serve ${row.yahoo.replace(".", "\\.")}.*aapl\\.us`),
      );
    }

    const s = await run("symbol.snapshot", { symbol: row.input }, opts());
    assert.equal(s.envelope.ok, true, s.envelope.error ?? "");
    const d = s.envelope.data as Any;
    assert.equal(d.provider_symbol, row.yahoo);
    assert.equal(d.figure_currencies.price, row.price);
    assert.equal(d.figure_currencies.market_cap, row.cap);
    assert.equal(d.financial_currency, row.fin);
    if (row.fin) {
      for (const k of ["total_revenue_ttm", "cash", "debt", "net_debt"]) {
        if (d[k] !== null) assert.equal(d.figure_currencies[k], row.fin, k);
      }
    }
    assert.equal(d.fx?.symbol ?? null, row.fx);
    assertSnapshotOneCurrency(d, row.input);
    if (row.fin && row.fin !== majorOf(row.price)) {
      assert.equal(d.valuation.trailing_pe, null);
      assert.ok(s.envelope.warnings.some((w) => /trailing_pe|price_to_book/.test(w)));
    }
    if (row.price !== row.cap && row.fin === row.cap && d.valuation.price_to_book !== null) {
      // Pence over pounds: the ratio is taken in one unit (Yahoo's is 100 times too big).
      assert.ok(d.valuation.price_to_book < 10, `${row.input}: P/B ${d.valuation.price_to_book}`);
      assert.ok(!s.envelope.warnings.some((w) => /mismatch|mix/.test(w)));
    }

    if (row.cap) {
      const m = await run("valuation.multiples", { symbol: row.input }, opts());
      assert.equal(m.envelope.ok, true, m.envelope.error ?? "");
      const md = m.envelope.data as Any;
      assert.equal(md.provider_symbol, row.yahoo);
      assert.equal(md.market_cap_currency, row.cap);
      assertMultiplesOneCurrency(md, row.input);
      if (row.fx) assert.equal(md.fx.symbol, row.fx);
    }
  });
}

Deno.test("symbol table: ASML's fiscal-year revenue (EUR) is converted before P/S, FY path", async () => {
  const m = await run("valuation.multiples", { symbol: "ASML" }, opts());
  const d = m.envelope.data as Any;
  assert.equal(d.revenue_period_type, "FY");
  assert.equal(d.revenue_currency, "EUR");
  assert.equal(d.fx.symbol, "EURUSD=X");
  assert.equal(d.fx.rate, 1.1523);
  assert.equal(
    d.multiples.price_to_sales,
    Math.round(d.market_cap / (28262900000 * 1.1523) * 1e4) / 1e4,
  );
  assert.ok(d.sources.some((s: string) => /quote API.*EURUSD=X \(1\.1523 USD per EUR/.test(s)));
});

Deno.test("symbol table: without a rate every ratio across currencies is refused, not guessed", async () => {
  const noRate = tableFetch();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/symbols=(USDCNY|CNYUSD)%3DX/.test(url) || /symbols=(USDCNY|CNYUSD)=X/.test(url)) {
      return Promise.resolve(new Response('{"quoteResponse":{"result":[],"error":null}}'));
    }
    return noRate(input, init);
  };
  for (const command of ["symbol.snapshot", "valuation.multiples"]) {
    const r = await run(command, { symbol: "BEKE" }, { fetch, now: NOW });
    assert.equal(r.envelope.ok, true, r.envelope.error ?? "");
    const d = r.envelope.data as Any;
    assert.equal(d.fx, null);
    const ratios = command === "symbol.snapshot" ? d.valuation : d.multiples;
    for (const k of ["price_to_sales_ttm", "ev_to_revenue", "ev_to_ebitda", "price_to_sales"]) {
      if (k in ratios) assert.equal(ratios[k], null, `${command} ${k}`);
    }
    assert.ok(r.envelope.warnings.some((w) => /no CNY→USD rate/.test(w)), command);
    if (command === "symbol.snapshot") {
      assert.equal(d.enterprise_value, null);
      assertSnapshotOneCurrency(d, "BEKE without a rate");
    } else assertMultiplesOneCurrency(d, "BEKE without a rate");
  }
});

Deno.test("symbol table: a symbol nobody lists is an error naming Yahoo's forms", async () => {
  const r = await run("market.quote", { symbol: "NOPE.XX" }, opts());
  assert.equal(r.envelope.ok, false);
  assert.match(r.envelope.error!, /no quote for 'NOPE\.XX'.*BRK-B.*EURUSD=X/);
});

Deno.test("valuation.scenario: a pence listing's implied price is in pence; a foreign filer is warned", async () => {
  const r = await run("valuation.scenario", {
    symbol: "TSCO.L",
    revenue: "70B",
    bear_multiple: 0.3,
    base_multiple: 0.45,
    bull_multiple: 0.6,
  }, opts());
  const d = r.envelope.data as Any;
  assert.equal(d.revenue_currency, "GBP");
  assert.equal(d.currency, "GBp");
  // 70B GBP × 0.45 / 6.6B shares = £4.77 a share = 477p, against 452.2p.
  assert.equal(d.cases[1].implied_price, Math.round(70e9 * 0.45 / 6.6e9 * 100 * 1e4) / 1e4);
  assert.ok(Math.abs(d.cases[1].upside_pct - 5.55) < 0.05, String(d.cases[1].upside_pct));
  const spot = await run("valuation.scenario", {
    symbol: "SPOT",
    revenue: "17B",
    bear_multiple: 5,
    base_multiple: 7,
    bull_multiple: 9,
  }, opts());
  assert.ok(spot.envelope.warnings.some((w) => /revenue is read in USD.*reports in EUR/.test(w)));
});

Deno.test("no command answers ok:true with a figure computed across two currencies", async () => {
  const crossing = TABLE.filter((r) => r.fin && r.cap && (r.fin !== r.cap || r.price !== r.cap));
  assert.ok(crossing.length >= 12, "the table holds enough cross-currency listings");
  for (const row of crossing) {
    for (const command of ["symbol.snapshot", "valuation.multiples", "valuation.scenario"]) {
      const args = command === "valuation.scenario"
        ? {
          symbol: row.input,
          revenue: "10B",
          bear_multiple: 1,
          base_multiple: 2,
          bull_multiple: 3,
        }
        : { symbol: row.input };
      const out = await run(command, args, opts());
      if (!out.envelope.ok) continue;
      const d = out.envelope.data as Any;
      const where = `${command} ${row.input}`;
      if (command === "symbol.snapshot") assertSnapshotOneCurrency(d, where);
      if (command === "valuation.multiples") assertMultiplesOneCurrency(d, where);
      if (command === "valuation.scenario") {
        // Implied prices are per share in the quote's own unit (pence for GBp).
        assert.equal(d.revenue_currency, row.cap, where);
        const factor = row.price === row.cap ? 1 : 0.01;
        const implied = 10e9 * 2 / d.shares / factor;
        assert.ok(near(d.cases[1].implied_price, Math.round(implied * 1e4) / 1e4), where);
        if (row.fin !== row.cap) {
          assert.ok(out.envelope.warnings.some((w) => /revenue is read in/.test(w)), where);
        }
      }
    }
  }
});

Deno.test("FX: the pair's daily close on the quote's date is preferred to its latest quote", async () => {
  const base = tableFetch();
  const day = (d: string) => Date.parse(`${d}T14:30:00Z`) / 1000;
  const chart = {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "EURUSD=X",
          exchangeName: "CCY",
          instrumentType: "CURRENCY",
        },
        timestamp: [day("2025-11-19"), day("2025-11-20"), day("2025-11-21")],
        indicators: {
          quote: [{
            open: [1.158, 1.155, 1.152],
            high: [1.16, 1.157, 1.154],
            low: [1.155, 1.151, 1.149],
            close: [1.1571, 1.1536, 1.1509],
            volume: [0, 0, 0],
          }],
          adjclose: [{ adjclose: [1.1571, 1.1536, 1.1509] }],
        },
      }],
      error: null,
    },
  };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/v8/finance/chart/EURUSD")) {
      return Promise.resolve(new Response(JSON.stringify(chart), { status: 200 }));
    }
    return base(input, init);
  };
  const d = (await run("valuation.multiples", { symbol: "SPOT" }, { fetch, now: NOW })).envelope
    .data as Any;
  assert.equal(d.fx.rate, 1.1509);
  assert.equal(d.fx.as_of, "2025-11-21");
  assert.match(d.fx.source, /chart API.*daily close/);
  assertMultiplesOneCurrency(d, "SPOT at the dated close");
  // The snapshot's own sources cite where the rate came from (the chart, not the quote).
  const snap = (await run("symbol.snapshot", { symbol: "SPOT" }, { fetch, now: NOW })).envelope
    .data as Any;
  const fxRow = snap.sources.find((s: Any) => s.fields === "fx EURUSD=X");
  assert.match(fxRow.source, /chart API.*daily close, EURUSD=X/);
});

Deno.test("text view: each money figure is labelled with its own currency", async () => {
  const { renderOutput } = await import("../../adapters/render.ts");
  const { loadCommand } = await import("../../commands/registry.ts");
  const text = async (command: string, symbol: string) => {
    const out = await run(command, { symbol }, opts());
    const def = await loadCommand(command);
    return renderOutput(out.envelope, "text", { view: def.view, width: 100 }).out;
  };
  const tesco = await text("symbol.snapshot", "TSCO.L");
  assert.match(tesco, /^price:\s+GBp 452\.20$/m);
  assert.match(tesco, /^market_cap:\s+GBP 29,845/m);
  const spot = await text("valuation.multiples", "SPOT");
  assert.match(spot, /^market_cap:\s+USD /m);
  assert.match(spot, /^cash:\s+EUR 9,100,000,000/m);
});

Deno.test("symbol table: printed for review (provider forms and currencies)", () => {
  const cols = ["typed", "Yahoo", "Stooq", "price", "cap", "financials", "fx"];
  const lines = TABLE.map((
    r,
  ) => [
    r.input,
    r.yahoo,
    r.stooq ?? "(refused)",
    r.price ?? "points",
    r.cap ?? "-",
    r.fin ?? "-",
    r.fx ?? "-",
  ]);
  const w = cols.map((c, i) => Math.max(c.length, ...lines.map((l) => l[i].length)));
  const fmt = (l: string[]) => l.map((x, i) => x.padEnd(w[i])).join("  ");
  console.log([fmt(cols), ...lines.map(fmt)].join("\n"));
  assert.ok(TABLE.length >= 25);
  const kinds = new Set(TABLE.map((r) => r.yahoo.match(/=X$|=F$|^\^|-USD$|\.[A-Z]+$/)?.[0] ?? ""));
  assert.ok(kinds.size >= 8, [...kinds].join(" "));
});

Deno.test("valuation.multiples reads one FX pair once", async () => {
  const log: string[] = [];
  const out = await run("valuation.multiples", { symbol: "SPOT" }, {
    fetch: tableFetch(log),
    now: NOW,
  });
  assert.equal(out.envelope.ok, true);
  assert.equal(log.filter((u) => /symbols=EURUSD(%3D|=)X/.test(u)).length, 1);
});

Deno.test("valuation.multiples does not ask again for a rate its snapshot found missing", async () => {
  const log: string[] = [];
  const base = tableFetch(log);
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/(USDCNY|CNYUSD)(%3D|=)X/.test(url)) {
      log.push(url);
      return Promise.resolve(new Response('{"quoteResponse":{"result":[],"error":null}}'));
    }
    return base(input, init);
  };
  const out = await run("valuation.multiples", { symbol: "BEKE" }, { fetch, now: NOW });
  assert.equal(out.envelope.ok, true);
  const asked = log.filter((u) => /(USDCNY|CNYUSD)(%3D|=)X/.test(u));
  assert.ok(asked.length > 0);
  assert.equal(new Set(asked).size, asked.length, asked.join("\n"));
});

Deno.test("fundamentals.statement and estimates.consensus ask their provider for BRK-B when brk.b is typed", async () => {
  const log: string[] = [];
  await run("fundamentals.statement", { symbol: "brk.b" }, { fetch: tableFetch(log), now: NOW });
  assert.ok(log.some((u) => u.includes("/timeseries/BRK-B?")), log.join("\n"));
  const fmp: string[] = [];
  await run("estimates.consensus", { symbol: "brk.b" }, {
    fetch: tableFetch(fmp),
    env: { ESTIMATES_A_API_KEY: "fmp-test-key" },
  });
  assert.ok(fmp.some((u) => new URL(u).searchParams.get("symbol") === "BRK-B"), fmp.join("\n"));
});
