/**
 * sector.* and industry.* pages: what names whose figure it is (the benchmark's name, a research
 * report's headline naming its company), and the text and csv views with each unit stated. The
 * Yahoo bodies are written here, shaped like v1/finance/sectors and v1/finance/industries.
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { loadCommand } from "../../commands/registry.ts";
import { dataOf, envelope, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-10-02T12:00:00Z";
const v = (raw: number) => ({ raw, fmt: String(raw) });
const perf = (day: number, ytd: number, y1: number, y3: number, y5: number) => ({
  regMarketChangePercent: v(day),
  ytdChangePercent: v(ytd),
  oneYearChangePercent: v(y1),
  threeYearChangePercent: v(y3),
  fiveYearChangePercent: v(y5),
});

const SECTOR = {
  data: {
    name: "Technology",
    key: "technology",
    symbol: "^YH311",
    overview: {
      companiesCount: 820,
      marketCap: v(21853022191616),
      messageBoardId: "INDEXYH311",
      description: "Software and hardware.",
      industriesCount: 12,
      marketWeight: v(0.29994836),
      employeeCount: v(7180649),
    },
    performance: perf(0.0007, 0.1183, 0.2013, 0.9726, 1.4534),
    performanceOverviewBenchmark: {
      name: "S&P 500",
      ...perf(0.0152, 0.0948, 0.1505, 0.5294, 0.8847),
    },
    topCompanies: [],
    topETFs: [{
      symbol: "VGT",
      name: "Vanguard Information Tech ETF",
      lastPrice: v(694.17),
      netAssets: v(114891824344),
      expenseRatio: v(0.0009),
      ytdReturn: v(0.1164),
    }],
    topMutualFunds: [],
    industries: [],
    researchReports: [],
  },
};

const INDUSTRY = {
  data: {
    name: "Banks - Diversified",
    symbol: "^YH10320010",
    key: "banks-diversified",
    sectorName: "Financial Services",
    sectorKey: "financial-services",
    overview: {
      companiesCount: 15,
      marketCap: v(2767968796672),
      description: "Global, diverse financial institutions.",
      employeeCount: v(1817440),
      marketWeight: v(0.24397595),
    },
    performance: perf(-0.0091, 0.0343, 0.1206, 1.0128, 0.6072),
    performanceOverviewBenchmark: {
      ytdChangePercent: v(0.1095),
      regMarketChangePercent: v(-0.0025),
      name: "S&P 500",
      threeYearChangePercent: v(0.7844),
      oneYearChangePercent: v(0.1487),
      fiveYearChangePercent: v(0.7561),
    },
    topCompanies: [{
      symbol: "JPM",
      name: "JPMorgan Chase & Co.",
      rating: "Buy",
      marketWeight: v(0.3848),
      marketCap: v(879407703198),
      lastPrice: v(330.83),
      targetPrice: v(375.81),
      regMarketChangePercent: v(-0.0124),
      ytdReturn: v(0.0267),
    }],
    topPerformingCompanies: [],
    topGrowthCompanies: [],
    researchReports: [{
      id: "ARGUS_3842_QuantitativeReport_1790726400000",
      headHtml: "TD: Lowering target price to $131.00",
      provider: "Argus Research",
      targetPrice: 131.0,
      targetPriceStatus: "Decreased",
      investmentRating: "Bullish",
      reportDate: "2026-09-30T00:00:00Z",
      reportTitle: "Toronto-Dominion Bank/The has an Investment Rating of BUY; a target price of " +
        "$131.000000.",
      reportType: "Quantitative Report",
    }],
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const opts = () => ({
  fetch: fakeMarket(undefined, {
    "/v1/finance/sectors/technology": () => json(SECTOR),
    "/v1/finance/industries/banks-diversified": () => json(INDUSTRY),
  }),
  now: NOW,
});

async function shown(name: string, args: Record<string, unknown>, mode: "text" | "csv") {
  const out = await run(name, args, opts());
  const def = await loadCommand(name);
  return { out, text: renderOutput(out.envelope, mode, { view: def.view, width: 100 }).out };
}

Deno.test("sector.overview: the benchmark carries its name, in the data and the text view", async () => {
  const { out, text } = await shown("sector.overview", { key: "technology" }, "text");
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.benchmark.name, "S&P 500");
  assert.equal(d.benchmark.ytd_change_pct, 9.48);
  assert.equal(
    d.url,
    "https://query1.finance.yahoo.com/v1/finance/sectors/technology?formatted=true&withReturns=true&lang=en-US&region=US",
  );
  // the returns table names both columns; the weight reads as a percent of the market
  assert.match(text, /return\s+Technology\s+S&P 500/);
  assert.match(text, /year to date\s+11\.83%\s+9\.48%/);
  assert.match(text, /market weight: 29\.99% \(its weight in the market/);
  assert.match(text, /21,853,022,191,616 \(21\.85 trillion\); Yahoo names no currency/);
  assert.ok(text.includes(d.url), text);
});

Deno.test("industry.overview: the S&P 500 benchmark is kept, named, beside the industry", async () => {
  const { out, text } = await shown("industry.overview", { key: "banks-diversified" }, "text");
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.benchmark, {
    name: "S&P 500",
    day_change_pct: -0.25,
    ytd_change_pct: 10.95,
    one_year_change_pct: 14.87,
    three_year_change_pct: 78.44,
    five_year_change_pct: 75.61,
  });
  assert.match(text, /return\s+Banks - Diversified\s+S&P 500/);
  assert.match(text, /3 years\s+101\.28%\s+78\.44%/);
  assert.match(text, /24\.40% \(its weight in the Financial Services sector/);
});

Deno.test("industry.table research_reports: the headline names the company the target is for", async () => {
  const { out, text } = await shown(
    "industry.table",
    { key: "banks-diversified", table: "research_reports" },
    "text",
  );
  const row = (dataOf(out.envelope) as Any).rows[0];
  assert.equal(row.headline, "TD: Lowering target price to $131.00");
  assert.match(row.title, /^Toronto-Dominion Bank/);
  assert.equal(row.target_price, 131);
  assert.ok(out.envelope.warnings.some((w) => /no currency for the reports' target_price/.test(w)));
  assert.match(
    text,
    /target price 131\.00 \(Decreased\)\n\s+TD: Lowering target price to \$131\.00/,
  );
});

Deno.test("sector and industry tables: fractions read as percents, caps without a made-up currency", async () => {
  const etfs = await shown("sector.table", { key: "technology", table: "top_etfs" }, "text");
  assert.match(
    etfs.text,
    /VGT\s+Vanguard Information Tech ETF\s+694\.17\s+114\.89\s+0\.09%\s+11\.64%/,
  );
  assert.match(etfs.text, /Yahoo names no currency for last price, net assets \(billions\)/);
  assert.ok(!/[A-Z]{3} \d/.test(etfs.text), etfs.text);
  const csv = await shown("sector.table", { key: "technology", table: "top_etfs" }, "csv");
  const [head, first] = csv.text.split("\n");
  assert.equal(
    head,
    "symbol,name,last_price,net_assets,expense_ratio_pct,ytd_return_pct,url,warnings",
  );
  assert.match(
    first,
    /^VGT,.*,0\.09,11\.64,https:\/\/query1\.finance\.yahoo\.com\/v1\/finance\/sectors\/technology\?/,
  );
  const top = await shown("industry.table", { key: "banks-diversified" }, "csv");
  assert.match(top.text.split("\n")[0], /market_weight_pct/);
  assert.match(top.text.split("\n")[1], /^JPM,JPMorgan Chase & Co\.,Buy,38\.48,/);
  const over = await shown("sector.overview", { key: "technology" }, "csv");
  const [h, r] = over.text.split("\n");
  const cell = (k: string) => r.split(",")[h.split(",").indexOf(k)];
  assert.equal(cell("overview.market_weight_pct"), "29.994836");
  assert.equal(cell("benchmark.name"), "S&P 500");
});

Deno.test("sector.table and industry.table: a stated limit past the page's rows is warned", async () => {
  const asked = await envelope(
    "sector.table",
    { key: "technology", table: "top_etfs", limit: 100 },
    opts(),
  );
  const rows = dataOf(asked).rows as unknown[];
  assert.ok(rows.length < 100);
  assert.ok(
    asked.warnings.some((w) =>
      w.includes(`lists ${rows.length} top_etfs row`) && w.includes("limit=100")
    ),
    asked.warnings.join("\n"),
  );
  // the default limit is no request of the caller's: no warning for it
  const plain = await envelope("sector.table", { key: "technology", table: "top_etfs" }, opts());
  assert.ok(!plain.warnings.some((w) => w.includes("fewer than limit")), plain.warnings.join("\n"));
  const industry = await envelope(
    "industry.table",
    { key: "banks-diversified", limit: 99 },
    opts(),
  );
  assert.ok(industry.warnings.some((w) => w.includes("limit=99")), industry.warnings.join("\n"));
});
