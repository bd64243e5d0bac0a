/**
 * Keys never leave the process: a key-bearing URL, a provider that echoes it (in a redirect,
 * a header, its body and its error) and a configured key value are followed into the envelope,
 * the cassette and the cache file, which must hold none of them and be owner-only (0600).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { runCommand } from "../../core/runner.ts";
import "../../commands/registry.ts";
import { CassetteRecorder } from "../../core/cassette.ts";
import { countingServer } from "./_net.ts";

const KEY = "SECRETKEY123abc"; // in the query string, as FMP and Alpha Vantage take it
const ENV_KEY = "envkey-789-XYZ"; // a configured key value, wherever it shows up

function echoingProvider() {
  return countingServer("127.0.0.1", (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/start") {
      return new Response(null, {
        status: 302,
        headers: { location: `/final?apikey=${KEY}&token=${KEY}&symbol=X`, "x-api-key": KEY },
      });
    }
    if (url.pathname === "/fail") {
      return new Response(`{"error":"Invalid API KEY. ${req.url} ${ENV_KEY}"}`, { status: 500 });
    }
    return new Response(`<html><body><p>echo ${req.url} and ${ENV_KEY}</p></body></html>`, {
      headers: {
        "content-type": "text/html",
        "x-request-url": req.url,
        "x-echo": ENV_KEY,
        "set-cookie": `session=${KEY}; Path=/`,
      },
    });
  });
}

function readAll(dir: string): string {
  let out = "";
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) out += readAll(p);
    else out += new TextDecoder("latin1").decode(Deno.readFileSync(p));
  }
  return out;
}

function modes(dir: string): string[] {
  const bad: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) bad.push(...modes(p));
    else if ((Deno.statSync(p).mode! & 0o077) !== 0) bad.push(p);
  }
  return bad;
}

Deno.test("secrets: keys stay out of envelopes, cassettes and the cache, whose files are 0600", async () => {
  const server = echoingProvider();
  const tmp = Deno.makeTempDirSync({ prefix: "finance-secrets-" });
  const cacheDir = join(tmp, "cache"), cassette = join(tmp, "cassette");
  try {
    const session = new Session({
      config: loadConfig({
        FINANCE_CACHE_DIR: cacheDir,
        FINANCE_RECORD: cassette,
        FINANCE_ALLOW_PRIVATE_URLS: "1",
        ALPHA_VANTAGE_API_KEY: ENV_KEY,
      }),
      backoffBaseMs: 1,
      politeness: false,
    });
    const base = `http://127.0.0.1:${server.port}`;
    const ok = await runCommand("document.read", {
      source: `${base}/start?apikey=${KEY}&symbol=X`,
    }, { session });
    assert.equal(ok.ok, true, ok.error ?? "");
    const failed = await runCommand("document.read", {
      source: `${base}/fail?apikey=${KEY}&api_key=${KEY}&q=${ENV_KEY}`,
    }, { session });
    assert.equal(failed.ok, false);
    assert.match(failed.error ?? "", /HTTP 500 from .*\/fail\?apikey=\*\*\*/);
    session.close();

    for (
      const [where, text] of [
        ["success envelope", JSON.stringify(ok)],
        ["error envelope", JSON.stringify(failed)],
        ["cassette", readAll(cassette)],
        ["cache", readAll(cacheDir)],
      ]
    ) {
      assert.ok(text.length > 0, `${where} is not empty`);
      assert.ok(!text.includes(KEY), `${where} holds the query key`);
      assert.ok(!text.includes(ENV_KEY), `${where} holds the configured key value`);
    }
    assert.ok(JSON.stringify(ok).includes("echo"), "the page itself was read");
    assert.ok(readAll(cacheDir).includes("/final?symbol=X"), "the cache holds the page's row");
    assert.deepEqual(modes(cassette), [], "cassette files are 0600");
    assert.deepEqual(modes(cacheDir), [], "cache files are 0600");
  } finally {
    await server.close();
    Deno.removeSync(tmp, { recursive: true });
  }
});

Deno.test("secrets: every variable named like a key is redacted, short flags are not", () => {
  const session = new Session({
    config: loadConfig({
      FINANCE_CACHE: "off",
      MY_VENDOR_API_KEY: "vendor-key-000111",
      GITHUB_TOKEN: "ghp_abcdefghijklmnop",
      FEATURE_KEY: "true",
      ESTIMATES_A_API_KEY: "fmp1",
    }),
  });
  const secrets = session.secrets();
  assert.ok(secrets.includes("vendor-key-000111"));
  assert.ok(secrets.includes("ghp_abcdefghijklmnop"));
  assert.ok(secrets.includes("fmp1"), "a known key variable counts at any length from 4");
  assert.ok(!secrets.includes("true"), "a short flag named like a key is not a secret");
});

Deno.test("secrets: a recorded redirect keeps its Location without keys, and no credential header", () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-cassette-" });
  try {
    const recorder = new CassetteRecorder(dir, "2026-01-01T00:00:00Z", [ENV_KEY]);
    recorder.record(
      "GET",
      `https://api.example/login?apikey=${KEY}&step=1`,
      302,
      new Headers({
        location: `https://api.example/next?token=${KEY}&step=2`,
        "x-api-key": KEY,
        "x-account": `owner ${ENV_KEY}`,
        authorization: `Bearer ${KEY}`,
      }),
      new Uint8Array(),
      [KEY],
    );
    const index = Deno.readTextFileSync(join(dir, "index.json"));
    assert.ok(!index.includes(KEY) && !index.includes(ENV_KEY), index);
    const entry = JSON.parse(index).entries[0];
    assert.equal(entry.headers.location, "https://api.example/next?token=***&step=2");
    assert.equal(entry.headers["x-api-key"], undefined);
    assert.equal(entry.headers["x-account"], "owner ***");
    assert.equal(entry.url, "https://api.example/login?step=1");
    assert.equal(Deno.statSync(join(dir, "index.json")).mode! & 0o777, 0o600);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
