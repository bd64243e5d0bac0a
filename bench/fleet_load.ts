/**
 * Requests per second through three `finance serve` instances sharing one warm Redis cache,
 * against one instance with the default on-disk (sqlite) cache, both warm, same requests, same
 * run. Needs redis-server. Run: `deno run -A bench/fleet_load.ts [requests] [concurrency]`.
 */
import { join } from "node:path";
import { COMPANIES, startFakeSec } from "../tests/fleet/_fake_sec.ts";
import { redisServerPath, startRedis, startServe, stopRedis } from "../tests/fleet/_redis.ts";

const ROOT = join(import.meta.dirname!, "..");
const total = Number(Deno.args[0] ?? 3000);
const concurrency = Number(Deno.args[1] ?? 32);

const bin = redisServerPath();
if (!bin) {
  console.log("fleet load: redis-server is not installed; nothing measured");
  Deno.exit(0);
}

const serve = (env: Record<string, string>) => startServe(join(ROOT, "mod.ts"), env);

const requests = COMPANIES.slice(0, 20).map((c) => ({ symbol: c.ticker, limit: 3 }));

async function drive(ports: number[], n: number): Promise<number> {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const r = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/commands/filings.recent`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(requests[i % requests.length]),
      });
      if (!(await r.json()).ok) failed++;
    }
  }));
  if (failed) throw new Error(`${failed} requests failed`);
  return n / ((performance.now() - started) / 1000);
}

const redis = await startRedis(bin);
const sec = startFakeSec();
const base = `http://127.0.0.1:${sec.port}`;
const common = {
  PATH: Deno.env.get("PATH") ?? "",
  HOME: Deno.env.get("HOME") ?? "/tmp",
  ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
  FINANCE_SEC_BASE_URL: base,
  FINANCE_SEC_DATA_BASE_URL: base,
  FINANCE_FILINGS_USER_AGENT: "finance-bench bench@example.com",
};
const shared = await Promise.all([0, 1, 2].map((i) =>
  serve({
    ...common,
    FINANCE_CACHE: `redis://127.0.0.1:${redis.port}/0`,
    FINANCE_CACHE_DIR: Deno.makeTempDirSync({ prefix: `fleet-bench${i}-` }),
  })
));
const single = await serve({
  ...common,
  FINANCE_CACHE_DIR: Deno.makeTempDirSync({ prefix: "fleet-bench-sqlite-" }),
});
try {
  await drive(shared.map((s) => s.port), 200); // warm the shared cache
  await drive([single.port], 200); // warm the sqlite cache
  const one = await drive([single.port], total);
  const three = await drive(shared.map((s) => s.port), total);
  console.log(`filings.recent, ${total} requests, ${concurrency} in flight, warm caches`);
  console.log(`one instance, sqlite cache:        ${one.toFixed(0)} req/s`);
  console.log(`three instances, shared redis:     ${three.toFixed(0)} req/s`);
  console.log(`ratio three-shared / one-sqlite:   ${(three / one).toFixed(2)}x`);
  console.log(`upstream requests to the fake SEC: ${sec.hits.length}`);
} finally {
  for (const s of [...shared, single]) {
    s.child.kill();
    await s.child.status;
  }
  await sec.close();
  await stopRedis(redis);
}
