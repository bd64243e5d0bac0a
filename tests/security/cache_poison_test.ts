/**
 * A document fetch cannot plant an answer for a provider in the shared cache. The cache key
 * leaves out credential parameters, so `document.read` of a provider's URL without its key named
 * the same row as the provider's own request, stored for ever (documents never expire) with the
 * service's "missing key" answer: every later call of that provider, for every user of the
 * server, was answered with it. The services are fakes behind an injected fetch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { runCommand } from "../../core/runner.ts";
import "../../commands/registry.ts";

const KEY = "AVKEY1234567";

function bars(): Record<string, unknown> {
  const series: Record<string, Record<string, string>> = {};
  for (const day of ["2024-01-02", "2024-01-03", "2024-01-04"]) {
    series[day] = {
      "1. open": "100",
      "2. high": "101",
      "3. low": "99",
      "4. close": "100.5",
      "5. adjusted close": "100.5",
      "6. volume": "1000",
      "7. dividend amount": "0",
      "8. split coefficient": "1",
    };
  }
  return { "Meta Data": { "2. Symbol": "IBM" }, "Time Series (Daily)": series };
}

Deno.test("cache: a document read of a provider's URL does not answer that provider's calls", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-cache-poison-" });
  const asked: string[] = [];
  // Alpha Vantage: data with the key, a 200 "missing key" message without it
  const fetch = ((url: string) => {
    asked.push(url);
    const u = new URL(url);
    const body = u.searchParams.get("apikey") === KEY
      ? bars()
      : { "Error Message": "the parameter apikey is invalid or missing" };
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  }) as typeof globalThis.fetch;
  const session = () =>
    new Session({
      config: loadConfig({ FINANCE_CACHE_DIR: join(dir, "cache"), ALPHA_VANTAGE_API_KEY: KEY }),
      fetch,
      politeness: false,
      backoffBaseMs: 1,
    });
  try {
    const ohlcv = {
      symbols: "IBM",
      provider: "market_b",
      start: "2024-01-02",
      end: "2024-01-04",
    };
    // what the provider asks for, with its key left out (as the cache key leaves it out)
    const first = await runCommand("market.ohlcv", ohlcv, { session: session() });
    assert.equal(first.ok, true, first.error ?? "");
    const providerUrl = new URL(asked[0]);
    providerUrl.searchParams.delete("apikey");
    Deno.removeSync(join(dir, "cache"), { recursive: true });

    // the attacker reads that URL as a document first
    const planted = await runCommand("document.read", { source: providerUrl.toString() }, {
      session: session(),
    });
    assert.equal(planted.ok, false, "the answer is JSON, not a document");

    const victim = await runCommand("market.ohlcv", ohlcv, { session: session() });
    assert.equal(
      victim.ok,
      true,
      `the provider was answered from the planted row: ${victim.error}`,
    );
    assert.equal(asked.filter((u) => u.includes(KEY)).length, 2, "the provider asked again");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
