/** `finance cache info|clear [--shared]` as a user runs it: local SQLite, then a shared Redis. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ResponseCache } from "../../core/cache.ts";
import { Fleet } from "../../core/fleet.ts";
import { ROOT } from "../_helpers.ts";
import { redisServerPath, startRedis, stopRedis } from "./_redis.ts";

const REDIS = redisServerPath();

async function finance(args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), ...args],
    env: { ...env, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  return { code: out.code, text, stderr: new TextDecoder().decode(out.stderr) };
}

const json = (r: { text: string }) => JSON.parse(r.text);

function entry(url: string, storedAt: number) {
  return {
    url,
    status: 200,
    headers: { "content-type": "application/json" },
    body: new TextEncoder().encode(`{"url":"${url}"}`),
    storedAt,
    ttlSeconds: 600,
  };
}

async function fill(dir: string): Promise<void> {
  const cache = new ResponseCache(dir);
  await cache.put("GET https://x.test/a", entry("https://x.test/a", Date.UTC(2026, 0, 2)));
  await cache.put("GET https://x.test/b", entry("https://x.test/b", Date.UTC(2026, 5, 1)));
  await cache.put("GET https://x.test/c", entry("https://x.test/c", Date.UTC(2026, 2, 3)));
  cache.close();
}

Deno.test("cache CLI: info shows the local file, its size, entries and age range; clear empties it", async () => {
  const dir = Deno.makeTempDirSync();
  const env = { FINANCE_CACHE_DIR: dir, FINANCE_CACHE_MAX_MB: "20", HOME: dir };
  try {
    await fill(dir);
    const info = await finance(["cache", "info"], env);
    assert.equal(info.code, 0, info.stderr);
    const data = json(info).data;
    assert.equal(data.backend, "sqlite");
    assert.equal(data.local.file, join(dir, "responses.sqlite"));
    assert.equal(data.local.entries, 3);
    assert.ok(data.local.stored_bytes > 0 && data.local.file_bytes >= data.local.stored_bytes);
    assert.equal(data.local.max_bytes, 20 * 1024 * 1024);
    assert.equal(data.local.oldest, "2026-01-02T00:00:00.000Z");
    assert.equal(data.local.newest, "2026-06-01T00:00:00.000Z");
    assert.equal(data.shared, null);

    const text = await finance(["cache", "info", "--output", "text"], env);
    assert.match(text.text, /entries:\s+3/);

    const cleared = await finance(["cache", "clear"], env);
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.equal(json(cleared).data.local_entries_deleted, 3);
    assert.equal(json(await finance(["cache", "info"], env)).data.local.entries, 0);

    const wrong = await finance(["cache", "prune"], env);
    assert.equal(wrong.code, 2);
    assert.match(json(wrong).error, /unknown cache action `prune`.*finance cache info\|clear/);
    const stray = await finance(["cache", "info", "--shared"], env);
    assert.equal(stray.code, 2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "cache CLI with FINANCE_CACHE=redis://: info shows the shared backend; clear keeps it unless --shared",
  ignore: !REDIS,
  async fn() {
    const redis = await startRedis(REDIS!);
    const dir = Deno.makeTempDirSync();
    const url = `redis://127.0.0.1:${redis.port}/0`;
    const env = { FINANCE_CACHE: url, FINANCE_CACHE_DIR: dir, HOME: dir };
    const fleet = new Fleet(url);
    try {
      await fill(dir);
      const bytes = new TextEncoder().encode("x");
      assert.ok(await fleet.set("k1", bytes, 60_000));
      assert.ok(await fleet.set("k2", bytes, 60_000));
      await fleet.pause("example.test", 60_000); // not a cache key: must survive
      const info = json(await finance(["cache", "info"], env)).data;
      assert.equal(info.backend, "redis");
      assert.equal(info.shared.connected, true);
      assert.equal(info.shared.entries, 2);
      assert.equal(info.local.entries, 3);

      const local = json(await finance(["cache", "clear"], env));
      assert.equal(local.data.local_entries_deleted, 3);
      assert.equal(local.data.shared_keys_deleted, null);
      assert.match(local.warnings.join(" "), /left as it is; add --shared/);
      assert.equal(await fleet.cacheKeys(), 2);

      const all = json(await finance(["cache", "clear", "--shared"], env));
      assert.equal(all.ok, true);
      assert.equal(all.data.shared_keys_deleted, 2);
      assert.equal(await fleet.cacheKeys(), 0);
      assert.ok((await fleet.status(["example.test"])).paused["example.test"] > 0);
    } finally {
      fleet.close();
      await stopRedis(redis);
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
