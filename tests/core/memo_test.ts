import assert from "node:assert/strict";
import { join } from "node:path";
import { deepFreeze, ParsedMemo } from "../../core/memo.ts";
import { type FlightOutcome, HttpClient } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";
import { runCommand } from "../../core/runner.ts";
import { SHARED, sharedOrSkip, testSession } from "../_helpers.ts";

Deno.test("memo: least recently used entries leave first once past the cap", () => {
  const memo = new ParsedMemo(300);
  let builds = 0;
  const build = (v: number) => () => (builds++, { v });
  memo.get("a", 100, build(1));
  memo.get("b", 100, build(2));
  memo.get("c", 100, build(3));
  assert.equal(memo.get("a", 100, build(9)).v, 1); // a is now the most recent
  memo.get("d", 100, build(4)); // over the cap: b (least recent) goes
  assert.equal(memo.entries, 3);
  assert.equal(memo.get("b", 100, build(5)).v, 5, "b was evicted and rebuilt");
  assert.equal(memo.get("a", 100, build(6)).v, 1, "a stayed");
  assert.ok(memo.size <= 300);
  assert.equal(builds, 5);
  // larger than the whole cap: built, frozen, never kept
  const big = memo.get("e", 1000, () => ({ x: [1] }));
  assert.ok(Object.isFrozen(big.x));
  assert.equal(memo.get("e", 1000, () => ({ x: [2] })).x[0], 2);
});

Deno.test("memo: shared values are frozen through arrays, objects and Maps", () => {
  const v = deepFreeze({ rows: [{ items: ["1.01"] }], map: new Map([["A", { cik: 1 }]]) });
  assert.throws(() => {
    (v.rows[0].items as string[]).push("2.02");
  }, TypeError);
  assert.throws(() => {
    (v.rows[0] as { items: string[] }).items = [];
  }, TypeError);
  assert.throws(() => v.map.set("B", { cik: 2 }), TypeError);
  assert.throws(() => {
    v.map.get("A")!.cik = 3;
  }, TypeError);
  assert.equal(v.map.get("A")!.cik, 1);
});

function slowNet(answer: () => Response, gate: Promise<void>) {
  const calls: string[] = [];
  const fetchFn = (async (input: string | URL | Request) => {
    calls.push(String(input));
    await gate;
    return answer();
  }) as typeof fetch;
  return { calls, fetchFn };
}

function clients(fetchFn: typeof fetch) {
  const flights = new Map<string, Promise<FlightOutcome>>();
  const memo = new ParsedMemo();
  return (signal?: AbortSignal) => {
    const warnings: string[] = [];
    const http = new HttpClient({
      fetch: fetchFn,
      backoffBaseMs: 1,
      politeness: false,
      flights,
      memo,
      warn: (m) => warnings.push(m),
    });
    return { http, warnings, signal };
  };
}

const URL_S = "https://example.test/list.json";

Deno.test("single flight: identical concurrent cacheable GETs cost one request", async () => {
  let open = () => {};
  const net = slowNet(() => Response.json({ n: [1, 2, 3] }), new Promise((r) => (open = r)));
  const make = clients(net.fetchFn);
  const calls = Array.from(
    { length: 5 },
    () => make().http.request({ provider: "p", url: URL_S, cache: { ttl: 60 } }),
  );
  await new Promise((r) => setTimeout(r, 5));
  open();
  const answers = await Promise.all(calls);
  assert.equal(net.calls.length, 1);
  for (const a of answers) assert.deepEqual(a.json(), { n: [1, 2, 3] });
  // requests that opt out of the cache are each their own
  const uncached = Array.from(
    { length: 3 },
    () => make().http.request({ provider: "p", url: URL_S, cache: "none" }),
  );
  await Promise.all(uncached);
  assert.equal(net.calls.length, 4);
});

Deno.test("single flight: a failure reaches the waiting callers, each through its own checks", async () => {
  let open = () => {};
  const net = slowNet(() => new Response("gone", { status: 404 }), new Promise((r) => (open = r)));
  const make = clients(net.fetchFn);
  const strict = make().http.request({ provider: "p", url: URL_S, cache: { ttl: 60 } });
  const lenient = make().http.request({
    provider: "q",
    url: URL_S,
    cache: { ttl: 60 },
    acceptStatus: [404],
  });
  await new Promise((r) => setTimeout(r, 5));
  open();
  await assert.rejects(strict, (e) => e instanceof ProviderError && /HTTP 404/.test(e.message));
  assert.equal((await lenient).status, 404, "404 is an answer for the caller that accepts it");
  assert.equal(net.calls.length, 1);
});

Deno.test("single flight: one caller's cancellation does not cancel the others", async () => {
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  const calls: string[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input));
    await Promise.race([
      gate,
      new Promise((_, reject) =>
        init?.signal?.addEventListener(
          "abort",
          () => reject(new DOMException("aborted", "AbortError")),
        )
      ),
    ]);
    return Response.json({ ok: true });
  }) as typeof fetch;
  const make = clients(fetchFn);
  const abort = new AbortController();
  const lead = make().http.request({
    provider: "p",
    url: URL_S,
    cache: { ttl: 60 },
    retries: 0,
    signal: abort.signal,
  });
  const follower = make().http.request({ provider: "p", url: URL_S, cache: { ttl: 60 } });
  await new Promise((r) => setTimeout(r, 5));
  abort.abort();
  await assert.rejects(lead);
  open();
  assert.deepEqual((await follower).json(), { ok: true });
  assert.equal(calls.length, 2, "the follower asked for itself after the lead gave up");
});

Deno.test({
  name: "memo: replayed filings.recent answers identically, parsing SEC's lists once per session",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("replayed memo test")) return;
    // the SEC cassette states no recording time: a fixed clock dates every answer alike
    const now = "2026-11-20T12:00:00Z";
    const session = testSession({ replay: [join(SHARED!, "cassettes", "sec")], now });
    const calls = [
      { symbol: "AAPL", forms: ["10-K"], limit: 3 },
      { symbol: "NVDA", limit: 5, classify: true },
      { symbol: "AAPL", forms: ["10-K"], limit: 3 },
      { symbol: "TSLA", forms: ["10-Q"], limit: 400 },
      { symbol: "NVDA", limit: 5, classify: true },
    ];
    const first = [];
    for (const args of calls) first.push(await runCommand("filings.recent", args, { session }));
    assert.ok(first.every((e) => e.ok), JSON.stringify(first.find((e) => !e.ok)));
    assert.deepEqual(first[2], first[0]);
    assert.deepEqual(first[4], first[1]);
    const { hits, misses } = session.memo;
    assert.ok(hits >= 4, `memo hits ${hits}`);
    // a fresh session (nothing memoised) gives the same envelopes
    const fresh = testSession({ replay: [join(SHARED!, "cassettes", "sec")], now });
    for (let i = 0; i < calls.length; i++) {
      assert.deepEqual(await runCommand("filings.recent", calls[i], { session: fresh }), first[i]);
    }
    assert.equal(session.memo.misses, misses);
  },
});

Deno.test("memo: a cached answer is derived once per copy; a refreshed copy is derived again", async () => {
  const { ResponseCache } = await import("../../core/cache.ts");
  const dir = Deno.makeTempDirSync();
  const cache = new ResponseCache(dir);
  let n = 0;
  const fetchFn = (() => Promise.resolve(Response.json({ n: ++n }))) as typeof fetch;
  let now = 1_000_000;
  const memo = new ParsedMemo();
  const http = () =>
    new HttpClient({ fetch: fetchFn, cache, memo, politeness: false, nowMs: () => now });
  const req = { provider: "p", url: URL_S, cache: { ttl: 60 } } as const;
  let builds = 0;
  const derive = async () => {
    const res = await http().request(req);
    return res.derived("test.n", () => (builds++, { n: res.json<{ n: number }>().n }));
  };
  try {
    const first = await derive(); // from the network, stored
    const again = await derive(); // from the cache: the same copy
    assert.equal(again, first);
    assert.equal(builds, 1);
    assert.ok(Object.isFrozen(first));
    now += 61_000; // stale: fetched again, a new copy
    const fresh = await derive();
    assert.equal(fresh.n, 2);
    assert.equal(builds, 2);
    assert.equal((await derive()).n, 2);
    assert.equal(builds, 2);
  } finally {
    cache.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("single flight: a guarded request (a user's URL) is checked and fetched for itself", async () => {
  let open = () => {};
  const net = slowNet(() => Response.json({ ok: 1 }), new Promise((r) => (open = r)));
  const make = clients(net.fetchFn);
  const checked: string[] = [];
  const guard = (u: URL) => void checked.push(u.toString());
  const plain = make().http.request({ provider: "p", url: URL_S, cache: { ttl: 60 } });
  const guarded = make().http.request({ provider: "p", url: URL_S, cache: { ttl: 60 }, guard });
  await new Promise((r) => setTimeout(r, 5));
  open();
  await Promise.all([plain, guarded]);
  assert.deepEqual(checked, [URL_S]);
  assert.equal(net.calls.length, 2);
});

Deno.test({
  name:
    "market_a: the session keeps a copy of Yahoo's cookies, so later calls skip the handshake and answer the same",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("replayed Yahoo handshake test")) return;
    const session = testSession({ replay: [join(SHARED!, "cassettes", "yahoo")] });
    const replay = session.replay!;
    const find = replay.find.bind(replay);
    const asked: string[] = [];
    replay.find = (method, url) => (asked.push(url), find(method, url));
    const first = await runCommand("market.quote", { symbol: "AAPL" }, { session });
    const handshake = asked.splice(0).length;
    assert.ok(first.ok, first.error ?? "");
    assert.ok(handshake > 1, `the first call shakes hands (${handshake} requests)`);
    const [a, b] = await Promise.all([
      runCommand("market.quote", { symbol: "AAPL" }, { session }),
      runCommand("market.quote", { symbol: "AAPL" }, { session }),
    ]);
    assert.deepEqual(a, first);
    assert.deepEqual(b, first);
    assert.equal(asked.length, 2, `one quote request each: ${asked.join(", ")}`);
    // a new session starts from nothing, as before
    const other = testSession({ replay: [join(SHARED!, "cassettes", "yahoo")] });
    assert.deepEqual(
      await runCommand("market.quote", { symbol: "AAPL" }, { session: other }),
      first,
    );
  },
});
