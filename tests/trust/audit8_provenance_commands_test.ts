/**
 * The trust rules' provenance, command by command: every command of the valuation, symbol.profile,
 * sector, industry, screen, calendar, estimates, price, ir, transcripts and kpi namespaces runs
 * on the project's fixtures (the fake Yahoo/FMP network or a replay cassette), and its data must
 * name, for what came from a provider, the provider key, the URLs it was read from (each one a URL
 * actually requested, or under replay one the cassette recorded, never one carrying a key), and
 * the as-of or retrieved date; figures computed from others name their inputs and method; text
 * quotes carry character offsets that cut exactly that text out of the text they came from.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, type TestRunOptions } from "../_helpers.ts";
import { type FakeLog, fakeMarket } from "../market/_fake.ts";
import { matchKey } from "../../core/cassette.ts";
import { SECRET_PARAMS } from "../../core/redact.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const KEY = "fmp-secret-999";
const PROVIDERS = new Set([
  "market_a",
  "market_b",
  "filings_a",
  "transcripts_a",
  "estimates_a",
  "company_ir",
  "broker_a",
  "news",
  "stooq",
]);
const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";
const IR_URL = "https://investors.exsw.example/news/q4-results.html";
const IR_PAGE = "<html><body><h1>EXSW reports fourth quarter results</h1>" +
  "<p>Revenue grew 22% to $412 million in the quarter.</p></body></html>";

/** How a case runs, and what its answer may cite as read. */
interface Setup {
  opts: TestRunOptions;
  /** The URLs requested (fake network) or recorded (replay), as sent, keys included. */
  fetched: () => string[];
}

function market(): Setup {
  const log: FakeLog = { urls: [], posts: [] };
  return {
    opts: {
      fetch: fakeMarket(log),
      now: "2023-11-22T20:00:00Z",
      env: { ESTIMATES_A_API_KEY: KEY },
    },
    fetched: () => log.urls,
  };
}

function replay(...dir: string[]): Setup {
  const path = join(FIXTURES, ...dir);
  const index = JSON.parse(readFileSync(join(path, "index.json"), "utf8"));
  return {
    opts: { replay: [path], now: "2026-02-25T12:00:00Z" },
    fetched: () => index.entries.map((e: { url: string }) => e.url),
  };
}

function page(): Setup {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return Promise.resolve(new Response(IR_PAGE, { headers: { "content-type": "text/html" } }));
  };
  return { opts: { fetch }, fetched: () => urls };
}

const none = (): Setup => ({ opts: {}, fetched: () => [] });

type Kind = "provider" | "calculation";

interface Case {
  command: string;
  args: Record<string, unknown>;
  setup: () => Setup;
  kind: Kind;
}

const SCENARIO = {
  symbol: "AAPL",
  revenue: 400e9,
  bear_multiple: 6,
  base_multiple: 8,
  bull_multiple: 10,
};
const CASES: Case[] = [
  { command: "valuation.multiples", args: { symbol: "AAPL" }, setup: market, kind: "provider" },
  { command: "valuation.scenario", args: SCENARIO, setup: market, kind: "provider" },
  {
    command: "valuation.dcf",
    args: { cashflows: [100, 110, 120], discount_rate: 0.09, terminal_growth: 0.02 },
    setup: none,
    kind: "calculation",
  },
  {
    command: "valuation.irr",
    args: { cashflows: [-100, 60, 60] },
    setup: none,
    kind: "calculation",
  },
  {
    command: "valuation.npv",
    args: { cashflows: [-100, 60, 60], discount_rate: 0.1 },
    setup: none,
    kind: "calculation",
  },
  {
    command: "valuation.wacc",
    args: {
      equity_value: 100,
      debt_value: 50,
      cost_of_equity: "10%",
      cost_of_debt: "5%",
      tax_rate: 0.21,
    },
    setup: none,
    kind: "calculation",
  },
  {
    command: "estimates.compare",
    args: {
      symbol: "AAPL",
      revenue: "400B",
      consensus_revenue: "390B",
      eps: 6.5,
      consensus_eps: 6.2,
      fiscal_year: 2024,
    },
    setup: none,
    kind: "calculation",
  },
  { command: "symbol.profile", args: { symbol: "AAPL" }, setup: market, kind: "provider" },
  { command: "sector.overview", args: { key: "technology" }, setup: market, kind: "provider" },
  { command: "sector.industries", args: { key: "technology" }, setup: market, kind: "provider" },
  {
    command: "sector.table",
    args: { key: "technology", table: "top_companies", limit: 3 },
    setup: market,
    kind: "provider",
  },
  { command: "industry.keys", args: { sector: "technology" }, setup: market, kind: "provider" },
  {
    command: "industry.overview",
    args: { key: "semiconductors" },
    setup: market,
    kind: "provider",
  },
  {
    command: "industry.table",
    args: { key: "semiconductors", table: "top_companies", limit: 3 },
    setup: market,
    kind: "provider",
  },
  {
    command: "screen.run",
    args: { query: "day_gainers", count: 2 },
    setup: market,
    kind: "provider",
  },
  { command: "calendar.company", args: { symbol: "AAPL" }, setup: market, kind: "provider" },
  {
    command: "calendar.earnings",
    args: { symbol: "AAPL", limit: 2 },
    setup: market,
    kind: "provider",
  },
  { command: "estimates.consensus", args: { symbol: "AAPL" }, setup: market, kind: "provider" },
  {
    command: "price.moves",
    args: { symbol: "EXSW", window: "1d", threshold: "5%", years: 1, provider: "stooq" },
    setup: () => replay("evidence", "bars"),
    kind: "provider",
  },
  {
    command: "price.context",
    args: { symbol: "ACME", date: "2024-04-25" },
    setup: () => replay("filings", "cassette"),
    kind: "provider",
  },
  {
    command: "ir.presentations",
    args: { symbol: "EXSW", source: "sec" },
    setup: () => replay("evidence", "ir"),
    kind: "provider",
  },
  { command: "ir.read", args: { source: IR_URL }, setup: page, kind: "provider" },
  {
    command: "transcripts.search",
    args: { symbol: "EXSW" },
    setup: () => replay("evidence", "transcripts"),
    kind: "provider",
  },
  {
    command: "transcripts.read",
    args: { source: CALL_URL, max_chars: 0, include_turns: true },
    setup: () => replay("evidence", "transcripts"),
    kind: "provider",
  },
  {
    command: "transcripts.qa",
    args: { source: CALL_URL },
    setup: () => replay("evidence", "transcripts"),
    kind: "provider",
  },
  {
    command: "kpi.extract",
    args: { symbol: "EXSW", source: CALL_URL, limit: 50 },
    setup: () => replay("evidence", "transcripts"),
    kind: "provider",
  },
  {
    command: "kpi.history",
    args: { symbol: "EXSW", metrics: "arr", limit: 2 },
    setup: () => replay("evidence", "transcripts"),
    kind: "provider",
  },
];

/** Keys whose values say where data was read from (not links found in what was read). */
const READ_FROM = /^(source_urls?|urls)$/;
const ISO = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;

/** Every (key, value) pair in a JSON value, depth first. */
function* pairs(v: unknown, key = ""): Generator<[string, unknown]> {
  if (Array.isArray(v)) { for (const x of v) yield* pairs(x, key); }
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      yield [k, x];
      yield* pairs(x, k);
    }
  }
}

const urlsIn = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((u): u is string =>
    typeof u === "string" && /^https?:\/\//.test(u)
  );

/** What a URL is, keys and crumbs aside: how a cited URL is matched to a requested one. */
const requestKey = (url: string) => matchKey("GET", url);

function hasSecret(url: string): boolean {
  if (url.includes(KEY)) return true;
  const u = URL.parse(url);
  return !!u && [...u.searchParams.keys()].some((k) => SECRET_PARAMS.has(k.toLowerCase()));
}

/** Checks the provenance of a provider-backed answer; returns the problems found. */
function providerProblems(data: Any, fetched: string[]): string[] {
  const problems: string[] = [];
  const all = [...pairs(data)];
  const asked = new Set(fetched.map(requestKey));
  const providers = all.filter(([k, v]) => k === "provider" && typeof v === "string")
    .map(([, v]) => v as string);
  if (!providers.some((p) => PROVIDERS.has(p))) {
    problems.push(`no provider key (provider field: ${JSON.stringify(providers)})`);
  }
  const dated = all.some(([k, v]) =>
    /^(retrieved_at|as_of)$/.test(k) && typeof v === "string" && ISO.test(v)
  );
  if (!dated) problems.push("no as_of or retrieved_at date");
  const cited = all.filter(([k]) => READ_FROM.test(k)).flatMap(([, v]) => urlsIn(v));
  const anyUrl = all.filter(([k]) => /url/.test(k)).flatMap(([, v]) => urlsIn(v));
  // an SEC filing is cited by its accession and the filing's URL, read or not
  const filed = all.some(([k, v]) => k === "accession_no" && typeof v === "string" && v) &&
    anyUrl.some((u) => /^https:\/\/www\.sec\.gov\/Archives\//.test(u));
  if (!filed && !anyUrl.some((u) => asked.has(requestKey(u)))) {
    problems.push(`no URL that was read is cited (URLs: ${anyUrl.slice(0, 3).join(", ")})`);
  }
  for (const u of cited) {
    if (!asked.has(requestKey(u))) problems.push(`cites ${u}, which was not requested`);
  }
  for (const u of anyUrl) if (hasSecret(u)) problems.push(`cites a URL with a key: ${u}`);
  if (JSON.stringify(data).includes(KEY)) problems.push("the API key is in the data");
  return problems;
}

/** A calculation names its inputs and its method. */
function calculationProblems(data: Any): string[] {
  const problems: string[] = [];
  if (!data.method) problems.push("no method");
  if (!data.inputs && !data.comparisons) problems.push("no inputs");
  return problems;
}

for (const c of CASES) {
  Deno.test(`provenance: ${c.command} names provider, URLs read and date`, async () => {
    const setup = c.setup();
    const env = (await run(c.command, c.args, setup.opts)).envelope;
    const data = dataOf(env) as Any;
    const problems = c.kind === "provider"
      ? providerProblems(data, setup.fetched())
      : calculationProblems(data);
    assert.deepEqual(problems, [], `${c.command}:\n${problems.join("\n")}`);
  });
}

/** The transcript text every offset of the call's quotes indexes (transcripts.read, all of it). */
async function callText(): Promise<string> {
  const env = await run("transcripts.read", { source: CALL_URL, max_chars: 0 }, {
    replay: [join(FIXTURES, "evidence", "transcripts")],
  });
  return (dataOf(env.envelope) as Any).text;
}

/** Each quote whose offsets do not cut exactly its text out of `text`. */
function offsetProblems(text: string, quotes: Any[], field: string): string[] {
  return quotes.filter((q) =>
    !Number.isInteger(q.start_char) || text.slice(q.start_char, q.end_char) !== q[field]
  ).map((q) => `${JSON.stringify(q[field])} at ${q.start_char}-${q.end_char}`);
}

Deno.test("provenance: transcript quotes, Q&A pairs and KPI sentences carry offsets into the call's text", async () => {
  const text = await callText();
  const opts = { replay: [join(FIXTURES, "evidence", "transcripts")] };
  const read = dataOf(
    (await run("transcripts.read", {
      source: CALL_URL,
      max_chars: 0,
      include_turns: true,
    }, opts)).envelope,
  ) as Any;
  const turns = [...read.prepared_remarks, ...read.qa_turns];
  assert.ok(turns.length > 2);
  assert.deepEqual(offsetProblems(text, turns, "text"), []);
  const qa = dataOf((await run("transcripts.qa", { source: CALL_URL }, opts)).envelope) as Any;
  const parts = qa.qa_pairs.flatMap((p: Any) => [...p.question, ...p.answers]);
  assert.ok(parts.length >= 2);
  assert.deepEqual(offsetProblems(text, parts, "text"), []);
  for (
    const [command, args] of [
      ["kpi.extract", { symbol: "EXSW", source: CALL_URL, limit: 50 }],
      ["kpi.history", { symbol: "EXSW", metrics: "arr,revenue", limit: 1 }],
    ] as const
  ) {
    const d = dataOf((await run(command, args, opts)).envelope) as Any;
    const kpis = (d.kpis ?? d.history.flatMap((h: Any) => h.kpis)).filter((k: Any) =>
      d.documents.find((doc: Any) => doc.doc_ref === k.doc_ref)?.url === CALL_URL
    );
    assert.ok(kpis.length, `${command}: no KPI of the call`);
    assert.deepEqual(offsetProblems(text, kpis, "sentence"), [], command);
    const values = kpis.map((k: Any) => ({
      raw: k.value.raw,
      start_char: k.value_start_char,
      end_char: k.value_end_char,
    }));
    assert.deepEqual(offsetProblems(text, values, "raw"), [], command);
    for (const doc of d.documents) {
      assert.equal(doc.provider, "transcripts_a", command);
      assert.match(doc.retrieved_at, ISO, command);
    }
  }
});

/** Yahoo for a NYSE listing reporting in EUR (quote, quoteSummary, timeseries, FX quotes). */
function euroFiler(log: string[]): typeof fetch {
  const rest = fakeMarket();
  const sec = (iso: string) => Date.parse(iso) / 1000;
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  const row = {
    quoteType: "EQUITY",
    currency: "USD",
    financialCurrency: "EUR",
    exchange: "NYQ",
    longName: "Test Carrier N.V.",
    symbol: "TCNV",
    regularMarketPrice: 50,
    regularMarketTime: sec("2025-02-24T21:00:02Z"),
    sharesOutstanding: 2e9,
    marketCap: 1e11,
  };
  const modules: Record<string, unknown> = {
    financialData: { financialCurrency: "EUR", totalRevenue: 5e10 },
    summaryDetail: { currency: "USD", marketCap: 1e11 },
  };
  const fx: Record<string, number> = { "EURUSD=X": 1.1, "GBPUSD=X": 1.25 };
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    log.push(url);
    const u = new URL(url);
    if (u.pathname === "/v7/finance/quote") {
      const s = u.searchParams.get("symbols")!;
      const result = s === "TCNV" ? [row] : fx[s]
        ? [{
          symbol: s,
          quoteType: "CURRENCY",
          currency: "USD",
          regularMarketPrice: fx[s],
          regularMarketTime: sec("2025-02-24T21:00:00Z"),
        }]
        : [];
      return json({ quoteResponse: { result, error: null } });
    }
    if (u.pathname === "/v10/finance/quoteSummary/TCNV") {
      const m = u.searchParams.get("modules")!;
      return json({ quoteSummary: { result: [{ [m]: modules[m] ?? {} }], error: null } });
    }
    if (u.pathname.endsWith("/timeseries/TCNV")) {
      const type = "annualTotalRevenue";
      return json({
        timeseries: {
          result: [{
            meta: { symbol: ["TCNV"], type: [type] },
            timestamp: [sec("2024-12-31T00:00:00Z")],
            [type]: [{
              asOfDate: "2024-12-31",
              periodType: "12M",
              currencyCode: "GBP",
              reportedValue: { raw: 4e10 },
            }],
          }],
          error: null,
        },
      });
    }
    return rest(input, init);
  };
}

Deno.test("provenance: valuation.multiples cites each exchange rate and the revenue by the URLs read", async () => {
  const log: string[] = [];
  const env = (await run("valuation.multiples", { symbol: "TCNV" }, {
    fetch: euroFiler(log),
    now: "2025-02-24T21:30:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  const asked = new Set(log.map(requestKey));
  const by = (fields: RegExp) => d.citations.find((c: Any) => fields.test(c.fields));
  for (const symbol of ["GBPUSD=X", "EURUSD=X"]) {
    const c = by(new RegExp(`^fx ${symbol.replace("=", "\\=")}`));
    assert.ok(c, `no citation of ${symbol}: ${JSON.stringify(d.citations)}`);
    assert.ok(c.urls.length, `${symbol} cites no URL`);
    for (const u of c.urls) {
      assert.ok(decodeURIComponent(u).includes(symbol), u);
      assert.ok(asked.has(requestKey(u)), `${u} was not requested`);
    }
  }
  const revenue = by(/^revenue, revenue_period$/);
  assert.ok(revenue.urls.some((u: string) => u.includes("/timeseries/TCNV")), revenue.urls);
  const figures = by(/^price, market_cap/);
  assert.ok(figures.urls.some((u: string) => u.includes("/v7/finance/quote?symbols=TCNV")));
  // no exchange rate's URL among the snapshot's figures
  assert.ok(!figures.urls.some((u: string) => /USD%3DX|USD=X/.test(u)), figures.urls);
  for (const u of d.source_urls) assert.ok(asked.has(requestKey(u)), `${u} was not requested`);
  assert.equal(d.method.price_to_sales, "market_cap / revenue_in_market_currency");
});

Deno.test("provenance: a sector or industry page whose answer names another key cites the page requested, with a warning", async () => {
  const answer = (file: string, key: string) => () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, "market", file), "utf8"));
    body.data.key = key;
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  for (
    const [command, args, path, file] of [
      ["industry.overview", { key: "semiconductors" }, "/industries/semiconductors", "industry"],
      [
        "industry.table",
        { key: "semiconductors", table: "top_companies", limit: 2 },
        "/industries/semiconductors",
        "industry",
      ],
      ["sector.overview", { key: "technology" }, "/sectors/technology", "sector"],
      [
        "sector.table",
        { key: "technology", table: "top_companies", limit: 2 },
        "/sectors/technology",
        "sector",
      ],
    ] as const
  ) {
    const log: FakeLog = { urls: [], posts: [] };
    const fixture = file === "industry" ? "industry_semiconductors.json" : "sector_technology.json";
    const fetch = fakeMarket(log, { [path]: answer(fixture, `${file}-renamed`) });
    const env = (await run(command, args, { fetch, now: "2023-11-22T20:00:00Z" })).envelope;
    const d = dataOf(env) as Any;
    // the page of another key is said, not passed as the one asked
    assert.ok(
      env.warnings.some((w) => w.includes(`with the page of '${file}-renamed'`)),
      `${command}: ${env.warnings.join("\n")}`,
    );
    assert.ok(
      log.urls.some((u) => requestKey(u) === requestKey(d.url)),
      `${command} cites ${d.url}, not requested (${log.urls.join(", ")})`,
    );
  }
});
