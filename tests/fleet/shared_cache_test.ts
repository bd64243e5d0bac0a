/** The shared cache's pieces: entry encoding, expiry, the size limit, fallbacks, mirrors, rates. */
import assert from "node:assert/strict";
import { loadConfig } from "../../core/config.ts";
import { decodeEntry, encodeEntry, SharedCache } from "../../core/cache_shared.ts";
import { ResponseCache } from "../../core/cache.ts";
import { Fleet } from "../../core/fleet.ts";
import { applyHostRates, baseUrlRewrite } from "../../core/endpoints.ts";
import { freePort, redisServerPath, startRedis, stopRedis } from "./_redis.ts";

const REDIS = redisServerPath();

async function sha256(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** PTTL of a key, asked over a raw RESP connection (independent of the client under test). */
async function pttl(port: number, key: string): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(`*2\r\n$4\r\nPTTL\r\n$${key.length}\r\n${key}\r\n`));
    const buf = new Uint8Array(64);
    const n = await conn.read(buf);
    return Number(/^:(-?\d+)/.exec(new TextDecoder().decode(buf.subarray(0, n ?? 0)))?.[1]);
  } finally {
    conn.close();
  }
}
const entry = (body: string, ttlSeconds = 60) => ({
  url: "https://data.sec.gov/submissions/CIK0000320193.json",
  status: 200,
  headers: { "content-type": "application/json" },
  body: new TextEncoder().encode(body),
  storedAt: 1_700_000_000_000,
  ttlSeconds,
});

Deno.test("shared cache: entries round-trip compressed; damaged bytes are not an entry", async () => {
  const e = entry("x".repeat(10_000));
  const bytes = await encodeEntry(e);
  assert.ok(bytes.length < 200, `compressed to ${bytes.length} bytes`);
  const back = await decodeEntry(bytes);
  assert.deepEqual(back, e);
  const torn = bytes.slice();
  torn[torn.length - 6] ^= 0xff;
  assert.equal(await decodeEntry(torn), null);
  assert.equal(await decodeEntry(new TextEncoder().encode("not gzip")), null);
});

Deno.test("shared cache: an unreachable backend falls back to the local cache, with one warning per call", async () => {
  const port = await freePort(); // nothing listens there
  const dir = Deno.makeTempDirSync();
  const local = new ResponseCache(dir);
  const fleet = new Fleet(`redis://:s3cret@127.0.0.1:${port}/0`);
  const warnings: string[] = [];
  const cache = new SharedCache(fleet, local).forCall((m) => warnings.push(m));
  try {
    await cache.put("GET https://example.test/a", entry("hello"));
    assert.equal(
      new TextDecoder().decode((await local.get("GET https://example.test/a"))!.body),
      "hello",
    );
    assert.equal(
      new TextDecoder().decode((await cache.get("GET https://example.test/a"))!.body),
      "hello",
    );
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0],
      /^redis at redis:\/\/.*127\.0\.0\.1:\d+\/0 is unreachable .*local cache/,
    );
    assert.ok(!warnings[0].includes("s3cret"), "the password never appears");
    const status = await fleet.status();
    assert.equal(status.connected, false);
    assert.ok(!status.url.includes("s3cret"));
  } finally {
    fleet.close();
    local.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "shared cache on redis-server: shared between instances, TTL from freshness, large bodies stay local",
  ignore: !REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startRedis(REDIS!);
    const url = `redis://127.0.0.1:${redis.port}/0`;
    const dirs = [Deno.makeTempDirSync(), Deno.makeTempDirSync()];
    const locals = dirs.map((d) => new ResponseCache(d));
    const a = new SharedCache(new Fleet(url), locals[0], 1024);
    const b = new SharedCache(new Fleet(url), locals[1], 1024);
    try {
      await a.put("GET https://data.sec.gov/x", entry("shared body", 60));
      const got = await b.get("GET https://data.sec.gov/x");
      assert.equal(new TextDecoder().decode(got!.body), "shared body");
      // kept for its freshness plus a stale window (at least an hour), not forever
      const ttl = await pttl(
        redis.port,
        `finance:cache:${await sha256("GET https://data.sec.gov/x")}`,
      );
      assert.ok(ttl > 3_600_000 && ttl <= 3_660_000, `PTTL ${ttl}`);
      const probe = new Fleet(url);
      const st = await probe.status();
      assert.equal(st.connected, true);
      assert.equal(st.backend, "redis");
      probe.close();
      // a body over the shared maximum is not shared: the other instance misses it
      const big = crypto.getRandomValues(new Uint8Array(4096));
      await a.put("GET https://data.sec.gov/big", { ...entry(""), body: big });
      assert.equal(await b.get("GET https://data.sec.gov/big"), null);
      assert.deepEqual((await a.get("GET https://data.sec.gov/big"))!.body, big);
      // single flight: the second caller waits for the first one's entry
      const lead = await a.flight("GET https://data.sec.gov/y", () => Date.now());
      assert.ok("release" in lead);
      const follower = b.flight("GET https://data.sec.gov/y", () => entry("").storedAt);
      await new Promise((r) => setTimeout(r, 100));
      await a.put("GET https://data.sec.gov/y", entry("from the lead"));
      await lead.release();
      const f = await follower;
      assert.ok("entry" in f);
      assert.equal(new TextDecoder().decode(f.entry.body), "from the lead");
      // a fresh entry this process has read is answered from memory; a stale one is not kept
      const fresh = { ...entry("near"), storedAt: Date.now(), ttlSeconds: 600 };
      const stale = { ...entry("stale"), storedAt: Date.now() - 10_000, ttlSeconds: 1 };
      await a.put("GET https://data.sec.gov/fresh", fresh);
      await a.put("GET https://data.sec.gov/stale", stale);
      const c = new SharedCache(new Fleet(url), null, 1024);
      assert.ok(await c.get("GET https://data.sec.gov/fresh"));
      assert.ok(await c.get("GET https://data.sec.gov/stale"));
      await stopRedis(redis);
      const warnings: string[] = [];
      const offline = c.forCall((m) => warnings.push(m));
      assert.equal(
        new TextDecoder().decode((await offline.get("GET https://data.sec.gov/fresh"))!.body),
        "near",
      );
      assert.deepEqual(warnings, [], "answered from memory without asking Redis");
      assert.equal(await offline.get("GET https://data.sec.gov/stale"), null);
      assert.equal(warnings.length, 1);
      c.close();
    } finally {
      a.close();
      b.close();
      await stopRedis(redis);
      for (const d of dirs) Deno.removeSync(d, { recursive: true });
    }
  },
});

Deno.test("mirrors: FINANCE_SEC_BASE_URL rewrites SEC URLs only, keeping path and query", () => {
  const rewrite = baseUrlRewrite(loadConfig({
    FINANCE_SEC_BASE_URL: "http://10.1.2.3:8080/sec/",
    FINANCE_SEC_DATA_BASE_URL: "http://127.0.0.1:9000",
  }))!;
  assert.equal(
    rewrite(new URL("https://www.sec.gov/Archives/edgar/data/1/2/a.htm?x=1")).toString(),
    "http://10.1.2.3:8080/sec/Archives/edgar/data/1/2/a.htm?x=1",
  );
  assert.equal(
    rewrite(new URL("https://data.sec.gov/submissions/CIK1.json")).toString(),
    "http://127.0.0.1:9000/submissions/CIK1.json",
  );
  const other = new URL("https://query1.finance.yahoo.com/v7/finance/quote");
  assert.equal(rewrite(other), other);
  assert.equal(baseUrlRewrite(loadConfig({})), undefined);
  assert.throws(
    () => baseUrlRewrite(loadConfig({ FINANCE_SEC_BASE_URL: "file:///etc" })),
    /FINANCE_SEC_BASE_URL: only http\(s\)/,
  );
});

Deno.test("FINANCE_HOST_RATES: host=rate pairs; a bad pair names the setting", () => {
  assert.deepEqual(
    applyHostRates(loadConfig({ FINANCE_HOST_RATES: "sec.gov=10, example.com=2.5" })),
    {
      "sec.gov": 10,
      "example.com": 2.5,
    },
  );
  assert.throws(
    () => applyHostRates(loadConfig({ FINANCE_HOST_RATES: "sec.gov=fast" })),
    /FINANCE_HOST_RATES: "sec.gov=fast" is not host=requests-per-second/,
  );
  // a host named like an object's own property is just a host
  assert.deepEqual(applyHostRates(loadConfig({ FINANCE_HOST_RATES: "constructor=1" })), {
    constructor: 1,
  });
  applyHostRates(loadConfig({ FINANCE_HOST_RATES: "sec.gov=10" })); // restore the default
});

Deno.test({
  name:
    "fleet limiter on redis-server: a long queue keeps its spacing (no burst when it outlives a key)",
  ignore: !REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startRedis(REDIS!);
    const fleets = [0, 1, 2].map(() => new Fleet(`redis://127.0.0.1:${redis.port}/0`));
    try {
      // 40 processes' worth of requests at once: each reserved slot is one interval apart
      const waits = (await Promise.all(
        Array.from({ length: 40 }, (_, i) => fleets[i % 3].permit("example.test", 100)),
      )).map((w) => w!).sort((a, b) => a - b);
      // waits are measured from each call's own moment, so a gap is one interval less the few
      // milliseconds between two calls
      for (let i = 1; i < waits.length; i++) {
        assert.ok(
          waits[i] - waits[i - 1] >= 50,
          `slots ${i - 1} and ${i}: ${waits.slice(i - 1, i + 1)}`,
        );
      }
      assert.ok(waits[39] >= 3_000, `the 40th slot is ${waits[39]} ms away`);
      // later than the old fixed key lifetime (interval x 4 + 1 s), the queue is still there
      await new Promise((r) => setTimeout(r, 1_600));
      const next = await fleets[0].permit("example.test", 100);
      assert.ok(next! >= 3_900 - 1_600 - 100, `the next slot is ${next} ms away, not at once`);
      // a pause holds everyone: the answer is negative until it ends
      await fleets[1].pause("example.test", 2_000);
      const held = await fleets[2].permit("example.test", 100);
      assert.ok(held! < -1_500, `paused: ${held}`);
    } finally {
      for (const f of fleets) f.close();
      await stopRedis(redis);
    }
  },
});

Deno.test("closing a session releases only its own shared limiter", async () => {
  const { Session } = await import("../../core/session.ts");
  const { sharingBudgets } = await import("../../core/limiter.ts");
  const port = await freePort();
  const config = (dir: string) =>
    loadConfig({ FINANCE_CACHE: `redis://127.0.0.1:${port}/0`, FINANCE_CACHE_DIR: dir });
  const dirs = [Deno.makeTempDirSync(), Deno.makeTempDirSync()];
  const first = new Session({ config: config(dirs[0]) });
  const second = new Session({ config: config(dirs[1]) });
  first.close(); // the second session's limiter stays in force
  assert.equal(sharingBudgets(), true);
  second.close();
  assert.equal(sharingBudgets(), false);
  for (const d of dirs) Deno.removeSync(d, { recursive: true });
});
