/**
 * Views of the citations and provenance fields lately added to results, and of the market
 * pages: valuation.* cite each source with its URLs in full and the time read, each multiple
 * with how it is formed; price.context's sources, KPI documents and transcripts name their
 * provider and when they were read; a sector or industry page's missing figure is said in
 * words; a quote's prices read at one precision.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { blocksHtml } from "../../adapters/views/html.ts";
import { viewBlocks } from "../../adapters/views/index.ts";
import type { ViewName } from "../../core/command.ts";
import { success } from "../../core/envelope.ts";
import { loadCommand } from "../../commands/registry.ts";
import { run, SHARED, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const market = (): TestRunOptions => ({ fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" });

async function view(command: string, args: Record<string, unknown>, opts: TestRunOptions) {
  const outcome = await run(command, args, opts);
  assert.equal(outcome.envelope.ok, true, outcome.envelope.error ?? "");
  const def = await loadCommand(command);
  return {
    text: renderOutput(outcome.envelope, "text", { view: def.view, width: 100 }).out,
    html: blocksHtml(viewBlocks(outcome.envelope.data, def.view)),
  };
}

const text = (data: unknown, view?: ViewName) =>
  renderOutput(success(data), "text", { view, width: 100 }).out;

/** The value printed for a field of a fields block. */
function field(out: string, name: string): string {
  const line = out.split("\n").find((l) => l.startsWith(`${name}:`));
  assert.ok(line, `no field ${name} in:\n${out}`);
  return line.slice(name.length + 1).trim();
}

const QS = "https://query2.finance.yahoo.com/v10/finance/quoteSummary/SPOT?modules=financialData";
const QUOTE = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=SPOT";
const FX = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=EURUSD%3DX";

Deno.test("valuation.multiples: each source with its URLs one per line and the time read", async () => {
  // the text and the notebook views of one result: the text view leaves the data as it was
  const { text: out, html } = await view("valuation.multiples", { symbol: "AAPL" }, market());
  assert.match(out, /^Sources \(provider market_a, last read 2023-11-22 20:00:00 UTC\):$/m);
  assert.match(
    out,
    /^1\. symbol\.snapshot: Yahoo Finance quote and quoteSummary APIs \(market_a\)$/m,
  );
  assert.match(out, /^ {3}figures: price, market_cap, enterprise_value/m);
  // every URL whole on its own line, none with a comma after it (a list joined with ", ")
  assert.match(out, /^ {3}https:\/\/query\d\.finance\.yahoo\.com\/v7\/finance\/quote\?\S+$/m);
  assert.doesNotMatch(out, /https?:\/\/\S+,$/m);
  // no JSON-like dump of the citations as a table of fields
  assert.doesNotMatch(out, /^citations \(/m);
  assert.doesNotMatch(out, /^urls:/m);
  // the notebook shows the same: the URLs as links, the time read
  assert.match(html, /Sources \(provider market_a, last read 2023-11-22 20:00:00 UTC\)/);
  assert.match(html, /<a href="https:\/\/query\d\.finance\.yahoo\.com\/v7\/finance\/quote/);
});

Deno.test("valuation.multiples: each multiple with how it is formed", async () => {
  const { text: out } = await view("valuation.multiples", { symbol: "AAPL" }, market());
  assert.equal(field(out, "multiples.price_to_sales"), "7.72x");
  assert.match(out, /^How each figure computed here is formed:$/m);
  assert.match(out, /^ {3}price_to_sales: market_cap \/ revenue_in_market_currency$/m);
  assert.match(out, /^ {3}ev_to_ebitda: as symbol\.snapshot states it/m);
  assert.match(out, /^ {3}revenue_in_market_currency: revenue × fx\.rate/m);
  // not repeated as method.* fields far from the multiples
  assert.doesNotMatch(out, /^method\./m);
});

Deno.test("valuation.scenario: methods under the cases, your input cited, a URL no figure came from apart", () => {
  const data = {
    symbol: "SPOT",
    currency: "USD",
    current_price: 638.18,
    cases: [{
      case: "bear",
      revenue: 16e9,
      multiple: 5,
      implied_market_cap: 8e10,
      implied_price: 392.457,
      upside_pct: -38.5,
    }],
    assumptions: { revenue: 16e9, multiple_basis: "price_to_sales" },
    provider: "market_a",
    retrieved_at: "2026-02-25T12:00:00.000Z",
    source_urls: [QS, QUOTE, FX],
    citations: [
      {
        fields: "current_price, market_cap, shares",
        provider: "market_a",
        source: "symbol.snapshot",
        urls: [QS, QUOTE],
      },
      {
        fields: "revenue, bear_multiple",
        provider: "user_input",
        source: "your arguments",
        urls: [],
      },
    ],
    method: {
      implied_market_cap: "revenue × multiple",
      upside_pct: "(implied_price / current_price − 1) × 100",
    },
  };
  const out = text(data);
  assert.match(
    out,
    /^How each case's figures are formed:\n {3}implied_market_cap: revenue × multiple\n {3}upside_pct:/m,
  );
  assert.match(out, /^Sources \(provider market_a, last read 2026-02-25 12:00:00 UTC\):$/m);
  assert.match(out, /^2\. your arguments\n {3}figures: revenue, bear_multiple$/m);
  assert.match(out, /^Also read, no figure above taken from it:\n {3}https:\/\/\S+EURUSD%3DX$/m);
  assert.doesNotMatch(out, /^(provider|retrieved_at|source_urls|method\.\w+):/m);
});

Deno.test("price.context: each source's provider, time read and URLs in full", () => {
  const gdelt = "https://api.gdeltproject.org/api/v2/doc/doc?query=%22Apple%22&mode=artlist";
  const data = {
    symbol: "AAPL",
    target_date: "2026-02-24",
    timeline: [],
    sources: [
      {
        source: "filings",
        ok: true,
        count: 1,
        error: null,
        provider: "filings_a",
        source_urls: ["https://data.sec.gov/submissions/CIK0000320193.json"],
        retrieved_at: "2026-02-25T12:00:00.000Z",
      },
      {
        source: "news",
        ok: false,
        count: 0,
        error: `news: no recording for GET ${gdelt} in the replay cassette(s)`,
        provider: "news",
        source_urls: [],
        retrieved_at: null,
      },
      {
        source: "transcripts",
        ok: true,
        count: 0,
        error: null,
        provider: "transcripts_a",
        source_urls: [],
        retrieved_at: "2026-02-25T12:00:01.000Z",
      },
    ],
  };
  const out = text(data, "context");
  assert.match(
    out,
    /^filings \(filings_a\): 1 item, read 2026-02-25 12:00:00 UTC\n {3}https:\/\/data\.sec\.gov\/submissions\/CIK0000320193\.json$/m,
  );
  assert.match(
    out,
    /^news \(news\): could not be read \(see the warnings\)\n {3}news: no recording for GET…$/m,
  );
  assert.match(
    out,
    /^transcripts \(transcripts_a\): 0 items, read 2026-02-25 12:00:01 UTC\n {3}no URL named/m,
  );
});

const DOC = {
  doc_ref: 0,
  kind: "transcript",
  title: "Example Software Q3 2025 call",
  period: "Q3 2025",
  published_at: "2025-11-06",
  url: "https://www.fool.com/earnings/call-transcripts/2025/11/06/exsw-q3/",
  accession_no: null,
  section: null,
  source: "motley_fool",
  provider: "transcripts_a",
  retrieved_at: "2026-02-25T12:00:00.000Z",
};

Deno.test("kpi.extract and kpi.history: each document with its provider and when it was read", () => {
  const kpi = text({ symbol: "EXSW", documents: [DOC], kpis: [], total_count: 0 }, "kpi");
  const documents =
    /^Documents read \(1\):\n1\. Example Software Q3 2025 call\n {3}motley_fool \(transcripts_a\) · published 2025-11-06 · read 2026-02-25 12:00:00 UTC\n {3}https:\/\/www\.fool\.com\/\S+$/m;
  assert.match(kpi, documents);
  const history = text({ symbol: "EXSW", documents: [DOC], series: [] }, "kpi_history");
  assert.match(history, documents);
});

Deno.test("transcripts.search and transcripts.qa: provider and time read beside the source", () => {
  const search = text({
    symbol: "EXSW",
    transcripts: [],
    count: 0,
    source: "motley_fool",
    provider: "transcripts_a",
    retrieved_at: "2026-02-25T12:00:00.000Z",
    source_urls: ["https://www.fool.com/quote/nasdaq/exsw/"],
  }, "transcripts");
  assert.match(
    search,
    /^Source: motley_fool \(transcripts_a\), read 2026-02-25 12:00:00 UTC\nhttps:\/\/www\.fool\.com\/quote\/nasdaq\/exsw\/$/m,
  );
  const qa = text({
    transcript: { ...DOC, quarter: "Q3 2025" },
    qa_pairs: [],
    source: "motley_fool",
  }, "qa");
  assert.match(
    qa,
    /^Source: motley_fool \(transcripts_a\), Q3 2025, published 2025-11-06, read 2026-02-25 12:00:00 UTC$/m,
  );
});

const PAGE = {
  provider: "market_a",
  source: "Yahoo Finance industry page (v1/finance/industries)",
  retrieved_at: "2026-02-25T12:00:00.000Z",
  url: "https://query1.finance.yahoo.com/v1/finance/industries/semiconductors",
};

Deno.test("industry.overview: a figure Yahoo left out is said in words, the dashes explained", () => {
  const out = text({
    key: "semiconductors",
    name: "Semiconductors",
    sector_key: "technology",
    sector_name: "Technology",
    overview: {
      companies_count: null,
      market_cap: 6e12,
      market_weight: 0.33,
      employee_count: null,
    },
    performance: { ytd_change_pct: 27 },
    benchmark: null,
    ...PAGE,
  }, "sector_overview");
  assert.equal(field(out, "employees"), "not reported by Yahoo");
  assert.equal(field(out, "companies"), "not reported by Yahoo");
  assert.match(field(out, "market cap"), /Yahoo names no currency$/);
  assert.match(out, /^1 year +—$/m);
  assert.match(out, /—: not reported by Yahoo for that period\./);
});

Deno.test("industry.table: a dash is explained, a row with no figure at all is named", () => {
  const out = text({
    key: "semiconductors",
    name: "Semiconductors",
    sector_key: "technology",
    table: "top_performing_companies",
    rows: [
      {
        symbol: "AMD",
        name: "Advanced Micro Devices",
        last_price: 150,
        target_price: 170,
        ytd_return_pct: 50,
      },
      {
        symbol: "XYZ",
        name: "Xyz Corp",
        last_price: null,
        target_price: null,
        ytd_return_pct: null,
      },
    ],
    ...PAGE,
  }, "sector_table");
  const flat = out.replace(/\s+/g, " ");
  assert.match(
    flat,
    /—: not reported by Yahoo for that row\. Yahoo gives none of these figures for XYZ\./,
  );
  assert.match(flat, /Yahoo names no currency for last price, target price/);
  assert.match(out, /: top performing companies, 2 rows$/m);
});

const PAIR = {
  symbol: "EURUSD=X",
  quote_type: "CURRENCY",
  currency: "USD",
  price: 1.0489877,
  change: -0.0005505085,
  change_pct: -0.052457344,
  previous_close: 1.0495383,
  open: 1.0494281,
  day_high: 1.0508617,
  day_low: 1.0474495,
  fifty_two_week_high: 1.1212397,
  fifty_two_week_low: 1.0183818,
  provider: "market_a",
  source: "Yahoo Finance quote API (v7/finance/quote)",
};

Deno.test("market.quote: a quote's prices at one precision, a tiny change keeps its digits", () => {
  const out = text(PAIR);
  assert.equal(field(out, "price"), "USD 1.0490");
  assert.equal(field(out, "previous_close"), "USD 1.0495");
  assert.equal(field(out, "day_low"), "USD 1.0474");
  assert.equal(field(out, "change"), "USD -0.0005505");
  // a price hint caps the decimals; a stock's prices keep two
  const hinted = text({ ...PAIR, price_hint: 3 });
  assert.equal(field(hinted, "price"), "USD 1.049");
  assert.equal(field(hinted, "previous_close"), "USD 1.050");
  const stock = text({
    ...PAIR,
    symbol: "GC=F",
    price: 2910.3,
    change: 9.600098,
    previous_close: 2900.7,
    open: 2895.1,
    day_high: 2919,
    day_low: 2887.6,
    fifty_two_week_high: 2945.4,
    fifty_two_week_low: 2014.9,
  });
  assert.equal(field(stock, "price"), "USD 2,910.30");
  assert.equal(field(stock, "day_high"), "USD 2,919.00");
  assert.equal(field(stock, "change"), "USD 9.60");
  // an index in points alike
  const index = text({
    ...PAIR,
    quote_type: "INDEX",
    currency: null,
    price: 23.77,
    previous_close: 24.285,
    change: -0.515,
    open: null,
    day_high: 24.1,
    day_low: 23.5,
    fifty_two_week_high: 40.01,
    fifty_two_week_low: 15,
  });
  assert.equal(field(index, "price"), "23.77 points");
  assert.equal(field(index, "previous_close"), "24.29 points");
  assert.equal(field(index, "day_high"), "24.10 points");
  assert.equal(field(index, "fifty_two_week_low"), "15.00 points");
});

Deno.test({
  name: "conformance: EURUSD=X under the shared Yahoo cassette reads 1.0490 beside 1.0495",
  ignore: !SHARED,
  async fn() {
    const { text: out } = await view("market.quote", { symbol: "EURUSD=X" }, {
      replay: [join(SHARED!, "cassettes", "yahoo")],
    });
    assert.equal(field(out, "price"), "USD 1.0490");
    assert.equal(field(out, "previous_close"), "USD 1.0495");
  },
});

Deno.test("price.moves: the provider of the bars beside their source", () => {
  const out = text({
    symbol: "EXSW",
    moves: [],
    threshold_pct: 5,
    window: "1d",
    source: "Stooq daily CSV (stooq.com/q/d/l)",
    provider: "stooq",
    retrieved_at: "2026-03-10T21:00:00.000Z",
    source_urls: ["https://stooq.com/q/d/l/?s=exsw.us&i=d"],
  }, "moves");
  assert.match(
    out,
    /^Source: Stooq daily CSV \(stooq\.com\/q\/d\/l\), provider stooq, retrieved 2026-03-10 21:00:00 UTC\nhttps:\/\/stooq\.com\/q\/d\/l\/\?s=exsw\.us&i=d$/m,
  );
});

Deno.test("valuation.multiples: a pence listing whose cap and revenue are both GBP needs no fx", () => {
  const out = text({
    symbol: "OCDO.L",
    price: 308.8,
    currency: "GBp",
    market_cap: 2554603520,
    market_cap_currency: "GBP",
    revenue: 2997400064,
    revenue_currency: "GBP",
    fx: null,
    multiples: { price_to_sales: 0.8523 },
    warnings: [],
  });
  assert.equal(field(out, "fx"), "none needed (revenue and market cap both in GBP)");
});
