/**
 * The trust rules' provenance for the filings, document, news, market and sources namespaces
 * (audit8_provenance_commands_test.ts covers the others, with the same checks): every command
 * runs on the project's fixtures (a replay cassette or a fake network), and its data must name
 * the provider key, the URLs it was read from (each one a URL actually requested, or under replay
 * one the cassette recorded, never one carrying a key) and the retrieved or as-of date. A filing
 * is cited by its accession and its URL; the URLs read are cited besides.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, SHARED, sharedOrSkip, type TestRunOptions } from "../_helpers.ts";
import { chartBody, type FakeLog, fakeMarket } from "../market/_fake.ts";
import { matchKey } from "../../core/cassette.ts";
import { SECRET_PARAMS } from "../../core/redact.ts";
import { PROVIDERS } from "../../providers/index.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const KEY = "fmp-secret-999";
const KEYS = new Set(PROVIDERS.map((p) => p.key));
const PDF_URL = "https://ir.example.com/files/annual-report-2024.pdf";
const HTML_URL = "https://ir.example.com/news/results.html";
const HTML_PAGE = "<html><body><h1>Results</h1><p>Our effective tax rate was 21.0% in fiscal " +
  "2024, compared with 19.5% in fiscal 2023.</p></body></html>";

/** How a case runs, and what its answer may cite as read. */
interface Setup {
  opts: TestRunOptions;
  /** The URLs requested (fake network) or recorded (replay), as sent, keys included. */
  fetched: () => string[];
}

function replay(...dir: string[]): Setup {
  const path = join(FIXTURES, ...dir);
  const index = JSON.parse(readFileSync(join(path, "index.json"), "utf8"));
  return {
    opts: { replay: [path], now: "2026-02-25T12:00:00Z" },
    fetched: () => index.entries.map((e: { url: string }) => e.url),
  };
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

/** Yahoo's chart endpoint rising for every symbol (what market.regime and sector_heat read). */
function charts(): Setup {
  const log: FakeLog = { urls: [], posts: [] };
  const rest = fakeMarket(log);
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return rest(input, init);
    log.urls.push(url.href);
    const sym = decodeURIComponent(m[1]);
    const body = chartBody(
      sym,
      Number(url.searchParams.get("period1")),
      Number(url.searchParams.get("period2")),
      sym === "^VIX" ? 14 : 100,
      sym === "^VIX" ? 0 : 0.001,
    );
    return Promise.resolve(Response.json(body));
  };
  return { opts: { fetch, now: "2025-11-21T21:00:00Z" }, fetched: () => log.urls };
}

/** A document server: a PDF (the project's prose.pdf or scanned.pdf) and an HTML page. */
function documents(pdf = "prose.pdf"): Setup {
  const urls: string[] = [];
  const bytes = readFileSync(join(FIXTURES, "document", pdf));
  const fetch: typeof globalThis.fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const res = url === PDF_URL
      ? new Response(bytes, { headers: { "content-type": "application/pdf" } })
      : new Response(HTML_PAGE, { headers: { "content-type": "text/html" } });
    return Promise.resolve(res);
  };
  return { opts: { fetch, now: "2025-03-03T10:00:00Z" }, fetched: () => urls };
}

/** Alpha Vantage's daily adjusted series, the key in every URL asked for. */
function alphaVantage(): Setup {
  const urls: string[] = [];
  const series: Record<string, Record<string, string>> = {};
  for (const [day, close] of [["2020-08-31", 129.04], ["2020-09-01", 134.18]] as const) {
    series[day] = {
      "1. open": String(close),
      "2. high": String(close),
      "3. low": String(close),
      "4. close": String(close),
      "5. adjusted close": String(close),
      "6. volume": "1000000",
      "7. dividend amount": "0",
      "8. split coefficient": "1",
    };
  }
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return Promise.resolve(
      Response.json({ "Meta Data": { "2. Symbol": "AAPL" }, "Time Series (Daily)": series }),
    );
  };
  return {
    opts: { fetch, env: { ALPHA_VANTAGE_API_KEY: KEY }, now: "2020-09-02T12:00:00Z" },
    fetched: () => urls,
  };
}

/** Alpaca's bars, its key pair in the environment (sent as headers). */
function alpaca(): Setup {
  const setup = market();
  setup.opts.env = { ALPACA_API_KEY_ID: KEY, ALPACA_API_SECRET_KEY: `${KEY}-2` };
  return setup;
}

interface Case {
  command: string;
  args: Record<string, unknown>;
  setup: () => Setup;
}

const acme = () => replay("filings", "cassette");
const CASES: Case[] = [
  { command: "filings.recent", args: { symbol: "ACME", limit: 3 }, setup: acme },
  { command: "filings.sections", args: { symbol: "ACME" }, setup: acme },
  {
    command: "filings.read",
    args: { symbol: "ACME", section: "mda", max_chars: 400 },
    setup: acme,
  },
  { command: "filings.statement", args: { symbol: "ACME" }, setup: acme },
  {
    command: "filings.frames",
    args: { concept: "Revenues", period: "cy2023", limit: 2 },
    setup: () => replay("facts"),
  },
  { command: "document.read", args: { source: PDF_URL }, setup: () => documents() },
  { command: "document.read", args: { source: HTML_URL }, setup: () => documents() },
  {
    command: "document.scan",
    args: { source: PDF_URL, query: "effective tax rate" },
    setup: () => documents(),
  },
  {
    command: "document.window",
    args: { source: PDF_URL, match_id: "char_23_41", chars: 200 },
    setup: () => documents(),
  },
  {
    command: "document.ocr",
    args: { source: PDF_URL, max_pages: 1 },
    setup: () => documents("scanned.pdf"),
  },
  {
    command: "news.search",
    args: { query: "chip export licences", timespan: "7D" },
    setup: () => replay("evidence", "gdelt"),
  },
  {
    command: "news.analyze",
    args: {
      analysis: "timeline",
      symbol: "AAPL",
      start_date: "2026-02-22",
      end_date: "2026-02-24",
    },
    setup: () => replay("evidence", "gdelt"),
  },
  { command: "market.quote", args: { symbol: "AAPL" }, setup: market },
  { command: "market.status", args: {}, setup: market },
  {
    command: "market.ohlcv",
    args: {
      symbols: "MSFT",
      start_date: "2023-11-17",
      end_date: "2023-11-21",
      provider: "market_a",
    },
    setup: market,
  },
  {
    command: "market.ohlcv",
    args: {
      symbols: "AAPL",
      start_date: "2020-08-31",
      end_date: "2020-09-01",
      provider: "market_b",
    },
    setup: alphaVantage,
  },
  {
    command: "market.ohlcv",
    args: {
      symbols: "MSFT",
      start_date: "2023-11-20",
      end_date: "2023-11-21",
      provider: "broker_a",
    },
    setup: alpaca,
  },
  { command: "market.regime", args: {}, setup: charts },
  { command: "market.sector_heat", args: { lookback_days: 20 }, setup: charts },
];

/** Keys whose values say where data was read from (not links found in what was read). */
const READ_FROM = /^(source_urls?|urls|request_url)$/;
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
  if (!providers.some((p) => KEYS.has(p))) {
    problems.push(`no provider key (provider field: ${JSON.stringify(providers)})`);
  }
  const dated = all.some(([k, v]) =>
    /^(retrieved_at|as_of)$/.test(k) && typeof v === "string" && ISO.test(v)
  );
  if (!dated) problems.push("no as_of or retrieved_at date");
  const cited = all.filter(([k]) => READ_FROM.test(k)).flatMap(([, v]) => urlsIn(v));
  // the URLs read are cited by themselves, a filing's accession and URL besides
  if (!cited.some((u) => asked.has(requestKey(u)))) {
    problems.push(`no URL that was read is cited (source_urls: ${cited.slice(0, 3).join(", ")})`);
  }
  for (const u of cited) {
    if (!asked.has(requestKey(u))) problems.push(`cites ${u}, which was not requested`);
  }
  const anyUrl = all.filter(([k]) => /url/.test(k)).flatMap(([, v]) => urlsIn(v));
  for (const u of anyUrl) if (hasSecret(u)) problems.push(`cites a URL with a key: ${u}`);
  if (JSON.stringify(data).includes(KEY)) problems.push("the API key is in the data");
  return problems;
}

for (const c of CASES) {
  const what = c.command.startsWith("document.")
    ? ` (${c.args.source})`
    : c.args.provider
    ? ` (${c.args.provider})`
    : "";
  Deno.test(`provenance: ${c.command}${what} names provider, URLs read and date`, async () => {
    const setup = c.setup();
    const env = (await run(c.command, c.args, setup.opts)).envelope;
    const data = dataOf(env) as Any;
    const problems = providerProblems(data, setup.fetched());
    assert.deepEqual(problems, [], `${c.command}:\n${problems.join("\n")}`);
  });
}

Deno.test("provenance: a filing is cited by its accession and the URL of the filing read", async () => {
  for (const command of ["filings.sections", "filings.read", "filings.statement"]) {
    const args = command === "filings.read" ? { symbol: "ACME", section: "mda" } : {
      symbol: "ACME",
    };
    const setup = acme();
    const d = dataOf((await run(command, args, setup.opts)).envelope) as Any;
    assert.equal(d.filing.accession_no, "0001234567-24-000010", command);
    const asked = new Set(setup.fetched().map(requestKey));
    assert.ok(asked.has(requestKey(d.filing.filing_url)) || command === "filings.statement");
    // what was read of the filing is among the URLs cited, each one requested
    const inFolder = d.source_urls.filter((u: string) => u.includes("/000123456724000010/"));
    assert.ok(inFolder.length, `${command}: ${d.source_urls.join(", ")}`);
  }
});

Deno.test("provenance: filings.recent cites the submissions JSON it listed the filings from", async () => {
  const setup = acme();
  const d = dataOf(
    (await run("filings.recent", { symbol: "ACME", limit: 3 }, setup.opts))
      .envelope,
  ) as Any;
  assert.equal(d.provider, "filings_a");
  assert.ok(d.source_urls.includes("https://data.sec.gov/submissions/CIK0001234567.json"));
  assert.equal(d.retrieved_at, "2024-05-01T12:00:00.000Z");
  // each filing keeps its own accession and URL
  for (const f of d.filings) assert.match(f.url, /^https:\/\/www\.sec\.gov\/Archives\//);
});

Deno.test("provenance: a local document names its path, and no URL or provider it did not use", async () => {
  const path = join(FIXTURES, "document", "prose.pdf");
  const d = dataOf((await run("document.read", { source: path })).envelope) as Any;
  assert.equal(d.path, path);
  assert.equal(d.url, null);
  assert.deepEqual(d.source_urls, []);
  assert.equal(d.retrieved_at, null);
});

Deno.test("provenance: sources.test cites what each probe was answered from, and when", async () => {
  const setup = acme();
  const d = dataOf(
    (await run("sources.test", { source: "filings_a", symbol: "ACME", timeout: 5 }, setup.opts))
      .envelope,
  ) as Any;
  const [row] = d.results;
  assert.equal(row.name, "filings_a");
  assert.equal(row.status, "ok");
  assert.ok(row.source_urls.length, "the passed probe cites no URL");
  const asked = new Set(setup.fetched().map(requestKey));
  for (const u of row.source_urls) assert.ok(asked.has(requestKey(u)), `${u} was not requested`);
  assert.equal(row.retrieved_at, "2024-05-01T12:00:00.000Z");
  // a provider not configured is not probed: nothing read, nothing cited
  const none = dataOf(
    (await run("sources.test", { source: "estimates_a", timeout: 5 }, setup.opts)).envelope,
  ) as Any;
  assert.equal(none.results[0].status, "missing_config");
  assert.deepEqual(none.results[0].source_urls, []);
  assert.equal(none.results[0].retrieved_at, null);
});

Deno.test("provenance: sources.list and sources.status read no provider, so they cite none", async () => {
  // the test session refuses any network use: these answer from the inventory alone
  for (const command of ["sources.list", "sources.status"]) {
    const d = dataOf((await run(command, {})).envelope) as Any;
    assert.ok(d.count > 0, command);
    assert.ok(!JSON.stringify(d).includes("source_urls"), command);
  }
});

Deno.test({
  name:
    "provenance (shared SEC cassette): filings.recent, sections and statement cite only URLs recorded",
  ignore: !SHARED,
  async fn() {
    const dir = sharedOrSkip("shared SEC cassette provenance")!;
    const path = join(dir, "cassettes", "sec");
    const index = JSON.parse(readFileSync(join(path, "index.json"), "utf8"));
    const recorded = index.entries.map((e: { url: string }) => e.url);
    const opts = { replay: [path], now: "2026-02-25T12:00:00Z" };
    const nvda = { symbol: "NVDA", accession: "0001045810-24-000029" };
    for (
      const [command, args] of [
        ["filings.recent", { symbol: "NVDA", forms: "10-K", limit: 2 }],
        ["filings.recent", { symbol: "TSLA", forms: "10-K", limit: 20 }],
        ["filings.sections", nvda],
        ["filings.statement", { ...nvda, statement: "income" }],
      ] as const
    ) {
      const envelope = (await run(command, args, opts)).envelope;
      const d = dataOf(envelope) as Any;
      // the shared cassettes carry no recorded date: an answer from them says so and gives no
      // retrieval date rather than the run's clock
      const undated = envelope.warnings.some((w: string) =>
        /recordings that carry no date/.test(w)
      );
      if (undated) assert.equal(d.retrieved_at ?? null, null, command);
      const problems = providerProblems(d, recorded)
        .filter((p) => !(undated && p === "no as_of or retrieved_at date"));
      assert.deepEqual(problems, [], `${command} ${JSON.stringify(args)}:\n${problems.join("\n")}`);
      // the older page of TSLA's history that the 10-Ks were read from is cited too
      if (args.symbol === "TSLA") {
        assert.ok(d.source_urls.some((u: string) => u.endsWith("-submissions-001.json")));
      }
    }
  },
});
