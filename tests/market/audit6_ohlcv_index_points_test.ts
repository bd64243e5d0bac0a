/**
 * market.ohlcv labelled an index's bars (^GSPC, ^FTSE, ^N225) with the currency Yahoo states for
 * it, its constituents' (^GSPC: USD), so 5,000 points read as 5,000 dollars; market.quote already
 * said points. Now currency is null, market_currency keeps the stated one, price_basis and a
 * warning say the levels are points (a Treasury yield index: percent), and the chart's axis says
 * so. Answers shaped as Yahoo's v8 chart (chartBody) and Stooq's daily CSV.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-11-21T21:00:00Z";
const WINDOW = { start_date: "2025-10-01", end_date: "2025-10-10" };

/** Yahoo's chart for any symbol, with the currency Yahoo states for some of them. */
function yahoo(currency: Record<string, string> = {}): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const p1 = Number(url.searchParams.get("period1"));
    const p2 = Number(url.searchParams.get("period2"));
    const body = chartBody(sym, p1, p2, sym === "^TNX" ? 4.2 : 5000, 0.001);
    if (currency[sym]) body.chart.result[0].meta.currency = currency[sym];
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  };
}

const ohlcv = (symbols: string, net: typeof fetch, provider = "market_a") =>
  run("market.ohlcv", { symbols, ...WINDOW, provider }, { fetch: net, now: NOW });

Deno.test("market.ohlcv: an index's levels have no currency and are said to be points", async () => {
  for (const [sym, stated] of [["^GSPC", "USD"], ["^FTSE", "GBP"], ["^N225", "JPY"]]) {
    const { envelope } = await ohlcv(sym, yahoo({ [sym]: stated }));
    const d = dataOf(envelope) as Any;
    assert.equal(d.rows[0].close, 5000);
    assert.equal(d.currency, null, sym);
    assert.equal(d.market_currency, stated);
    assert.match(d.price_basis, /^index levels in points, not money/);
    const w = envelope.warnings.find((x) => x.startsWith(`${sym} is an index`));
    assert.ok(w, envelope.warnings.join("\n"));
    assert.match(w!, new RegExp(`in points, not in ${stated} \\(Yahoo's currency`));
  }
  // a Treasury yield index: percent
  const tnx = dataOf((await ohlcv("^TNX", yahoo())).envelope) as Any;
  assert.match(tnx.price_basis, /^index levels in percent \(a Treasury yield\)/);
  // a fund keeps its currency and says nothing of points
  const spy = await ohlcv("SPY", yahoo());
  assert.equal((dataOf(spy.envelope) as Any).currency, "USD");
  assert.equal((dataOf(spy.envelope) as Any).market_currency, undefined);
  assert.ok(!spy.envelope.warnings.some((w) => /index/.test(w)));
});

Deno.test("market.ohlcv: Stooq's index (^SPX, read as ^GSPC) is said to be points too", async () => {
  const csv = "Date,Open,High,Low,Close,Volume\n2025-10-01,5000,5010,4990,5005,0\n" +
    "2025-10-02,5005,5020,5000,5015,0\n";
  const fetch = fakeMarket(undefined, { "stooq.com": () => new Response(csv) });
  const { envelope } = await ohlcv("^SPX", fetch, "stooq");
  const d = dataOf(envelope) as Any;
  assert.equal(d.currency, null);
  assert.match(d.price_basis, /^index levels in points, not money/);
  assert.ok(
    envelope.warnings.some((w) =>
      /^\^GSPC is an index: its levels are in points, not money/.test(w)
    ),
    envelope.warnings.join("\n"),
  );
});

Deno.test("ohlcvChartSvg: an index's axis and title say points, not a currency", async () => {
  const { envelope } = await ohlcv("^GSPC", yahoo());
  const svg = await ohlcvChartSvg(dataOf(envelope) as Any);
  assert.match(svg, /Level \(points\)/);
  assert.match(svg, /\^GSPC levels \(points\)/);
  assert.doesNotMatch(svg, /USD/);
});
