/** A corrupt cache row is never served: its checksum fails, it is dropped, and it is fetched again. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ResponseCache } from "../../core/cache.ts";
import { HttpClient } from "../../core/http.ts";
import { countingServer } from "./_net.ts";

Deno.test("cache: a row whose bytes changed is dropped and fetched again", async () => {
  let version = 0;
  const server = countingServer("127.0.0.1", () => new Response(`{"version":${++version}}`));
  const dir = Deno.makeTempDirSync({ prefix: "finance-cache-" });
  try {
    const cache = new ResponseCache(dir);
    const client = new HttpClient({ cache, politeness: false });
    const req = {
      provider: "test",
      url: `http://127.0.0.1:${server.port}/data.json`,
      cache: { ttl: 3600 },
      retries: 0,
    };
    assert.deepEqual(await client.json(req), { version: 1 });
    const again = await client.request(req);
    assert.equal(again.origin, "cache");
    assert.equal(server.hits, 1);
    assert.equal(Deno.statSync(cache.file).mode! & 0o777, 0o600, "the cache file is 0600");

    // flip the body on disk behind the cache's back (a torn write, a bad sector, a hand edit)
    const db = new DatabaseSync(join(dir, "responses.sqlite"));
    db.exec(`UPDATE responses SET body = CAST('{"version":666}' AS BLOB)`);
    db.close();

    const healed = await client.request(req);
    assert.equal(healed.origin, "network", "the corrupt row was not served");
    assert.deepEqual(healed.json(), { version: 2 });
    assert.equal(server.hits, 2);
    assert.equal((await client.request(req)).origin, "cache", "the refetched row is good");

    // a row from before checksums (no sum) is not trusted either
    const legacy = new DatabaseSync(join(dir, "responses.sqlite"));
    legacy.exec(`UPDATE responses SET sum = NULL`);
    legacy.close();
    assert.equal((await client.request(req)).origin, "network");
    cache.close();
  } finally {
    await server.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
