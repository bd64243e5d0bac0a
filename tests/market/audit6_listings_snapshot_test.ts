/**
 * symbol.snapshot of a preferred share, a warrant or a unit took Yahoo's per-share earnings and
 * book value, which are the common share's, over the line's own price: BAC-PL at 1,250 over
 * the common's EPS of 3.21 gave a P/E of 389. Those ratios are now null with a warning; the
 * common's own snapshot keeps its P/E. Rows shaped as Yahoo's v7 quote.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { nonCommonLine } from "../../core/symbols.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-18T15:00:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** SEC's ticker list as company_tickers.json gives it: OLDCO passed to a new filer. */
const TICKERS = {
  "0": { cik_str: 70858, ticker: "BAC", title: "BANK OF AMERICA CORP /DE/" },
  "1": { cik_str: 2001234, ticker: "OLDCO", title: "Brand New Acquisition Corp." },
};

function yahoo(rows: Record<string, unknown>[]): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname.endsWith("/company_tickers.json")) return Promise.resolve(json(TICKERS));
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

const line = (symbol: string, name: string, price: number) => ({
  language: "en-US",
  region: "US",
  quoteType: "EQUITY",
  typeDisp: "Equity",
  currency: "USD",
  financialCurrency: "USD",
  symbol,
  shortName: name,
  longName: name,
  exchange: "NYQ",
  fullExchangeName: "NYSE",
  marketState: "REGULAR",
  regularMarketPrice: price,
  regularMarketPreviousClose: price,
  regularMarketChange: 0,
  regularMarketChangePercent: 0,
  regularMarketVolume: 12_000,
  regularMarketTime: sec("2025-02-18T14:55:00Z"),
  // the common share's, as Yahoo gives them beside a preferred's price
  epsTrailingTwelveMonths: 3.21,
  trailingPE: Math.round((price / 3.21) * 100) / 100,
  epsForward: 3.6,
  forwardPE: Math.round((price / 3.6) * 100) / 100,
  bookValue: 35.37,
  priceToBook: Math.round((price / 35.37) * 100) / 100,
});

Deno.test("symbol.snapshot: a preferred share's price over the common's EPS is no P/E", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "BAC-PL" }, {
    fetch: yahoo([
      line("BAC-PL", "Bank of America Corporation 7.25% Non-Cum Perp Conv Pfd Ser L", 1250),
    ]),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.price, 1250);
  assert.equal(d.valuation.trailing_pe, null);
  assert.equal(d.valuation.forward_pe, null);
  assert.equal(d.valuation.price_to_book, null);
  const w = envelope.warnings.find((x) => /is a preferred share/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /^trailing_pe, forward_pe, price_to_book of BAC-PL: not computed/);
  assert.ok(!d.sources.some((s: Any) => /valuation\.trailing_pe/.test(s.fields)));
});

Deno.test("symbol.snapshot: a warrant's price over the common's EPS is no P/E", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "ACAHW" }, {
    fetch: yahoo([line("ACAHW", "Atlantic Coastal Acquisition Corp. II Warrant", 0.05)]),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.valuation.trailing_pe, null);
  assert.ok(envelope.warnings.some((x) => /is a warrant/.test(x)), envelope.warnings.join("\n"));
});

Deno.test("symbol.snapshot: the common share keeps its P/E", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "BAC" }, {
    fetch: yahoo([line("BAC", "Bank of America Corporation", 46.1)]),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.valuation.trailing_pe, 14.3614);
  assert.ok(
    !envelope.warnings.some((x) => /preferred|warrant/.test(x)),
    envelope.warnings.join("\n"),
  );
});

Deno.test("nonCommonLine: preferreds, warrants, rights and units by their US spelling only", () => {
  assert.equal(nonCommonLine("BAC-PL"), "a preferred share");
  assert.equal(nonCommonLine("JPM-PD"), "a preferred share");
  assert.equal(nonCommonLine("XYZ-WT"), "a warrant");
  assert.equal(nonCommonLine("ACAHW"), "a warrant");
  assert.equal(nonCommonLine("ACAHU"), "a unit");
  assert.equal(nonCommonLine("ABCDR"), "a right");
  for (
    const s of ["BRK-B", "BF-B", "SNOW", "AAPL", "AFRAF", "BP.L", "BEP-UN.TO", "ES=F", "^GSPC"]
  ) {
    assert.equal(nonCommonLine(s), null, s);
  }
});

Deno.test("symbol.snapshot: a CIK SEC gives the ticker to another company is not this listing's", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "OLDCO" }, {
    fetch: yahoo([line("OLDCO", "Old Company Holdings, Inc.", 4.2)]),
    now: NOW,
  });
  const d = dataOf(envelope) as Any;
  assert.equal(d.company_name, "Old Company Holdings, Inc.");
  assert.equal(d.cik, null);
  assert.ok(
    envelope.warnings.some((w) =>
      /gives OLDCO to CIK 0002001234, "Brand New Acquisition Corp\.", which is not Yahoo's/.test(w)
    ),
    envelope.warnings.join("\n"),
  );
  assert.ok(!d.sources.some((s: Any) => s.fields === "cik"));
});

Deno.test("symbol.snapshot: the company SEC names for the ticker keeps its CIK", async () => {
  const { envelope } = await run("symbol.snapshot", { symbol: "BAC" }, {
    fetch: yahoo([line("BAC", "Bank of America Corporation", 46.1)]),
    now: NOW,
  });
  assert.equal((dataOf(envelope) as Any).cik, "0000070858");
  assert.ok(!envelope.warnings.some((w) => /^cik/.test(w)), envelope.warnings.join("\n"));
});
