/**
 * Provenance of filings.facts, filings.history, filings.report, filings.reports and
 * document.tables, checked as audit9_provenance_commands_test.ts checks the others: each answer
 * names its provider key, the URLs it was read from (each one recorded by the cassette or
 * requested from the fake server, none carrying a key) and an ISO retrieved_at.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, type TestRunOptions } from "../_helpers.ts";
import { matchKey } from "../../core/cassette.ts";
import { SECRET_PARAMS } from "../../core/redact.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const ISO = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;
const PDF_URL = "https://ir.example.com/files/stream-table.pdf";

function replay(...dir: string[]): { opts: TestRunOptions; fetched: () => string[] } {
  const path = join(FIXTURES, ...dir);
  const index = JSON.parse(readFileSync(join(path, "index.json"), "utf8"));
  return {
    opts: { replay: [path], now: "2026-02-25T12:00:00Z" },
    fetched: () => index.entries.map((e: { url: string }) => e.url),
  };
}

function pdfServer(): { opts: TestRunOptions; fetched: () => string[] } {
  const urls: string[] = [];
  const bytes = readFileSync(join(FIXTURES, "document", "stream_table.pdf"));
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return Promise.resolve(
      new Response(bytes, { headers: { "content-type": "application/pdf" } }),
    );
  };
  return { opts: { fetch, now: "2025-03-03T10:00:00Z" }, fetched: () => urls };
}

const hasSecret = (url: string) => {
  const u = URL.parse(url);
  return !!u && [...u.searchParams.keys()].some((k) => SECRET_PARAMS.has(k.toLowerCase()));
};

const CASES: [string, Record<string, unknown>, () => ReturnType<typeof replay>, string][] = [
  [
    "filings.facts",
    { symbol: "FCTS", concept: "revenue", period: "annual" },
    () => replay("facts"),
    "filings_a",
  ],
  [
    "filings.history",
    { symbol: "FCTS", statement: "income", years: 3 },
    () => replay("facts"),
    "filings_a",
  ],
  [
    "filings.reports",
    { symbol: "ACME", query: "statements" },
    () => replay("filings", "cassette"),
    "filings_a",
  ],
  [
    "filings.report",
    { symbol: "ACME", report: "consolidated statements of operations", max_rows: 0 },
    () => replay("filings", "cassette"),
    "filings_a",
  ],
  ["document.tables", { source: PDF_URL }, pdfServer, "pdf_text_a"],
];

for (const [command, args, setup, provider] of CASES) {
  Deno.test(`provenance: ${command} names provider, URLs read and retrieved_at`, async () => {
    const s = setup();
    const d = dataOf((await run(command, args, s.opts)).envelope) as Any;
    assert.equal(d.provider, provider, command);
    assert.ok(typeof d.retrieved_at === "string" && ISO.test(d.retrieved_at), d.retrieved_at);
    assert.ok(Array.isArray(d.source_urls) && d.source_urls.length, "no source_urls");
    const asked = new Set(s.fetched().map((u) => matchKey("GET", u)));
    for (const u of d.source_urls as string[]) {
      assert.ok(asked.has(matchKey("GET", u)), `${command} cites ${u}, which was not requested`);
      assert.ok(!hasSecret(u), `${command} cites a URL with a key: ${u}`);
    }
  });
}

Deno.test("provenance: document.tables on a local file cites no URL or provider", async () => {
  const path = join(FIXTURES, "document", "stream_table.pdf");
  const d = dataOf((await run("document.tables", { source: path })).envelope) as Any;
  assert.equal(d.provider, null);
  assert.deepEqual(d.source_urls, []);
  assert.equal(d.retrieved_at, null);
});
