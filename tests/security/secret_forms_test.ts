/**
 * A configured key is redacted in every form a service may echo it in: as given, percent-encoded
 * (both ways of encoding a query) and in another letter case. The services are fakes answering
 * through an injected fetch: nothing leaves the process.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { runCommand } from "../../core/runner.ts";
import "../../commands/registry.ts";

const KEY = "Ab+Cd/Ef=Gh12ijKL~";
const FORMS = [
  KEY,
  encodeURIComponent(KEY),
  encodeURIComponent(KEY).toLowerCase(),
  new URLSearchParams({ k: KEY }).toString().slice(2),
  KEY.toLowerCase(),
  KEY.toUpperCase(),
];

function readAll(dir: string): string {
  let out = "";
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) out += readAll(p);
    else out += new TextDecoder("latin1").decode(Deno.readFileSync(p));
  }
  return out;
}

function leaked(text: string): string[] {
  return FORMS.filter((f) => text.includes(f));
}

Deno.test("secrets: a key echoed percent-encoded or in another case is redacted too", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-secret-forms-" });
  const echo = FORMS.join(" | ");
  const fetch = ((url: string) =>
    Promise.resolve(
      url.includes("alphavantage")
        ? new Response(JSON.stringify({ "Error Message": `invalid key: ${echo}` }), {
          headers: { "content-type": "application/json" },
        })
        : new Response(`<html><body><p>your key: ${echo}</p></body></html>`, {
          headers: { "content-type": "text/html" },
        }),
    )) as typeof globalThis.fetch;
  try {
    const session = new Session({
      config: loadConfig({
        FINANCE_CACHE_DIR: join(dir, "cache"),
        FINANCE_RECORD: join(dir, "cassette"),
        ALPHA_VANTAGE_API_KEY: KEY,
      }),
      fetch,
      politeness: false,
      backoffBaseMs: 1,
    });
    // a provider error that quotes the key
    const failed = await runCommand("market.ohlcv", {
      symbols: "IBM",
      provider: "market_b",
      start: "2024-01-02",
      end: "2024-02-01",
    }, { session });
    assert.equal(failed.ok, false);
    assert.match(failed.error ?? "", /invalid key: \*\*\*/);
    assert.deepEqual(leaked(JSON.stringify(failed)), [], failed.error ?? "");

    // a page that quotes it, read, cached and recorded
    const read = await runCommand("document.read", { source: "https://docs.example/k.html" }, {
      session,
    });
    assert.equal(read.ok, true, read.error ?? "");
    assert.deepEqual(leaked(JSON.stringify(read)), []);
    assert.deepEqual(leaked(readAll(dir)), [], "the cache or the cassette holds the key");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
