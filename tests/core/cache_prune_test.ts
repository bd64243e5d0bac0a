import assert from "node:assert/strict";
import { ResponseCache } from "../../core/cache.ts";

function entry(url: string, bytes: number, storedAt: number) {
  return {
    url,
    status: 200,
    headers: { "content-type": "text/plain" },
    body: new Uint8Array(bytes).fill(65),
    storedAt,
    ttlSeconds: 3600,
  };
}

Deno.test("cache: past its cap, the least recently used entries go first", async () => {
  const dir = Deno.makeTempDirSync();
  let now = 1_000_000;
  // room for four 1,000-byte answers (each also stores about 30 bytes of headers)
  const cache = new ResponseCache(dir, 4_200, () => now);
  try {
    for (const k of ["a", "b", "c", "d"]) {
      await cache.put(k, entry(`https://x.test/${k}`, 1000, now));
      now += 120_000;
    }
    // reading a and c makes them recent; b and d are now the least recently used
    assert.ok(await cache.get("a"));
    now += 120_000;
    assert.ok(await cache.get("c"));
    now += 120_000;
    assert.deepEqual(await cache.keysByUse(), ["b", "d", "a", "c"]);
    await cache.put("e", entry("https://x.test/e", 1000, now));
    // over the cap: b goes, and d too (eviction leaves 10 % of room)
    assert.deepEqual(await cache.keysByUse(), ["a", "c", "e"]);
    assert.equal(await cache.get("b"), null);
    assert.equal(await cache.get("d"), null);
    const info = await cache.info();
    assert.equal(info.entries, 3);
    assert.ok(info.stored_bytes <= 4_200 * 0.9, `${info.stored_bytes}`);
    assert.equal(info.max_bytes, 4_200);
    assert.equal(info.oldest, new Date(1_000_000).toISOString());
    assert.ok(info.file_bytes > 0);
  } finally {
    cache.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("cache: reading records last use at most once a minute; a too-large answer is not kept", async () => {
  const dir = Deno.makeTempDirSync();
  let now = 5_000_000;
  const cache = new ResponseCache(dir, 10_000, () => now);
  try {
    await cache.put("a", entry("https://x.test/a", 100, now));
    await cache.put("b", entry("https://x.test/b", 100, now + 1));
    now += 30_000;
    await cache.get("a"); // within the minute: not written
    assert.deepEqual(await cache.keysByUse(), ["a", "b"]);
    now += 60_000;
    await cache.get("a");
    assert.deepEqual(await cache.keysByUse(), ["b", "a"]);
    await cache.put("huge", entry("https://x.test/huge", 20_000, now));
    assert.equal(await cache.get("huge"), null);
    assert.equal((await cache.info()).entries, 2);
    assert.equal(await cache.clear(), 2);
    const info = await cache.info();
    assert.equal(info.entries, 0);
    assert.equal(info.oldest, null);
    assert.equal(await cache.get("a"), null);
  } finally {
    cache.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("cache: a file written before the cap existed is read and pruned", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(`${dir}/responses.sqlite`);
    db.exec(`CREATE TABLE responses (
          key TEXT PRIMARY KEY, url TEXT NOT NULL, status INTEGER NOT NULL,
          headers TEXT NOT NULL, body BLOB NOT NULL, stored_at INTEGER NOT NULL,
          ttl INTEGER NOT NULL, sum TEXT)`);
    db.close();
    const cache = new ResponseCache(dir, 2_500, () => 10);
    await cache.put("old", entry("https://x.test/old", 1000, 1));
    await cache.put("new", entry("https://x.test/new", 1000, 2));
    assert.equal((await cache.info()).entries, 2);
    await cache.put("newer", entry("https://x.test/newer", 1000, 3));
    // used at the same moment: the one stored first goes
    assert.deepEqual(await cache.keysByUse(), ["new", "newer"]);
    cache.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
