/**
 * Three `finance serve` processes sharing one real redis-server, against a local fake SEC:
 * every answer right (filings, company facts and 10-K sections), each distinct URL fetched once, never more than 10 upstream requests in
 * any one-second window, a 429 pausing all three, and Redis stopped mid-run costing nothing but
 * a warning. Skips with a printed reason when redis-server is not installed (.ci/run installs it).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import { COMPANIES, type FakeSec, startFakeSec } from "./_fake_sec.ts";
import {
  redisServerPath,
  type Serve,
  startRedis,
  startServe as spawnServe,
  stopRedis,
} from "./_redis.ts";

const REDIS = redisServerPath();
if (!REDIS) {
  console.log("skipped fleet tests: redis-server is not installed (apt-get install redis-server)");
}

const startServe = (env: Record<string, string>) => spawnServe(join(ROOT, "mod.ts"), env);

// deno-lint-ignore no-explicit-any
type Any = any;

async function call(s: Serve, command: string, args: Record<string, unknown>): Promise<Any> {
  const r = await fetch(`http://127.0.0.1:${s.port}/commands/${command}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  return await r.json();
}

/** Most hits in any window of `ms` (sliding over the hits' arrival times). */
function maxInWindow(times: number[], ms: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < t.length; hi++) {
    while (t[hi] - t[lo] >= ms) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

Deno.test({
  name: "fleet: three serve processes share one Redis cache and one SEC budget",
  ignore: !REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startRedis(REDIS!);
    const sec: FakeSec = startFakeSec();
    const base = `http://127.0.0.1:${sec.port}`;
    const env = (i: number) => ({
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
      FINANCE_CACHE: `redis://127.0.0.1:${redis.port}/0`,
      FINANCE_CACHE_DIR: Deno.makeTempDirSync({ prefix: `fleet${i}-` }),
      FINANCE_SEC_BASE_URL: base,
      FINANCE_SEC_DATA_BASE_URL: base,
      FINANCE_FILINGS_USER_AGENT: "finance-tests test@example.com",
    });
    const serves: Serve[] = [];
    try {
      for (let i = 0; i < 3; i++) serves.push(await startServe(env(i)));

      // 300 requests over 50 distinct files: 20 companies' submissions and company facts, and
      // the 10-K documents of ten of them.
      const companies = COMPANIES.slice(0, 20);
      const COMMANDS = ["filings.recent", "filings.facts", "filings.sections"] as const;
      const jobs: {
        s: Serve;
        command: (typeof COMMANDS)[number];
        c: (typeof COMPANIES)[number];
      }[] = [];
      for (let k = 0; k < 300; k++) {
        const i = k % 20;
        let command = COMMANDS[Math.floor(k / 20) % 3];
        if (command === "filings.sections" && i >= 10) command = "filings.recent";
        jobs.push({ s: serves[k % 3], command, c: companies[i] });
      }
      const argsOf = (command: string, c: (typeof COMPANIES)[number]) =>
        command === "filings.recent"
          ? { symbol: c.ticker, limit: 5 }
          : command === "filings.facts"
          ? { symbol: c.ticker, concept: "revenue", period: "annual" }
          : { symbol: c.ticker, form: "10-K" };
      const results: Any[] = [];
      for (let i = 0; i < jobs.length; i += 30) {
        results.push(
          ...await Promise.all(
            jobs.slice(i, i + 30).map(({ s, command, c }) => call(s, command, argsOf(command, c))),
          ),
        );
      }
      for (const [i, r] of results.entries()) {
        const { command, c } = jobs[i];
        assert.equal(r.ok, true, `${command} ${c.ticker}: ${r.error}`);
        if (command === "filings.recent") {
          assert.equal(r.data.cik, String(c.cik).padStart(10, "0"));
          assert.equal(r.data.count, 3);
        } else if (command === "filings.facts") {
          assert.deepEqual(r.data.rows.map((x: Any) => x.last_reported.value), [
            c.cik,
            c.cik + 1000,
          ]);
        } else {
          assert.equal(r.data.filing.company, c.title.toUpperCase());
          assert.ok(
            r.data.items.some((x: Any) => x.id === "part_ii_item_7"),
            JSON.stringify(r.data.items),
          );
        }
      }
      const upstream = sec.hits.filter((h) => h.status === 200);
      const byPath = new Map<string, number>();
      for (const h of upstream) byPath.set(h.path, (byPath.get(h.path) ?? 0) + 1);
      // 20 submissions, 20 companyfacts, 10 documents and the ticker list
      assert.equal(byPath.size, 51);
      for (const [path, n] of byPath) assert.equal(n, 1, `${path} fetched ${n} times`);
      const peak = maxInWindow(upstream.map((h) => h.at), 1000);
      assert.ok(peak <= 10, `${peak} upstream requests within one second`);

      // A 429 on one process pauses all three until Retry-After has passed.
      const first = COMPANIES[20];
      const path = `/submissions/CIK${String(first.cik).padStart(10, "0")}.json`;
      sec.throttleNext(path, 2);
      const throttled = call(serves[0], "filings.recent", { symbol: first.ticker });
      while (!sec.hits.some((h) => h.status === 429)) await new Promise((r) => setTimeout(r, 10));
      const at429 = sec.hits.find((h) => h.status === 429)!.at;
      await new Promise((r) => setTimeout(r, 300)); // the pause is in Redis by now
      const others = [serves[1], serves[2], serves[1], serves[2]].map((s, i) =>
        call(s, "filings.facts", { symbol: COMPANIES[21 + i].ticker, concept: "revenue" })
      );
      const after = await Promise.all([throttled, ...others]);
      for (const r of after) assert.equal(r.ok, true, r.error);
      const during = sec.hits.filter((h) => h.at > at429 && h.at < at429 + 1900);
      assert.deepEqual(during.map((h) => h.path), [], "requests sent during the shared pause");

      // Redis stops: the processes carry on with their local cache and limiter, and say so.
      await stopRedis(redis);
      const down = await call(serves[2], "filings.recent", { symbol: COMPANIES[26].ticker });
      assert.equal(down.ok, true, down.error);
      assert.ok(
        down.warnings.some((w: string) => /^(redis|valkey) at redis:\/\/.*unreachable/.test(w)),
        JSON.stringify(down.warnings),
      );
      const health = await (await fetch(`http://127.0.0.1:${serves[2].port}/health`)).json();
      assert.equal(health.cache.shared.connected, false);
    } finally {
      for (const s of serves) {
        try {
          s.child.kill();
          await s.child.status;
        } catch {
          // already gone
        }
      }
      await sec.close();
      await stopRedis(redis);
    }
  },
});
