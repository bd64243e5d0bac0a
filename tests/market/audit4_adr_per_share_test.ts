/**
 * The per-share ratios of a depositary share (one ADS = six ordinary shares here), price and
 * statements in USD. The snapshot checked Yahoo's per-share figures only through trailing
 * P/E: with a loss (no P/E to check), a book value per ordinary share against the price per
 * ADS gave a P/B six times too high with no word. Revenue and cash per share are now checked
 * against their totals over the listed shares. And forward P/E was refused with the trailing
 * even where the forward EPS is per ADS (six times the trailing per ordinary share): it is now
 * kept when the data show that, and said. Rows shaped as Yahoo's v7 quote and v10
 * quoteSummary answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const ROW = {
  quoteType: "EQUITY",
  currency: "USD",
  financialCurrency: "USD",
  marketState: "CLOSED",
  exchange: "NYQ",
  fullExchangeName: "NYSE",
  longName: "Test Depositary plc",
  symbol: "TADR",
  regularMarketPrice: 36,
  regularMarketPreviousClose: 35.5,
  regularMarketChange: 0.5,
  regularMarketChangePercent: 1.4085,
  regularMarketTime: sec("2025-02-24T21:00:02Z"),
  // ADS-equivalent count: the cap is the price times it
  sharesOutstanding: 2_700_000_000,
  marketCap: 97_200_000_000,
  // a loss: no P/E to check the per-share figures by
  epsTrailingTwelveMonths: -0.3,
  // book per ordinary share: one ADS is six shares
  bookValue: 0.7,
  priceToBook: 51.43,
};

/** quoteSummary: revenue and cash per share per ordinary share (16.2 billion of them). */
const MODULES: Record<string, unknown> = {
  financialData: {
    financialCurrency: "USD",
    totalRevenue: 190_000_000_000,
    revenuePerShare: 11.73,
    totalCash: 30_000_000_000,
    totalCashPerShare: 1.85,
  },
  defaultKeyStatistics: { netIncomeToCommon: -4_860_000_000, trailingEps: -0.3, bookValue: 0.7 },
  summaryDetail: { currency: "USD", marketCap: 97_200_000_000 },
  summaryProfile: { sector: "Energy", country: "United Kingdom" },
};

function yahoo(row: Record<string, unknown>, modules = MODULES): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname === "/v7/finance/quote" && u.searchParams.get("symbols") === row.symbol) {
      return Promise.resolve(json({ quoteResponse: { result: [row], error: null } }));
    }
    if (u.pathname === `/v10/finance/quoteSummary/${row.symbol}`) {
      const m = u.searchParams.get("modules")!;
      return Promise.resolve(json({
        quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null },
      }));
    }
    return rest(input, init);
  };
}

async function snap(row: Record<string, unknown>, modules = MODULES) {
  const { envelope } = await run("symbol.snapshot", { symbol: String(row.symbol) }, {
    fetch: yahoo(row, modules),
    now: NOW,
  });
  return { d: dataOf(envelope) as Any, warnings: envelope.warnings };
}

Deno.test("symbol.snapshot: with a loss, an ADR's book per ordinary share gives no P/B (revenue per share shows the basis)", async () => {
  const { d, warnings } = await snap(ROW);
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(d.valuation.price_to_book, null);
  const w = warnings.find((x) => /^price_to_book of TADR: not computed/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(
    w!,
    /revenue per share 11\.73 against revenue 190000000000 over the 2700000000 listed shares/,
  );
  assert.match(w!, /6 times apart/);
  assert.ok(!d.sources.some((s: Any) => /valuation\.price_to_book/.test(s.fields)));
});

Deno.test("symbol.snapshot: cash per share alone shows the basis when revenue per share is missing", async () => {
  const fin = { ...(MODULES.financialData as object), revenuePerShare: undefined };
  const { d, warnings } = await snap(ROW, { ...MODULES, financialData: fin });
  assert.equal(d.valuation.price_to_book, null);
  assert.ok(
    warnings.some((x) => /^price_to_book of TADR: not computed: Yahoo's cash per share/.test(x)),
    warnings.join("\n"),
  );
});

Deno.test("symbol.snapshot: per-share figures per listed share keep the P/B of a loss-maker without a word", async () => {
  const fin = {
    ...(MODULES.financialData as object),
    revenuePerShare: 70.4,
    totalCashPerShare: 11.1,
  };
  const { d, warnings } = await snap({ ...ROW, bookValue: 4.2 }, {
    ...MODULES,
    financialData: fin,
  });
  assert.ok(
    Math.abs(d.valuation.price_to_book - 36 / 4.2) < 1e-3,
    String(d.valuation.price_to_book),
  );
  assert.ok(!warnings.some((w) => /price_to_book/.test(w)), warnings.join("\n"));
});

Deno.test("symbol.snapshot: a P/B nothing can check is kept and said", async () => {
  const { d, warnings } = await snap(ROW, {
    ...MODULES,
    financialData: { financialCurrency: "USD" },
    defaultKeyStatistics: { trailingEps: -0.3, bookValue: 0.7 },
  });
  assert.ok(Math.abs(d.valuation.price_to_book - 36 / 0.7) < 1e-3);
  const w = warnings.find((x) => /^price_to_book of TADR: Yahoo's per-share figures/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /could not be checked/);
  assert.match(w!, /depositary share/);
});

Deno.test("symbol.snapshot: a forward EPS per ADS (the trailing's gap times the trailing) keeps forward P/E", async () => {
  // trailing 0.9 per ordinary share (cap over net income: 6.66, price over EPS: 40); forward
  // 5.8 per ADS, 6.44 times the trailing, near the 6.01 times of the trailing's gap
  const row = { ...ROW, epsTrailingTwelveMonths: 0.9, epsForward: 5.8, bookValue: 0.7 };
  const modules = {
    ...MODULES,
    defaultKeyStatistics: { netIncomeToCommon: 14_600_000_000, trailingEps: 0.9, bookValue: 0.7 },
  };
  const { d, warnings } = await snap(row, modules);
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(d.valuation.price_to_book, null);
  assert.ok(Math.abs(d.valuation.forward_pe - 36 / 5.8) < 1e-3, String(d.valuation.forward_pe));
  const refused = warnings.find((x) => /^trailing_pe, price_to_book of TADR: not computed/.test(x));
  assert.ok(refused, warnings.join("\n"));
  const kept = warnings.find((x) => /^forward_pe of TADR: kept/.test(x));
  assert.ok(kept, warnings.join("\n"));
  assert.match(kept!, /forward EPS 5\.8 is 6\.44 times the trailing 0\.9/);
  assert.ok(d.sources.some((s: Any) => /valuation\.forward_pe/.test(s.fields)));
});

Deno.test("symbol.snapshot: a forward EPS on neither basis is refused with why", async () => {
  const row = { ...ROW, epsTrailingTwelveMonths: 0.9, epsForward: 2.7, bookValue: 0.7 };
  const modules = {
    ...MODULES,
    defaultKeyStatistics: { netIncomeToCommon: 14_600_000_000, trailingEps: 0.9, bookValue: 0.7 },
  };
  const { d, warnings } = await snap(row, modules);
  assert.equal(d.valuation.forward_pe, null);
  const w = warnings.find((x) => /^trailing_pe, forward_pe, price_to_book of TADR/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /forward_pe: the forward EPS 2\.7 is 3 times the trailing 0\.9, near neither/);
});

Deno.test("symbol.snapshot: a forward EPS far below a trailing EPS per ADS is said", async () => {
  // trailing 5.4 per ADS agrees with the cap over net income; forward 1.0 per ordinary share
  const row = { ...ROW, epsTrailingTwelveMonths: 5.4, epsForward: 1.0, bookValue: 4.2 };
  const modules = {
    ...MODULES,
    defaultKeyStatistics: { netIncomeToCommon: 14_600_000_000, trailingEps: 5.4, bookValue: 4.2 },
  };
  const { d, warnings } = await snap(row, modules);
  assert.equal(d.valuation.forward_pe, 36);
  const w = warnings.find((x) => /^forward_pe of TADR: the forward EPS 1 is 0\.19 times/.test(x));
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /per ordinary share of a depositary share/);
});

Deno.test("symbol.snapshot: an unchecked P/B of a US company's own shares or a local listing is not warned", async () => {
  const bare = {
    ...MODULES,
    financialData: { financialCurrency: "USD" },
    defaultKeyStatistics: { trailingEps: -0.3, bookValue: 0.7 },
  };
  const us = await snap(ROW, { ...bare, summaryProfile: { country: "United States" } });
  assert.ok(Math.abs(us.d.valuation.price_to_book - 36 / 0.7) < 1e-3);
  assert.ok(!us.warnings.some((w) => /could not be checked/.test(w)), us.warnings.join("\n"));
  const gdr = await snap({ ...ROW, symbol: "TADR.IL" }, {
    ...bare,
    summaryProfile: { country: "United States" },
  });
  assert.ok(
    gdr.warnings.some((w) => /^price_to_book of TADR\.IL: .*could not be checked/.test(w)),
    gdr.warnings.join("\n"),
  );
});
