import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { HttpClient, retryAfterMs } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";
import { ResponseCache } from "../../core/cache.ts";
import { sharedOrSkip } from "../_helpers.ts";
import { CassetteLibrary, CassetteRecorder, matchKey, urlMatchKey } from "../../core/cassette.ts";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fake network that counts calls. */
function fakeNet(handler: Handler) {
  const calls: string[] = [];
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    return Promise.resolve(handler(url, init ?? {}));
  }) as typeof fetch;
  return { calls, fetchFn };
}

function client(fetchFn: typeof fetch, extra = {}) {
  const warnings: string[] = [];
  const http = new HttpClient({
    fetch: fetchFn,
    backoffBaseMs: 1,
    warn: (m) => warnings.push(m),
    ...extra,
  });
  return { http, warnings };
}

async function failureOf(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ProviderError, `expected ProviderError, got ${err}`);
    return err;
  }
  throw new Error("expected a failure");
}

const URL_A = "https://example.test/data.json?apikey=SECRET123&q=1";

Deno.test("http: retries 503 then succeeds", async () => {
  let n = 0;
  const net = fakeNet(() =>
    ++n < 3 ? new Response("busy", { status: 503 }) : Response.json({ a: 1 })
  );
  const { http } = client(net.fetchFn);
  assert.deepEqual(await http.json({ provider: "p", url: URL_A }), { a: 1 });
  assert.equal(net.calls.length, 3);
});

Deno.test("http: 500 for good stops after the retry budget and names provider and redacted URL", async () => {
  const net = fakeNet(() => new Response("boom", { status: 500 }));
  const { http } = client(net.fetchFn);
  const err = await failureOf(
    http.json({ provider: "market_b", url: URL_A, retries: 2, secrets: ["SECRET123"] }),
  );
  assert.equal(net.calls.length, 3);
  assert.match(err.message, /^market_b: HTTP 500/);
  assert.match(err.message, /apikey=\*\*\*/);
  assert.doesNotMatch(err.message, /SECRET123/);
  assert.match(err.message, /after 3 attempts/);
});

Deno.test("http: 404 and 403 are not retried; 403 from SEC tells to set the user agent", async () => {
  const net = fakeNet(() => new Response("no", { status: 403 }));
  const { http } = client(net.fetchFn);
  const err = await failureOf(http.json({ provider: "filings_a", url: "https://www.sec.gov/x" }));
  assert.equal(net.calls.length, 1);
  assert.match(err.message, /HTTP 403/);
  assert.match(err.message, /FINANCE_FILINGS_USER_AGENT/);
  const net404 = fakeNet(() => new Response("missing", { status: 404 }));
  const err404 = await failureOf(client(net404.fetchFn).http.json({ provider: "p", url: URL_A }));
  assert.equal(net404.calls.length, 1);
  assert.equal(err404.status, 404);
});

Deno.test("http: 429 honours a short Retry-After and refuses a long one", async () => {
  let n = 0;
  const short = fakeNet(() =>
    ++n === 1
      ? new Response("", { status: 429, headers: { "retry-after": "0" } })
      : Response.json([1])
  );
  assert.deepEqual(await client(short.fetchFn).http.json({ provider: "p", url: URL_A }), [1]);
  assert.equal(short.calls.length, 2);
  const long = fakeNet(() => new Response("", { status: 429, headers: { "retry-after": "3600" } }));
  const err = await failureOf(client(long.fetchFn).http.json({ provider: "p", url: URL_A }));
  assert.equal(long.calls.length, 1);
  assert.match(err.message, /wait 3600 s/);
  const none = fakeNet(() => new Response("", { status: 429 }));
  const err2 = await failureOf(client(none.fetchFn).http.json({ provider: "p", url: URL_A }));
  assert.equal(none.calls.length, 4);
  assert.match(err2.message, /rate limited/);
});

Deno.test("http: retryAfterMs reads seconds and HTTP dates", () => {
  assert.equal(retryAfterMs("5"), 5000);
  assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
  assert.equal(retryAfterMs("soon"), null);
});

Deno.test("http: network failures (refused, DNS, timeout) become provider errors", async () => {
  const refused = fakeNet(() => {
    throw new TypeError("error sending request: Connection refused (os error 111)");
  });
  const e1 = await failureOf(client(refused.fetchFn).http.text({ provider: "p", url: URL_A }));
  assert.equal(refused.calls.length, 4);
  assert.match(e1.message, /connection was refused.*after 4 attempts/);
  const dns = fakeNet(() => {
    throw new TypeError("dns error: failed to lookup address information");
  });
  const e2 = await failureOf(client(dns.fetchFn).http.text({ provider: "p", url: URL_A }));
  assert.equal(dns.calls.length, 1, "DNS failures are not retried");
  assert.match(e2.message, /could not be resolved/);
  const slow = fakeNet((_u, init) =>
    new Promise<Response>((_, reject) =>
      init.signal?.addEventListener("abort", () => reject(new DOMException("x", "AbortError")))
    )
  );
  const e3 = await failureOf(
    client(slow.fetchFn).http.text({ provider: "p", url: URL_A, timeoutMs: 20, retries: 1 }),
  );
  assert.equal(slow.calls.length, 2);
  assert.match(e3.message, /timed out/);
});

Deno.test("http: bad bodies (HTML, empty, truncated JSON) are errors, not data", async () => {
  const html = fakeNet(() => new Response("<html><body>Invalid query</body></html>"));
  const e1 = await failureOf(client(html.fetchFn).http.json({ provider: "news", url: URL_A }));
  assert.match(e1.message, /HTML page/);
  const empty = fakeNet(() => new Response(""));
  assert.match(
    (await failureOf(client(empty.fetchFn).http.json({ provider: "p", url: URL_A }))).message,
    /empty response/,
  );
  const cut = fakeNet(() => new Response('{"rows": [1, 2'));
  assert.match(
    (await failureOf(client(cut.fetchFn).http.json({ provider: "p", url: URL_A }))).message,
    /malformed or truncated JSON/,
  );
});

Deno.test("http: redirects are followed, loops stop, guards see every hop", async () => {
  const loop = fakeNet((u) =>
    new Response(null, { status: 302, headers: { location: u.endsWith("a") ? "/b" : "/a" } })
  );
  const e = await failureOf(
    client(loop.fetchFn).http.text({ provider: "p", url: "https://x.test/a" }),
  );
  assert.match(e.message, /too many redirects/);
  const seen: string[] = [];
  const hop = fakeNet((u) =>
    u.endsWith("/start")
      ? new Response(null, { status: 301, headers: { location: "https://y.test/end" } })
      : new Response("done")
  );
  const { http } = client(hop.fetchFn);
  const text = await http.text({
    provider: "p",
    url: "https://x.test/start",
    guard: (u) => void seen.push(u.host),
  });
  assert.equal(text, "done");
  assert.deepEqual(seen, ["x.test", "y.test"]);
});

Deno.test("http: a bad redirect is not retried, and a failing hop is named", async () => {
  const bad = fakeNet(() =>
    new Response(null, { status: 302, headers: { location: "http://%zz/" } })
  );
  const e = await failureOf(
    client(bad.fetchFn).http.text({ provider: "p", url: "https://x.test/a" }),
  );
  assert.match(
    e.message,
    /https:\/\/x\.test\/a redirects to `http:\/\/%zz\/`, which is not a valid URL/,
  );
  assert.equal(bad.calls.length, 1, "an invalid Location is not a network failure to retry");
  const down = fakeNet((u) => {
    if (u.endsWith("/start")) {
      return new Response(null, { status: 302, headers: { location: "https://y.test/gone" } });
    }
    throw new TypeError("error sending request: connection refused");
  });
  const e2 = await failureOf(
    client(down.fetchFn).http.text({ provider: "p", url: "https://x.test/start", retries: 0 }),
  );
  assert.match(e2.message, /https:\/\/y\.test\/gone \(redirected from https:\/\/x\.test\/start\)/);
});

Deno.test("http: stale cache is served with its age when the network fails", async () => {
  const dir = mkdtempSync(join(tmpdir(), "finance-cache-"));
  const cache = new ResponseCache(dir);
  let now = 1_000_000;
  let up = true;
  const net = fakeNet(() => {
    if (!up) throw new TypeError("network down");
    return Response.json({ v: 1 });
  });
  const { http, warnings } = client(net.fetchFn, { cache, nowMs: () => now });
  const req = { provider: "market_a", url: "https://q.test/quote?s=AAPL", cache: { ttl: 60 } };
  assert.deepEqual(await http.json(req), { v: 1 });
  now += 30_000;
  const fresh = await http.request(req);
  assert.equal(fresh.origin, "cache");
  assert.equal(net.calls.length, 1);
  now += 3 * 3600_000;
  up = false;
  const stale = await http.request(req);
  assert.equal(stale.origin, "stale-cache");
  assert.deepEqual(stale.json(), { v: 1 });
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /cached copy .* 3 h old/);
  cache.close();
});

Deno.test("cassette: replay answers from the folder and never opens a socket", async () => {
  const dir = mkdtempSync(join(tmpdir(), "finance-cassette-"));
  writeFileSync(join(dir, "body.json"), JSON.stringify({ hello: "world" }));
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      recorded_at: "2025-01-02T03:04:05Z",
      entries: [
        { method: "GET", url: "https://a.test/x?b=2&a=1", status: 200, file: "body.json" },
        { method: "GET", url: "https://a.test/short", status: 404, body: "nope" },
      ],
    }),
  );
  const lib = new CassetteLibrary([dir]);
  assert.equal(lib.recordedAt, "2025-01-02T03:04:05Z");
  const net = fakeNet(() => {
    throw new Error("socket opened");
  });
  const { http } = client(net.fetchFn, { replay: lib });
  // query order and credential parameters do not matter
  assert.deepEqual(await http.json({ provider: "p", url: "https://A.test/x?a=1&b=2&apikey=k" }), {
    hello: "world",
  });
  const miss = await failureOf(http.json({ provider: "p", url: "https://a.test/other" }));
  assert.match(miss.message, /no recording for GET https:\/\/a.test\/other/);
  const notFound = await failureOf(http.text({ provider: "p", url: "https://a.test/short" }));
  assert.equal(notFound.status, 404);
  assert.equal(net.calls.length, 0);
});

Deno.test("cassette: recording strips credentials and replays identically", async () => {
  const dir = mkdtempSync(join(tmpdir(), "finance-record-"));
  const recorder = new CassetteRecorder(dir, "2026-01-01T00:00:00Z", ["SECRET123"]);
  const net = fakeNet(() =>
    new Response('{"key":"SECRET123","x":1}', {
      headers: { "content-type": "application/json", "set-cookie": "a=b" },
    })
  );
  const { http } = client(net.fetchFn, { recorder });
  await http.json({ provider: "p", url: URL_A });
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
  assert.equal(index.entries.length, 1);
  assert.equal(index.recorded_at, "2026-01-01T00:00:00Z");
  assert.doesNotMatch(JSON.stringify(index), /SECRET123|a=b/);
  assert.equal(index.entries[0].headers["set-cookie"], "a=redacted");
  assert.doesNotMatch(readFileSync(join(dir, index.entries[0].file), "utf8"), /SECRET123/);
  const replayed = client(net.fetchFn, { replay: new CassetteLibrary([dir]) }).http;
  assert.deepEqual(await replayed.json({ provider: "p", url: URL_A }), { key: "***", x: 1 });
  assert.equal(matchKey("get", URL_A), matchKey("GET", "https://example.test/data.json?q=1"));
});

Deno.test("cassette: the match key read from the text agrees with new URL's reading", () => {
  const urls = [
    "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL&crumb=abc",
    "https://Example.TEST/a/b?b=2&a=1&a=0",
    "https://example.test",
    "https://example.test/?",
    "https://example.test/x?a&b=&=c&&d=1=2",
    "https://example.test/x?q=a+b%20c%2Bd&Token=1&API_KEY=2",
    "https://example.test/x?q=%zz",
    "https://example.test/x?q=%C3%A9%E2%82%AC&r=%ff",
    "https://example.test/caf%C3%A9/%2e%2E/x",
    "https://example.test/a/./b/../c",
    "https://example.test/a b?c d",
    "https://example.test/a'b?c'd",
    "https://example.test/a#frag",
    "https://example.test:443/a?b=1",
    "https://example.test:8443/a",
    "https://user:pw@example.test/a",
    "https://127.0.0.1/a",
    "https://0x7f.1/a",
    "https://a.123/a",
    "https://xn--nxasmq6b.test/a",
    "https://xn--zz.test/a",
    "https://example.test./a",
    "https://-a-.test/a",
    "HTTPS://example.test/A",
    "http://example.test/a?x=1?2/3",
    "ftp://example.test/a",
    "https://example.test\\a\\b",
    " https://example.test/a",
    "not a url",
  ];
  const shared = sharedOrSkip("cassette URLs for the match key");
  if (shared) {
    for (const name of readdirSync(join(shared, "cassettes"))) {
      const path = join(shared, "cassettes", name, "index.json");
      let entries: { url: string }[] = [];
      try {
        entries = JSON.parse(readFileSync(path, "utf8")).entries;
      } catch {
        continue; // not a cassette folder
      }
      for (const e of entries) urls.push(e.url);
    }
  }
  for (const url of urls) {
    for (const method of ["GET", "post"]) {
      assert.equal(matchKey(method, url), urlMatchKey(method, url), url);
    }
  }
});

Deno.test("cassette: a request finds the first entry with its key, however the URLs are written", () => {
  const dir = mkdtempSync(join(tmpdir(), "finance-cassette-"));
  const entry = (url: string, body: string, method = "GET") => ({ method, url, status: 200, body });
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      entries: [
        entry("https://example.test:443/x?a=1&b=2", "first"),
        entry("https://example.test/x?b=2&a=1", "second"),
        entry("https://Example.test/x?a=1&b=3", "third"),
        entry("https://example.test/x?a=1&b=3", "fourth"),
        entry("https://example.test/a/../y?q=a+b", "fifth"),
        entry("https://example.test/y?q=a%20b&crumb=zz", "sixth"),
        entry("https://example.test/y?q=a%20b", "post", "POST"),
        entry("not a url?x=1", "seventh"),
      ],
    }),
  );
  const lib = new CassetteLibrary([dir]);
  const body = (url: string, method = "GET") => {
    const hit = lib.find(method, url);
    return hit ? new TextDecoder().decode(hit.body) : null;
  };
  assert.equal(body("https://example.test/x?b=2&a=1"), "first");
  assert.equal(body("https://EXAMPLE.TEST/x?a=1&b=3"), "third");
  assert.equal(body("https://example.test/y?q=a%20b&crumb=other"), "fifth");
  assert.equal(body("https://example.test/y?q=a+b", "post"), "post");
  assert.equal(body("not a url?x=1"), "seventh");
  assert.equal(body("https://example.test/x?a=1"), null);
  assert.equal(body("https://example.test/z"), null);
  assert.equal(lib.size, 5);
});
