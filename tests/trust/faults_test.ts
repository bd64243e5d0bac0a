/**
 * Fault injection for every provider through the HTTP client: each fault must end as ok:false
 * (or a failed sources.test row) naming the provider and the URL without secrets, and never as
 * data.
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

const SECRET = "sk-test-SECRET-4242";
const KEYS = {
  ESTIMATES_A_API_KEY: SECRET,
  ALPHA_VANTAGE_API_KEY: SECRET,
  ALPACA_API_KEY_ID: SECRET,
  ALPACA_API_SECRET_KEY: `${SECRET}-2`,
};

/** A representative call per provider. */
const CALLS: [provider: string, command: string, args: Record<string, unknown>][] = [
  ["market_a", "market.quote", { symbol: "AAPL" }],
  ["filings_a", "filings.recent", { symbol: "AAPL" }],
  ["news", "news.search", { query: "apple earnings" }],
  ["transcripts_a", "transcripts.search", { symbol: "AAPL" }],
  ["company_ir", "ir.presentations", { symbol: "AAPL", source: "company_ir" }],
  ["estimates_a", "estimates.consensus", { symbol: "AAPL" }],
  ["market_b", "market.ohlcv", { symbols: "AAPL", provider: "market_b" }],
  ["broker_a", "market.ohlcv", { symbols: "AAPL", provider: "broker_a" }],
  ["stooq", "market.ohlcv", { symbols: "AAPL", provider: "stooq" }],
  ["pdf_text_a", "document.read", { source: "https://docs.example.com/report.pdf" }],
  ["pdf_tables_a", "document.tables", { source: "https://docs.example.com/report.pdf" }],
  ["ocr_a", "document.ocr", { source: "https://docs.example.com/scan.pdf" }],
];

type Fault = (url: string, init: RequestInit) => Promise<Response>;

const FAULTS: Record<string, Fault> = {
  "connection refused": () => Promise.reject(new TypeError("Connection refused (os error 111)")),
  "DNS failure": () => Promise.reject(new TypeError("dns error: failed to lookup address")),
  "timeout": (_u, init) =>
    new Promise((_, reject) =>
      init.signal?.addEventListener("abort", () => reject(new DOMException("t", "AbortError")))
    ),
  "429 with Retry-After": () =>
    Promise.resolve(new Response("slow down", { status: 429, headers: { "retry-after": "1" } })),
  "429 without Retry-After": () => Promise.resolve(new Response("", { status: 429 })),
  "500": () => Promise.resolve(new Response("oops", { status: 500 })),
  "503": () => Promise.resolve(new Response("down", { status: 503 })),
  "403": () => Promise.resolve(new Response("Forbidden", { status: 403 })),
  "truncated body": () => Promise.resolve(new Response('{"chart":{"result":[{"meta":')),
  "malformed JSON": () => Promise.resolve(new Response("{'not': json}")),
  "HTML instead of JSON": () =>
    Promise.resolve(
      new Response("<html><body>Error</body></html>", {
        headers: { "content-type": "text/html" },
      }),
    ),
  "empty 200": () => Promise.resolve(new Response("")),
  "redirect loop": (url) =>
    Promise.resolve(
      new Response(null, {
        status: 302,
        headers: { location: url.includes("?loop") ? url.replace("?loop", "") : `${url}?loop` },
      }),
    ),
};

for (const [provider, command, args] of CALLS) {
  Deno.test(`faults: ${provider} (${command}) fails cleanly under every fault`, async () => {
    let cases = 0;
    for (const [name, fault] of Object.entries(FAULTS)) {
      let requests = 0;
      const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
        requests++;
        return fault(String(input), init ?? {});
      }) as typeof fetch;
      const env = await envelope(command, args, { fetch: fetchFn, env: KEYS, timeoutCapMs: 50 });
      cases++;
      const where = `${provider} / ${name}`;
      assert.equal(env.ok, false, `${where}: expected ok:false, got data`);
      assert.equal(env.data, null, where);
      assert.ok(requests > 0, `${where}: the provider made no request`);
      assert.doesNotMatch(env.error!, /not implemented yet/, `${where}: ${env.error}`);
      assert.ok(
        env.error!.includes(provider) || /https?:\/\//.test(env.error!),
        `${where}: error names neither provider nor URL: ${env.error}`,
      );
      assert.doesNotMatch(JSON.stringify(env), new RegExp(SECRET), `${where}: secret leaked`);
    }
    assert.equal(cases, Object.keys(FAULTS).length);
  });
}

Deno.test("faults: sources.test reports failed rows, not a failed command", async () => {
  const env = await envelope("sources.test", { timeout: 2 }, {
    fetch: ((input: string | URL | Request, init?: RequestInit) =>
      FAULTS["503"](String(input), init ?? {})) as typeof fetch,
    env: KEYS,
  });
  assert.equal(env.ok, true);
  const data = env.data as { results: { name: string; status: string; error: string | null }[] };
  for (const row of data.results.filter((r) => r.status !== "ok")) {
    assert.equal(row.status, "failed", row.name);
    assert.ok(row.error && row.error.startsWith(`${row.name}:`), `${row.name}: ${row.error}`);
    assert.doesNotMatch(row.error!, new RegExp(SECRET));
  }
  assert.ok(data.results.filter((r) => r.status === "failed").length >= 7);
});
